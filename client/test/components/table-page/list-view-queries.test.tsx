// The shared list page against a fake backend: what a user sees and what the page sends.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListView } from '../../../components/table-page/list-view';
import { billSpec, BILL_KINDS } from '../../../features/bills/bill-spec';
import { financialSpec, FINANCIAL_KINDS } from '../../../features/financial/financial-spec';
import { reportSpec } from '../../../features/reports/report-specs';
import { SYSTEM_VIEWS } from '../../../features/system/system-specs';
import { SYSTEM_FORMS } from '../../../features/system/system-forms';
import { storage, StorageKeys } from '../../../lib/storage';
import { fakeBackend } from '../../helpers/fake-backend';
import { renderInShell } from '../../helpers/render-page';
import { signIn } from '../../helpers/session';
import { App as AntApp } from 'antd';
import { startTransition, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ThemedConfig } from '../../../components/themed-antd';
import { SettingsProvider } from '../../../lib/settings-provider';
import { createPageShown, PageShownContext } from '../../../lib/page-shown';
import type { ViewSpec } from '../../../components/table-page/view-spec';

// A whole antd table in jsdom takes seconds to render on a busy two-core machine, tens of seconds for a test
// that re-renders it often: a generous bound, not a speed target.
vi.setConfig({ testTimeout: 180_000 });

const page = (rows: Record<string, unknown>[], total = rows.length) => ({ code: 200, data: { rows, total } });

beforeEach(() => {
  localStorage.clear();
  // The tour would cover the page: every page's tour is already done.
  for (const key of ['roleList', 'CGRK', 'SK', 'materialStock', 'accountReport', 'stockWarningReport'])
    storage.set(`intro_cache_${key}`, 1);
});
afterEach(() => vi.unstubAllGlobals());

describe('ListView sorting', () => {
  it('a click on a sortable header asks the backend for orderByColumn/isAsc (the table column) beside column/order', async () => {
    const backend = fakeBackend({
      '/depotHead/list': page([{ id: 1, number: 'CGRK001', operTimeStr: '2024-01-01 10:00:00' }]),
    });
    renderInShell(<ListView spec={billSpec(BILL_KINDS.purchaseIn)} />);
    await screen.findByText('CGRK001');
    expect(backend.callsTo('/depotHead/list')[0]!.searchParams.has('orderByColumn')).toBe(false);

    fireEvent.click(screen.getByRole('columnheader', { name: /单据日期/ }).querySelector('.ant-table-column-sorters')!);
    await waitFor(() =>
      expect(backend.callsTo('/depotHead/list').at(-1)!.searchParams.get('orderByColumn')).toBe('operTime'),
    );
    const asc = backend.callsTo('/depotHead/list').at(-1)!.searchParams;
    expect(asc.get('isAsc')).toBe('asc');
    expect(asc.get('column')).toBe('operTimeStr');
    expect(asc.get('order')).toBe('asc');

    fireEvent.click(screen.getByRole('columnheader', { name: /单据日期/ }).querySelector('.ant-table-column-sorters')!);
    await waitFor(() => expect(backend.callsTo('/depotHead/list').at(-1)!.searchParams.get('isAsc')).toBe('desc'));
  });
});

