// 以销定购 over a scripted backend: with purchaseBySaleFlag on, the 采购订单 form offers 关联订单 beside 关联请购单,
// its picker lists the approved sale orders not yet wholly purchased, and the chosen one brings what is left to
// purchase of its lines (read with linkType=purchase) at purchase prices, sent as linkNumber only; the supplier stays
// to choose while the lines are locked. The 销售订单 list shows 采购进度 and offers 转采购订单-以销定购; with the
// flag off neither the field nor the column is there.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billListPage } from '../../../features/bills/bill-list-page';
import { rememberIntro } from '../../../lib/table/intro-cache';
import { storage, StorageKeys } from '../../../lib/storage';
import { render } from '../../helpers/render';
import { renderBillForm } from '../../helpers/bill-form';
import { linkNamed, queryLink, scriptBackend } from '../../helpers/form-page';
import { signIn } from '../../helpers/session';

const saleOrders = [
  {
    id: 501,
    number: 'XSDD00000000501',
    type: '其它',
    subType: '销售订单',
    organId: 58,
    organName: '北京华联商厦',
    status: '1',
    purchaseStatus: '3',
    operTimeStr: '2026-11-20 09:00:00',
    materialsList: '螺丝刀套装,A4复印纸',
  },
  {
    id: 502,
    number: 'XSDD00000000502',
    type: '其它',
    subType: '销售订单',
    organId: 58,
    organName: '北京华联商厦',
    status: '0',
    purchaseStatus: '0',
    operTimeStr: '2026-11-21 09:00:00',
    materialsList: '螺丝刀套装',
  },
];
// 501 is partly purchased: 4 of 10 screwdriver sets ordered from suppliers already, none of the paper.
const purchaseRows = [
  {
    id: 961,
    barCode: '1000001',
    name: '螺丝刀套装',
    unit: '套',
    operNumber: 10,
    preNumber: 10,
    finishNumber: 0,
    finishPurchaseNumber: 4,
    purchaseDecimal: 38,
  },
  {
    id: 962,
    barCode: '1000003',
    name: 'A4复印纸',
    unit: '包',
    operNumber: 20,
    preNumber: 20,
    finishNumber: 0,
    finishPurchaseNumber: 0,
    purchaseDecimal: 15.5,
  },
];

function backend(flag: '0' | '1') {
  return scriptBackend({
    'GET /depotHead/list': (call) => {
      const search = JSON.parse(call.query.get('search') ?? '{}') as { subType?: string; status?: string };
      const rows = search.status ? saleOrders.filter((o) => search.status!.split(',').includes(o.status)) : saleOrders;
      return { code: 200, data: { rows, total: rows.length } };
    },
    'POST /supplier/findBySelect_sup': () => [{ id: 57, supplier: '上海世达工具有限公司' }],
    'POST /supplier/findBySelect_cus': () => [{ id: 58, supplier: '北京华联商厦' }],
    'GET /depot/findDepotByCurrentUser': () => ({
      code: 200,
      data: [{ id: 14, depotName: '总仓库', isDefault: true }],
    }),
    'GET /user/getUserList': () => [],
    'GET /person/getPersonByNumType': () => [],
    'GET /account/getAccount': () => ({
      code: 200,
      data: { accountList: [{ id: 17, name: '现金', isDefault: true }] },
    }),
    'GET /systemConfig/getCurrentInfo': () => ({ code: 200, data: { purchaseBySaleFlag: flag } }),
    'GET /sequence/buildNumber': () => ({ code: 200, data: { defaultNumber: '00000000700' } }),
    'GET /depotItem/getDetailList': () => ({ code: 200, data: { total: 2, rows: purchaseRows } }),
    'POST /depotHead/addDepotHeadAndDetail': () => ({ code: 200, msg: '操作成功' }),
  });
}

const cell = (name: string) => document.querySelector<HTMLInputElement>(`.bill-grid [aria-label="${name}"]`);

async function openOrderForm() {
  const { onSaved } = renderBillForm('purchaseOrder');
  await screen.findByDisplayValue('CGDD00000000700');
  return onSaved;
}

