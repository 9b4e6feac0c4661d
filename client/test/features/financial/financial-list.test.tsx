// The bill form from the list, as a user meets it: 新增 with a fresh number and the default account, 编辑 reading
// the bill back exactly (and refused on an audited bill), the button codes, 查看 with 打印 opening the shared sheet's preview.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { financialListView } from '../../../features/financial/components/financial-list';
import { FINANCIAL_KINDS } from '../../../features/financial/financial-spec';
import { storage } from '../../../lib/storage';
import { rememberIntro } from '../../../lib/table/intro-cache';
import {
  dialogGone,
  formDialog,
  holdButtons,
  linkNamed,
  listOf,
  queryButton,
  queryLink,
  rowWith,
  scriptBackend,
  shownMessages,
  type Backend,
  type Handler,
} from '../../helpers/form-page';
import { render } from '../../helpers/render';
import { address, BrowserBar } from '../../helpers/browser-bar';
import { signIn } from '../../helpers/session';
import { button, byLabel, chosen, infoOf, modalWith, optionRoutes, rowsOf, saved, type } from './financial-test-kit';

let backend: Backend;
afterEach(() => vi.unstubAllGlobals());

async function renderPage(
  name: keyof typeof FINANCIAL_KINDS,
  routes: Record<string, Handler>,
  btnStr = '1,2,7,3',
  address?: string,
) {
  backend = scriptBackend({ ...optionRoutes, ...routes });
  const kind = FINANCIAL_KINDS[name];
  holdButtons(kind.pageUrl, btnStr);
  rememberIntro(storage, kind.prefixNo, 1);
  signIn();
  const View = financialListView(name);
  render(
    address ? (
      <MemoryRouter initialEntries={['/dashboard/analysis', address]} initialIndex={1}>
        <App>
          <View />
          <BrowserBar />
        </App>
      </MemoryRouter>
    ) : (
      <App>
        <View />
      </App>
    ),
  );
  await waitFor(() => expect(document.querySelector('.table-page')?.getAttribute('aria-busy')).toBe('false'));
}

const moneyOutRows = [
  {
    id: 103,
    billNo: 'FK00000000103',
    type: '付款',
    status: '0',
    organName: '广州安盾劳保用品厂',
    totalPrice: 800,
    changeAmount: 800,
  },
  {
    id: 102,
    billNo: 'FK00000000102',
    type: '付款',
    status: '1',
    organName: '深圳联达数码科技有限公司',
    totalPrice: 6000,
    changeAmount: 6000,
  },
];
const moneyOutHead = {
  id: 103,
  billNo: 'FK00000000103',
  type: '付款',
  status: '0',
  organId: 60,
  organName: '广州安盾劳保用品厂',
  handsPersonId: 17,
  handsPersonName: '小赵',
  accountId: 17,
  accountName: '现金',
  totalPrice: 800,
  discountMoney: 0,
  changeAmount: 800,
  billTimeStr: '2026-11-22 15:00:00',
  remark: '',
  fileName: null,
  source: '0',
  creator: 63,
  tenantId: 63,
  deleteFlag: '0',
  userName: null,
};

