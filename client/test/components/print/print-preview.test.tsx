// The print preview shows the sheet in an iframe, switches between A4 and the 80 mm and 58 mm receipts, fills in the
// company, its address and phone from the system settings where the bill has none, and 打印 / 下载 PDF print the
// iframe itself.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrintPreview } from '../../../components/print/print-preview';
import type { PrintableBill } from '../../../components/print/printable-bill';
import { fakeBackend } from '../../helpers/fake-backend';
import { renderInShell } from '../../helpers/render-page';

vi.setConfig({ testTimeout: 30_000 });

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
    const backend = fakeBackend({
      '/systemConfig/getCurrentInfo': {
        code: 200,
        data: {
          companyName: '南通某某贸易有限公司',
          companyAddress: '南通市工农路 1 号',
          companyTel: '0513-88886666',
        },
      },
    });
    renderInShell(<PrintPreview open bill={bill} onClose={() => {}} />);
    await waitFor(() => expect(sheet().doc.querySelector('.company')?.textContent).toBe('南通某某贸易有限公司'));
    expect(backend.callsTo('/systemConfig/getCurrentInfo')).toHaveLength(1);
    expect(screen.getByText('打印预览')).toBeInTheDocument();
    expect(sheet().doc.querySelector('.contact')?.textContent).toBe('地址南通市工农路 1 号 电话0513-88886666');
    expect(sheet().doc.querySelector('.company img.logo')?.getAttribute('src')).toMatch(/\/favicon\.svg$/);
    expect(sheet().doc.querySelector('table')).not.toBeNull();
    expect(sheet().frame.getAttribute('sandbox')).not.toContain('allow-scripts');

    fireEvent.click(screen.getByText('80 mm 小票'));
    await waitFor(() => expect(sheet().doc.querySelector('table')).toBeNull());
    expect(sheet().doc.querySelector('.line .calc')?.textContent).toBe('25 × 12.00= 300.00');
    expect(sheet().doc.querySelector('style')?.textContent).toContain('size: 80mm 297mm');
    fireEvent.click(screen.getByText('58 mm 小票'));
    await waitFor(() => expect(sheet().doc.querySelector('style')?.textContent).toContain('size: 58mm 297mm'));

    const print = vi.fn();
    Object.assign(sheet().frame.contentWindow!, { print, focus: () => {} });
    fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }));
    expect(print).toHaveBeenCalledTimes(1);
    // 下载 PDF: the same print, with the hint to choose "Save as PDF".
    fireEvent.click(screen.getByRole('button', { name: /下载 PDF/ }));
    expect(print).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.getByText('在打印对话框的“目标打印机”中选择“另存为 PDF”')).toBeInTheDocument());
  });

  it("starts on the receipt when asked, keeps a given company over the settings' one, and 取消 closes", async () => {
    const backend = fakeBackend({
      '/systemConfig/getCurrentInfo': { code: 200, data: { companyName: '设置里的公司' } },
    });
    const onClose = vi.fn();
    renderInShell(
      <PrintPreview open bill={{ ...bill, company: '自带公司' }} defaultLayout="receipt80" onClose={onClose} />,
    );
    await waitFor(() => expect(sheet().doc.querySelector('.company')?.textContent).toBe('自带公司'));
    expect(sheet().doc.querySelector('table')).toBeNull();
    expect(backend.callsTo('/systemConfig/getCurrentInfo')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
