// Serial and batch numbers on an outbound bill (其它出库) over a scripted backend: a serial product's 序列号 cell,
// reached by the Enter walk, opens on Enter the picker of its unsold numbers in the line's depot (选中, a scanned
// number found alone taken at once, duplicates and unknown numbers told with the original's words); 确定 puts them on
// the line, the quantity follows and takes the cursor; a quantity that no longer matches stops the save with the
// backend's words. A batch product's 批号 takes a batch from stock with its expiry and stock as quantity. The body
// carries what was picked. A serial number scanned is a line of its own, as in the original. 出入库管理 turns the
// pickers off on the purchase and sale kinds.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billFormKind } from '../../../features/bills/form/bill-form-kinds';
import { renderBillForm } from '../../helpers/bill-form';
import { buttonNamed, linkNamed, scriptBackend } from '../../helpers/form-page';

const laptop = {
  mBarCode: '1000005',
  name: '笔记本电脑',
  standard: '14寸',
  model: 'X1',
  commodityUnit: '台',
  sku: null,
  billPrice: 5000,
  taxRate: 0,
  taxMoney: 0,
  taxLastMoney: 5000,
  stock: 3,
  depotId: 14,
  enableSerialNumber: '1',
  enableBatchNumber: '0',
};
const gloves = {
  ...laptop,
  mBarCode: '1000008',
  name: '劳保手套',
  commodityUnit: '双',
  billPrice: 3.5,
  taxLastMoney: 3.5,
  stock: 14,
  enableSerialNumber: '0',
  enableBatchNumber: '1',
};
const SERIALS = ['PF3XK2A1', 'PF3XK2A3', 'PF3XK2A4'];

function backend(config: Record<string, string> = {}) {
  return scriptBackend({
    'POST /supplier/findBySelect_cus': () => [],
    'GET /depot/findDepotByCurrentUser': () => ({
      code: 200,
      data: [{ id: 14, depotName: '总仓库', isDefault: true }],
    }),
    'GET /account/getAccount': () => ({
      code: 200,
      data: { accountList: [{ id: 17, name: '现金', isDefault: true }] },
    }),
    'GET /person/getPersonByNumType': () => [],
    'GET /systemConfig/getCurrentInfo': () => ({ code: 200, data: config }),
    'GET /sequence/buildNumber': () => ({ code: 200, data: { defaultNumber: '00000000700' } }),
    // A serial number in stock finds its product, as the backend's look-up does.
    'GET /material/getMaterialByBarCode': (call) => ({
      code: 200,
      data: [laptop, gloves].filter(
        (m) =>
          m.mBarCode === call.query.get('barCode') ||
          (m === laptop && SERIALS.includes(call.query.get('barCode') ?? '')),
      ),
    }),
    'POST /serialNumber/getEnableSerialNumberList': (call) => {
      const names = String((call.body as { name: string }).name)
        .replaceAll('，', ',')
        .split(',')
        .filter(Boolean);
      const rows = SERIALS.filter((s) => names.length === 0 || names.some((n) => s.includes(n))).map((s, i) => ({
        id: i + 1,
        serialNumber: s,
        inBillNo: 'CGRK00000000306',
        createTimeStr: '2026-11-15 10:00:00',
      }));
      const missing = names.filter((n) => !SERIALS.some((s) => s.includes(n)));
      return {
        code: 200,
        data: { rows, total: rows.length, ...(missing.length > 0 ? { missInfo: missing.join(',') } : {}) },
      };
    },
    'GET /depotItem/getBatchNumberList': () => ({
      code: 200,
      data: {
        total: 2,
        rows: [
          {
            id: 'B-1',
            barCode: '1000008',
            name: '劳保手套',
            commodityUnit: '双',
            batchNumber: 'B-1',
            expirationDateStr: '2027-01-31',
            totalNum: 4,
          },
          {
            id: 'B-2',
            barCode: '1000008',
            name: '劳保手套',
            commodityUnit: '双',
            batchNumber: 'B-2',
            expirationDateStr: '2027-06-30',
            totalNum: 10,
          },
        ],
      },
    }),
    'POST /depotHead/addDepotHeadAndDetail': () => ({ code: 200, msg: '操作成功' }),
  });
}

function typeScan(code: string) {
  const field = screen.getByPlaceholderText('扫描或输入条码后回车');
  fireEvent.change(field, { target: { value: code } });
  fireEvent.keyDown(field, { key: 'Enter' });
}

/** A scan, done once its outcome shows beside the scan field (a new flash) and its line is there. */
async function scan(code: string, line: number) {
  const before = document.querySelector('.bill-scan [role="status"]');
  typeScan(code);
  await waitFor(() => expect(document.querySelector('.bill-scan [role="status"]')).not.toBe(before));
  expect(cell(`数量 ${line}`)).toBeTruthy();
}

async function openForm(kind: 'otherOut' | 'saleOut' = 'otherOut') {
  const { onSaved } = renderBillForm(kind);
  await screen.findByDisplayValue(`${billFormKind(kind).prefixNo}00000000700`);
  return onSaved;
}

const cell = (name: string) => document.querySelector<HTMLInputElement>(`.bill-grid [aria-label="${name}"]`)!;
const pickerRow = (text: string) => screen.getByText(text, { selector: '.bill-sn-stock td' }).closest('tr')!;

afterEach(() => vi.unstubAllGlobals());

