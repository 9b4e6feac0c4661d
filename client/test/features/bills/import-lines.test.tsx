// 导入明细 in the bill form (the original's ImportItemModal): the kind's template, the .xls sent with the bill's
// prefixNo to /depotItem/importItemExcel, the lines the backend answers replacing the form's (totals and money block
// recomputed); a refusal shows the backend's message and keeps the dialog and the lines.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billFormKind } from '../../../features/bills/form/bill-form-kinds';
import { renderBillForm } from '../../helpers/bill-form';
import { buttonNamed, queryButton, scriptBackend, shownMessages, type Handler } from '../../helpers/form-page';

afterEach(() => vi.unstubAllGlobals());

/** Two lines as DepotItemService.parseMapByExcelData answers them (CGRK: with their depot). */
const IMPORTED = [
  {
    depotName: '总仓库',
    depotId: 14,
    barCode: '1000001',
    name: '螺丝刀套装',
    standard: '12件套',
    model: 'LS-12',
    stock: 52,
    unit: '套',
    operNumber: 2,
    unitPrice: 45,
    allPrice: 90,
    taxRate: 13,
    taxMoney: 11.7,
    taxLastMoney: 101.7,
    remark: '急',
  },
  {
    barCode: '1000003',
    name: 'A4复印纸',
    standard: '70g 500张',
    stock: 141,
    unit: '包',
    operNumber: 10,
    unitPrice: 18,
    allPrice: 180,
    taxRate: 0,
    taxMoney: 0,
    taxLastMoney: 180,
    remark: null,
  },
];

function backend(importAnswer: Handler) {
  return scriptBackend({
    'POST /supplier/findBySelect_sup': () => [{ id: 57, supplier: '上海世达工具有限公司' }],
    'GET /depot/findDepotByCurrentUser': () => ({
      code: 200,
      data: [
        { id: 14, depotName: '总仓库', isDefault: false },
        { id: 15, depotName: '东区仓库', isDefault: true },
      ],
    }),
    'GET /account/getAccount': () => ({
      code: 200,
      data: { accountList: [{ id: 17, name: '现金', isDefault: true }] },
    }),
    'GET /systemConfig/getCurrentInfo': () => ({ code: 200, data: { minusStockFlag: '1' } }),
    'GET /sequence/buildNumber': () => ({ code: 200, data: { defaultNumber: '00000000673' } }),
    'POST /depotItem/importItemExcel': importAnswer,
  });
}

async function openForm(kind: Parameters<typeof billFormKind>[0]) {
  renderBillForm(kind, { canAudit: true });
  await screen.findByPlaceholderText('扫描或输入条码后回车');
}

async function importDialog(): Promise<HTMLElement> {
  let dialog: HTMLElement | undefined;
  await waitFor(() => {
    dialog = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal')).find(
      (m) => m.querySelector('.ant-modal-title')?.textContent === '导入明细',
    );
    expect(dialog).toBeTruthy();
  });
  return dialog!;
}

const cell = (name: string) => document.querySelector<HTMLInputElement>(`.bill-grid [aria-label="${name}"]`)!;
const xls = (name: string) =>
  new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0])], name, { type: 'application/vnd.ms-excel' });

describe('导入明细', () => {
  it('采购入库: the template, the upload with prefixNo, the answered lines in the grid with their totals', async () => {
    let answer: Handler = () => ({ code: 500, data: { message: '抱歉，商品条码:2001在商品管理中不存在' } });
    const api = backend((call) => answer(call));
    await openForm('purchaseIn');
    fireEvent.click(buttonNamed('导入明细'));
    const dialog = await importDialog();
    expect(within(dialog).getByText('明细Excel模板[下载]').closest('a')?.getAttribute('href')).toBe(
      '/doc/buy_sale_item_template.xls',
    );
    fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files: [xls('lines.xls')] } });
    await waitFor(() => expect(shownMessages()).toContain('抱歉，商品条码:2001在商品管理中不存在'));
    const sent = api.callsTo('POST /depotItem/importItemExcel')[0]?.body as FormData;
    expect([sent.get('prefixNo'), (sent.get('file') as File).name]).toEqual(['CGRK', 'lines.xls']);
    expect(cell('条码 1').value).toBe('');
    expect(dialog.querySelector('input[type=file]')).toBeTruthy();

    answer = () => ({ code: 200, data: { rows: IMPORTED } });
    fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files: [xls('lines.xls')] } });
    await waitFor(() => expect(shownMessages()).toContain('导入成功2条'));
    await waitFor(() => expect(cell('条码 2')?.value).toBe('1000003'));
    expect([cell('条码 1').value, cell('数量 1').value, cell('单价 1').value, cell('金额 1').value]).toEqual([
      '1000001',
      '2',
      '45',
      '90',
    ]);
    expect(cell('数量 2').value).toBe('10');
    expect(document.querySelector('[data-total="taxLastMoney"]')?.textContent).toBe('281.7');
    // The answer's depot is kept; a line without one takes the default depot.
    const depot = (n: number) => document.querySelector<HTMLSelectElement>(`.bill-grid [aria-label="仓库名称 ${n}"]`)!;
    expect([depot(1).selectedOptions[0]?.textContent, depot(2).selectedOptions[0]?.textContent]).toEqual([
      '总仓库',
      '东区仓库',
    ]);
    await waitFor(() => expect(document.querySelector('.ant-modal-title')?.textContent).not.toBe('导入明细'));
  });

  it('采购订单 offers the order template; 采购退货 has no 导入明细', async () => {
    backend(() => ({ code: 200, data: { rows: [] } }));
    await openForm('purchaseOrder');
    fireEvent.click(buttonNamed('导入明细'));
    expect(
      within(await importDialog())
        .getByText('明细Excel模板[下载]')
        .closest('a')
        ?.getAttribute('href'),
    ).toBe('/doc/order_item_template.xls');
    vi.unstubAllGlobals();
    cleanup();
    backend(() => ({ code: 200, data: { rows: [] } }));
    await openForm('purchaseBack');
    expect(queryButton('导入明细')).toBeUndefined();
  });
});
