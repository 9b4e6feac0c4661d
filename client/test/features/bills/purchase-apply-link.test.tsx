// 请购单 → 采购订单 over a scripted backend: the order's 关联请购单 picker lists approved or partly ordered 请购单,
// the chosen one brings what is left of its lines at the products' purchase prices and is sent as linkApply (never
// with linkNumber); the 请购单 list's 转采购订单 opens a new order already linked, refuses other statuses with the
// original's words, and is offered only to users who may add 采购订单. The order list shows the link it keeps.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billListPage } from '../../../features/bills/bill-list-page';
import { rememberIntro } from '../../../lib/table/intro-cache';
import { storage, StorageKeys } from '../../../lib/storage';
import { render } from '../../helpers/render';
import { renderBillForm } from '../../helpers/bill-form';
import { linkNamed, queryLink, scriptBackend } from '../../helpers/form-page';
import { signIn } from '../../helpers/session';

const applies = [
  {
    id: 401,
    number: 'QGD00000000401',
    subType: '请购单',
    organId: null,
    status: '3',
    operTimeStr: '2026-11-20 09:00:00',
    materialsList: '安全帽,劳保手套',
  },
  {
    id: 402,
    number: 'QGD00000000402',
    subType: '请购单',
    organId: null,
    status: '0',
    operTimeStr: '2026-11-22 09:00:00',
    materialsList: '安全帽',
  },
];
// 401 is partly ordered: 12 of 30 helmets already, none of the gloves; the chair line is done.
const applyLines = [
  {
    id: 951,
    barCode: '1000007',
    name: '安全帽',
    unit: '个',
    operNumber: 30,
    preNumber: 30,
    finishNumber: 12,
    purchaseDecimal: 25,
    unitPrice: null,
  },
  {
    id: 952,
    barCode: '1000008',
    name: '劳保手套',
    unit: '双',
    operNumber: 40,
    preNumber: 40,
    finishNumber: 0,
    purchaseDecimal: 3.5,
    unitPrice: null,
  },
  {
    id: 953,
    barCode: '1000009',
    name: '折叠椅',
    unit: '把',
    operNumber: 5,
    preNumber: 5,
    finishNumber: 5,
    purchaseDecimal: 60,
    unitPrice: null,
  },
];

function backend() {
  return scriptBackend({
    'GET /depotHead/list': (call) => ({
      code: 200,
      data: {
        rows: applies.filter(
          (a) =>
            (JSON.parse(call.query.get('search') ?? '{}') as { status?: string }).status
              ?.split(',')
              .includes(a.status) ?? true,
        ),
        total: 2,
      },
    }),
    'POST /supplier/findBySelect_sup': () => [{ id: 60, supplier: '广州安盾劳保用品厂' }],
    'GET /depot/findDepotByCurrentUser': () => ({
      code: 200,
      data: [{ id: 15, depotName: '东区仓库', isDefault: true }],
    }),
    'GET /user/getUserList': () => [],
    'GET /account/getAccount': () => ({
      code: 200,
      data: { accountList: [{ id: 17, name: '现金', isDefault: true }] },
    }),
    'GET /systemConfig/getCurrentInfo': () => ({ code: 200, data: {} }),
    'GET /sequence/buildNumber': () => ({ code: 200, data: { defaultNumber: '00000000690' } }),
    'GET /depotItem/getDetailList': () => ({ code: 200, data: { total: 3, rows: applyLines } }),
    'POST /depotHead/addDepotHeadAndDetail': () => ({ code: 200, msg: '操作成功' }),
  });
}

const quantity = (n: number) => document.querySelector<HTMLInputElement>(`[aria-label="数量 ${n}"]`)?.value;
const price = (n: number) => document.querySelector<HTMLInputElement>(`[aria-label="单价 ${n}"]`)?.value;

afterEach(() => vi.unstubAllGlobals());