describe('outbound serial and batch pickers', () => {
  it('serials picked from stock set the quantity, a changed quantity stops the save; a batch brings its expiry and stock', async () => {
    const api = backend();
    const onSaved = await openForm();
    await scan('1000005', 1);
    await scan('1000008', 2);
    expect(cell('序列号 2').disabled).toBe(true);
    expect(cell('批号 1').disabled).toBe(true);

    // Keyboard first: the Enter walk reaches the picker cell and Enter opens its picker.
    cell('条码 1').focus();
    fireEvent.keyDown(cell('条码 1'), { key: 'Enter' });
    await waitFor(() => expect(document.activeElement).toBe(cell('序列号 1')));
    fireEvent.keyDown(cell('序列号 1'), { key: 'Enter' });
    await screen.findByText('PF3XK2A1', { selector: '.bill-sn-stock td' });
    expect(api.callsTo('POST /serialNumber/getEnableSerialNumberList')[0]!.body).toEqual({
      name: '',
      depotItemId: '',
      depotId: 14,
      barCode: '1000005',
      page: 1,
      rows: 10,
    });
    fireEvent.click(linkNamed('选中', pickerRow('PF3XK2A1')));
    fireEvent.click(linkNamed('选中', pickerRow('PF3XK2A4')));
    fireEvent.click(linkNamed('选中', pickerRow('PF3XK2A1')));
    await screen.findByText('抱歉，此序列号已经选择过！');
    // A scanned number found alone is chosen at once; an unknown one is named.
    const search = screen.getByPlaceholderText('多个序列号用逗号隔开');
    fireEvent.change(search, { target: { value: 'PF3XK2A3' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(screen.getByText('已选中共3条')).toBeTruthy());
    fireEvent.change(search, { target: { value: 'PF3XK2A1，NOPE9' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await screen.findByText('未查询到的序列号：NOPE9');
    fireEvent.click(buttonNamed('确定'));
    await waitFor(() => expect(cell('序列号 1').value).toBe('PF3XK2A1,PF3XK2A4,PF3XK2A3'));
    expect(cell('数量 1').value).toBe('3');
    await waitFor(() => expect(document.activeElement).toBe(cell('数量 1')));
    expect(cell('金额 1').value).toBe('15000');

    fireEvent.click(cell('批号 2'));
    await screen.findByText('2027-06-30');
    const batchQuery = api.callsTo('GET /depotItem/getBatchNumberList')[0]!.query;
    expect([
      batchQuery.get('name'),
      batchQuery.get('depotItemId'),
      batchQuery.get('depotId'),
      batchQuery.get('barCode'),
    ]).toEqual(['', '', '14', '1000008']);
    fireEvent.click(linkNamed('选择', screen.getByText('B-1').closest('tr')!));
    await waitFor(() => expect(cell('批号 2').value).toBe('B-1'));
    expect(cell('有效期 2').value).toBe('2027-01-31');
    expect(cell('数量 2').value).toBe('4');
    await waitFor(() => expect(document.activeElement).toBe(cell('数量 2')));

    fireEvent.change(cell('数量 1'), { target: { value: '2' } });
    fireEvent.keyDown(cell('数量 1'), { key: 's', ctrlKey: true });
    await screen.findByText('抱歉，商品条码:1000005的数量与序列号不一致');
    expect(api.callsTo('POST /depotHead/addDepotHeadAndDetail')).toHaveLength(0);

    fireEvent.change(cell('数量 1'), { target: { value: '3' } });
    fireEvent.keyDown(cell('数量 1'), { key: 's', ctrlKey: true });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const rows = JSON.parse(
      (api.callsTo('POST /depotHead/addDepotHeadAndDetail')[0]!.body as { rows: string }).rows,
    ) as unknown[];
    expect(rows).toMatchObject([
      { barCode: '1000005', operNumber: 3, snList: 'PF3XK2A1,PF3XK2A4,PF3XK2A3', batchNumber: '', depotId: '14' },
      { barCode: '1000008', operNumber: 4, snList: '', batchNumber: 'B-1', expirationDate: '2027-01-31' },
    ]);
  });

  it('a scanned serial number is a line of its product carrying it; the same number again is refused', async () => {
    backend();
    await openForm();
    await scan('PF3XK2A3', 1);
    expect(cell('条码 1').value).toBe('1000005');
    expect(cell('序列号 1').value).toBe('PF3XK2A3');
    await scan('PF3XK2A4', 2);
    expect([cell('序列号 2').value, cell('数量 2').value]).toEqual(['PF3XK2A4', '1']);
    typeScan('PF3XK2A3');
    await screen.findByText('抱歉，已经扫描过该序列号！');
    expect(cell('条码 3')).toBeNull();
    // The product's own barcode still counts up its first line.
    await scan('1000005', 1);
    expect(cell('数量 1').value).toBe('2');
  });

  it('出入库管理 leaves a sale’s serial and batch numbers to the 其它 bills: no picker there, as in the original', async () => {
    backend({ inOutManageFlag: '1' });
    await openForm('saleOut');
    await scan('1000005', 1);
    await scan('1000008', 2);
    // No line needs them here, so the grid spends no room on them: the columns are not shown at all.
    expect([
      document.querySelector('[aria-label="序列号 1"]'),
      document.querySelector('[aria-label="批号 2"]'),
    ]).toEqual([null, null]);
    expect(Array.from(document.querySelectorAll('.bill-grid th')).map((th) => th.textContent)).not.toContain('序列号');
  });
});