describe('付款单 list', () => {
  it('新增 opens on a fresh number and the default account; 编辑 of an audited bill is refused; 编辑 reads the bill back and updates it', async () => {
    await renderPage('moneyOut', {
      'GET /accountHead/list': () => listOf(moneyOutRows),
      'GET /accountHead/getDetailByNumber': () => ({ code: 200, data: moneyOutHead }),
      'GET /accountItem/getDetailList': () => ({
        code: 200,
        data: {
          total: 1,
          rows: [
            {
              accountId: null,
              accountName: null,
              inOutItemId: null,
              inOutItemName: null,
              billNumber: 'QiChu',
              needDebt: 800,
              finishDebt: 0,
              eachAmount: 800,
              remark: '期初',
            },
          ],
        },
      }),
      'PUT /accountHead/updateAccountHeadAndDetail': () => saved,
    });
    fireEvent.click(button('新增'));
    let dialog = await formDialog();
    expect(byLabel(dialog, '单据编号')).toHaveValue('FK00000000673');
    await waitFor(() =>
      expect((byLabel(dialog, '单据日期') as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    );
    await waitFor(() => expect(chosen(dialog, '付款账户')).toContain('现金'));
    // Nothing changed: Esc closes without asking.
    fireEvent.keyDown(byLabel(dialog, '单据编号'), { key: 'Escape' });
    await dialogGone();

    fireEvent.click(linkNamed('编辑', rowWith('FK00000000102')));
    await waitFor(() => expect(shownMessages()).toContain('抱歉，只有未审核的单据才能编辑，请先进行反审核！'));
    expect(backend.callsTo('GET /accountHead/getDetailByNumber')).toHaveLength(0);

    fireEvent.click(linkNamed('编辑', rowWith('FK00000000103')));
    dialog = await formDialog();
    await waitFor(() => expect(byLabel(dialog, '单据编号')).toHaveValue('FK00000000103'));
    expect(backend.callsTo('GET /accountHead/getDetailByNumber')[0]!.query.get('billNo')).toBe('FK00000000103');
    expect(backend.callsTo('GET /accountItem/getDetailList')[0]!.query.get('headerId')).toBe('103');
    expect(byLabel(dialog, '单据日期')).toHaveValue('2026-11-22 15:00:00');
    expect(byLabel(dialog, '本次付款 1')).toHaveValue('800.00');
    expect(byLabel(dialog, '备注 1')).toHaveValue('期初');
    expect(dialog.textContent).toContain('QiChu');
    await waitFor(() => expect(chosen(dialog, '供应商')).toContain('广州安盾劳保用品厂'));
    expect(chosen(dialog, '财务人员')).toContain('小赵');
    expect(backend.callsTo('POST /supplier/findBySelect_sup').at(-1)!.body).toEqual({ organId: 60, limit: 1 });
    expect(byLabel(dialog, '实际付款')).toHaveValue('800.00');

    type(dialog, '本次付款 1', '600');
    fireEvent.click(button('保存（Ctrl+S）', dialog));
    await waitFor(() => expect(backend.callsTo('PUT /accountHead/updateAccountHeadAndDetail')).toHaveLength(1));
    const call = backend.callsTo('PUT /accountHead/updateAccountHeadAndDetail')[0]!;
    expect(infoOf(call)).toMatchObject({
      id: 103,
      billNo: 'FK00000000103',
      organId: 60,
      accountId: 17,
      handsPersonId: 17,
      type: '付款',
      totalPrice: -600,
      changeAmount: -600,
      discountMoney: 0,
      status: '0',
      billTime: '2026-11-22 15:00:00',
      source: '0',
    });
    expect(rowsOf(call)).toEqual([
      { billNumber: 'QiChu', needDebt: 800, finishDebt: 0, eachAmount: 600, remark: '期初' },
    ]);
    await dialogGone();
  });

  it('saved, the list is busy from the commit that removes the form until the reload sent with the save answers', async () => {
    let answerList: (() => void) | null = null;
    await renderPage('moneyOut', {
      'GET /accountHead/list': () => listOf(moneyOutRows),
      'GET /accountHead/getDetailByNumber': () => ({ code: 200, data: moneyOutHead }),
      'GET /accountItem/getDetailList': () => ({
        code: 200,
        data: { total: 1, rows: [{ billNumber: 'QiChu', needDebt: 800, finishDebt: 0, eachAmount: 800, remark: '' }] },
      }),
      'PUT /accountHead/updateAccountHeadAndDetail': () => saved,
    });
    // The reload sent with the save is held: the old rows stay on screen until it comes.
    backend.answer(
      'GET /accountHead/list',
      () => new Promise((resolve) => (answerList = () => resolve(listOf(moneyOutRows)))),
    );
    fireEvent.click(linkNamed('编辑', rowWith('FK00000000103')));
    const dialog = await formDialog();
    await waitFor(() => expect(byLabel(dialog, '本次付款 1')).toHaveValue('800.00'));
    type(dialog, '本次付款 1', '600');
    // Read in the commit that removes the form: the table's aria-busy then.
    let busyWhenClosed: string | null | undefined;
    const watch = new MutationObserver(() => {
      if (busyWhenClosed === undefined && !document.querySelector('.ant-modal:not(.ant-modal-confirm) form'))
        busyWhenClosed = document.querySelector('.table-page')?.getAttribute('aria-busy');
    });
    watch.observe(document.body, { childList: true, subtree: true });
    fireEvent.click(button('保存（Ctrl+S）', dialog));
    await dialogGone();
    watch.disconnect();
    expect(busyWhenClosed).toBe('true');
    await waitFor(() => expect(answerList).not.toBeNull());
    answerList!();
    await waitFor(() => expect(document.querySelector('.table-page')?.getAttribute('aria-busy')).toBe('false'));
  });

  it("without the edit code: no 新增, 编辑 or 复制, 查看 stays; the bill's address opens its detail, Back closes it", async () => {
    await renderPage(
      'moneyOut',
      {
        'GET /accountHead/list': () => listOf(moneyOutRows),
        'GET /accountHead/getDetailByNumber': () => ({ code: 200, data: moneyOutHead }),
        'GET /accountItem/getDetailList': () => ({ code: 200, data: { total: 0, rows: [] } }),
      },
      '3',
      '/financial/money_out?number=FK00000000103',
    );
    const detail = await modalWith('付款单 - 详情');
    await waitFor(() => expect(detail.textContent).toContain('FK00000000103'));
    expect(backend.callsTo('GET /accountHead/getDetailByNumber')[0]!.query.get('billNo')).toBe('FK00000000103');
    fireEvent.click(screen.getByRole('button', { name: '后退' }));
    await waitFor(() => expect(document.querySelector('.financial-bill-detail')).toBeNull());
    expect(address(), 'Back closed the detail and stayed on the list').toBe('/financial/money_out');
    fireEvent.click(linkNamed('查看', rowWith('FK00000000103')));
    await waitFor(() =>
      expect(screen.getByLabelText('地址').textContent).toBe('/financial/money_out?number=FK00000000103'),
    );
    await waitFor(() => expect(document.querySelector('.financial-bill-detail')).not.toBeNull());
    expect(queryButton('新增')).toBeUndefined();
    expect(queryLink('编辑', rowWith('FK00000000103'))).toBeUndefined();
    expect(queryLink('复制', rowWith('FK00000000103'))).toBeUndefined();
    expect(queryLink('查看', rowWith('FK00000000103'))).toBeDefined();
  });
});

describe('收款单 list', () => {
  it('查看 shows the bill read back; 打印 hands the shared print sheet its head, lines and amounts; 反审核 from it; 复制 starts a new bill with its lines', async () => {
    await renderPage('moneyIn', {
      'GET /accountHead/list': () =>
        listOf([
          {
            id: 100,
            billNo: 'SK00000000100',
            type: '收款',
            status: '1',
            organName: '苏州恒信建设工程有限公司',
            totalPrice: 300,
            changeAmount: 300,
          },
        ]),
      'GET /accountHead/getDetailByNumber': () => ({
        code: 200,
        data: {
          id: 100,
          billNo: 'SK00000000100',
          type: '收款',
          status: '1',
          organId: 61,
          organName: '苏州恒信建设工程有限公司',
          handsPersonName: '小赵',
          accountId: 18,
          accountName: '工商银行',
          totalPrice: 300,
          discountMoney: 0,
          changeAmount: 300,
          billTimeStr: '2026-11-20 14:00:00',
          remark: '恒信工程回款',
        },
      }),
      'GET /accountItem/getDetailList': () => ({
        code: 200,
        data: {
          total: 1,
          rows: [{ billNumber: 'XSCK00000000313', needDebt: 3960, finishDebt: 0, eachAmount: 300, remark: '' }],
        },
      }),
      'POST /accountHead/batchSetStatus': () => ({ code: 200, data: { message: '成功' } }),
    });
    fireEvent.click(linkNamed('查看', rowWith('SK00000000100')));
    const detail = await modalWith('收款单 - 详情');
    await waitFor(() => expect(detail.textContent).toContain('XSCK00000000313'));
    expect(detail.textContent).toContain('恒信工程回款');
    expect(detail.textContent).toContain('已审核');
    expect(screen.queryByTitle('打印内容')).toBeNull();
    fireEvent.click(button('打印', detail));
    // The shared print sheet, as its preview shows it: the A4 sheet of the bill's head, lines and amounts.
    const frame = await screen.findByTitle('打印内容');
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('SK00000000100'));
    const sheet = new DOMParser().parseFromString(frame.getAttribute('srcdoc')!, 'text/html');
    expect(sheet.body.classList.contains('sheet-a4'), 'a financial bill prints on A4').toBe(true);
    expect(sheet.querySelector('h1')?.textContent).toBe('收款单');
    const fields = (list: string) =>
      Array.from(sheet.querySelectorAll(`.${list} .field`)).map((f) => ({
        label: f.querySelector('.label')?.textContent,
        value: f.querySelector('.value')?.textContent,
      }));
    expect(fields('head')).toContainEqual({ label: '单据编号', value: 'SK00000000100' });
    expect(fields('head')).toContainEqual({ label: '客户', value: '苏州恒信建设工程有限公司' });
    expect(
      Array.from(sheet.querySelectorAll('tbody tr')).map((row) =>
        Array.from(row.querySelectorAll('td')).map((td) => td.textContent),
      ),
    ).toEqual([['1', 'XSCK00000000313', '3,960.00', '0.00', '300.00', '']]);
    expect(fields('totals')).toEqual([
      { label: '收款账户', value: '工商银行' },
      { label: '合计收款', value: '300.00' },
      { label: '优惠金额', value: '0.00' },
      { label: '实际收款', value: '300.00' },
    ]);
    fireEvent.click(
      within(screen.getByTitle('打印内容').closest('.ant-modal') as HTMLElement).getByRole('button', {
        name: /取\s*消/,
      }),
    );
    // 反审核 from the detail (the un-audit code 7): confirmed, sent for this bill, then the list reloads.
    const lists = backend.callsTo('GET /accountHead/list').length;
    fireEvent.click(button('反审核', detail));
    const confirm = await modalWith('是否对该单据进行反审核?');
    fireEvent.click(Array.from(confirm.querySelectorAll('button')).at(-1)!);
    await waitFor(() => expect(backend.callsTo('POST /accountHead/batchSetStatus')).toHaveLength(1));
    expect(backend.callsTo('POST /accountHead/batchSetStatus')[0]!.body).toEqual({ status: '0', ids: '100' });
    await waitFor(() => expect(backend.callsTo('GET /accountHead/list').length).toBe(lists + 1));

    fireEvent.click(linkNamed('复制', rowWith('SK00000000100')));
    const dialog = await formDialog();
    await waitFor(() => expect(byLabel(dialog, '单据编号')).toHaveValue('SK00000000673'));
    expect(byLabel(dialog, '本次收款 1')).toHaveValue('300.00');
    await waitFor(() => expect(chosen(dialog, '收款账户')).toContain('工商银行'));
    expect(dialog.textContent).toContain('新增');
  });
});
