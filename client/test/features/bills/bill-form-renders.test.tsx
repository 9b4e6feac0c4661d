// What renders the whole bill form and what does not: a scanner types a code a key at a time into the scan field and
// Enter clears it, and only the field renders for those keys (held by the form, each key rendered it all, the Enter's
// render ahead of the call); a save starting and ending renders its buttons, not the form.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderBillForm } from '../../helpers/bill-form';
import { PURCHASE_BILL_OPENING, SCREWDRIVER as screwdriver } from '../../helpers/bill-products';
import { scriptBackend } from '../../helpers/form-page';

// Every component of the form that shows text calls useT as it renders: its calls count the form's renders.
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../lib/i18n/use-t', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/i18n/use-t')>();
  return {
    ...actual,
    useT: () => {
      renders.count++;
      return actual.useT();
    },
  };
});

afterEach(() => vi.unstubAllGlobals());

function backend(barCode: () => unknown) {
  return scriptBackend({
    ...PURCHASE_BILL_OPENING,
    'GET /material/getMaterialByBarCode': barCode,
  });
}

async function openForm() {
  renderBillForm('purchaseIn', { canAudit: true });
  const field = await screen.findByPlaceholderText<HTMLInputElement>('扫描或输入条码后回车');
  await waitFor(() => expect(screen.getByDisplayValue('CGRK00000000673')).toBeTruthy());
  await new Promise((resolve) => setTimeout(resolve, 100));
  return field;
}

describe('the scan field', () => {
  it('typing a code and its Enter render the field alone, and the call goes out', async () => {
    const api = backend(() => new Promise(() => undefined));
    const field = await openForm();

    const before = renders.count;
    for (const length of [1, 2, 3, 4, 5, 6, 7])
      fireEvent.change(field, { target: { value: '1000001'.slice(0, length) } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(api.callsTo('GET /material/getMaterialByBarCode')).toHaveLength(1));
    expect(field.value, 'cleared for the next code').toBe('');
    expect(renders.count - before, 'no render of the form for the keys and the Enter').toBe(0);
    expect(api.callsTo('GET /material/getMaterialByBarCode')[0]!.query.get('barCode')).toBe('1000001');
  });
});

describe('saving the bill form', () => {
  it('the save starting and ending renders its buttons, not the form', async () => {
    const api = backend(() => ({ code: 200, data: [screwdriver] }));
    let releaseSave!: () => void;
    const saved = new Promise<void>((resolve) => {
      releaseSave = resolve;
    });
    api.answer('POST /depotHead/addDepotHeadAndDetail', async () => {
      await saved;
      return { code: 200, msg: '操作成功' };
    });
    const field = await openForm();
    const select = document.querySelector('.ant-select-selector, .ant-select')!;
    fireEvent.mouseDown(select.querySelector('input') ?? select);
    fireEvent.click(await screen.findByText('上海世达工具有限公司', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(field, { target: { value: '1000001' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() =>
      expect(document.querySelector<HTMLInputElement>('.bill-grid [aria-label="数量 1"]')?.value).toBe('1'),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));

    const before = renders.count;
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    await waitFor(() => expect(api.callsTo('POST /depotHead/addDepotHeadAndDetail')).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('.ant-btn-loading')).not.toBeNull());
    expect(renders.count - before, 'the save started: its buttons spin, the form does not render').toBe(0);
    releaseSave();
  });
});
