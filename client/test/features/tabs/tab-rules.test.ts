import { expect, it } from 'vitest';
import {
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  documentTitle,
  initialTabs,
  multiTabEnabled,
  openTab,
  restoreTabs,
  tabAt,
  tabTarget,
  type TabsState,
} from '../../../features/tabs/tab-rules';
import { billDetailPath, billNumberOf, meaningfulSearch } from '../../../lib/page-query';

const HOME = '/dashboard/analysis';
const keys = (s: TabsState) => s.tabs.map((tab) => tab.key);
const open = (...paths: string[]) =>
  paths.reduce((state, path) => openTab(state, { key: path, title: path.slice(1) }, '首页'), initialTabs('首页'));

it('home first, opening appends and activates, reopening just activates', () => {
  const state = open('/a', '/b', '/a');
  expect(keys(state)).toEqual([HOME, '/a', '/b']);
  expect(state.active).toBe('/a');
  const noHome = openTab({ tabs: [{ key: '/x', title: 'x' }], active: '/x' }, { key: '/y', title: 'y' }, '首页');
  expect(keys(noHome), 'home is re-added first').toEqual([HOME, '/x', '/y']);
});

it('closing: home refuses, the last tab refuses, a neighbour takes over', () => {
  expect(closeTab(open('/a'), HOME)).toEqual({ ok: false, reason: 'homeNotClosable' });
  expect(closeTab({ tabs: [{ key: '/only', title: 'o' }], active: '/only' }, '/only')).toEqual({
    ok: false,
    reason: 'lastTab',
  });
  const state = { ...open('/a', '/b', '/c'), active: '/b' };
  const closed = closeTab(state, '/b');
  expect(closed.ok).toBeTruthy();
  if (closed.ok) {
    expect(keys(closed.state)).toEqual([HOME, '/a', '/c']);
    expect(closed.state.active, 'the tab now at the same index').toBe('/c');
  }
  const last = closeTab({ ...open('/a', '/b'), active: '/b' }, '/b');
  expect(last.ok && last.state.active, 'closing the last one activates the new last').toBe('/a');
  const other = closeTab({ ...open('/a', '/b'), active: '/a' }, '/b');
  expect(other.ok && other.state.active, 'closing another tab keeps the active one').toBe('/a');
});

it('close left keeps home and the tabs from the target on', () => {
  const state = { ...open('/a', '/b', '/c'), active: '/a' };
  const next = closeLeft(state, '/b');
  expect(keys(next)).toEqual([HOME, '/b', '/c']);
  expect(next.active, 'the removed active tab hands over to the target').toBe('/b');
  expect(closeLeft(state, HOME), 'nothing left of home').toBe(state);
  expect(closeLeft(state, '/a'), 'only home on the left: unchanged').toBe(state);
});

it('close right keeps the tabs up to the target', () => {
  const state = { ...open('/a', '/b', '/c'), active: '/c' };
  const next = closeRight(state, '/a');
  expect(keys(next)).toEqual([HOME, '/a']);
  expect(next.active).toBe('/a');
  const keepActive = closeRight({ ...state, active: HOME }, '/b');
  expect(keepActive.active, 'an active tab that survives stays active').toBe(HOME);
  expect(closeRight(state, '/c')).toBe(state);
});

it('close others keeps home and the target; on home only home', () => {
  const state = open('/a', '/b', '/c');
  const next = closeOthers(state, '/b');
  expect(keys(next)).toEqual([HOME, '/b']);
  expect(next.active).toBe('/b');
  expect(keys(closeOthers(state, HOME))).toEqual([HOME]);
});

it('close all keeps only home; refuses with a single tab', () => {
  const all = closeAll(open('/a', '/b'));
  expect(all.ok && keys(all.state)).toEqual([HOME]);
  expect(all.ok && all.state.active).toBe(HOME);
  expect(closeAll(initialTabs('首页'))).toEqual({ ok: false, reason: 'lastTab' });
});

it('multi-tab mode and document title', () => {
  expect(multiTabEnabled(true, false)).toBe(true);
  expect(multiTabEnabled(true, true), 'off on mobile').toBe(false);
  expect(multiTabEnabled(false, false), 'off by setting').toBe(false);
  expect(documentTitle(HOME, '首页', '管伊佳ERP')).toBe('管伊佳ERP');
  expect(documentTitle('/system/role', '角色管理', '管伊佳ERP')).toBe('角色管理 · 管伊佳ERP');
});