describe('请购单 → 采购订单', () => {
  it('关联请购单: the chosen 请购单 gives what is left of its lines at purchase prices and is sent as linkApply', async () => {
    const api = backend();
    const { onSaved } = renderBillForm('purchaseOrder');
    await screen.findByDisplayValue('CGDD00000000690');
    fireEvent.click(screen.getByLabelText('选择单据'));
    await screen.findByText('QGD00000000401');
    expect(JSON.parse(api.callsTo('GET /depotHead/list').at(-1)!.query.get('search')!)).toEqual({
      type: '其它',
      subType: '请购单',
      status: '1,3',
    });
    expect(screen.queryByText('QGD00000000402')).toBeNull();
    fireEvent.click(linkNamed('选择', screen.getByText('QGD00000000401').closest('tr')!));
    await waitFor(() => expect(quantity(1)).toBe('18'));
    expect(api.callsTo('GET /depotItem/getDetailList').at(-1)?.query.get('headerId')).toBe('401');
    expect([quantity(2), price(1), price(2)]).toEqual(['40', '25', '3.5']);
    expect(quantity(3)).toBeUndefined();
    expect(screen.getByLabelText('关联请购单')).toHaveProperty('value', 'QGD00000000401');
    // 18 × 25 + 40 × 3.5, no tax
    expect(document.querySelector('[data-total="taxLastMoney"]')?.textContent).toBe('590');

    const select = document.querySelector('.ant-select')!;
    fireEvent.mouseDown(select.querySelector('input') ?? select);
    fireEvent.click(await screen.findByText('广州安盾劳保用品厂', { selector: '.ant-select-item-option-content' }));
    fireEvent.keyDown(screen.getByLabelText('数量 1'), { key: 's', ctrlKey: true });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const sent = api.callsTo('POST /depotHead/addDepotHeadAndDetail')[0]!.body as { info: string; rows: string };
    const info = JSON.parse(sent.info) as Record<string, unknown>;
    expect(info).toMatchObject({
      type: '其它',
      subType: '采购订单',
      linkApply: 'QGD00000000401',
      organId: 60,
      totalPrice: -590,
    });
    expect(info).not.toHaveProperty('linkNumber');
    expect(JSON.parse(sent.rows)).toMatchObject([
      {
        barCode: '1000007',
        operNumber: 18,
        unitPrice: 25,
        taxRate: 0,
        linkId: '951',
        preNumber: '30',
        finishNumber: '12',
        depotId: '',
      },
      { barCode: '1000008', operNumber: 40, unitPrice: 3.5, linkId: '952', preNumber: '40', finishNumber: '0' },
    ]);
  });

  it('转采购订单 on the 请购单 list: refused unless approved or partly ordered; else a new order linked to it; hidden without the order page’s edit code', async () => {
    backend();
    rememberIntro(storage, 'QGD', 1);
    storage.set(StorageKeys.buttonPermissions, [
      { url: '/bill/purchase_apply', btnStr: '1' },
      { url: '/bill/purchase_order', btnStr: '1' },
    ]);
    signIn();
    const PurchaseApplyList = billListPage('purchaseApply');
    const { unmount } = render(
      <App>
        <PurchaseApplyList />
      </App>,
    );
    await screen.findByText('QGD00000000402');
    fireEvent.click(linkNamed('转采购订单', screen.getByText('QGD00000000402').closest('tr')!));
    await screen.findByText('该状态不能转采购订单！');
    expect(screen.queryByDisplayValue('CGDD00000000690')).toBeNull();

    fireEvent.click(linkNamed('转采购订单', screen.getByText('QGD00000000401').closest('tr')!));
    await screen.findByDisplayValue('CGDD00000000690');
    await waitFor(() => expect(quantity(1)).toBe('18'));
    expect(screen.getByText('采购订单-新增')).toBeTruthy();
    expect(screen.getByLabelText('关联请购单')).toHaveProperty('value', 'QGD00000000401');
    expect(document.querySelector('[data-total="taxLastMoney"]')?.textContent).toBe('590');
    expect(document.querySelector<HTMLInputElement>('input#discountLastMoney')?.value).toBe('590');
    unmount();

    storage.set(StorageKeys.buttonPermissions, [
      { url: '/bill/purchase_apply', btnStr: '1' },
      { url: '/bill/purchase_order', btnStr: '3' },
    ]);
    render(
      <App>
        <PurchaseApplyList />
      </App>,
    );
    await screen.findByText('QGD00000000401');
    expect(queryLink('编辑', screen.getByText('QGD00000000401').closest('tr')!)).toBeTruthy();
    expect(queryLink('转采购订单', screen.getByText('QGD00000000401').closest('tr')!)).toBeUndefined();
  });

  it('the 采购订单 list shows the linked 请购单 under 关联请购单', async () => {
    const api = backend();
    api.answer('GET /depotHead/list', () => ({
      code: 200,
      data: {
        total: 1,
        rows: [
          {
            id: 420,
            number: 'CGDD00000000420',
            organName: '广州安盾劳保用品厂',
            linkApply: 'QGD00000000401',
            linkNumber: null,
            status: '0',
            operTimeStr: '2026-11-23 09:00:00',
          },
        ],
      },
    }));
    rememberIntro(storage, 'CGDD', 1);
    storage.set(StorageKeys.buttonPermissions, [{ url: '/bill/purchase_order', btnStr: '1' }]);
    signIn();
    const PurchaseOrderList = billListPage('purchaseOrder');
    render(
      <App>
        <PurchaseOrderList />
      </App>,
    );
    const row = (await screen.findByText('CGDD00000000420')).closest('tr')!;
    const headers = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
    const cells = Array.from(row.querySelectorAll('td')).map((td) => td.textContent);
    expect(cells[headers.indexOf('关联请购单')]).toBe('QGD00000000401');
  });
});
