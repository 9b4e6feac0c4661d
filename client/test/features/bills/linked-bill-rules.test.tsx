// A stock bill taken over from another, and serial numbers typed on an inbound bill, over a scripted backend: a
// 采购入库 linked to its order keeps that order's supplier (the select is disabled) and lines — they can be
// deleted, none added (no scan field, no 插入行, barcodes read-only), also when such a bill is opened for 编辑; on
// a bill of its own all of that is open, and 编辑 of it may still take a 关联订单. Typing serial numbers (, or ，) makes the quantity their count.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BillTarget } from '../../../features/bills/form/bill-form';
import { type BillKindName } from '../../../features/bills/form/bill-form-kinds';
import { renderBillForm } from '../../helpers/bill-form';
import { scriptBackend } from '../../helpers/form-page';

const scanner = {
  mBarCode: '1000021',
  name: '条码扫描枪',
  standard: 'USB',
  model: 'SM-1',
  commodityUnit: '台',
  sku: null,
  billPrice: 120,
  taxRate: 0,
  taxMoney: 0,
  taxLastMoney: 120,
  stock: 3,
  depotId: 14,
  enableSerialNumber: '1',
  enableBatchNumber: '0',
};

function backend() {
  return scriptBackend({
    'GET /depotHead/list': () => ({
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
            materialsList: '条码扫描枪',
            discount: 0,
            changeAmount: 0,
            accountId: 17,
            remark: '',
            status: '1',
          },
        ],
      },
    }),
    'GET /depotItem/getDetailList': (call) =>
      call.query.get('headerId') === '421'
        ? {
            code: 200,
            data: {
              total: 1,
              rows: [
                {
                  id: 921,
                  barCode: '1000002',
                  name: '卷尺',
                  unit: '个',
                  depotId: '14',
                  operNumber: 5,
                  unitPrice: 12,
                  taxRate: 0,
                  enableSerialNumber: '0',
                  enableBatchNumber: '0',
                },
              ],
            },
          }
        : {
            code: 200,
            data: {
              total: 1,
              rows: [
                {
                  id: 911,
                  barCode: '1000021',
                  name: '条码扫描枪',
                  unit: '台',
                  depotId: '14',
                  operNumber: 2,
                  preNumber: 2,
                  finishNumber: 0,
                  unitPrice: 120,
                  taxRate: 0,
                  enableSerialNumber: '1',
                  enableBatchNumber: '0',
                },
              ],
            },
          },
    'GET /depotHead/getDetailByNumber': (call) =>
      call.query.get('number') === 'CGRK00000000421'
        ? {
            code: 200,
            data: {
              id: 421,
              number: 'CGRK00000000421',
              type: '入库',
              subType: '采购',
              organId: 57,
              accountId: 17,
              linkNumber: '',
              operTimeStr: '2026-11-22 11:00:00',
              changeAmount: -60,
              discountLastMoney: 60,
              status: '0',
              fileName: '',
            },
          }
        : {
            code: 200,
            data: {
              id: 420,
              number: 'CGRK00000000420',
              type: '入库',
              subType: '采购',
              organId: 57,
              accountId: 17,
              linkNumber: 'CGDD00000000410',
              operTimeStr: '2026-11-22 10:00:00',
              changeAmount: -240,
              discountLastMoney: 240,
              status: '0',
              fileName: '',
            },
          },
    'PUT /depotHead/updateDepotHeadAndDetail': () => ({ code: 200, msg: '操作成功' }),
    'POST /supplier/findBySelect_sup': () => [{ id: 57, supplier: '上海世达工具有限公司' }],
    'GET /depot/findDepotByCurrentUser': () => ({
      code: 200,
      data: [{ id: 14, depotName: '总仓库', isDefault: true }],
    }),
    'GET /account/getAccount': () => ({
      code: 200,
      data: { accountList: [{ id: 17, name: '现金', isDefault: true }] },
    }),
    'GET /systemConfig/getCurrentInfo': () => ({ code: 200, data: {} }),
    'GET /sequence/buildNumber': () => ({ code: 200, data: { defaultNumber: '00000000673' } }),
    'GET /material/getMaterialByBarCode': (call) => ({
      code: 200,
      data: call.query.get('barCode') === '1000021' ? [scanner] : [],
    }),
  });
}

const cell = (name: string) => document.querySelector<HTMLInputElement>(`.bill-grid [aria-label="${name}"]`);
const partySelect = () => document.querySelector('.ant-select')!;

async function openForm(kindName: BillKindName, target: BillTarget, number: string) {
  renderBillForm(kindName, { target });
  await screen.findByDisplayValue(number);
}

afterEach(() => vi.unstubAllGlobals());