describe('ListView button gating', () => {
  const roleRows = page([{ id: 7, name: '销售员', enabled: true }]);

  it('shows 启用/禁用 to a tenant user holding the edit code (1), as the original lists do', async () => {
    storage.set(StorageKeys.buttonPermissions, [{ url: '/system/role', btnStr: '1' }]);
    fakeBackend({ '/role/list': roleRows });
    renderInShell(<ListView spec={SYSTEM_VIEWS.role} />);
    await screen.findByText('销售员');
    expect(screen.getByRole('button', { name: /启\s*用/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /禁\s*用/ })).toBeInTheDocument();
  });

  it('hides them from a user without the edit code, even with code 4', async () => {
    storage.set(StorageKeys.buttonPermissions, [{ url: '/system/role', btnStr: '3,4' }]);
    fakeBackend({ '/role/list': roleRows });
    renderInShell(<ListView spec={SYSTEM_VIEWS.role} />);
    await screen.findByText('销售员');
    expect(screen.queryByRole('button', { name: /启\s*用/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /禁\s*用/ })).toBeNull();
  });

  it('禁用 on the user list sends the user status 2 (banned), as the backend stores it', async () => {
    const user = userEvent.setup();
    storage.set(StorageKeys.buttonPermissions, [{ url: '/system/user', btnStr: '1' }]);
    let sent: unknown = null;
    fakeBackend({
      '/user/list': page([{ id: 5, loginName: 'clerk', username: '店员', status: 0 }]),
      '/user/batchSetStatus': (_url: URL, init: RequestInit | undefined) => {
        sent = JSON.parse(String(init?.body));
        return { code: 200, data: { message: '成功' } };
      },
    });
    renderInShell(<ListView spec={SYSTEM_VIEWS.user} />);
    await screen.findByText('clerk');
    const row = screen.getByText('clerk').closest('tr')!;
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /禁\s*用/ }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(sent).toEqual({ status: 2, ids: '5,' }));
  });

  it('offers 导出 on a report to a user without the export code, but not on a bill list', async () => {
    storage.set(StorageKeys.buttonPermissions, [
      { url: '/report/account_report', btnStr: '' },
      { url: '/bill/purchase_in', btnStr: '1' },
    ]);
    fakeBackend({
      '/account/list': page([{ id: 1, name: '现金' }]),
      '/depotHead/list': page([{ id: 1, number: 'CGRK001' }]),
    });
    const report = renderInShell(<ListView spec={reportSpec('accountReport')} />);
    await screen.findByText('现金');
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();
    report.unmount();
    renderInShell(<ListView spec={billSpec(BILL_KINDS.purchaseIn)} />);
    await screen.findByText('CGRK001');
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });
});

describe('ListView totals and paging', () => {
  it('the totals row sums every money and quantity column to 2 decimals, and leaves the others blank', async () => {
    fakeBackend({
      '/depotItem/findStockWarningCount': page([
        {
          id: 1,
          depotName: '仓库1',
          mname: '螺丝',
          currentNumber: 5,
          lowSafeStock: 1,
          highSafeStock: 10,
          lowCritical: 2,
          highCritical: 3.5,
        },
        {
          id: 2,
          depotName: '仓库1',
          mname: '螺母',
          currentNumber: '7.25',
          lowSafeStock: 2,
          highSafeStock: 20,
          lowCritical: null,
          highCritical: 1,
        },
      ]),
    });
    renderInShell(<ListView spec={reportSpec('stockWarningReport')} />);
    await screen.findByText('螺丝');
    const totals = document.querySelector('.table-totals-row') as HTMLElement;
    expect(totals).not.toBeNull();
    const cells = within(totals)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[0]).toBe('合计');
    for (const sum of ['12.25', '3.00', '30.00', '2.00', '4.50']) expect(cells).toContain(sum);
    expect(cells).toContain('-');
  });

  async function sizeOptions(): Promise<string[]> {
    const changer = document.querySelector('.ant-pagination-options .ant-select') as HTMLElement;
    fireEvent.mouseDown(changer.querySelector('.ant-select-selector, input') ?? changer);
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
    return Array.from(document.querySelectorAll('.ant-select-item-option')).map(
      (o) => o.getAttribute('title') ?? o.textContent ?? '',
    );
  }

  it('bill and money lists page 10/20/30/50/100 with no totals row; reports page 11/21/31/101/201', async () => {
    const rows = page([{ id: 1, number: 'CGRK001', billNo: 'SK001', totalPrice: 5, changeAmount: 5 }], 100);
    fakeBackend({
      '/depotHead/list': rows,
      '/accountHead/list': rows,
      '/account/list': page([{ id: 1, name: '现金' }], 100),
    });
    const bill = renderInShell(<ListView spec={billSpec(BILL_KINDS.purchaseIn)} />);
    await screen.findByText('CGRK001');
    expect(document.querySelector('.table-totals-row')).toBeNull();
    expect((await sizeOptions()).map((o) => parseInt(o, 10))).toEqual([10, 20, 30, 50, 100]);
    bill.unmount();

    const money = renderInShell(<ListView spec={financialSpec(FINANCIAL_KINDS.moneyIn)} />);
    await screen.findByText('SK001');
    expect(document.querySelector('.table-totals-row')).toBeNull();
    expect((await sizeOptions()).map((o) => parseInt(o, 10))).toEqual([10, 20, 30, 50, 100]);
    money.unmount();

    renderInShell(<ListView spec={reportSpec('accountReport')} />);
    await screen.findByText('现金');
    expect((await sizeOptions()).map((o) => parseInt(o, 10))).toEqual([11, 21, 31, 101, 201]);
  });
});

