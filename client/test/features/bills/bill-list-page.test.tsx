// A bill list with its form and detail, over a scripted backend: 编辑 of an approved bill is refused with the
// original's words (nothing loaded), 查看 shows the lines with 审核 for holders of code 2, 复制 opens a new bill with a
// fresh number and the copied lines, and without the edit code none of 新增/编辑/复制 shows. 查看 has an address of its
// own (?number=): Back closes the detail, 取消 takes the query away, and the address opens the bill's detail.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billListPage } from '../../../features/bills/bill-list-page';
import { rememberIntro } from '../../../lib/table/intro-cache';
import { storage } from '../../../lib/storage';
import { render } from '../../helpers/render';
import { address, BrowserBar } from '../../helpers/browser-bar';
import {
  holdButtons,
  linkNamed,
  queryButton,
  queryLink,
  scriptBackend,
  PURCHASE_IN_FORM_ANSWERS,
} from '../../helpers/form-page';
import { signIn } from '../../helpers/session';

const PurchaseInList = billListPage('purchaseIn');
const rows = [
  {
    id: 306,
    number: 'CGRK00000000306',
    organName: '深圳联达数码科技有限公司',
    status: '1',
    operTimeStr: '2026-11-15 10:00:00',
    totalPrice: 7200,
  },
  {
    id: 307,
    number: 'CGRK00000000307',
    organName: '广州安盾劳保用品厂',
    status: '0',
    operTimeStr: '2026-11-20 10:00:00',
    totalPrice: 1275,
  },
];
const order = {
  id: 304,
  number: 'CGDD00000000304',
  subType: '采购订单',
  organId: 60,
  organName: '广州安盾劳保用品厂',
  status: '1',
  operTimeStr: '2026-11-21 10:00:00',
  accountId: null,
  changeAmount: -100,
  finishDeposit: 60,
  discount: 0,
  remark: '季度补货',
};
const head = (number: string) => ({
  ...rows.find((r) => r.number === number),
  defaultNumber: number,
  organId: 60,
  accountId: 17,
  discountLastMoney: 1275,
  otherMoney: 0,
  changeAmount: 0,
  deposit: 0,
  discount: 0,
  discountMoney: 0,
  remark: '货到付款',
  creatorName: 'jsh',
});

function backend(overrides: Parameters<typeof scriptBackend>[0] = {}) {
  return scriptBackend({
    'GET /depotHead/list': (call) =>
      JSON.parse(call.query.get('search') ?? '{}').subType === '采购订单'
        ? { code: 200, data: { rows: [order], total: 1 } }
        : { code: 200, data: { rows, total: rows.length } },
    ...PURCHASE_IN_FORM_ANSWERS,
    'GET /depotHead/getDetailByNumber': (call) => ({ code: 200, data: head(call.query.get('number') ?? '') }),
    'GET /depotItem/getDetailList': () => ({
      code: 200,
      data: {
        total: 1,
        rows: [
          {
            id: 931,
            barCode: '1000007',
            name: '安全帽',
            unit: '个',
            depotId: 15,
            depotName: '东区仓库',
            operNumber: 30,
            unitPrice: 25,
            allPrice: 750,
            taxRate: 3,
            taxMoney: 22.5,
            taxLastMoney: 772.5,
          },
        ],
      },
    }),
    ...overrides,
  });
}

async function renderList(btnStr: string, start = '/bill/purchase_in') {
  rememberIntro(storage, 'CGRK', 1);
  holdButtons('/bill/purchase_in', btnStr);
  signIn();
  render(
    <MemoryRouter initialEntries={['/dashboard/analysis', start]} initialIndex={1}>
      <App>
        <PurchaseInList />
        <BrowserBar />
      </App>
    </MemoryRouter>,
  );
  await screen.findByText('CGRK00000000307');
}

const rowOf = (number: string) => screen.getByText(number).closest('tr')!;

/** Whether a dialog showed a spinner at any point from now (as the DOM stood after each change). */
function watchDialogSpinner() {
  let seen = false;
  const watch = new MutationObserver(() => {
    if (document.querySelector('.ant-modal .ant-spin')) seen = true;
  });
  watch.observe(document.body, { childList: true, subtree: true, attributes: true });
  return { seen: () => seen, stop: () => watch.disconnect() };
}

