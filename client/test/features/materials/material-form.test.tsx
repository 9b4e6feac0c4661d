import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MaterialForm, type ProductFormTarget } from '../../../features/materials/components/material-form';
import { buttonNamed, formDialog, scriptBackend, shownMessages, type Backend } from '../../helpers/form-page';
import { signIn } from '../../helpers/session';
import { render } from '../../helpers/render';

const user = userEvent.setup({ pointerEventsCheck: 0, delay: null });
const ok = { code: 200, data: { message: '成功' } };
const box = {
  id: 3,
  name: '瓶,箱(1:12)',
  basicUnit: '瓶',
  otherUnit: '箱',
  ratio: 12,
  otherUnitTwo: null,
  otherUnitThree: null,
};
const saved = {
  id: 568,
  name: '可乐',
  standard: '500ml',
  model: '',
  unit: '',
  unitId: 3,
  color: '',
  brand: '',
  mnemonic: 'kl',
  categoryId: 5,
  weight: 0.5,
  expiryNum: 365,
  position: 'A-1',
  mfrs: '',
  otherField1: '华东',
  otherField2: '',
  otherField3: '',
  enableSerialNumber: '0',
  enableBatchNumber: '0',
  remark: '',
  imgName: '',
  attribute: '{}',
};
const savedRows = [
  {
    id: 35,
    barCode: '1001',
    commodityUnit: '瓶',
    purchaseDecimal: 2,
    commodityDecimal: 3,
    wholesaleDecimal: 2.5,
    lowDecimal: 2.2,
  },
  {
    id: 36,
    barCode: '1002',
    commodityUnit: '箱',
    purchaseDecimal: 24,
    commodityDecimal: 36,
    wholesaleDecimal: 30,
    lowDecimal: 26.4,
  },
];

let backend: Backend;
beforeEach(() => {
  signIn();
  backend = scriptBackend({
    'GET /unit/getAllList': () => ({ code: 200, data: [box] }),
    'GET /materialProperty/list': () => ({
      code: 200,
      data: { rows: [{ id: 1, nativeName: '扩展1', anotherName: '产地' }], total: 3 },
    }),
    'GET /materialAttribute/getNameList': () => [{ value: '1', name: '颜色' }],
    'GET /materialAttribute/getValueListById': () => [
      { value: '红色', name: '红色' },
      { value: '黑色', name: '黑色' },
    ],
    'GET /depot/getAllListWithStock': (call) => ({
      code: 200,
      data: [
        {
          id: 14,
          name: '仓库1',
          initStock: call.query.get('mId') === '0' ? 0 : 10,
          currentStock: 0,
          lowSafeStock: null,
          highSafeStock: null,
        },
      ],
    }),
    'GET /material/getMaxBarCode': () => ({ code: 200, data: { barCode: '1002' } }),
    'GET /systemConfig/fileSizeLimit': () => ({ code: 200, data: 1048576 }),
    'GET /materialsExtend/getDetailList': () => ({ code: 200, data: { total: 2, rows: savedRows } }),
    'GET /materialsExtend/checkIsBarCodeExist': (call) => ({
      code: 200,
      data: { status: call.query.get('barCode') === '1001' && call.query.get('id') === '0' },
    }),
    'GET /materialCategory/getMaterialCategoryTree': () => [{ id: 5, key: 5, value: 5, title: '饮料' }],
    'POST /material/changeNameToPinYin': () => ({ code: 200, data: 'kl' }),
    'GET /material/checkIsExist': () => ({ code: 200, data: { status: false, message: '成功' } }),
    'POST /material/add': () => ok,
    'PUT /material/update': () => ok,
  });
});
afterEach(() => vi.unstubAllGlobals());

function open(target: ProductFormTarget, onSaved = vi.fn(), readOnly = false) {
  render(
    <App>
      <MaterialForm target={target} readOnly={readOnly} onClose={() => undefined} onSaved={onSaved} />
    </App>,
  );
  return onSaved;
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(dialog, label), { target: { value } });

async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(field(dialog, label));
  const found = await waitFor(() => {
    const hit = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find(
      (o) => o.getAttribute('title') === option && !o.closest('.ant-select-dropdown-hidden'),
    );
    expect(hit).toBeDefined();
    return hit!;
  });
  fireEvent.click(found);
}