describe('ListView choices that survive', () => {
  it('a one-column setting survives a reload and a 查询', async () => {
    const user = userEvent.setup();
    const backend = fakeBackend({ '/role/list': page([{ id: 7, name: '销售员', description: '卖货' }]) });
    const first = renderInShell(<ListView spec={SYSTEM_VIEWS.role} />);
    await screen.findByText('销售员');
    await user.click(screen.getByRole('button', { name: /列设置/ }));
    const settings = await waitFor(() => document.querySelector('.table-page-column-settings') as HTMLElement);
    const boxes = within(settings).getAllByRole('checkbox');
    expect(boxes.length).toBeGreaterThan(1);
    // Untick every column but the first.
    for (const box of boxes.slice(1)) if ((box as HTMLInputElement).checked) fireEvent.click(box);
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /描述/ })).toBeNull());
    first.unmount();

    renderInShell(<ListView spec={SYSTEM_VIEWS.role} />);
    await screen.findByText('销售员');
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers()).toContain('角色名称');
    expect(screen.queryByRole('columnheader', { name: /描述/ })).toBeNull();
    const before = backend.callsTo('/role/list').length;
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(backend.callsTo('/role/list').length).toBeGreaterThan(before));
    expect(backend.callsTo('/role/list').at(-1)!.searchParams.get('field')).toBe('id,,name');
    expect(screen.queryByRole('columnheader', { name: /描述/ })).toBeNull();
  });

  it('the 零库存 choice is sent, and survives a 查询 and a reload; 重置 goes back to 隐藏', async () => {
    const user = userEvent.setup();
    const backend = fakeBackend({ '/material/getListWithStock': page([{ id: 1, name: '螺丝', currentStock: 0 }]) });
    const zeroStock = () => backend.callsTo('/material/getListWithStock').at(-1)!.searchParams.get('zeroStock');
    const first = renderInShell(<ListView spec={reportSpec('materialStock')} />);
    await screen.findByText('螺丝');
    expect(zeroStock()).toBe('0');
    expect(document.querySelector('input[id$="_zeroStock"]')!.closest('.ant-select')!.textContent).toContain('隐藏');

    fireEvent.mouseDown(document.querySelector('input[id$="_zeroStock"]')!);
    await user.click(await screen.findByTitle('显示'));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(zeroStock()).toBe('1'));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(backend.callsTo('/material/getListWithStock').length).toBeGreaterThanOrEqual(3));
    expect(zeroStock()).toBe('1');
    first.unmount();

    renderInShell(<ListView spec={reportSpec('materialStock')} />);
    await screen.findByText('螺丝');
    expect(zeroStock()).toBe('1');
    expect(document.querySelector('input[id$="_zeroStock"]')!.closest('.ant-select')!.textContent).toContain('显示');

    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(zeroStock()).toBe('0'));
    expect(document.querySelector('input[id$="_zeroStock"]')!.closest('.ant-select')!.textContent).toContain('隐藏');
  });
});