afterEach(() => vi.unstubAllGlobals());

/** The list's backend, with each bill head (getDetailByNumber) held until `answerHead()`: the last one asked for. */
function headHeldBackend() {
  let answer = () => {};
  const api = backend({
    'GET /depotHead/getDetailByNumber': (call) =>
      new Promise((resolve) => {
        answer = () => resolve({ code: 200, data: head(call.query.get('number') ?? '') });
      }),
  });
  return { api, answerHead: () => answer() };
}

/** jsdom has no PointerEvent: a MouseEvent that carries its pointerType, as a browser's does. */
function stubPointerEvent() {
  class PointerEventStub extends MouseEvent {
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerType = init.pointerType ?? '';
    }
  }
  vi.stubGlobal('PointerEvent', PointerEventStub);
}

describe('bill list page', () => {
  it('编辑 refuses an approved bill; 查看 shows its lines and 审核; 复制 opens a new bill with the lines', async () => {
    const api = backend();
    await renderList('1,2,7');
    fireEvent.click(linkNamed('编辑', rowOf('CGRK00000000306')));
    await screen.findByText('抱歉，只有未审核的单据才能编辑，请先进行反审核！');
    expect(api.callsTo('GET /depotHead/getDetailByNumber')).toHaveLength(0);

    fireEvent.click(linkNamed('查看', rowOf('CGRK00000000307')));
    await screen.findByText('安全帽');
    await waitFor(() => expect(address()).toBe('/bill/purchase_in?number=CGRK00000000307'));
    fireEvent.click(screen.getByRole('button', { name: '后退' }));
    await waitFor(() => expect(document.querySelector('.bill-detail')).toBeNull());
    expect(address(), 'Back closed the detail and stayed on the list').toBe('/bill/purchase_in');

    fireEvent.click(linkNamed('查看', rowOf('CGRK00000000307')));
    await screen.findByText('安全帽');
    const detail = document.querySelector('.bill-detail')!.closest('.ant-modal') as HTMLElement;
    expect(detail.textContent).toContain('772.5');
    expect(queryButton('审核', detail)).toBeTruthy();
    expect(queryButton('反审核', detail)).toBeUndefined();
    fireEvent.click(queryButton('取消', detail)!);
    await waitFor(() => expect(document.querySelector('.bill-detail')).toBeNull());
    expect(address(), '取消 took the query away').toBe('/bill/purchase_in');

    fireEvent.click(linkNamed('复制', rowOf('CGRK00000000307')));
    await screen.findByDisplayValue('CGRK00000000680');
    await waitFor(() =>
      expect((document.querySelector('[aria-label="数量 1"]') as HTMLInputElement | null)?.value).toBe('30'),
    );
    expect(screen.getByDisplayValue('货到付款')).toBeTruthy();
  });

  it('查看 of a bill read in time opens its dialog once, on the bill and its lines, with no spinner first', async () => {
    backend();
    await renderList('1,2,7');
    const spinner = watchDialogSpinner();
    try {
      fireEvent.click(linkNamed('查看', rowOf('CGRK00000000307')));
      await screen.findByText('安全帽');
      expect(document.querySelector('.bill-detail')!.textContent).toContain('CGRK00000000307');
      expect(spinner.seen(), 'a spinner before the bill').toBe(false);
    } finally {
      spinner.stop();
    }
  });

  it('新增 opens its form once the number is read, on the number with no spinner first; a second click opens nothing more', async () => {
    const api = backend();
    await renderList('1,2,7');
    const spinner = watchDialogSpinner();
    try {
      const add = screen.getByRole('button', { name: /新\s*增/ });
      fireEvent.click(add);
      fireEvent.click(add);
      const number = await screen.findByDisplayValue('CGRK00000000680');
      expect(number.closest('.ant-modal')).not.toBeNull();
      expect(spinner.seen(), 'a spinner before the form').toBe(false);
      // The number the list drew ahead, and the one drawn behind it for the next form: none for the second click.
      await waitFor(() => expect(api.callsTo('GET /sequence/buildNumber')).toHaveLength(2));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(api.callsTo('GET /sequence/buildNumber'), 'no number for the second click').toHaveLength(2);
      expect(document.querySelectorAll('.ant-modal form'), 'one form').toHaveLength(1);
    } finally {
      spinner.stop();
    }
  });

  it("查看 asks for the listed bill's lines beside its head, not after it", async () => {
    const { api: heldHead, answerHead } = headHeldBackend();
    await renderList('1,2,7');
    fireEvent.click(linkNamed('查看', rowOf('CGRK00000000307')));
    await waitFor(() =>
      expect(heldHead.callsTo('GET /depotItem/getDetailList').map((c) => c.query.get('headerId'))).toEqual(['307']),
    );
    expect(heldHead.callsTo('GET /depotHead/getDetailByNumber')).toHaveLength(1);
    answerHead();
    await screen.findByText('安全帽');
    expect(heldHead.callsTo('GET /depotItem/getDetailList'), 'the lines asked once').toHaveLength(1);
  });

  it("a mouse press on 查看 sends the bill's reads; its release opens the detail on them, without asking again", async () => {
    stubPointerEvent();
    const { api, answerHead } = headHeldBackend();
    await renderList('1,2,7');
    const view = linkNamed('查看', rowOf('CGRK00000000307'));
    fireEvent.pointerDown(view, { button: 0, pointerType: 'mouse' });
    await waitFor(() => expect(api.callsTo('GET /depotHead/getDetailByNumber'), 'asked at the press').toHaveLength(1));
    expect(api.callsTo('GET /depotItem/getDetailList')).toHaveLength(1);
    expect(document.querySelector('.bill-detail'), 'nothing opens at the press').toBeNull();
    answerHead();
    fireEvent.click(view);
    await screen.findByText('安全帽');
    expect(api.callsTo('GET /depotHead/getDetailByNumber'), 'the head asked once').toHaveLength(1);
    expect(api.callsTo('GET /depotItem/getDetailList'), 'the lines asked once').toHaveLength(1);
  });

  it('a touch on 查看 sends nothing before its tap (it may be the start of a scroll)', async () => {
    stubPointerEvent();
    const api = backend();
    await renderList('1,2,7');
    fireEvent.pointerDown(linkNamed('查看', rowOf('CGRK00000000307')), { button: 0, pointerType: 'touch' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('GET /depotHead/getDetailByNumber')).toHaveLength(0);
  });

  it("查看's address follows once the detail shows the bill; closed before that, the address stays the list's", async () => {
    const { answerHead } = headHeldBackend();
    await renderList('1,2,7');
    fireEvent.click(linkNamed('查看', rowOf('CGRK00000000307')));
    // The router's render of the address change would hold the detail's answers back: it waits for the bill.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(address(), 'not while the bill is read').toBe('/bill/purchase_in');
    answerHead();
    await screen.findByText('安全帽');
    await waitFor(() => expect(address()).toBe('/bill/purchase_in?number=CGRK00000000307'));
    fireEvent.click(screen.getByRole('button', { name: '后退' }));
    await waitFor(() => expect(document.querySelector('.bill-detail')).toBeNull());
    expect(address(), 'Back closed the detail and stayed on the list').toBe('/bill/purchase_in');

    // Closed while its bill is still read: the address never named it, and nothing is left to go back over.
    fireEvent.click(linkNamed('查看', rowOf('CGRK00000000306')));
    await waitFor(() => expect(document.querySelector('.ant-modal .ant-spin')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(address(), "the address stays the list's").toBe('/bill/purchase_in');
    answerHead();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.querySelector('.bill-detail'), 'the late answer opens nothing').toBeNull();
  });

  it("without the edit code there is no 新增, 编辑 or 复制; an address with a bill number opens that bill's detail", async () => {
    backend();
    await renderList('3', '/bill/purchase_in?number=CGRK00000000306');
    await screen.findByText('安全帽');
    expect(document.querySelector('.bill-detail')!.textContent).toContain('CGRK00000000306');
    fireEvent.click(screen.getByRole('button', { name: '后退' }));
    await waitFor(() => expect(document.querySelector('.bill-detail')).toBeNull());
    expect(address(), 'Back closed the detail opened from the address and stayed on the list').toBe(
      '/bill/purchase_in',
    );
    fireEvent.click(screen.getByRole('button', { name: '后退' }));
    await waitFor(() => expect(address(), 'a second Back leaves the list').toBe('/dashboard/analysis'));
    expect(queryButton('新增')).toBeUndefined();
    expect(queryLink('编辑', rowOf('CGRK00000000307'))).toBeUndefined();
    expect(queryLink('复制', rowOf('CGRK00000000307'))).toBeUndefined();
    expect(queryLink('查看', rowOf('CGRK00000000307'))).toBeTruthy();
  });

  it('关联订单: the picker lists approved orders and the chosen one fills the party, the deposit and what is left of its lines', async () => {
    const api = backend();
    await renderList('1');
    fireEvent.click(queryButton('新增')!);
    await screen.findByDisplayValue('CGRK00000000680');
    fireEvent.click(screen.getByLabelText('选择单据'));
    await screen.findByText('CGDD00000000304');
    expect(JSON.parse(api.callsTo('GET /depotHead/list').at(-1)!.query.get('search')!)).toEqual({
      type: '其它',
      subType: '采购订单',
      status: '1,3',
    });
    fireEvent.click(linkNamed('选择', screen.getByText('CGDD00000000304').closest('tr')!));
    await waitFor(() =>
      expect((document.querySelector('[aria-label="数量 1"]') as HTMLInputElement | null)?.value).toBe('30'),
    );
    expect(api.callsTo('GET /depotItem/getDetailList').at(-1)?.query.get('headerId')).toBe('304');
    expect(screen.getByDisplayValue('CGDD00000000304')).toBeTruthy();
    expect(screen.getByDisplayValue('季度补货')).toBeTruthy();
    // Only the 订金 the order has left: |changeAmount| 100 − finishDeposit 60 (what earlier bills linking it deducted).
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('input#deposit')?.value).toBe('40'));
    // 本次付款 = 价税合计 772.5 − 扣除订金 40
    expect(document.querySelector<HTMLInputElement>('input#changeAmount')?.value).toBe('732.5');
  });
  it("采购订单 names statuses 2 and 3 as its list does: 完成采购, 部分采购 (not a receipt's words)", async () => {
    scriptBackend({
      'GET /depotHead/list': () => ({
        code: 200,
        data: {
          total: 3,
          rows: [
            { id: 410, number: 'CGDD00000000410', status: '3', operTimeStr: '2026-11-21 10:00:00' },
            { id: 411, number: 'CGDD00000000411', status: '2', operTimeStr: '2026-11-21 11:00:00' },
            { id: 412, number: 'CGDD00000000412', status: '1', operTimeStr: '2026-11-21 12:00:00' },
          ],
        },
      }),
      'POST /supplier/findBySelect_sup': () => [],
      'GET /depot/findDepotByCurrentUser': () => ({ code: 200, data: [] }),
      'GET /user/getUserList': () => [],
    });
    const PurchaseOrderList = billListPage('purchaseOrder');
    rememberIntro(storage, 'CGDD', 1);
    holdButtons('/bill/purchase_order', '1,2');
    signIn();
    render(
      <App>
        <PurchaseOrderList />
      </App>,
    );
    await screen.findByText('CGDD00000000410');
    expect(rowOf('CGDD00000000410').textContent).toContain('部分采购');
    expect(rowOf('CGDD00000000411').textContent).toContain('完成采购');
    expect(rowOf('CGDD00000000412').textContent).toContain('已审核');
    // The status search offers the same words.
    const status = screen.getByLabelText('单据状态');
    fireEvent.mouseDown(status);
    for (const word of ['未审核', '已审核', '部分采购', '完成采购'])
      expect(await screen.findByTitle(word)).toBeTruthy();
  });
});
