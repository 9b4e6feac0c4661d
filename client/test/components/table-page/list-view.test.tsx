// The list page's own rules, on real page descriptions with the backend's answers mocked at fetch: the pager text,
// the bill page size, the report period, column settings kept per page, the first-visit tour and its
// cache, list failures, the batch delete's selection rule and the toolbar gated by the user's button codes. Whole journeys stay in Chromium (test/e2e).
import { App as AntApp } from 'antd';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PurchaseInList from '../../../features/bills/purchase-in-list';
import InOutStockReport from '../../../features/reports/in-out-stock-report';
import { ThemedConfig } from '../../../components/themed-antd';
import { SettingsProvider } from '../../../lib/settings-provider';
import { storage, StorageKeys } from '../../../lib/storage';
import { rememberIntro } from '../../../lib/table/intro-cache';
import { forgetAnswerTimes, noteAnswerTime } from '../../../lib/answer-times';
import { signIn } from '../../helpers/session';
import { render } from '../../helpers/render';

type Row = Record<string, unknown>;

// A full antd list page in jsdom takes seconds on a busy two-core machine (a re-render can take more than the default
// second to show); queries avoid getByRole over the whole page (it walks every node's accessibility tree).
vi.setConfig({ testTimeout: 120_000 });

/** userEvent without its pointer-events check: that check asks jsdom's getComputedStyle about every ancestor, which
 *  walks all of antd's injected style rules each time (seconds per click), and jsdom matches no :hover anyway (the
 *  picker's clear button takes the pointer only while the picker is hovered). */
const setupUser = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

/** The button whose text is `text` (antd puts a space between two Chinese characters). */
const button = (scope: HTMLElement, text: RegExp) => within(scope).getByText(text).closest('button')!;