describe('linked bills and typed serial numbers', () => {
  it('a 采购入库 taken from its order keeps the supplier and takes no new line; deleting one still works', async () => {
    backend();
    await openForm('purchaseIn', { mode: 'add' }, 'CGRK00000000673');
    // A bill of its own: every way of adding a line is there.
    expect(screen.getByPlaceholderText('扫描或输入条码后回车')).toBeTruthy();
    expect(screen.getByRole('button', { name: /插入行/ })).toBeTruthy();
    expect(cell('条码 1')?.readOnly).toBe(false);
    expect(partySelect().className).not.toContain('disabled');

    fireEvent.click(screen.getByRole('button', { name: '选择单据' }));
    const offered = await screen.findByRole('table', { name: '选择单据' });
    fireEvent.click(await within(offered).findByRole('button', { name: /选\s*择/ }));
    await waitFor(() => expect(cell('数量 1')?.value).toBe('2'));
    expect(screen.queryByPlaceholderText('扫描或输入条码后回车')).toBeNull();
    expect(screen.queryByRole('button', { name: /插入行/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '选择商品' })).toBeNull();
    expect(cell('条码 1')?.readOnly).toBe(true);
    expect(partySelect().className).toContain('disabled');
    // Enter in the last cell walks on instead of adding a line.
    fireEvent.keyDown(cell('备注 1')!, { key: 'Enter' });
    expect(cell('条码 2')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '删除行 1' }));
    await waitFor(() => expect(screen.queryByText('条码扫描枪')).toBeNull());
  });

  it('编辑 of a linked 采购入库 opens with the same locks', async () => {
    backend();
    await openForm('purchaseIn', { mode: 'edit', row: { number: 'CGRK00000000420' } }, 'CGRK00000000420');
    await waitFor(() => expect(cell('数量 1')?.value).toBe('2'));
    expect(screen.getByDisplayValue('CGDD00000000410')).toBeTruthy();
    expect(screen.queryByPlaceholderText('扫描或输入条码后回车')).toBeNull();
    expect(screen.queryByRole('button', { name: /插入行/ })).toBeNull();
    expect(cell('条码 1')?.readOnly).toBe(true);
    expect(partySelect().className).toContain('disabled');
  });

  it("编辑 of a bill of its own takes a 关联订单 as 新增 does: the order's lines replace its own, sent with the link", async () => {
    const api = backend();
    await openForm('purchaseIn', { mode: 'edit', row: { number: 'CGRK00000000421' } }, 'CGRK00000000421');
    await waitFor(() => expect(cell('数量 1')?.value).toBe('5'));
    expect(partySelect().className).not.toContain('disabled');
    fireEvent.click(screen.getByRole('button', { name: '选择单据' }));
    const offered = await screen.findByRole('table', { name: '选择单据' });
    fireEvent.click(await within(offered).findByRole('button', { name: /选\s*择/ }));
    await waitFor(() => expect(cell('条码 1')?.value).toBe('1000021'));
    expect(cell('数量 1')?.value).toBe('2');
    expect(cell('条码 2')).toBeNull();
    expect(screen.getByDisplayValue('CGDD00000000410')).toBeTruthy();
    expect(partySelect().className).toContain('disabled');
    fireEvent.change(cell('序列号 1')!, { target: { value: 'SN101,SN102' } });
    fireEvent.keyDown(cell('数量 1')!, { key: 's', ctrlKey: true });
    await waitFor(() => expect(api.callsTo('PUT /depotHead/updateDepotHeadAndDetail')).toHaveLength(1));
    const body = api.callsTo('PUT /depotHead/updateDepotHeadAndDetail')[0]!.body as { info: string; rows: string };
    const info = JSON.parse(body.info) as { id: number; linkNumber: string };
    expect([info.id, info.linkNumber]).toEqual([421, 'CGDD00000000410']);
    expect(
      (JSON.parse(body.rows) as { barCode: string; operNumber: number; linkId: string }[]).map((r) => [
        r.barCode,
        r.operNumber,
        r.linkId,
      ]),
    ).toEqual([['1000021', 2, '911']]);
  });

  it('typed serial numbers on an inbound line set its quantity to their count, and the amount follows', async () => {
    backend();
    await openForm('purchaseIn', { mode: 'add' }, 'CGRK00000000673');
    const scan = screen.getByPlaceholderText('扫描或输入条码后回车');
    fireEvent.change(scan, { target: { value: '1000021' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    await waitFor(() => expect(cell('数量 1')?.value).toBe('1'));
    fireEvent.change(cell('序列号 1')!, { target: { value: 'SN001,SN002，SN003' } });
    await waitFor(() => expect(cell('数量 1')?.value).toBe('3'));
    expect(cell('序列号 1')?.value).toBe('SN001,SN002，SN003');
    expect(cell('金额 1')?.value).toBe('360');
    // While the next number is being typed (trailing comma) the count is of the numbers already there.
    fireEvent.change(cell('序列号 1')!, { target: { value: 'SN001,SN002,' } });
    await waitFor(() => expect(cell('数量 1')?.value).toBe('2'));
    expect(cell('序列号 1')?.value).toBe('SN001,SN002,');
  });
});
