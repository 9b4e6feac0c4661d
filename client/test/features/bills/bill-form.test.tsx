// The bill form over a scripted backend, as a user meets it: the scan field adds and increments lines and keeps the
// cursor (F2 edits the quantity), the head's rules stop a save with the original's words, the body sent is JSON text with
// signed amounts, and a refused save shows the backend's reason and keeps every line.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BillTarget } from '../../../features/bills/form/bill-form';
import { holdNumber, numberField, renderBillForm } from '../../helpers/bill-form';
import { PAPER as paper, PURCHASE_BILL_OPENING, SCREWDRIVER as screwdriver } from '../../helpers/bill-products';
import { scriptBackend, type Call } from '../../helpers/form-page';

function backend(save: (call: Call) => unknown = () => ({ code: 200, msg: '操作成功' })) {
  return scriptBackend({
    ...PURCHASE_BILL_OPENING,
    'GET /material/getMaterialByBarCode': (call) => ({
      code: 200,
      data: [screwdriver, paper].filter((m) => m.mBarCode === call.query.get('barCode')),
    }),
    'GET /material/findBySelect': (call) => ({
      total: 2,
      rows: [screwdriver, paper]
        .filter(
          (m) =>
            m.name.includes(call.query.get('q') ?? '') ||
            m.mBarCode === call.query.get('q') ||
            call.query.get('q') === 'lsd',
        )
        .map((m, i) => ({
          id: 100 + i,
          mBarCode: m.mBarCode,
          name: m.name,
          standard: m.standard,
          model: m.model,
          unit: m.commodityUnit,
          stock: m.stock,
        })),
    }),
    'POST /depotHead/addDepotHeadAndDetail': save,
  });
}

// Bill 307 as stored: an unaudited 采购入库 from supplier 57 paid from 现金; 10 screwdriver sets and 20 packs of
// paper, taxed at 13%.
const HEAD_307 = {
  id: 307,
  number: 'CGRK00000000307',
  defaultNumber: 'CGRK00000000307',
  operTimeStr: '2026-11-21 16:51:00',
  organId: 57,
  accountId: 17,
  status: '0',
};
const STORED_SCREWDRIVERS = {
  id: 901,
  barCode: '1000001',
  name: '螺丝刀套装',
  unit: '套',
  depotId: 14,
  operNumber: 10,
  unitPrice: 45,
  allPrice: 450,
  taxRate: 13,
  taxMoney: 58.5,
  taxLastMoney: 508.5,
  stock: 52,
};
const STORED_PAPER = {
  id: 902,
  barCode: '1000003',
  name: 'A4复印纸',
  unit: '包',
  depotId: 14,
  operNumber: 20,
  unitPrice: 18,
  allPrice: 360,
  taxRate: 13,
  taxMoney: 46.8,
  taxLastMoney: 406.8,
  stock: 141,
};
const storedLines = (...rows: Record<string, unknown>[]) => ({ code: 200, data: { total: rows.length, rows } });

function openEdit307() {
  return renderBillForm('purchaseIn', { target: { mode: 'edit', row: { id: 307, number: 'CGRK00000000307' } } });
}

/** Holds the depots' answer until the returned function is called. */
function holdDepots(api: ReturnType<typeof backend>): () => void {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  api.answer('GET /depot/findDepotByCurrentUser', async () => {
    await held;
    return { code: 200, data: [{ id: 14, depotName: '总仓库', isDefault: true }] };
  });
  return release;
}

async function openForm(target: BillTarget = { mode: 'add' }) {
  const { onSaved, onClose } = renderBillForm('purchaseIn', { target, canAudit: true });
  await screen.findByPlaceholderText('扫描或输入条码后回车');
  await waitFor(() => expect(screen.getByDisplayValue('CGRK00000000673')).toBeTruthy());
  return { onSaved, onClose };
}

async function scan(code: string) {
  const field = screen.getByPlaceholderText('扫描或输入条码后回车');
  fireEvent.change(field, { target: { value: code } });
  fireEvent.keyDown(field, { key: 'Enter' });
}

