// Keyboard-first bill entry over a scripted backend: a scan gun's burst lands line by line with the cursor kept in
// the scan field; numbers that are no numbers, quantities not above 0, that look like a barcode or pass the ceiling
// are marked and refused with their message (nothing sent); Enter commits a typed date; the grid is left forward by
// Enter on an empty line or Ctrl+↓ (no empty lines pile up) and 备注's Enter walks on; the discard question has the
// cursor on 继续编辑; a retail bill taking less than its amount asks first; Enter walks head → scan field → cells →
// money block, and the form kit's save sends one bill however often it is pressed, none while a field is wrong; a
// negative price or tax rate and the money block's fields follow the same number rule.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { billFormKind, type BillKindName } from '../../../features/bills/form/bill-form-kinds';
import { storage, StorageKeys } from '../../../lib/storage';
import { buttonNamed, scriptBackend } from '../../helpers/form-page';
import { billOpening, PLAIN_SCREWDRIVER, untaxed } from '../../helpers/bill-products';
import { renderBillForm } from '../../helpers/bill-form';

const PRODUCTS = [
  PLAIN_SCREWDRIVER,
  untaxed({ mBarCode: '1000002', name: '卷尺', commodityUnit: '个', billPrice: 12, stock: 30 }),
  untaxed({ mBarCode: '1000003', name: 'A4复印纸', commodityUnit: '包', billPrice: 18, stock: 141 }),
];

function backend() {
  return scriptBackend({
    ...billOpening({ number: '00000000801' }),
    'POST /supplier/findBySelect_retail': () => [],
    // Answers come back slowly and out of step with the keys, as over a network.
    'GET /material/getMaterialByBarCode': async (call) => {
      await new Promise((resolve) => setTimeout(resolve, call.query.get('barCode') === '1000001' ? 30 : 5));
      return { code: 200, data: PRODUCTS.filter((m) => m.mBarCode === call.query.get('barCode')) };
    },
    'POST /depotHead/addDepotHeadAndDetail': () => ({ code: 200, msg: '操作成功' }),
  });
}

async function openForm(name: BillKindName = 'purchaseIn') {
  const { onSaved } = renderBillForm(name);
  await screen.findByDisplayValue(`${billFormKind(name).prefixNo}00000000801`);
  const field = screen.getByPlaceholderText<HTMLInputElement>('扫描或输入条码后回车');
  field.focus();
  return { onSaved, field };
}

/** A scan gun: the code's characters, then Enter, with nothing awaited in between. */
function gun(field: HTMLInputElement, code: string) {
  fireEvent.change(field, { target: { value: code } });
  fireEvent.keyDown(field, { key: 'Enter' });
}

const cell = (name: string) => document.querySelector<HTMLInputElement>(`.bill-grid [aria-label="${name}"]`)!;
const quantities = () =>
  Array.from(document.querySelectorAll<HTMLInputElement>('.bill-grid [data-cell="operNumber"]')).map((i) => i.value);
const shown = () => Array.from(document.querySelectorAll('.bill-cell-problems li')).map((li) => li.textContent);

async function chooseSupplier() {
  const select = document.querySelector('.ant-select')!;
  fireEvent.mouseDown(select.querySelector('input') ?? select);
  fireEvent.click(await screen.findByText('上海世达工具有限公司', { selector: '.ant-select-item-option-content' }));
}