describe('ListView filters kept for the browser tab', () => {
  it('a search is kept for a reload; the list closed (its tab closed) forgets it, and opens fresh', async () => {
    sessionStorage.clear();
    const backend = fakeBackend({ '/role/list': page([{ id: 7, name: '销售经理', enabled: true }]) });
    const first = renderInShell(<ListView spec={SYSTEM_VIEWS.role} />);
    await screen.findByText('销售经理');
    fireEvent.change(screen.getByPlaceholderText('角色名称'), { target: { value: '销售' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(backend.callsTo('/role/list')).toHaveLength(2));
    expect(Object.values(sessionStorage).join(), 'kept in the browser tab').toContain('销售');

    first.unmount();
    expect(Object.values(sessionStorage).join(), 'forgotten with the closed list').not.toContain('销售');
    renderInShell(<ListView spec={SYSTEM_VIEWS.role} />);
    await screen.findByText('销售经理');
    expect(screen.getByPlaceholderText('角色名称')).toHaveValue('');
  });
});

describe('ListView calls', () => {
  it.each(['a transition, in slices', 'one synchronous pass'])(
    "the first page's call leaves while the page renders (%s), before it is on screen, and only once",
    async (how) => {
      const onScreenAtCall: boolean[] = [];
      const backend = fakeBackend({
        '/depotHead/list': () => {
          onScreenAtCall.push(document.querySelector('.table-page') !== null);
          return page([{ id: 1, number: 'CGRK001', operTimeStr: '2024-01-01 10:00:00' }]);
        },
      });
      // As the router may render a page: a transition, rendered in slices by React's scheduler, or one pass at once
      // (the address changes it renders so); not act's.
      const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
      signIn();
      const container = document.body.appendChild(document.createElement('div'));
      const root = createRoot(container);
      try {
        const shell = (
          <SettingsProvider>
            <ThemedConfig>
              <AntApp>
                <ListView spec={billSpec(BILL_KINDS.purchaseIn)} />
              </AntApp>
            </ThemedConfig>
          </SettingsProvider>
        );
        if (how === 'one synchronous pass') flushSync(() => root.render(shell));
        else startTransition(() => root.render(shell));
        await screen.findByText('CGRK001');
        expect(onScreenAtCall).toEqual([false]);
        expect(backend.callsTo('/depotHead/list')).toHaveLength(1);
      } finally {
        root.unmount();
        container.remove();
        (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
      }
    },
  );
});

describe('ListView shown again (a tab brought back)', () => {
  // As the tab area keeps a page: mounted, its box hidden, told when it is in front (lib/page-shown).
  function Tabbed({ spec }: { spec: ViewSpec }) {
    const [shown, setShown] = useState(true);
    const [page] = useState(() => createPageShown(true));
    useLayoutEffect(() => page.set(shown));
    return (
      <>
        <button type="button" onClick={() => setShown((v) => !v)}>
          toggle
        </button>
        <div style={shown ? undefined : { display: 'none' }}>
          <PageShownContext value={page}>
            <ListView spec={spec} />
          </PageShownContext>
        </div>
      </>
    );
  }
  const checked = () =>
    Array.from(document.querySelectorAll<HTMLInputElement>('tr.ant-table-row .ant-checkbox-input')).map(
      (box) => box.checked,
    );

  it('asks again; the same answer keeps the ticked rows, a changed one shows its rows', async () => {
    let rows = [
      { id: 7, name: '销售经理', enabled: true },
      { id: 8, name: '仓管', enabled: true },
    ];
    const backend = fakeBackend({ '/role/list': () => page(rows) });
    renderInShell(<Tabbed spec={SYSTEM_VIEWS.role} />);
    await screen.findByText('销售经理');
    fireEvent.click(document.querySelectorAll<HTMLInputElement>('tr.ant-table-row .ant-checkbox-input')[1]!);
    await waitFor(() => expect(checked()).toEqual([false, true]));

    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await waitFor(() => expect(backend.callsTo('/role/list')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(checked(), 'the same rows: the tick stays').toEqual([false, true]);

    rows = [{ id: 9, name: '财务', enabled: true }];
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await screen.findByText('财务');
    expect(screen.queryByText('销售经理')).toBeNull();
    expect(checked()).toEqual([false]);
  });

  it('Alt+N presses 新增 of the page in front only', async () => {
    fakeBackend({ '/role/list': () => page([{ id: 7, name: '销售经理', enabled: true }]) });
    renderInShell(<Tabbed spec={{ ...SYSTEM_VIEWS.role, form: SYSTEM_FORMS.role }} />);
    await screen.findByText('销售经理');
    const dialogs = () => document.querySelectorAll('.ant-modal-wrap').length;
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    fireEvent.keyDown(window, { key: 'n', code: 'KeyN', altKey: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialogs(), 'hidden: no form').toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    fireEvent.keyDown(window, { key: 'n', code: 'KeyN', altKey: true });
    await waitFor(() => expect(dialogs()).toBe(1));
  });

  it('keeps a search choice made but not yet searched', async () => {
    const user = userEvent.setup();
    fakeBackend({ '/material/getListWithStock': page([{ id: 1, name: '螺丝', currentStock: 0 }]) });
    renderInShell(<Tabbed spec={reportSpec('materialStock')} />);
    await screen.findByText('螺丝');
    const choice = () => document.querySelector('input[id$="_zeroStock"]')!.closest('.ant-select')!.textContent;
    fireEvent.mouseDown(document.querySelector('input[id$="_zeroStock"]')!);
    await user.click(await screen.findByTitle('显示'));
    expect(choice()).toContain('显示');
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(choice(), 'chosen, not searched, and still there').toContain('显示');
  });
});

describe('ListView reloads', () => {
  it('a 查询 answered within 200 ms shows no spinner and renders no cell again for the same rows; a slower one shows the spinner', async () => {
    const rows = [
      { id: 1, name: '螺丝', currentStock: 3 },
      { id: 2, name: '螺母', currentStock: 5 },
    ];
    let hold: Promise<void> | null = null;
    const backend = fakeBackend({
      '/material/getListWithStock': async () => {
        await hold;
        return page(rows);
      },
    });
    let releaseFirst!: () => void;
    hold = new Promise((resolve) => {
      releaseFirst = resolve;
    });
    const rowLinks = vi.fn(() => null);
    renderInShell(<ListView spec={reportSpec('materialStock')} extras={{ rowLinks }} />);
    const spinning = () => document.querySelector('.ant-spin-spinning') !== null;
    await waitFor(() => expect(backend.callsTo('/material/getListWithStock')).toHaveLength(1));
    expect(spinning(), 'the first rows: the spinner at once').toBe(true);
    releaseFirst();
    await screen.findByText('螺丝');
    await waitFor(() => expect(spinning()).toBe(false));

    // Any spinner shown from here on is recorded, however briefly.
    let spinnerSeen = false;
    const observer = new MutationObserver(() => {
      spinnerSeen ||= spinning();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    const cellRenders = rowLinks.mock.calls.length;
    hold = null;
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(backend.callsTo('/material/getListWithStock')).toHaveLength(2));
    await waitFor(() => expect(document.querySelector('.table-page')!.getAttribute('aria-busy')).toBe('false'));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(spinnerSeen, 'a quick answer: no spinner').toBe(false);
    expect(rowLinks.mock.calls.length, 'the same rows: no cell rendered again').toBe(cellRenders);

    let releaseSlow!: () => void;
    hold = new Promise((resolve) => {
      releaseSlow = resolve;
    });
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(backend.callsTo('/material/getListWithStock')).toHaveLength(3));
    expect(spinning(), 'not before 200 ms').toBe(false);
    await waitFor(() => expect(spinning(), 'a slow answer: the spinner after 200 ms').toBe(true));
    releaseSlow();
    await waitFor(() => expect(spinning()).toBe(false));
    expect(screen.getByText('螺丝')).toBeTruthy();
    observer.disconnect();
  });
});

describe('ListView toolbar', () => {
  it("rows arriving, a selection and a 查询 render the table, not the toolbar's buttons again", async () => {
    let rows = [
      { id: 1, number: 'CGRK001', operTimeStr: '2024-01-01 10:00:00' },
      { id: 2, number: 'CGRK002', operTimeStr: '2024-01-02 10:00:00' },
    ];
    const backend = fakeBackend({ '/depotHead/list': async () => page(rows) });
    signIn();
    const toolbarRenders = vi.fn();
    function ToolbarProbe() {
      toolbarRenders();
      return <button type="button">probe</button>;
    }
    const extras = { toolbar: () => ({ start: <ToolbarProbe /> }) };
    renderInShell(<ListView spec={billSpec(BILL_KINDS.purchaseIn)} extras={extras} />);
    await screen.findByText('CGRK001');
    const afterRows = toolbarRenders.mock.calls.length;
    expect(afterRows, 'rendered with the page').toBeGreaterThan(0);

    fireEvent.click(document.querySelectorAll<HTMLInputElement>('.ant-table-tbody input[type="checkbox"]')[0]!);
    await waitFor(() => expect(document.querySelectorAll('.ant-table-tbody .ant-checkbox-checked')).toHaveLength(1));
    rows = [{ id: 3, number: 'CGRK003', operTimeStr: '2024-01-03 10:00:00' }];
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await screen.findByText('CGRK003');
    await waitFor(() => expect(backend.callsTo('/depotHead/list')).toHaveLength(2));
    expect(toolbarRenders.mock.calls.length, 'no render of the toolbar since the rows came').toBe(afterRows);
  });
});

describe('ListView empty state', () => {
  it('says 暂无数据 only once an answer is empty, not while the first one is awaited', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const backend = fakeBackend({
      '/depotHead/list': async () => {
        await held;
        return page([]);
      },
    });
    signIn();
    renderInShell(<ListView spec={billSpec(BILL_KINDS.purchaseIn)} />);
    await waitFor(() => expect(backend.callsTo('/depotHead/list')).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('.ant-table-placeholder')).not.toBeNull());
    expect(
      document.querySelector('.ant-table-placeholder')!.textContent!.trim(),
      'nothing claimed before the answer',
    ).toBe('');
    release();
    await waitFor(() => expect(document.querySelector('.ant-table-placeholder')!.textContent).toContain('暂无数据'));
  });
});