async function chooseSupplier() {
  const select = document.querySelector('.ant-select-selector, .ant-select')!;
  fireEvent.mouseDown(select.querySelector('input') ?? select);
  fireEvent.click(await screen.findByText('上海世达工具有限公司', { selector: '.ant-select-item-option-content' }));
}

/** A grid cell by its accessible name (数量 1 = the first line's quantity), found through its aria-label. */
const cell = (name: string) => document.querySelector<HTMLInputElement>(`.bill-grid [aria-label="${name}"]`)!;

afterEach(() => vi.unstubAllGlobals());

describe('bill form', () => {
  it('scan: a barcode becomes a line while the scan field keeps the cursor, again increments it, unknown warns; F2 edits the quantity; the picker fills a line; no supplier stops the save', async () => {
    const api = backend();
    await openForm();
    const field = screen.getByPlaceholderText<HTMLInputElement>('扫描或输入条码后回车');
    field.focus();
    await scan('999');
    await screen.findByText('抱歉，此条码不存在商品信息！');
    expect(screen.getByRole('status').textContent).toBe('999: 抱歉，此条码不存在商品信息！');
    expect(screen.getByRole('status').className).toContain('missing');
    expect(screen.queryByText('螺丝刀套装')).toBeNull();
    await scan('1000001');
    await waitFor(() => expect(cell('数量 1')?.value).toBe('1'));
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('');
    expect(screen.getByRole('status').textContent).toBe('螺丝刀套装 × 1');
    expect(screen.getByRole('status').className).toContain('found');
    expect(screen.getAllByText('螺丝刀套装').length).toBeGreaterThan(0);
    await scan('1000003');
    await waitFor(() => expect(cell('数量 2')?.value).toBe('1'));
    await scan('1000001');
    await waitFor(() => expect(cell('数量 1').value).toBe('2'));
    expect(document.activeElement).toBe(field);
    expect(cell('金额 1').value).toBe('90');
    // F2: the last scanned line's quantity, selected; Enter there goes back to the scan field.
    fireEvent.keyDown(field, { key: 'F2' });
    expect(document.activeElement).toBe(cell('数量 1'));
    expect([cell('数量 1').selectionStart, cell('数量 1').selectionEnd]).toEqual([0, 1]);
    fireEvent.keyDown(cell('数量 1'), { key: 'Enter' });
    expect(document.activeElement).toBe(field);
    expect(document.querySelector('[data-total="taxLastMoney"]')?.textContent).toBe('122.04');
    // Enter on the last cell adds a line; a name typed in its barcode cell opens the picker (pinyin initials too).
    fireEvent.keyDown(cell('备注 2'), { key: 'Enter' });
    await waitFor(() => expect(document.activeElement).toBe(cell('条码 3')));
    cell('条码 3').value = 'lsd';
    fireEvent.keyDown(cell('条码 3'), { key: 'Enter' });
    const search = await screen.findByPlaceholderText('条码、名称、助记码、规格、型号');
    await waitFor(() => expect(api.callsTo('GET /material/findBySelect').at(-1)?.query.get('q')).toBe('lsd'));
    await waitFor(() => expect(document.querySelectorAll('.bill-picker tbody tr')).toHaveLength(2));
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(document.activeElement).toBe(cell('数量 3')));
    expect(api.callsTo('GET /material/getMaterialByBarCode').at(-1)?.query.get('barCode')).toBe('1000003');
    expect(cell('单价 3').value).toBe('18');
    fireEvent.keyDown(cell('数量 1'), { key: 's', ctrlKey: true });
    await screen.findByText('请选择供应商！');
    expect(api.callsTo('POST /depotHead/addDepotHeadAndDetail')).toHaveLength(0);
  });

  it("sends info and rows as JSON text with the bill's signs; a refusal keeps every line and shows the reason", async () => {
    let answer: unknown = { code: 8000004, data: { message: '商品:螺丝刀套装-1000001库存不足' } };
    const api = backend(() => answer);
    const { onSaved } = await openForm();
    await chooseSupplier();
    await scan('1000001');
    await waitFor(() => expect(cell('数量 1')?.value).toBe('1'));
    fireEvent.change(cell('数量 1'), { target: { value: '10' } });
    await scan('1000003');
    await waitFor(() => expect(cell('数量 2')?.value).toBe('1'));
    fireEvent.change(cell('数量 2'), { target: { value: '20' } });
    expect(document.querySelector('[data-total="taxLastMoney"]')?.textContent).toBe('915.3');
    fireEvent.keyDown(cell('数量 2'), { key: 's', ctrlKey: true });
    await screen.findByText('商品:螺丝刀套装-1000001库存不足');
    const sent = api.callsTo('POST /depotHead/addDepotHeadAndDetail')[0]!.body as { info: string; rows: string };
    expect(typeof sent.info).toBe('string');
    expect(JSON.parse(sent.info)).toMatchObject({
      type: '入库',
      subType: '采购',
      number: 'CGRK00000000673',
      organId: 57,
      accountId: 17,
      totalPrice: -810,
      changeAmount: -915.3,
      discountLastMoney: 915.3,
      debt: 0,
      status: '0',
    });
    expect(
      (JSON.parse(sent.rows) as unknown[]).map((r) => (r as { barCode: string; operNumber: number }).operNumber),
    ).toEqual([10, 20]);
    // Kept: the lines, their quantities and totals; the dialog is still open.
    expect(cell('数量 1').value).toBe('10');
    expect(cell('数量 2').value).toBe('20');
    expect(onSaved).not.toHaveBeenCalled();
    answer = { code: 200, msg: '操作成功' };
    fireEvent.keyDown(cell('数量 2'), { key: 'Enter', ctrlKey: true });
    // The save waits for its module's slot (writes of one module go a second apart), then lands.
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), { timeout: 5000 });
  });

  it('编辑 loads the head and lines back as stored and saves them by PUT with id and status', async () => {
    const api = backend();
    api.answer('GET /depotHead/getDetailByNumber', () => ({
      code: 200,
      data: {
        ...HEAD_307,
        remark: '货到付款',
        discount: 0,
        discountMoney: 0,
        discountLastMoney: 915.3,
        otherMoney: 20,
        deposit: 0,
        changeAmount: 900,
        totalPrice: 810,
        linkNumber: null,
      },
    }));
    api.answer('GET /depotItem/getDetailList', () => storedLines(STORED_SCREWDRIVERS, STORED_PAPER));
    api.answer('PUT /depotHead/updateDepotHeadAndDetail', () => ({ code: 200, msg: '操作成功' }));
    const { onSaved } = openEdit307();
    await waitFor(() => expect(cell('数量 2')?.value).toBe('20'));
    expect(api.callsTo('GET /depotItem/getDetailList')[0]!.query.get('linkType')).toBe('basic');
    expect(api.callsTo('GET /sequence/buildNumber')).toHaveLength(0);
    expect(screen.getByDisplayValue('CGRK00000000307')).toBeTruthy();
    expect(screen.getByDisplayValue('货到付款')).toBeTruthy();
    expect(screen.getByDisplayValue('35.3')).toBeTruthy(); // 本次欠款 = 915.3 + 20 − 900
    expect(screen.queryByText('保存并审核')).toBeNull();
    fireEvent.keyDown(cell('数量 1'), { key: 's', ctrlKey: true });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const sent = api.callsTo('PUT /depotHead/updateDepotHeadAndDetail')[0]!.body as { info: string; rows: string };
    expect(JSON.parse(sent.info)).toMatchObject({
      id: 307,
      status: '0',
      number: 'CGRK00000000307',
      totalPrice: -810,
      changeAmount: -900,
      debt: 35.3,
      otherMoney: 20,
    });
    expect(
      (JSON.parse(sent.rows) as Array<{ barCode: string; operNumber: number; depotId: string }>).map((r) => [
        r.barCode,
        r.operNumber,
        r.depotId,
      ]),
    ).toEqual([
      ['1000001', 10, '14'],
      ['1000003', 20, '14'],
    ]);
  });

  it("opening asks for the choices, a 新增's number and an 编辑's head at once, not one after the other", async () => {
    const api = backend();
    const releaseDepots = holdDepots(api);
    const { unmount } = renderBillForm('purchaseIn', { canAudit: true });
    // While the depots are still unanswered, the number is already asked for.
    await waitFor(() => expect(api.callsTo('GET /sequence/buildNumber')).toHaveLength(1));
    expect(screen.queryByPlaceholderText('扫描或输入条码后回车')).toBeNull();
    releaseDepots();
    await waitFor(() => expect(screen.getByDisplayValue('CGRK00000000673')).toBeTruthy());
    unmount();

    const releaseAgain = holdDepots(api);
    api.answer('GET /depotHead/getDetailByNumber', () => ({ code: 200, data: HEAD_307 }));
    api.answer('GET /depotItem/getDetailList', () => storedLines(STORED_SCREWDRIVERS));
    openEdit307();
    await waitFor(() => expect(api.callsTo('GET /depotHead/getDetailByNumber')).toHaveLength(1));
    releaseAgain();
    await waitFor(() => expect(cell('数量 1')?.value).toBe('10'));
    expect(api.callsTo('GET /sequence/buildNumber')).toHaveLength(1);
  });

  it('新增 opens on its choices without waiting for its number, which fills in when it comes; one typed meanwhile stays', async () => {
    const api = backend();
    const first = holdNumber(api, '00000000674');
    const { unmount } = renderBillForm('purchaseIn', { canAudit: true });
    await screen.findByPlaceholderText('扫描或输入条码后回车');
    expect(numberField()!.value, 'open before the number came').toBe('');
    first.give();
    await waitFor(() => expect(numberField()!.value).toBe('CGRK00000000674'));
    unmount();

    const second = holdNumber(api, '00000000675');
    renderBillForm('purchaseIn', { canAudit: true });
    await screen.findByPlaceholderText('扫描或输入条码后回车');
    fireEvent.change(numberField()!, { target: { value: 'CGRK-TYPED-1' } });
    second.give();
    await waitFor(() => expect(api.callsTo('GET /sequence/buildNumber')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(numberField()!.value, 'the typed number kept').toBe('CGRK-TYPED-1');
  });

  it('a draft typed before its number came is restored with a fresh one', async () => {
    const api = backend();
    api.answer('GET /sequence/buildNumber', () => ({ code: 200, data: { defaultNumber: '00000000677' } }));
    renderBillForm('purchaseIn', {
      target: { mode: 'add', draft: { values: { number: '', remark: '货到付款' }, lines: [] } },
      canAudit: true,
    });
    await waitFor(() => expect(numberField()?.value).toBe('CGRK00000000677'));
    expect(screen.getByDisplayValue('货到付款')).toBeTruthy();
  });

  it('新增 whose number the backend refuses once (its number lock was taken) asks again and fills it in', async () => {
    const api = backend();
    const answers = [
      { code: 500, data: '获取数据失败' },
      { code: 200, data: { defaultNumber: '00000000678' } },
    ];
    api.answer('GET /sequence/buildNumber', () => answers.shift());
    renderBillForm('purchaseIn', { canAudit: true });
    await waitFor(() => expect(numberField()?.value).toBe('CGRK00000000678'));
    expect(api.callsTo('GET /sequence/buildNumber')).toHaveLength(2);
  });

  it('a 新增 whose number cannot be had (refused twice) stays open with its number empty, and the save refuses it', async () => {
    const api = backend();
    const number = holdNumber(api, '00000000676');
    const { onSaved } = renderBillForm('purchaseIn', { canAudit: true });
    await screen.findByPlaceholderText('扫描或输入条码后回车');
    number.refuse();
    await waitFor(() => expect(api.callsTo('GET /sequence/buildNumber')).toHaveLength(2));
    await chooseSupplier();
    await scan('1000001');
    await waitFor(() => expect(cell('数量 1')?.value).toBe('1'));
    fireEvent.keyDown(cell('数量 1'), { key: 's', ctrlKey: true });
    await screen.findByText('请输入单据编号!');
    expect(numberField()!.value).toBe('');
    expect(api.callsTo('POST /depotHead/addDepotHeadAndDetail')).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("销售出库: choosing the customer prices the lines again at that customer's price", async () => {
    const api = backend();
    api.answer('POST /supplier/findBySelect_cus', () => [{ id: 58, supplier: '宁波华辰贸易有限公司' }]);
    api.answer('GET /material/getMaterialByBarCode', (call) => ({
      code: 200,
      data: [
        {
          ...screwdriver,
          billPrice: call.query.get('organId') === '58' ? 55 : 58,
          taxRate: call.query.get('organId') === '58' ? 13 : 0,
          taxMoney: 0,
          taxLastMoney: 58,
        },
      ],
    }));
    api.answer('GET /sequence/buildNumber', () => ({ code: 200, data: { defaultNumber: '00000000690' } }));
    renderBillForm('saleOut', { canAudit: true });
    await screen.findByDisplayValue('XSCK00000000690');
    await scan('1000001');
    await waitFor(() => expect(cell('单价 1').value).toBe('58'));
    fireEvent.change(cell('数量 1'), { target: { value: '10' } });
    const select = document.querySelector('.ant-select')!;
    fireEvent.mouseDown(select.querySelector('input') ?? select);
    fireEvent.click(await screen.findByText('宁波华辰贸易有限公司', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(cell('单价 1').value).toBe('55'));
    expect(api.callsTo('GET /material/getMaterialByBarCode').at(-1)?.query.get('organId')).toBe('58');
    expect(cell('金额 1').value).toBe('550');
    expect(cell('价税合计 1').value).toBe('621.5');
    expect(document.querySelector<HTMLInputElement>('input#changeAmount')?.value).toBe('621.5'); // 本次收款 follows the new total
  });
  it("关联订单: the order's open lines come over with the cursor in the first quantity, and Ctrl+S there saves the link", async () => {
    const api = backend();
    api.answer('GET /depotHead/list', () => ({
      code: 200,
      data: {
        total: 1,
        rows: [
          {
            id: 410,
            number: 'CGDD00000000410',
            subType: '采购订单',
            organId: 57,
            organName: '上海世达工具有限公司',
            operTimeStr: '2026-11-21 10:00:00',
            materialsList: '螺丝刀套装,A4复印纸',
            discount: 0,
            changeAmount: 0,
            accountId: 17,
            remark: '',
            status: '3',
          },
        ],
      },
    }));
    api.answer('GET /depotItem/getDetailList', () => ({
      code: 200,
      data: {
        total: 2,
        rows: [
          {
            id: 911,
            barCode: '1000001',
            name: '螺丝刀套装',
            unit: '套',
            depotId: '',
            operNumber: 2,
            preNumber: 2,
            finishNumber: 1,
            unitPrice: 45,
            taxRate: 13,
          },
          {
            id: 912,
            barCode: '1000003',
            name: 'A4复印纸',
            unit: '包',
            depotId: '',
            operNumber: 1,
            preNumber: 1,
            finishNumber: 1,
            unitPrice: 18,
            taxRate: 13,
          },
        ],
      },
    }));
    const { onSaved } = await openForm();
    fireEvent.click(screen.getByRole('button', { name: '选择单据' }));
    const offered = await screen.findByRole('table', { name: '选择单据' });
    fireEvent.click(await within(offered).findByRole('button', { name: /选\s*择/ }));
    await waitFor(() => expect(document.activeElement).toBe(cell('数量 1')));
    expect(cell('数量 1').value).toBe('1'); // 2 ordered, 1 received before; the finished paper line is left out
    expect(cell('数量 2')).toBeNull();
    expect(screen.getByDisplayValue('CGDD00000000410')).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 's', ctrlKey: true });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const sent = api.callsTo('POST /depotHead/addDepotHeadAndDetail')[0]!.body as { info: string; rows: string };
    expect(JSON.parse(sent.info)).toMatchObject({ linkNumber: 'CGDD00000000410', organId: 57, accountId: 17 });
    expect(
      (JSON.parse(sent.rows) as Array<{ linkId: string; operNumber: number; depotId: string }>).map((r) => [
        r.linkId,
        r.operNumber,
        r.depotId,
      ]),
    ).toEqual([['911', 1, '14']]);
  });
});