it('restoreTabs: keeps the allowed tabs of a stored value, home first; anything malformed restores home alone', () => {
  const allows = (path: string) =>
    ['/system/role', '/bill/purchase_in', '/bill/sale_out', '/financial/item_in'].includes(path);
  expect(
    restoreTabs(
      {
        tabs: [
          { key: '/bill/purchase_in?id=3', title: '采购入库' },
          { key: '/bill/sale_out?x=1', title: '销售出库', path: '/bill/sale_out?number=XSCK1' },
          { key: '/financial/item_in', title: '收入单', path: '/bill/sale_out?number=XSCK2' },
          { key: '/system/plugin', title: '插件管理' },
          { key: '/system/role', title: '角色管理' },
          { key: '/system/role', title: '角色管理' },
          { key: 5, title: 'x' },
          null,
        ],
        active: '/system/plugin',
      },
      allows,
      '首页',
    ),
    "a dropped active tab falls back to home; duplicates and junk are skipped; an older key with a query is its page's tab, " +
      'keeping only a query that selects something, and a path of another page is ignored',
  ).toEqual({
    tabs: [
      { key: '/dashboard/analysis', title: '首页' },
      { key: '/bill/purchase_in', title: '采购入库' },
      { key: '/bill/sale_out', title: '销售出库', path: '/bill/sale_out?number=XSCK1' },
      { key: '/financial/item_in', title: '收入单' },
      { key: '/system/role', title: '角色管理' },
    ],
    active: '/dashboard/analysis',
  });
  for (const junk of [undefined, null, 'tabs', { tabs: 'x' }, { tabs: [] }]) {
    expect(restoreTabs(junk, allows, '首页')).toEqual({
      tabs: [{ key: '/dashboard/analysis', title: '首页' }],
      active: '/dashboard/analysis',
    });
  }
});

it("one tab per page: a query that selects nothing opens the page's tab; a bill number is shown in it and kept for the next click", () => {
  expect(meaningfulSearch('?x=1&utm=2'), 'a stray query selects nothing').toBe('');
  expect(meaningfulSearch('?x=1&number=CGRK0001'), 'only the bill number is kept').toBe('?number=CGRK0001');
  expect(meaningfulSearch('?number=%20'), 'a blank number selects nothing').toBe('');
  expect(billDetailPath('/bill/purchase_in', 'CGRK 00/1&x'), 'the number is encoded').toBe(
    '/bill/purchase_in?number=CGRK+00%2F1%26x',
  );
  expect(billNumberOf('?number=CGRK+00%2F1%26x')).toBe('CGRK 00/1&x');
  expect(billNumberOf('?x=1')).toBeNull();

  let state = openTab(initialTabs('首页'), tabAt('/bill/purchase_in', '', '采购入库'), '首页');
  state = openTab(state, tabAt('/bill/purchase_in', '?x=1', '采购入库'), '首页');
  state = openTab(state, tabAt('/bill/purchase_in/', '', '采购入库'), '首页');
  expect(keys(state), 'no duplicate for ?x=1 or a trailing slash').toEqual([HOME, '/bill/purchase_in']);
  expect(tabTarget(state.tabs[1]!)).toBe('/bill/purchase_in');

  state = openTab(state, tabAt('/bill/purchase_in', '?number=CGRK0001&x=1', '采购入库'), '首页');
  expect(state.tabs, "the bill shows in the page's tab").toEqual([
    { key: HOME, title: '首页' },
    { key: '/bill/purchase_in', title: '采购入库', path: '/bill/purchase_in?number=CGRK0001' },
  ]);
  state = openTab(state, tabAt('/system/role', '', '角色管理'), '首页');
  expect(tabTarget(state.tabs[1]!), 'clicking the tab again returns to the bill').toBe(
    '/bill/purchase_in?number=CGRK0001',
  );
  state = openTab(state, tabAt('/bill/purchase_in', '', '采购入库'), '首页');
  expect(tabTarget(state.tabs[1]!), 'the detail closed: the tab returns to the list').toBe('/bill/purchase_in');
  expect(
    openTab(state, tabAt('/bill/purchase_in', '?x=2', '采购入库'), '首页'),
    'nothing changes: the same state',
  ).toBe(state);
});
