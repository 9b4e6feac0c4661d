import t from 'tap';
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
  type TabsState,
} from '../../../client/features/tabs/tab-rules.js';

const HOME = '/dashboard/analysis';
const keys = (s: TabsState) => s.tabs.map((tab) => tab.key);
const open = (...paths: string[]) =>
  paths.reduce((state, path) => openTab(state, { key: path, title: path.slice(1) }, '首页'), initialTabs('首页'));

t.test('home first, opening appends and activates, reopening just activates', async (t) => {
  const state = open('/a', '/b', '/a');
  t.same(keys(state), [HOME, '/a', '/b']);
  t.equal(state.active, '/a');
  const noHome = openTab({ tabs: [{ key: '/x', title: 'x' }], active: '/x' }, { key: '/y', title: 'y' }, '首页');
  t.same(keys(noHome), [HOME, '/x', '/y'], 'home is re-added first');
});

t.test('closing: home refuses, the last tab refuses, a neighbour takes over', async (t) => {
  t.same(closeTab(open('/a'), HOME), { ok: false, reason: 'homeNotClosable' });
  t.same(closeTab({ tabs: [{ key: '/only', title: 'o' }], active: '/only' }, '/only'), { ok: false, reason: 'lastTab' });
  const state = { ...open('/a', '/b', '/c'), active: '/b' };
  const closed = closeTab(state, '/b');
  t.ok(closed.ok);
  if (closed.ok) {
    t.same(keys(closed.state), [HOME, '/a', '/c']);
    t.equal(closed.state.active, '/c', 'the tab now at the same index');
  }
  const last = closeTab({ ...open('/a', '/b'), active: '/b' }, '/b');
  t.equal(last.ok && last.state.active, '/a', 'closing the last one activates the new last');
  const other = closeTab({ ...open('/a', '/b'), active: '/a' }, '/b');
  t.equal(other.ok && other.state.active, '/a', 'closing another tab keeps the active one');
});

t.test('close left keeps home and the tabs from the target on', async (t) => {
  const state = { ...open('/a', '/b', '/c'), active: '/a' };
  const next = closeLeft(state, '/b');
  t.same(keys(next), [HOME, '/b', '/c']);
  t.equal(next.active, '/b', 'the removed active tab hands over to the target');
  t.equal(closeLeft(state, HOME), state, 'nothing left of home');
  t.equal(closeLeft(state, '/a'), state, 'only home on the left: unchanged');
});

t.test('close right keeps the tabs up to the target', async (t) => {
  const state = { ...open('/a', '/b', '/c'), active: '/c' };
  const next = closeRight(state, '/a');
  t.same(keys(next), [HOME, '/a']);
  t.equal(next.active, '/a');
  const keepActive = closeRight({ ...state, active: HOME }, '/b');
  t.equal(keepActive.active, HOME, 'an active tab that survives stays active');
  t.equal(closeRight(state, '/c'), state);
});

t.test('close others keeps home and the target; on home only home', async (t) => {
  const state = open('/a', '/b', '/c');
  const next = closeOthers(state, '/b');
  t.same(keys(next), [HOME, '/b']);
  t.equal(next.active, '/b');
  t.same(keys(closeOthers(state, HOME)), [HOME]);
});

t.test('close all keeps only home; refuses with a single tab', async (t) => {
  const all = closeAll(open('/a', '/b'));
  t.same(all.ok && keys(all.state), [HOME]);
  t.equal(all.ok && all.state.active, HOME);
  t.same(closeAll(initialTabs('首页')), { ok: false, reason: 'lastTab' });
});

t.test('multi-tab mode and document title', async (t) => {
  t.equal(multiTabEnabled(true, false), true);
  t.equal(multiTabEnabled(true, true), false, 'off on mobile');
  t.equal(multiTabEnabled(false, false), false, 'off by setting');
  t.equal(documentTitle(HOME, '首页', '管伊佳ERP'), '管伊佳ERP');
  t.equal(documentTitle('/system/role', '角色管理', '管伊佳ERP'), '角色管理 · 管伊佳ERP');
});

t.test('restoreTabs: keeps the allowed tabs of a stored value, home first; anything malformed restores home alone', async (t) => {
  const { restoreTabs } = await import('../../../client/features/tabs/tab-rules.js');
  const allows = (path: string) => path === '/system/role' || path === '/bill/purchase_in';
  t.same(
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
    {
      tabs: [
        { key: '/dashboard/analysis', title: '首页' },
        { key: '/bill/purchase_in?id=3', title: '采购入库' },
        { key: '/system/role', title: '角色管理' },
      ],
      active: '/dashboard/analysis',
    },
    'a dropped active tab falls back to home; duplicates and junk are skipped; the query stays with its tab',
  );
  for (const junk of [undefined, null, 'tabs', { tabs: 'x' }, { tabs: [] }]) {
    t.same(restoreTabs(junk, allows, '首页'), { tabs: [{ key: '/dashboard/analysis', title: '首页' }], active: '/dashboard/analysis' });
  }
});