describe('bill entry by keyboard and scanner', () => {
  it('a burst of three scans gives three lines of 1 in scan order, the cursor never leaving the scan field; the first again gives 2', async () => {
    backend();
    const { field } = await openForm();
    gun(field, '1000001');
    gun(field, '1000003');
    gun(field, '1000002');
    expect(field.value).toBe('');
    await waitFor(() => expect(quantities()).toEqual(['1', '1', '1']));
    expect(
      Array.from(document.querySelectorAll('.bill-grid [data-cell="barCode"]')).map(
        (i) => (i as HTMLInputElement).value,
      ),
    ).toEqual(['1000001', '1000003', '1000002']);
    expect(document.activeElement).toBe(field);
    gun(field, '1000001');
    await waitFor(() => expect(quantities()).toEqual(['2', '1', '1']));
    expect(document.activeElement).toBe(field);
    expect(document.querySelector('.bill-grid tbody tr')?.className).toMatch(/scanned-/);
  });

  it('abc, -5, a barcode or more than the ceiling in 数量 are marked and refused with their message; nothing is sent', async () => {
    const api = backend();
    storage.set(StorageKeys.maxLineQuantity, 500);
    const { field } = await openForm();
    await chooseSupplier();
    gun(field, '1000001');
    gun(field, '1000003');
    await waitFor(() => expect(quantities()).toEqual(['1', '1']));
    fireEvent.change(cell('数量 1'), { target: { value: 'abc' } });
    fireEvent.blur(cell('数量 1'));
    expect(cell('数量 1').value).toBe('abc'); // kept as typed, not turned into 0
    expect(cell('数量 1').getAttribute('aria-invalid')).toBe('true');
    expect(shown()).toEqual(['第 1 行数量「abc」不是数字']);
    fireEvent.keyDown(field, { key: 's', ctrlKey: true });
    await screen.findByText('第 1 行数量「abc」不是数字', { selector: '.ant-message *' });
    expect(document.activeElement).toBe(cell('数量 1'));
    fireEvent.change(cell('数量 1'), { target: { value: '-5' } });
    expect(shown()).toEqual(['第 1 行数量须大于 0']);
    fireEvent.change(cell('数量 1'), { target: { value: '1000003' } });
    expect(shown()).toEqual(['第 1 行数量 1000003 像是条码，请核对后再保存']);
    fireEvent.change(cell('数量 1'), { target: { value: '501' } });
    expect(shown()).toEqual(['第 1 行数量 501 超过上限 500']);
    fireEvent.change(cell('单价 2'), { target: { value: '1,5' } });
    expect(shown()).toEqual(['第 1 行数量 501 超过上限 500', '第 2 行单价「1,5」不是数字']);
    fireEvent.keyDown(field, { key: 's', ctrlKey: true });
    await screen.findByText('第 1 行数量 501 超过上限 500', { selector: '.ant-message *' });
    expect(api.callsTo('POST /depotHead/addDepotHeadAndDetail')).toHaveLength(0);
    fireEvent.change(cell('数量 1'), { target: { value: '500' } });
    fireEvent.change(cell('单价 2'), { target: { value: '1.5' } });
    expect(shown()).toEqual([]);
    fireEvent.keyDown(field, { key: 's', ctrlKey: true });
    await waitFor(() => expect(api.callsTo('POST /depotHead/addDepotHeadAndDetail')).toHaveLength(1));
    const rows = JSON.parse(
      (api.callsTo('POST /depotHead/addDepotHeadAndDetail')[0]!.body as { rows: string }).rows,
    ) as { operNumber: number; unitPrice: number }[];
    expect(rows.map((r) => [r.operNumber, r.unitPrice])).toEqual([
      [500, 45],
      [1, 1.5],
    ]);
    storage.remove(StorageKeys.maxLineQuantity);
  });

  it('a negative 税率 or 单价, a 税率 above 100 and a barcode typed as a price are marked at their cell and refused; nothing is sent', async () => {
    const api = backend();
    const { field } = await openForm();
    await chooseSupplier();
    gun(field, '1000003');
    await waitFor(() => expect(quantities()).toEqual(['1']));
    fireEvent.change(cell('税率(%) 1'), { target: { value: '-5' } });
    expect(cell('税率(%) 1').getAttribute('aria-invalid')).toBe('true');
    expect(shown()).toEqual(['第 1 行税率(%)：不能小于 0']);
    fireEvent.keyDown(field, { key: 's', ctrlKey: true });
    await screen.findByText('第 1 行税率(%)：不能小于 0', { selector: '.ant-message *' });
    expect(document.activeElement).toBe(cell('税率(%) 1'));
    fireEvent.change(cell('税率(%) 1'), { target: { value: '150' } });
    expect(shown()).toEqual(['第 1 行税率(%)：不能大于 100']);
    fireEvent.change(cell('税率(%) 1'), { target: { value: '13' } });
    fireEvent.change(cell('单价 1'), { target: { value: '-18' } });
    // The typed cell is the one marked, not the amounts that follow from it.
    expect(cell('单价 1').getAttribute('aria-invalid')).toBe('true');
    expect(cell('金额 1').getAttribute('aria-invalid')).toBeNull();
    expect(shown()).toEqual(['第 1 行单价：不能小于 0']);
    fireEvent.change(cell('单价 1'), { target: { value: '6901234500011' } });
    expect(shown()).toEqual(['第 1 行单价：6901234500011 像是条码，请核对；确是此数请写作 6901234500011.00']);
    fireEvent.keyDown(field, { key: 's', ctrlKey: true });
    await screen.findByText(/第 1 行单价：6901234500011 像是条码/, { selector: '.ant-message *' });
    expect(api.callsTo('POST /depotHead/addDepotHeadAndDetail')).toHaveLength(0);
    fireEvent.change(cell('单价 1'), { target: { value: '18' } });
    expect(shown()).toEqual([]);
    fireEvent.keyDown(field, { key: 's', ctrlKey: true });
    await waitFor(() => expect(api.callsTo('POST /depotHead/addDepotHeadAndDetail')).toHaveLength(1));
    const [line] = JSON.parse(
      (api.callsTo('POST /depotHead/addDepotHeadAndDetail')[0]!.body as { rows: string }).rows,
    ) as { unitPrice: number; taxRate: number }[];
    expect([line!.unitPrice, line!.taxRate]).toEqual([18, 13]);
  });

  it('the money block refuses abc in 优惠率, a negative 其它费用 and a barcode-length 本次付款 at each field; nothing is sent', async () => {
    const api = backend();
    const { field } = await openForm();
    await chooseSupplier();
    gun(field, '1000003');
    await waitFor(() => expect(quantities()).toEqual(['1']));
    const money = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
    fireEvent.change(money('优惠率'), { target: { value: 'abc' } });
    fireEvent.change(money('其它费用'), { target: { value: '-3' } });
    fireEvent.change(money('本次付款'), { target: { value: '6901234500011' } });
    fireEvent.keyDown(field, { key: 's', ctrlKey: true });
    await screen.findByText('请输入数字');
    await screen.findByText('不能小于 0');
    await screen.findByText('6901234500011 像是条码，请核对；确是此数请写作 6901234500011.00');
    expect(money('优惠率').value).toBe('abc');
    expect(api.callsTo('POST /depotHead/addDepotHeadAndDetail')).toHaveLength(0);
  });

  it('Enter commits a typed 单据日期; the grid is left by Ctrl+↓ or Enter on an empty line, with no empty lines piling up; 备注 walks on', async () => {
    const api = backend();
    const { field } = await openForm();
    await chooseSupplier();
    const date = document.querySelector<HTMLInputElement>('.ant-picker input')!;
    date.focus();
    fireEvent.change(date, { target: { value: '2026-10-15 09:30:00' } });
    fireEvent.keyDown(date, { key: 'Enter' });
    expect(document.activeElement).toBe(document.querySelector('input#number'));
    // Ctrl+↓ from the scan field: the money block's first field.
    field.focus();
    fireEvent.keyDown(field, { key: 'ArrowDown', ctrlKey: true });
    expect(document.activeElement).toBe(document.querySelector('input#discount'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp', ctrlKey: true });
    expect(document.activeElement).toBe(field);
    gun(field, '1000001');
    await waitFor(() => expect(quantities()).toEqual(['1']));
    // Enter from the last cell adds one line; Enter on that empty line's barcode leaves the grid.
    fireEvent.keyDown(cell('备注 1'), { key: 'Enter' });
    await waitFor(() => expect(document.activeElement).toBe(cell('条码 2')));
    fireEvent.keyDown(cell('条码 2'), { key: 'Enter' });
    expect(document.activeElement).toBe(document.querySelector('input#discount'));
    // Enter and Tab on the empty line's last cell add nothing.
    fireEvent.keyDown(cell('备注 2'), { key: 'Enter' });
    expect(document.activeElement).toBe(document.querySelector('input#discount'));
    fireEvent.keyDown(cell('备注 2'), { key: 'Tab' });
    expect(document.querySelectorAll('.bill-grid tbody tr')).toHaveLength(2);
    // 备注: Enter goes on to 附件 and types no newline.
    const remark = document.querySelector<HTMLTextAreaElement>('textarea#remark')!;
    remark.focus();
    fireEvent.change(remark, { target: { value: '月底结' } });
    fireEvent.keyDown(remark, { key: 'Enter' });
    expect(document.activeElement?.closest('.ant-upload')).not.toBeNull();
    expect(document.activeElement?.textContent).toMatch(/上\s*传/);
    fireEvent.keyDown(field, { key: 's', ctrlKey: true });
    await waitFor(() => expect(api.callsTo('POST /depotHead/addDepotHeadAndDetail')).toHaveLength(1));
    const info = JSON.parse(
      (api.callsTo('POST /depotHead/addDepotHeadAndDetail')[0]!.body as { info: string }).info,
    ) as Record<string, unknown>;
    expect(info).toMatchObject({ operTime: '2026-10-15 09:30:00', remark: '月底结' });
  });

  it('Esc on a changed bill asks with the cursor on 继续编辑: Enter keeps the bill', async () => {
    backend();
    const { field } = await openForm();
    gun(field, '1000001');
    await waitFor(() => expect(quantities()).toEqual(['1']));
    fireEvent.keyDown(field, { key: 'Escape' });
    const keep = await screen.findByRole('button', { name: '继续编辑' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
  });

  it('零售出库: 收款金额 below 单据金额 asks first, with 返回修改 in hand; 仍然保存 sends it', async () => {
    const api = backend();
    const { field, onSaved } = await openForm('retailOut');
    gun(field, '1000003');
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('input#changeAmount')?.value).toBe('18'));
    fireEvent.change(document.querySelector('input#getAmount')!, { target: { value: '10' } });
    fireEvent.keyDown(field, { key: 's', ctrlKey: true });
    await screen.findByText('收款 10，单据金额 18，找零将为负数。仍要保存吗？');
    const back = screen.getByRole('button', { name: '返回修改' });
    await waitFor(() => expect(document.activeElement).toBe(back));
    fireEvent.click(back);
    await waitFor(() => expect(screen.queryByText('收款 10，单据金额 18，找零将为负数。仍要保存吗？')).toBeNull());
    expect(api.callsTo('POST /depotHead/addDepotHeadAndDetail')).toHaveLength(0);
    fireEvent.keyDown(field, { key: 's', ctrlKey: true });
    fireEvent.click(await screen.findByRole('button', { name: '仍然保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(
      JSON.parse((api.callsTo('POST /depotHead/addDepotHeadAndDetail')[0]!.body as { info: string }).info),
    ).toMatchObject({ changeAmount: 18, backAmount: -8 });
  });
  it('a supplier picked with Enter: a second Enter before its list has closed goes on to 单据日期, the supplier kept', async () => {
    backend();
    await openForm();
    const supplier = document.querySelector<HTMLInputElement>('input#organId')!;
    supplier.focus();
    fireEvent.change(supplier, { target: { value: '世达' } });
    await waitFor(() => expect(supplier.getAttribute('aria-expanded')).toBe('true'));
    await screen.findByRole('option', { name: '上海世达工具有限公司' });
    // Both key presses come before the select's own task that closes its list, as a quick typist's do.
    // antd's list reads the key code.
    fireEvent.keyDown(supplier, { key: 'Enter', keyCode: 13, which: 13 });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter', keyCode: 13, which: 13 });
    expect(document.activeElement?.id).toBe('operTime');
    await waitFor(() => expect(supplier.getAttribute('aria-expanded')).toBe('false'));
    expect(supplier.closest('.ant-select')?.textContent).toContain('上海世达工具有限公司');
  });
  it("the form kit's save and keys: Enter walks head → scan field → the line's cells → a new line → the money block; no supplier sends nothing and puts the cursor there; Ctrl+S twice and a click while saving send one bill", async () => {
    const api = backend();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.answer('POST /depotHead/addDepotHeadAndDetail', async () => {
      await held;
      return { code: 200, msg: '操作成功' };
    });
    const { field, onSaved } = await openForm();
    const enter = () => fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    const at = () => (document.activeElement as HTMLElement).getAttribute('aria-label') ?? document.activeElement?.id;
    // The head: 单据编号 → 关联订单 → the scan field, whose Enter (nothing scanned) goes on to the money block.
    document.querySelector<HTMLInputElement>('input#number')!.focus();
    enter();
    expect(at()).toBe('关联订单');
    enter();
    expect(document.activeElement).toBe(field);
    enter();
    expect(at()).toBe('discount');
    // The grid: a barcode typed in its cell fills the line, then Enter walks the line's cells one by one.
    const barCode = cell('条码 1');
    barCode.focus();
    fireEvent.change(barCode, { target: { value: '1000001' } });
    fireEvent.keyDown(barCode, { key: 'Enter' });
    await waitFor(() => expect(at()).toBe('数量 1'));
    const walked = ['数量 1'];
    while (at() !== '备注 1' && walked.length < 12) {
      enter();
      walked.push(at() ?? '');
    }
    expect(walked).toEqual(['数量 1', '单价 1', '金额 1', '税率(%) 1', '价税合计 1', '备注 1']);
    // The last cell of a filled last line adds a line; Enter on its empty barcode leaves for the money block.
    enter();
    await waitFor(() => expect(document.activeElement).toBe(cell('条码 2')));
    enter();
    expect(at()).toBe('discount');
    // No supplier: nothing is sent and 供应商 has the cursor.
    fireEvent.keyDown(field, { key: 's', ctrlKey: true });
    await waitFor(() => expect(at()).toBe('organId'));
    await waitFor(() => expect(screen.getByText('请选择供应商！')).toBeInTheDocument());
    expect(api.callsTo('POST /depotHead/addDepotHeadAndDetail')).toHaveLength(0);
    await chooseSupplier();
    // Seconds pass on the test's clock: a second save sent late would be seen.
    vi.useFakeTimers({ toFake: ['setTimeout'], shouldAdvanceTime: true });
    try {
      fireEvent.keyDown(field, { key: 's', ctrlKey: true });
      fireEvent.keyDown(field, { key: 's', ctrlKey: true });
      await waitFor(() => expect(api.callsTo('POST /depotHead/addDepotHeadAndDetail')).toHaveLength(1));
      fireEvent.click(buttonNamed('保存'));
      fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
      release();
      await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
      await vi.advanceTimersByTimeAsync(3_000);
      expect(api.callsTo('POST /depotHead/addDepotHeadAndDetail')).toHaveLength(1);
      expect(onSaved).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