/** A backend whose list endpoint pages `rows` as jshERP-boot does; every other call answers an empty list. */
function mockBackend(listPath: string, rows: Row[]) {
  const lists: URLSearchParams[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    let body: unknown = { code: 200, data: [] };
    if (url.pathname.endsWith(listPath)) {
      lists.push(url.searchParams);
      const size = Number(url.searchParams.get('pageSize'));
      const page = Number(url.searchParams.get('currentPage'));
      body = { code: 200, data: { rows: rows.slice((page - 1) * size, page * size), total: rows.length } };
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { lists };
}

function renderPage(Page: ComponentType) {
  return render(
    <SettingsProvider>
      <ThemedConfig>
        <AntApp>
          <Page />
        </AntApp>
      </ThemedConfig>
    </SettingsProvider>,
  );
}

const purchaseRows = (count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({
    id: 1000 + i,
    number: `CGRK${String(i + 1).padStart(5, '0')}`,
    organName: '供应商甲',
    operTimeStr: '2026-11-20 10:00:00',
    userName: '管理员',
    materialsList: '商品',
    materialCount: 2,
    totalPrice: 10,
    changeAmount: 1.25 * (i + 1),
    debt: 0.5,
    status: '0',
  }));

/** Data rows (not the totals row) of the table, as the texts of their cells. */
const dataRows = (container: HTMLElement) =>
  [...container.querySelectorAll('tr.ant-table-row:not(.table-totals-row)')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim()),
  );

const headerTitles = (container: HTMLElement) =>
  [...container.querySelectorAll('.ant-table-thead th')].map((th) => (th.textContent ?? '').trim());

beforeEach(() => {
  localStorage.clear();
  signIn();
  // The first-visit tour is its own rule (lib/table/intro-cache): these pages have been visited.
  rememberIntro(storage, 'CGRK', 1);
  rememberIntro(storage, 'inOutStockReport', 1);
});

afterEach(() => {
  vi.unstubAllGlobals();
  forgetAnswerTimes();
});

/** A backend whose 采购入库 list answers (3 rows) only when `answer` is called; every other call at once. */
function heldListBackend() {
  let answer: (() => void) | undefined;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      paths.push(url.pathname);
      const list = url.pathname.endsWith('/depotHead/list');
      if (list) await held;
      const body = list ? { code: 200, data: { rows: purchaseRows(3), total: 3 } } : { code: 200, data: [] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return { answer: () => answer!(), asked: (path: string) => paths.some((p) => p.endsWith(path)) };
}

/** Whether the page ever showed its table without rows, watched from before its first render. */
function watchEmptyTable() {
  let emptyShown = false;
  const observer = new MutationObserver(() => {
    const table = document.querySelector('.table-page .ant-table');
    if (table && table.querySelectorAll('tr.ant-table-row').length === 0) emptyShown = true;
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return {
    emptyShown: () => emptyShown,
    stop: () => observer.disconnect(),
  };
}

describe('a new list page and its first answer', () => {
  it('answers expected soon: the page renders once its rows are in, never as an empty table first', async () => {
    noteAnswerTime('/depotHead/list', 30);
    const backend = heldListBackend();
    const watch = watchEmptyTable();
    const page = renderPage(PurchaseInList);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.container.querySelector('.list-view__awaiting-page'), 'the page waits for its rows').not.toBeNull();
    expect(page.container.querySelector('.ant-table')).toBeNull();
    backend.answer();
    await waitFor(() => expect(dataRows(page.container)).toHaveLength(3));
    expect(page.container.querySelector('.ant-form'), 'the search form shows with the rows').not.toBeNull();
    watch.stop();
    expect(watch.emptyShown(), 'no empty table was shown before the rows').toBe(false);
  });

  it('an answer later than the wait (twice the expected time, 40 ms at least): the page shows without it', async () => {
    noteAnswerTime('/depotHead/list', 30);
    const backend = heldListBackend();
    const page = renderPage(PurchaseInList);
    await waitFor(() => expect(page.container.querySelector('.ant-table')).not.toBeNull());
    expect(dataRows(page.container)).toHaveLength(0);
    expect(page.container.querySelector('.ant-form'), 'the search form is there to use').not.toBeNull();
    backend.answer();
    await waitFor(() => expect(dataRows(page.container)).toHaveLength(3));
  });

  it('the search selects ask for their choices once the first answer is in, or at once when the user goes to one', async () => {
    const backend = heldListBackend();
    const page = renderPage(PurchaseInList);
    await waitFor(() => expect(page.container.querySelector('.ant-table')).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(backend.asked('/depotHead/list')).toBe(true);
    expect(backend.asked('/depot/findDepotByCurrentUser'), 'no choices asked for beside the list').toBe(false);
    // The 仓库 select, gone to before the list's answer: its choices are asked for now.
    const depot = page.container.querySelector<HTMLInputElement>('.ant-form input[id$="depotId"]')!;
    depot.focus();
    await waitFor(() => expect(backend.asked('/depot/findDepotByCurrentUser')).toBe(true));
    expect(backend.asked('/user/getUserList')).toBe(false);
    backend.answer();
    await waitFor(() => expect(dataRows(page.container)).toHaveLength(3));
    await waitFor(() => expect(backend.asked('/user/getUserList')).toBe(true));
    expect(backend.asked('/supplier/findBySelect_sup')).toBe(true);
  });

  it('answers slower than 120 ms, or none measured yet: the page renders at once, its rows after', async () => {
    for (const expected of [500, undefined]) {
      forgetAnswerTimes();
      if (expected !== undefined) noteAnswerTime('/depotHead/list', expected);
      const backend = heldListBackend();
      const page = renderPage(PurchaseInList);
      await waitFor(() => expect(page.container.querySelector('.ant-table')).not.toBeNull());
      expect(page.container.querySelector('.list-view__awaiting-page')).toBeNull();
      backend.answer();
      await waitFor(() => expect(dataRows(page.container)).toHaveLength(3));
      page.unmount();
    }
  });
});

describe('a bill list (采购入库)', () => {
  it('pages 10 records at a time without a 合计 row (only reports have one), and the pager reads a-b 共N条', async () => {
    const { lists } = mockBackend('/depotHead/list', purchaseRows(25));
    const { container } = renderPage(PurchaseInList);
    await waitFor(() => expect(dataRows(container)).toHaveLength(10));
    expect(lists[0]?.get('pageSize')).toBe('10');
    expect(lists[0]?.get('currentPage')).toBe('1');
    expect(container.querySelectorAll('tr.table-totals-row')).toHaveLength(0);
    expect(container.querySelector('.ant-pagination-total-text')?.textContent).toMatch(/^1-10 共\d+条$/);
    expect(container.querySelector('.ant-pagination-options .ant-select')?.textContent).toBe('10 条/页');
  });

  it('a hidden column stays hidden for this page (pro__CGRK) until 恢复默认', async () => {
    mockBackend('/depotHead/list', purchaseRows(3));
    const user = setupUser();
    const first = renderPage(PurchaseInList);
    await waitFor(() => expect(dataRows(first.container)).toHaveLength(3));
    expect(headerTitles(first.container)).toContain('操作员');
    await user.click(button(first.container, /^列设置$/));
    await waitFor(() => expect(document.querySelector('.ant-popover')).not.toBeNull());
    const box = within(document.querySelector<HTMLElement>('.ant-popover')!)
      .getByTitle('操作员')
      .querySelector('input')!;
    await user.click(box);
    expect(box).not.toBeChecked();
    await waitFor(() => expect(headerTitles(first.container)).not.toContain('操作员'));
    expect(String(storage.get('CGRK'))).not.toContain('userName');
    first.unmount();

    // The page opened again (a reload) reads the stored choice.
    const again = renderPage(PurchaseInList);
    await waitFor(() => expect(dataRows(again.container)).toHaveLength(3));
    expect(headerTitles(again.container), 'still hidden').not.toContain('操作员');
    await user.click(button(again.container, /^列设置$/));
    await user.click((await screen.findByText('恢复默认')).closest('button')!);
    await waitFor(() => expect(headerTitles(again.container), 'restored').toContain('操作员'));
    expect(localStorage.getItem('pro__CGRK'), 'the stored choice is gone').toBeNull();
  });

  it('batch delete warns without a selection and asks first with one', async () => {
    mockBackend('/depotHead/list', purchaseRows(3));
    const user = setupUser();
    const { container } = renderPage(PurchaseInList);
    await waitFor(() => expect(dataRows(container)).toHaveLength(3));
    const toolbar = container.querySelector<HTMLElement>('.table-operator')!;
    await user.click(button(toolbar, /^删\s*除$/));
    await waitFor(() => expect(screen.getByText('请选择一条记录！')).toBeInTheDocument());
    expect(screen.queryByText('是否删除选中数据?'), 'no confirmation without a selection').not.toBeInTheDocument();

    await user.click(container.querySelector('tr.ant-table-row .ant-checkbox-input')!);
    await waitFor(() => expect(container.querySelectorAll('tr.ant-table-row-selected')).toHaveLength(1));
    await user.click(button(toolbar, /^删\s*除$/));
    await waitFor(() => expect(screen.getByText('是否删除选中数据?')).toBeInTheDocument());
  });

  it('greets a first visit with its tour until finished, cached 10 days (864000000 ms); 新手引导 replays it', async () => {
    localStorage.removeItem('pro__intro_cache_CGRK');
    mockBackend('/depotHead/list', purchaseRows(3));
    const user = setupUser();
    const first = renderPage(PurchaseInList);
    const tour = () => document.querySelector<HTMLElement>('.ant-tour:not(.ant-tour-hidden)');
    await waitFor(() => expect(tour()?.textContent).toMatch(/查询区域/));
    await user.click(within(tour()!).getByText('下一步').closest('button')!);
    await waitFor(() => expect(within(tour()!).getByText('上一步'), '上一步 from step 2').toBeInTheDocument());
    await user.click(within(tour()!).getByText('下一步').closest('button')!);
    await user.click(within(tour()!).getByText('知道了').closest('button')!);
    await waitFor(() => expect(tour()).toBeNull());
    const cached = JSON.parse(localStorage.getItem('pro__intro_cache_CGRK') ?? 'null') as {
      value: number;
      expire: number;
    } | null;
    expect(cached?.value, 'cached at version 1 under pro__intro_cache_CGRK').toBe(1);
    const lifetime = (cached?.expire ?? 0) - Date.now();
    expect(lifetime > 864000000 - 60_000 && lifetime <= 864000000, `for 864000000 ms (${lifetime})`).toBe(true);
    first.unmount();

    const again = renderPage(PurchaseInList);
    await waitFor(() => expect(dataRows(again.container)).toHaveLength(3));
    expect(tour(), 'not shown again').toBeNull();
    await user.click(again.container.querySelector<HTMLElement>('button[aria-label="新手引导"]')!);
    await waitFor(() => expect(tour(), 'the help button replays it').not.toBeNull());
  });

  it('a first visit’s tour waits for the list’s first rows, then opens', async () => {
    localStorage.removeItem('pro__intro_cache_CGRK');
    let answer: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname.endsWith('/depotHead/list')) await held;
        const body = url.pathname.endsWith('/depotHead/list')
          ? { code: 200, data: { rows: purchaseRows(3), total: 3 } }
          : { code: 200, data: [] };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const page = renderPage(PurchaseInList);
    const tour = () => document.querySelector<HTMLElement>('.ant-tour:not(.ant-tour-hidden)');
    await waitFor(() => expect(page.container.querySelector('.ant-table')).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(tour(), 'no tour over a list still loading').toBeNull();
    answer!();
    await waitFor(() => expect(dataRows(page.container)).toHaveLength(3));
    await waitFor(() => expect(tour()?.textContent).toMatch(/查询区域/));
  });

  it('a first visit’s tour is never drawn over a dialog: a deep link’s bill detail holds it until closed', async () => {
    localStorage.removeItem('pro__intro_cache_CGRK');
    mockBackend('/depotHead/list', purchaseRows(3));
    const detail = document.body.appendChild(document.createElement('div'));
    detail.setAttribute('role', 'dialog');
    detail.setAttribute('aria-modal', 'true');
    window.history.pushState(null, '', '/bill/purchase_in?number=CGRK00000000001');
    const page = renderPage(PurchaseInList);
    const tour = () => document.querySelector<HTMLElement>('.ant-tour:not(.ant-tour-hidden)');
    await waitFor(() => expect(dataRows(page.container)).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(tour(), 'no tour over the linked bill’s detail').toBeNull();
    window.history.pushState(null, '', '/bill/purchase_in');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(tour(), 'nor over another dialog still open').toBeNull();
    detail.remove();
    await waitFor(() => expect(tour()?.textContent).toMatch(/查询区域/));
  });

  it('a page whose tour is done measures nothing when the window scrolls (a closed tour held a forced layout)', async () => {
    mockBackend('/depotHead/list', purchaseRows(3));
    const page = renderPage(PurchaseInList);
    await waitFor(() => expect(dataRows(page.container)).toHaveLength(3));
    const measure = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    try {
      window.dispatchEvent(new Event('scroll'));
      window.dispatchEvent(new Event('resize'));
      expect(measure).not.toHaveBeenCalled();
    } finally {
      measure.mockRestore();
    }
  });

  it('the table measures neither its cells nor the scrollbar as rows arrive (it scrolls sideways in its own box)', async () => {
    mockBackend('/depotHead/list', purchaseRows(3));
    const reads: string[] = [];
    const inTable = (element: Element) => element.closest('.ant-table') !== null;
    const spyOn = <P extends object>(proto: P, name: keyof P & string) => {
      const original = Object.getOwnPropertyDescriptor(proto, name)!;
      return vi.spyOn(proto, name as never, 'get').mockImplementation(function (this: Element) {
        if (inTable(this)) reads.push(`${this.tagName.toLowerCase()}.${name}`);
        return original.get!.call(this) as never;
      });
    };
    const spies = [
      spyOn(HTMLElement.prototype, 'offsetWidth'),
      spyOn(Element.prototype, 'scrollWidth'),
      spyOn(Element.prototype, 'clientWidth'),
    ];
    // rc-table's scrollbar measure: a box appended to the body and read.
    const append = vi.spyOn(document.body, 'appendChild');
    const scrollbarMeasures = () =>
      append.mock.calls.filter(([node]) => node instanceof Element && node.id.startsWith('rc-scrollbar-measure'));
    try {
      const page = renderPage(PurchaseInList);
      await waitFor(() => expect(dataRows(page.container)).toHaveLength(3));
      expect(reads).toEqual([]);
      expect(scrollbarMeasures()).toEqual([]);
      const box = page.container.querySelector<HTMLElement>('.list-view__table')!;
      // The width the table takes: its columns' (the CSS scrolls the box when that is wider than the card).
      expect(box.style.getPropertyValue('--list-table-width')).toMatch(/^\d{3,4}px$/);
    } finally {
      for (const spy of spies) spy.mockRestore();
      append.mockRestore();
    }
  });

  it("a row's links are plain buttons named by their labels; 删除 is drawn as danger and asks first", async () => {
    mockBackend('/depotHead/list', purchaseRows(3));
    const { container } = renderPage(PurchaseInList);
    await waitFor(() => expect(dataRows(container)).toHaveLength(3));
    const links = [...container.querySelector('tr.ant-table-row')!.querySelectorAll('button')];
    // Not antd's Button (about a millisecond per instance in the list's render), and no space put between two
    // Chinese characters: the names read as the labels.
    expect(links.map((link) => link.textContent)).toEqual(['查看', '编辑', '复制', '删除']);
    expect(links.filter((link) => link.classList.contains('ant-btn'))).toEqual([]);
    expect(links.map((link) => link.className)).toEqual([
      'row-link',
      'row-link',
      'row-link',
      'row-link row-link--danger',
    ]);
    await setupUser().click(links[3]!);
    await waitFor(() => expect(screen.getByText('确定删除吗?')).toBeInTheDocument());
  });

  it('list failures: the spinner stops, 510 warns its message, other codes warn data.message', async () => {
    let answer: { status: number; body: unknown } = { status: 502, body: 'bad gateway' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const listed = new URL(String(input), 'http://localhost').pathname.endsWith('/depotHead/list');
        const { status, body } = listed ? answer : { status: 200, body: { code: 200, data: [] } };
        return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const user = setupUser();
    const { container } = renderPage(PurchaseInList);
    const page = container.querySelector<HTMLElement>('.table-page')!;
    await waitFor(() => expect(page, 'no spinner after an HTTP failure').toHaveAttribute('aria-busy', 'false'));
    expect(container.querySelectorAll('.ant-table-tbody .ant-empty'), 'an empty table').toHaveLength(1);

    answer = { status: 200, body: { code: 510, data: { message: '演示用户禁止操作' } } };
    await user.click(button(container.querySelector<HTMLElement>('.table-page-search-wrapper')!, /^查\s*询$/));
    expect(await screen.findByText('演示用户禁止操作'), '510 shows its message').toBeInTheDocument();
    answer = { status: 200, body: { code: 500, data: { message: '服务内部错误' } } };
    await user.click(button(container.querySelector<HTMLElement>('.table-page-search-wrapper')!, /^查\s*询$/));
    expect(await screen.findByText('服务内部错误'), 'other codes show data.message').toBeInTheDocument();
    await waitFor(() => expect(page).toHaveAttribute('aria-busy', 'false'));
  });

  const toolbarButtons = async (container: HTMLElement) => {
    await waitFor(() => expect(container.querySelector('.table-operator')).not.toBeNull());
    return [...container.querySelectorAll('.table-operator button')].map((b) =>
      (b.textContent ?? '').replace(/\s+/g, ''),
    );
  };

  it('the toolbar shows only what the button codes grant on the page url: 1,2 → delete and audit', async () => {
    storage.set(StorageKeys.buttonPermissions, [
      { url: '/bill/purchase_in', btnStr: '1,2' },
      { url: '/financial/money_in', btnStr: '1' },
    ]);
    mockBackend('/depotHead/list', purchaseRows(3));
    const buttons = await toolbarButtons(renderPage(PurchaseInList).container);
    expect(buttons, 'edit (1): 删除').toContain('删除');
    expect(buttons, 'audit (2)').toContain('审核');
    expect(buttons, 'no un-audit (7)').not.toContain('反审核');
    expect(buttons, 'no export (3)').not.toContain('导出');
  });

  it('1,2,7,3 shows all four; no stored list (the admin login) shows everything', async () => {
    storage.set(StorageKeys.buttonPermissions, [{ url: '/bill/purchase_in', btnStr: '1,2,7,3' }]);
    mockBackend('/depotHead/list', purchaseRows(3));
    const granted = renderPage(PurchaseInList);
    const buttons = await toolbarButtons(granted.container);
    for (const present of ['删除', '审核', '反审核', '导出']) expect(buttons, `${present} shown`).toContain(present);
    granted.unmount();

    storage.remove(StorageKeys.buttonPermissions);
    const admin = await toolbarButtons(renderPage(PurchaseInList).container);
    for (const present of ['删除', '审核', '反审核', '导出'])
      expect(admin, `${present} shown to admin`).toContain(present);
  });

  it('a page missing from a present list grants nothing', async () => {
    storage.set(StorageKeys.buttonPermissions, [{ url: '/financial/money_in', btnStr: '1,2,7,3' }]);
    mockBackend('/depotHead/list', purchaseRows(3));
    const buttons = await toolbarButtons(renderPage(PurchaseInList).container);
    for (const absent of ['删除', '审核', '反审核', '导出'])
      expect(buttons, `${absent} not granted`).not.toContain(absent);
  });
});

describe('a report (进销存统计)', () => {
  const stockRows: Row[] = Array.from({ length: 14 }, (_, i) => ({
    id: i + 1,
    materialName: `商品${i + 1}`,
    materialStandard: '',
    materialModel: '',
    unitName: '个',
    materialColor: '',
    unitPrice: 2,
    prevSum: i,
    inSum: 1.5 * i,
    outSum: i % 3,
    thisSum: 0.25 + i,
    thisAllPrice: i ? (10.1 * i).toFixed(2) : null,
  }));

  it('shows ten records and a 合计 row with the sums of the rows shown (2 decimals), - in the other columns', async () => {
    const { lists } = mockBackend('/depotItem/getInOutStock', stockRows);
    const { container } = renderPage(InOutStockReport);
    await waitFor(() => expect(dataRows(container)).toHaveLength(10));
    expect(lists[0]?.get('pageSize'), 'size 11 asks for 10 records').toBe('10');
    expect(
      lists[0]?.get('beginTime') && lists[0]?.get('endTime'),
      'the report period is sent as plain parameters',
    ).toBeTruthy();
    const titles = headerTitles(container);
    const rows = dataRows(container);
    const totals = [...container.querySelectorAll('tr.table-totals-row td')].map((td) => (td.textContent ?? '').trim());
    expect(totals[titles.indexOf('#')]).toBe('合计');
    for (const title of ['上期结存数量', '入库数量', '出库数量', '本期结存数量', '结存金额']) {
      const index = titles.indexOf(title);
      expect(index, `column ${title}`).toBeGreaterThanOrEqual(0);
      const expected = rows.reduce((sum, row) => sum + (parseFloat(row[index] ?? '') || 0), 0).toFixed(2);
      expect(totals[index], `${title} sums to ${expected}`).toBe(expected);
    }
    expect(totals[titles.indexOf('名称')], 'other columns show -').toBe('-');
    expect(container.querySelector('.ant-pagination-total-text')?.textContent).toMatch(/^1-10 共\d+条$/);
  });

  it('without a report period the query warns instead of calling the endpoint', async () => {
    const { lists } = mockBackend('/depotItem/getInOutStock', stockRows);
    const user = setupUser();
    const { container } = renderPage(InOutStockReport);
    await waitFor(() => expect(dataRows(container)).toHaveLength(10));
    const calls = lists.length;
    await user.click(container.querySelector('.ant-picker-range .ant-picker-clear')!);
    await user.click(button(container.querySelector<HTMLElement>('.table-page-search-wrapper')!, /^查\s*询$/));
    await waitFor(() => expect(screen.getByText('请选择单据日期！')).toBeInTheDocument());
    expect(lists.length, 'no call without a period').toBe(calls);
  });
});