describe('商品 form', () => {
  it('a unit group gives one barcode row per unit with derived prices, and the save sends the original body after its checks', async () => {
    const onSaved = open({ mode: 'add' });
    const dialog = await formDialog();
    // One row to start with, carrying the next barcode after the largest one.
    await waitFor(() => expect(field(dialog, '条码 1').value).toBe('1003'));
    expect(within(dialog).getByText('产地')).toBeInTheDocument();
    type(dialog, '名称', '可乐');
    await user.click(within(dialog).getByText('多单位'));
    await choose(dialog, '选择多单位', '瓶,箱(1:12)');
    await waitFor(() => expect(field(dialog, '单位 2').value).toBe('箱'));
    expect(field(dialog, '单位 1').value).toBe('瓶');
    expect(field(dialog, '条码 2').value).toBe('1004');
    type(dialog, '采购价 1', '2');
    fireEvent.blur(field(dialog, '采购价 1'));
    await waitFor(() => expect(field(dialog, '采购价 2').value).toBe('24.00'));
    await user.click(within(dialog).getByText('库存数量'));
    type(dialog, '仓库1 期初库存数量', '10');
    fireEvent.blur(field(dialog, '仓库1 期初库存数量'));
    await waitFor(() => expect(field(dialog, '助记码').value).toBe('kl'));
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('POST /material/add')).toHaveLength(1));
    const order = backend.calls
      .map((c) => `${c.method} ${c.path}`)
      .filter((r) => r === 'GET /material/checkIsExist' || r === 'POST /material/add');
    expect(order).toEqual(['GET /material/checkIsExist', 'POST /material/add']);
    expect(Object.fromEntries(backend.callsTo('GET /material/checkIsExist')[0]!.query)).toEqual({
      id: '0',
      name: '可乐',
      model: '',
      color: '',
      standard: '',
      mfrs: '',
      otherField1: '',
      otherField2: '',
      otherField3: '',
      unit: '',
      unitId: '3',
    });
    const body = backend.callsTo('POST /material/add')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: '可乐',
      mnemonic: 'kl',
      unit: '',
      unitId: 3,
      sortList: [],
      imgName: '',
      meDeleteIdList: [],
      stock: [{ id: 14, name: '仓库1', initStock: '10', lowSafeStock: '', highSafeStock: '' }],
    });
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('manySku');
    const rows = body.meList as Record<string, unknown>[];
    expect(rows.map((r) => [r.barCode, r.commodityUnit, r.purchaseDecimal])).toEqual([
      ['1003', '瓶', 2],
      ['1004', '箱', '24.00'],
    ]);
    for (const r of rows) expect(String(r.id).length).toBeGreaterThan(19);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('选择多单位 is searched by name: a group past what the list shows is found by typing', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ ...box, id: 100 + i, name: `件,托(1:${i + 2})` }));
    backend.answer('GET /unit/getAllList', () => ({ code: 200, data: [...many, box] }));
    open({ mode: 'add' });
    const dialog = await formDialog();
    await waitFor(() => expect(field(dialog, '条码 1').value).toBe('1003'));
    await user.click(within(dialog).getByText('多单位'));
    await user.type(field(dialog, '选择多单位'), '瓶,箱');
    const shown = await waitFor(() => {
      const options = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).filter(
        (o) => !o.closest('.ant-select-dropdown-hidden'),
      );
      expect(options.map((o) => o.getAttribute('title'))).toEqual(['瓶,箱(1:12)']);
      return options[0]!;
    });
    fireEvent.click(shown);
    await waitFor(() => expect(field(dialog, '单位 2').value).toBe('箱'));
  });

  it('the 序列号 and 批号 hints are read by keyboard: each ? is in the tab order and its tooltip shows on focus', async () => {
    open({ mode: 'add' });
    const dialog = await formDialog();
    const hint = within(dialog).getByRole('img', { name: '如果选择为有，则在采购入库单需要录入该商品的序列号' });
    expect(hint.tabIndex, 'in the tab order').toBe(0);
    hint.focus();
    await waitFor(() =>
      expect(document.querySelector('.ant-tooltip:not(.ant-tooltip-hidden)')?.textContent).toBe(
        '如果选择为有，则在采购入库单需要录入该商品的序列号',
      ),
    );
    expect(
      within(dialog).getByRole('img', { name: '如果选择为有，则在采购入库单需要录入该商品的批号和有效期' }).tabIndex,
    ).toBe(0);
  });

  it('期初库存数量 refuses abc, -3 and a barcode-length number at its cell, a negative price too; nothing is sent', async () => {
    open({ mode: 'add' });
    const dialog = await formDialog();
    await waitFor(() => expect(field(dialog, '条码 1').value).toBe('1003'));
    type(dialog, '名称', '螺母');
    type(dialog, '单位', '个');
    type(dialog, '采购价 1', '-2');
    await within(dialog).findByText('不能小于 0');
    type(dialog, '采购价 1', '2');
    await user.click(within(dialog).getByText('库存数量'));
    const refusals: Array<[string, string]> = [
      ['abc', '请输入数字'],
      ['-3', '不能小于 0'],
      ['6901234500011', '6901234500011 像是条码，请核对；确是此数请写作 6901234500011.00'],
    ];
    for (const [typed, reason] of refusals) {
      type(dialog, '仓库1 期初库存数量', typed);
      await within(dialog).findByText(reason);
      expect(field(dialog, '仓库1 期初库存数量')).toHaveAttribute('aria-invalid', 'true');
      await user.click(buttonNamed('保存', dialog));
      await waitFor(() => expect(shownMessages()).toContain(`仓库1的期初库存数量：${reason}`));
      // What was typed stays; nothing is checked or written.
      expect(field(dialog, '仓库1 期初库存数量').value).toBe(typed);
      expect(backend.callsTo('GET /material/checkIsExist')).toHaveLength(0);
      expect(backend.callsTo('POST /material/add')).toHaveLength(0);
    }
    type(dialog, '仓库1 期初库存数量', '3');
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('POST /material/add')).toHaveLength(1));
    expect((backend.callsTo('POST /material/add')[0]!.body as { stock: unknown[] }).stock).toEqual([
      { id: 14, name: '仓库1', initStock: '3', lowSafeStock: '', highSafeStock: '' },
    ]);
  });

  it('says a typed barcode is taken (debounced) and a refused save keeps everything and shows the backend reason', async () => {
    backend.answer('POST /material/add', () => ({ code: 8000005, data: { message: '商品条码:1003重复' } }));
    const onSaved = open({ mode: 'add' });
    const dialog = await formDialog();
    await waitFor(() => expect(field(dialog, '条码 1').value).toBe('1003'));
    type(dialog, '名称', '雪碧');
    type(dialog, '单位', '瓶');
    await waitFor(() => expect(field(dialog, '单位 1').value).toBe('瓶'));
    type(dialog, '条码 1', '10');
    await waitFor(() => expect(within(dialog).getByText('长度为4到40位')).toBeInTheDocument());
    type(dialog, '条码 1', '1001');
    await waitFor(() => expect(within(dialog).getByText('该条码已经存在')).toBeInTheDocument());
    await user.click(buttonNamed('保存', dialog));
    expect(backend.callsTo('POST /material/add')).toHaveLength(0);
    type(dialog, '条码 1', '1003');
    await waitFor(() => expect(within(dialog).queryByText('该条码已经存在')).toBeNull());
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(shownMessages()).toContain('商品条码:1003重复'));
    expect(onSaved).not.toHaveBeenCalled();
    expect(field(dialog, '名称').value).toBe('雪碧');
    expect(field(dialog, '条码 1').value).toBe('1003');
  });

  it('edit loads every row back and sends ids, the removed rows and the whole header', async () => {
    open({ mode: 'edit', row: saved });
    const dialog = await formDialog();
    await waitFor(() => expect(field(dialog, '条码 2').value).toBe('1002'));
    expect(field(dialog, '名称').value).toBe('可乐');
    expect(field(dialog, '单位 2').value).toBe('箱');
    expect(field(dialog, '零售价 2').value).toBe('36');
    expect(field(dialog, '产地').value).toBe('华东');
    expect(within(dialog).getByText('瓶,箱(1:12)')).toBeInTheDocument();
    await user.click(within(dialog).getByText('库存数量'));
    expect(field(dialog, '仓库1 期初库存数量').value).toBe('10');
    await user.click(within(dialog).getByText('基本信息'));
    type(dialog, '零售价 1', '3.5');
    fireEvent.blur(field(dialog, '零售价 1'));
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('PUT /material/update')).toHaveLength(1));
    expect(backend.callsTo('GET /material/checkIsExist')[0]!.query.get('id')).toBe('568');
    const body = backend.callsTo('PUT /material/update')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      id: 568,
      name: '可乐',
      unitId: 3,
      unit: '',
      categoryId: 5,
      expiryNum: 365,
      otherField1: '华东',
      meDeleteIdList: [],
    });
    expect((body.meList as Record<string, unknown>[]).map((r) => [r.id, r.barCode, r.commodityDecimal])).toEqual([
      [35, '1001', 3.5],
      [36, '1002', '42.00'],
    ]);
  });

  it('复制 makes a new product: no id, new row ids and the next barcodes, the same prices', async () => {
    open({ mode: 'copy', row: saved });
    const dialog = await formDialog();
    expect(within(document.body).getByText('复制新增')).toBeInTheDocument();
    await waitFor(() => expect(field(dialog, '条码 2').value).toBe('1004'));
    expect(field(dialog, '条码 1').value).toBe('1003');
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('POST /material/add')).toHaveLength(1));
    const body = backend.callsTo('POST /material/add')[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('tenantId');
    const rows = body.meList as Record<string, unknown>[];
    expect(rows.map((r) => [r.barCode, r.commodityUnit, r.purchaseDecimal])).toEqual([
      ['1003', '瓶', 2],
      ['1004', '箱', 24],
    ]);
    for (const r of rows) expect(String(r.id).length).toBeGreaterThan(19);
    expect(backend.callsTo('GET /materialsExtend/checkIsBarCodeExist').every((c) => c.query.get('id') === '0')).toBe(
      true,
    );
  });

  it('attribute values give one row per combination with its sku text', async () => {
    open({ mode: 'add' });
    const dialog = await formDialog();
    await waitFor(() => expect(field(dialog, '条码 1').value).toBe('1003'));
    type(dialog, '单位', '件');
    await choose(dialog, '多属性', '颜色');
    await waitFor(() => expect(within(dialog).queryByLabelText('条码 1')).toBeNull());
    await choose(dialog, '多属性 颜色', '红色');
    await choose(dialog, '多属性 颜色', '黑色');
    await waitFor(() => expect(field(dialog, '条码 2').value).toBe('1004'));
    const skuCells = Array.from(dialog.querySelectorAll('.product-barcodes tr.ant-table-row')).map((tr) =>
      Array.from(tr.querySelectorAll('td')).map((td) => td.textContent),
    );
    expect(skuCells.map((cells) => cells.includes('红色') || cells.includes('黑色'))).toEqual([true, true]);
    expect(field(dialog, '单位 2').value).toBe('件');
  });

  it('without the edit code a product opens read-only: its rows show, nothing can be saved', async () => {
    open({ mode: 'edit', row: saved }, vi.fn(), true);
    const dialog = await formDialog();
    await waitFor(() => expect(field(dialog, '条码 2').value).toBe('1002'));
    expect(field(dialog, '名称')).toBeDisabled();
    expect(field(dialog, '条码 1')).toHaveAttribute('readonly');
    expect(
      Array.from(dialog.querySelectorAll('button')).map((b) => (b.textContent ?? '').replace(/\s+/g, '')),
    ).not.toContain('保存');
  });

  it("the form kit's keys and save: Enter walks the fields in order; no name sends nothing and takes the cursor; Esc asks; Ctrl+S twice and a click while saving send one product", async () => {
    const onSaved = open({ mode: 'add' });
    const dialog = await formDialog();
    await waitFor(() => expect(field(dialog, '条码 1').value).toBe('1003'));
    const enter = () => fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    field(dialog, '名称').focus();
    for (const next of ['规格', '型号', '单位']) {
      enter();
      expect(document.activeElement).toBe(field(dialog, next));
    }
    enter();
    expect(document.activeElement?.closest('label')?.textContent).toBe('多单位');
    enter();
    expect(document.activeElement).toBe(field(dialog, '颜色'));
    type(dialog, '单位', '瓶');
    await waitFor(() => expect(field(dialog, '单位 1').value).toBe('瓶'));
    fireEvent.keyDown(field(dialog, '颜色'), { key: 's', ctrlKey: true });
    await waitFor(() => expect(document.activeElement).toBe(field(dialog, '名称')));
    await waitFor(() => expect(within(dialog).getByText('请输入名称!')).toBeInTheDocument());
    expect(backend.callsTo('GET /material/checkIsExist')).toHaveLength(0);
    expect(backend.callsTo('POST /material/add')).toHaveLength(0);
    // Esc on the changed form asks, 继续编辑 in hand.
    fireEvent.keyDown(field(dialog, '名称'), { key: 'Escape' });
    const keep = await within(document.body).findByRole('button', { name: '继续编辑' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    fireEvent.click(keep);
    type(dialog, '名称', '雪碧');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    backend.answer('POST /material/add', async () => {
      await held;
      return ok;
    });
    // Seconds pass on the test's clock: a second save sent late would be seen.
    vi.useFakeTimers({ toFake: ['setTimeout'], shouldAdvanceTime: true });
    try {
      fireEvent.keyDown(field(dialog, '名称'), { key: 's', ctrlKey: true });
      fireEvent.keyDown(field(dialog, '名称'), { key: 's', ctrlKey: true });
      await vi.advanceTimersByTimeAsync(1_000);
      await waitFor(() => expect(backend.callsTo('POST /material/add')).toHaveLength(1));
      fireEvent.click(buttonNamed('保存', dialog));
      release();
      await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
      await vi.advanceTimersByTimeAsync(3_000);
      expect(backend.callsTo('POST /material/add')).toHaveLength(1);
      expect(onSaved).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
    expect((backend.callsTo('POST /material/add')[0]!.body as Record<string, unknown>).name).toBe('雪碧');
  });
});
