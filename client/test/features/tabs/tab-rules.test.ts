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
  type TabsState,
} from '../../../features/tabs/tab-rules';

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
  expect(closeTab({ tabs: [{ key: '/only', title: 'o' }], active: '/only' }, '/only')).toEqual({ ok: false, reason: 'lastTab' });
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
  const allows = (path: string) => path === '/system/role' || path === '/bill/purchase_in';
  expect(
    restoreTabs(
      {
        tabs: [
          { key: '/bill/purchase_in?id=3', title: '采购入库' },
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
    'a dropped active tab falls back to home; duplicates and junk are skipped; the query stays with its tab',
  ).toEqual({
    tabs: [
      { key: '/dashboard/analysis', title: '首页' },
      { key: '/bill/purchase_in?id=3', title: '采购入库' },
      { key: '/system/role', title: '角色管理' },
    ],
    active: '/dashboard/analysis',
  });
  for (const junk of [undefined, null, 'tabs', { tabs: 'x' }, { tabs: [] }]) {
    expect(restoreTabs(junk, allows, '首页')).toEqual({ tabs: [{ key: '/dashboard/analysis', title: '首页' }], active: '/dashboard/analysis' });
  }
});
