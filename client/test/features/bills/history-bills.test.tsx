// 历史单据 as the original's HistoryBillList: on a 采购入库 form it lists the 采购入库 bills of the supplier chosen on
// the form (/depotHead/list, type 入库 / subType 采购 / organId), searched by 商品 and 单号; a bill number opens its
// 查看 with the lines. Forms the original gives no 历史单据 (采购退货) have none.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billFormKind, type BillKindName } from '../../../features/bills/form/bill-form-kinds';
import { renderBillForm } from '../../helpers/bill-form';
import { buttonNamed, queryButton, scriptBackend } from '../../helpers/form-page';

const past = [
  {
    id: 306,
    number: 'CGRK00000000306',
    organId: 57,
    organName: '上海世达工具有限公司',
    materialsList: '螺丝刀套装,卷尺',
    operTimeStr: '2026-11-15 10:00:00',
    userName: 'jsh',
    materialCount: 12,
    totalPrice: 560,
    discountMoney: 10,
    discountLastMoney: 550,
    status: '1',
  },
];

function backend() {
  return scriptBackend({
    'POST /supplier/findBySelect_sup': () => [
      { id: 57, supplier: '上海世达工具有限公司' },
      { id: 60, supplier: '广州安盾劳保用品厂' },
    ],
    'GET /depot/findDepotByCurrentUser': () => ({
      code: 200,
      data: [{ id: 14, depotName: '总仓库', isDefault: true }],
    }),
    'GET /account/getAccount': () => ({
      code: 200,
      data: { accountList: [{ id: 17, name: '现金', isDefault: true }] },
    }),
    'GET /systemConfig/getCurrentInfo': () => ({ code: 200, data: { companyName: '示例公司' } }),
    'GET /sequence/buildNumber': () => ({ code: 200, data: { defaultNumber: '00000000801' } }),
    'GET /depotHead/list': () => ({ code: 200, data: { rows: past, total: 1 } }),
    'GET /depotHead/getDetailByNumber': () => ({
      code: 200,
      data: {
        ...past[0],
        defaultNumber: 'CGRK00000000306',
        accountId: 17,
        changeAmount: -550,
        otherMoney: 0,
        deposit: 0,
        discount: 0,
        remark: '',
        creatorName: 'jsh',
      },
    }),
    'GET /depotItem/getDetailList': () => ({
      code: 200,
      data: {
        total: 1,
        rows: [
          {
            id: 931,
            barCode: '1000001',
            name: '螺丝刀套装',
            unit: '套',
            depotId: 14,
            depotName: '总仓库',
            operNumber: 10,
            unitPrice: 45,
            allPrice: 450,
            taxRate: 0,
            taxMoney: 0,
            taxLastMoney: 450,
          },
        ],
      },
    }),
  });
}

async function openForm(name: BillKindName) {
  renderBillForm(name);
  await screen.findByDisplayValue(`${billFormKind(name).prefixNo}00000000801`);
}

const lastSearch = (api: ReturnType<typeof backend>) =>
  JSON.parse(api.callsTo('GET /depotHead/list').at(-1)!.query.get('search')!) as Record<string, unknown>;

afterEach(() => vi.unstubAllGlobals());

describe('历史单据', () => {
  it("lists the kind's bills of the chosen supplier, searches by 商品, and opens a bill's 查看", async () => {
    const api = backend();
    await openForm('purchaseIn');
    const select = document.querySelector('.ant-select')!;
    fireEvent.mouseDown(select.querySelector('input') ?? select);
    fireEvent.click(await screen.findByText('上海世达工具有限公司', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(buttonNamed('历史单据'));
    const table = await screen.findByTestId('history-bills');
    await within(table).findByText('CGRK00000000306');
    expect(lastSearch(api)).toMatchObject({ type: '入库', subType: '采购', organId: '57' });
    const row = within(table).getByText('CGRK00000000306').closest('tr')!;
    expect(row.textContent).toContain('螺丝刀套装，卷尺');
    expect(row.textContent).toContain('560.00'); // 含税合计: 优惠 10 + 优惠后 550, as the original
    expect(row.textContent).toContain('已审核');

    const dialog = table.closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(dialog).getByPlaceholderText('条码|名称|规格|型号'), { target: { value: '螺丝刀' } });
    fireEvent.click(buttonNamed('查询', dialog));
    await waitFor(() =>
      expect(lastSearch(api)).toMatchObject({ type: '入库', subType: '采购', organId: '57', materialParam: '螺丝刀' }),
    );

    fireEvent.click(within(table).getByText('CGRK00000000306'));
    await waitFor(() => expect(document.querySelector('.bill-detail')?.textContent).toContain('螺丝刀套装'));
    expect(api.callsTo('GET /depotHead/getDetailByNumber').at(-1)!.query.get('number')).toBe('CGRK00000000306');
  });

  it('is not on the forms the original gives none', async () => {
    backend();
    await openForm('purchaseBack');
    expect(queryButton('历史单据')).toBeUndefined();
  });
});