/** The 销售订单 list for a user who may add both 销售订单 and 采购订单. */
function renderSaleOrderList() {
  rememberIntro(storage, 'XSDD', 1);
  storage.set(StorageKeys.buttonPermissions, [
    { url: '/bill/sale_order', btnStr: '1' },
    { url: '/bill/purchase_order', btnStr: '1' },
  ]);
  signIn();
  const SaleOrderList = billListPage('saleOrder');
  return render(
    <App>
      <SaleOrderList />
    </App>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('以销定购', () => {
  it('关联订单: the chosen sale order gives what is left to purchase at purchase prices, locks its lines and is sent as linkNumber', async () => {
    const api = backend('1');
    const onSaved = await openOrderForm();
    expect(screen.getByLabelText('关联请购单')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '请选择关联销售订单' }));
    const offered = await screen.findByRole('table', { name: '选择单据' });
    const order = await within(offered).findByText('XSDD00000000501');
    expect(JSON.parse(api.callsTo('GET /depotHead/list').at(-1)!.query.get('search')!)).toEqual({
      type: '其它',
      subType: '销售订单',
      status: '1,3',
      purchaseStatus: '0,3',
    });
    expect(within(offered).queryByText('XSDD00000000502')).toBeNull();
    expect(order.closest('tr')!.textContent).toContain('部分采购');
    fireEvent.click(linkNamed('选择', order.closest('tr')!));
    await waitFor(() => expect(cell('数量 1')?.value).toBe('6'));
    const detail = api.callsTo('GET /depotItem/getDetailList').at(-1)!.query;
    expect([detail.get('headerId'), detail.get('linkType')]).toEqual(['501', 'purchase']);
    expect([cell('数量 2')?.value, cell('单价 1')?.value, cell('单价 2')?.value, cell('税率(%) 1')?.value]).toEqual([
      '20',
      '38',
      '15.5',
      '0',
    ]);
    expect(screen.getByLabelText('关联订单')).toHaveProperty('value', 'XSDD00000000501');
    expect(screen.getByLabelText('关联请购单')).toHaveProperty('value', '');
    // 6 × 38 + 20 × 15.5, no tax
    expect(document.querySelector('[data-total="taxLastMoney"]')?.textContent).toBe('538');

    // Taken over: lines can go but none come (no scan, no add, barcodes read-only); the supplier is still to choose.
    expect(screen.queryByPlaceholderText('扫描或输入条码后回车')).toBeNull();
    expect(screen.queryByRole('button', { name: /插入行/ })).toBeNull();
    expect(cell('条码 1')?.readOnly).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '删除行 2' }));
    await waitFor(() => expect(cell('数量 2')).toBeNull());
    const select = document.querySelector('.ant-select')!;
    expect(select.className).not.toContain('disabled');
    fireEvent.mouseDown(select.querySelector('input') ?? select);
    fireEvent.click(await screen.findByText('上海世达工具有限公司', { selector: '.ant-select-item-option-content' }));

    fireEvent.keyDown(cell('数量 1')!, { key: 's', ctrlKey: true });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const sent = api.callsTo('POST /depotHead/addDepotHeadAndDetail')[0]!.body as { info: string; rows: string };
    const info = JSON.parse(sent.info) as Record<string, unknown>;
    expect(info).toMatchObject({ subType: '采购订单', linkNumber: 'XSDD00000000501', organId: 57, totalPrice: -228 });
    expect(info.linkApply ?? '').toBe('');
    expect(JSON.parse(sent.rows)).toMatchObject([
      {
        barCode: '1000001',
        operNumber: 6,
        unitPrice: 38,
        taxRate: 0,
        linkId: '961',
        preNumber: '10',
        finishNumber: '4',
      },
    ]);
  });

  it('with 以销定购 off the 采购订单 form has no 关联订单', async () => {
    backend('0');
    await openOrderForm();
    expect(screen.getByLabelText('关联请购单')).toBeTruthy();
    expect(screen.queryByLabelText('关联订单')).toBeNull();
    expect(screen.queryByRole('button', { name: '请选择关联销售订单' })).toBeNull();
  });

  it("the 销售订单 list shows 采购进度 in the original's words and offers 转采购订单-以销定购 only with the flag on", async () => {
    backend('1');
    const { unmount } = renderSaleOrderList();
    const row = (await screen.findByText('XSDD00000000501')).closest('tr')!;
    const headers = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
    const progress = headers.indexOf('采购进度');
    expect(progress).toBeGreaterThan(-1);
    expect(row.querySelectorAll('td')[progress]?.textContent).toBe('部分采购');
    expect(screen.getByText('XSDD00000000502').closest('tr')!.querySelectorAll('td')[progress]?.textContent).toBe(
      '未采购',
    );

    // An unapproved order cannot be taken over; an approved one opens a 采购订单 already linked.
    fireEvent.click(linkNamed('转采购订单-以销定购', screen.getByText('XSDD00000000502').closest('tr')!));
    await screen.findByText('该状态不能转采购订单-以销定购！');
    fireEvent.click(linkNamed('转采购订单-以销定购', row));
    await waitFor(() => expect(cell('数量 1')?.value).toBe('6'));
    expect(screen.getByLabelText('关联订单')).toHaveProperty('value', 'XSDD00000000501');
    unmount();
  });

  it('with 以销定购 off the 销售订单 list has neither 采购进度 nor 转采购订单-以销定购', async () => {
    backend('0');
    renderSaleOrderList();
    const row = (await screen.findByText('XSDD00000000501')).closest('tr')!;
    expect(Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent)).not.toContain('采购进度');
    expect(queryLink('转采购订单-以销定购', row)).toBeUndefined();
    expect(queryLink('编辑', row)).toBeTruthy();
  });
});
