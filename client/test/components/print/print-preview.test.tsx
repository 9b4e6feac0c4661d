// The print preview shows the sheet in an iframe, switches between A4 and the 80 mm receipt, fills in the company
// from the system settings when the bill has none, and 打印 prints the iframe itself.
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrintPreview } from '../../../components/print/print-preview';
import type { PrintableBill } from '../../../components/print/printable-bill';
import { fakeBackend } from '../../helpers/fake-backend';
import { renderInShell } from '../../helpers/render-page';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

// jsdom has no pseudo-element styles: antd's scroll lock asks for the scrollbar's on opening a dialog and jsdom
// prints a stack each time. The element's own style answers that question well enough here.
const elementStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((element: Element) => elementStyle(element)) as typeof window.getComputedStyle;

const bill: PrintableBill = {
  title: '销售出库',
  number: 'XSCK00000000313',
  head: [{ label: '客户', value: '恒信工程' }],
  columns: [
    { key: 'name', title: '名称' },
    { key: 'operNumber', title: '数量', align: 'right' },
    { key: 'unitPrice', title: '单价', align: 'right' },
    { key: 'allPrice', title: '金额', align: 'right' },
  ],
  rows: [{ name: '钢管', operNumber: '25', unitPrice: '12.00', allPrice: '300.00' }],
  totals: [{ label: '合计', value: '300.00' }],
  footer: [{ label: '制单人', value: 'jsh' }],
};

const sheet = () => {
  const frame = screen.getByTitle('打印内容') as HTMLIFrameElement;
  return { frame, doc: new DOMParser().parseFromString(frame.getAttribute('srcdoc') ?? '', 'text/html') };
};

afterEach(() => vi.unstubAllGlobals());

describe('PrintPreview', () => {
  it('shows the A4 sheet with the company of the system settings, switches to the receipt, and prints the iframe', async () => {
    const backend = fakeBackend({ '/systemConfig/getCurrentInfo': { code: 200, data: { companyName: '南通某某贸易有限公司' } } });
    renderInShell(<PrintPreview open bill={bill} onClose={() => {}} />);
    await waitFor(() => expect(sheet().doc.querySelector('.company')?.textContent).toBe('南通某某贸易有限公司'));
    expect(backend.callsTo('/systemConfig/getCurrentInfo')).toHaveLength(1);
    expect(screen.getByText('打印预览')).toBeInTheDocument();
    expect(sheet().doc.querySelector('table')).not.toBeNull();
    expect(sheet().frame.getAttribute('sandbox')).not.toContain('allow-scripts');

    fireEvent.click(screen.getByText('小票'));
    await waitFor(() => expect(sheet().doc.querySelector('table')).toBeNull());
    expect(sheet().doc.querySelector('.line .calc')?.textContent).toBe('25 × 12.00= 300.00');

    const print = vi.fn();
    Object.assign(sheet().frame.contentWindow!, { print, focus: () => {} });
    fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('starts on the receipt when asked, keeps a given company without asking, and 取消 closes', async () => {
    const backend = fakeBackend({});
    const onClose = vi.fn();
    renderInShell(<PrintPreview open bill={{ ...bill, company: '自带公司' }} defaultLayout="receipt80" onClose={onClose} />);
    await waitFor(() => expect(sheet().doc.querySelector('.company')?.textContent).toBe('自带公司'));
    expect(sheet().doc.querySelector('table')).toBeNull();
    expect(backend.callsTo('/systemConfig/getCurrentInfo')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
