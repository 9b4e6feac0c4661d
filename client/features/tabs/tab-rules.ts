// Tab rules, pure. The home tab is always first and never closes;
// the last tab never closes; bulk actions act on a given tab (the clicked one, or the active one).
// One tab per page: a query that selects nothing (`?x=1`) opens the page's tab; one that selects something (a bill's
// `?number=`) shows it in that tab too, and the tab returns to it when clicked again.
import { meaningfulSearch } from '../../lib/page-query';

export const HOME_TAB_KEY = '/dashboard/analysis';

export interface Tab {
  /** The page's pathname: one tab per page. */
  key: string;
  title: string;
  /** Where the tab was last (pathname + the query's meaningful part) when that differs from `key`. */
  path?: string;
}

/** The tab a location belongs to: its pathname, whatever the query. */
export function tabKeyOf(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** The tab for a location: its key, and its path when the query selects something. */
export function tabAt(pathname: string, search: string, title: string): Tab {
  const key = tabKeyOf(pathname);
  const query = meaningfulSearch(search);
  return query ? { key, title, path: key + query } : { key, title };
}

const splitPath = (path: string): string[] => path.split(/(?=\?)/, 2);

/** Where clicking a tab goes: back to what it last showed. */
export function tabTarget(tab: Tab): string {
  return tab.path ?? tab.key;
}

export interface TabsState {
  tabs: Tab[];
  active: string;
}

export type TabRefusal = 'homeNotClosable' | 'lastTab';

export type TabResult = { ok: true; state: TabsState } | { ok: false; reason: TabRefusal };

export function initialTabs(homeTitle: string): TabsState {
  return { tabs: [{ key: HOME_TAB_KEY, title: homeTitle }], active: HOME_TAB_KEY };
}

/** Opens (or activates) a tab, which remembers the path it shows now; the home tab is re-added first if missing. */
export function openTab(state: TabsState, tab: Tab, homeTitle: string): TabsState {
  let tabs = state.tabs;
  if (!tabs.some((t) => t.key === HOME_TAB_KEY)) tabs = [{ key: HOME_TAB_KEY, title: homeTitle }, ...tabs];
  const existing = tabs.findIndex((t) => t.key === tab.key);
  if (existing === -1) tabs = [...tabs, tab];
  else {
    const before = tabs[existing]!;
    const next: Tab = { key: tab.key, title: tab.title || before.title, ...(tab.path ? { path: tab.path } : {}) };
    if (next.title !== before.title || next.path !== before.path)
      tabs = tabs.map((t, i) => (i === existing ? next : t));
  }
  if (tabs === state.tabs && state.active === tab.key) return state;
  return { tabs, active: tab.key };
}

export function closeTab(state: TabsState, key: string): TabResult {
  if (key === HOME_TAB_KEY) return { ok: false, reason: 'homeNotClosable' };
  if (state.tabs.length <= 1) return { ok: false, reason: 'lastTab' };
  const index = state.tabs.findIndex((t) => t.key === key);
  if (index === -1) return { ok: true, state };
  const tabs = state.tabs.filter((t) => t.key !== key);
  // The closed tab's neighbour takes its place (the one now at the same index, else the last).
  const active = state.active === key ? (tabs[index] ?? tabs[tabs.length - 1])!.key : state.active;
  return { ok: true, state: { tabs, active } };
}

/** Keeps the first (home) tab and the tabs from `key` onwards. */
export function closeLeft(state: TabsState, key: string): TabsState {
  const index = state.tabs.findIndex((t) => t.key === key);
  if (index <= 1) return state;
  const tabs = [state.tabs[0]!, ...state.tabs.slice(index)];
  return { tabs, active: tabs.some((t) => t.key === state.active) ? state.active : key };
}

/** Keeps the tabs up to and including `key`. */
export function closeRight(state: TabsState, key: string): TabsState {
  const index = state.tabs.findIndex((t) => t.key === key);
  if (index === -1 || index === state.tabs.length - 1) return state;
  const tabs = state.tabs.slice(0, index + 1);
  return { tabs, active: tabs.some((t) => t.key === state.active) ? state.active : key };
}

/** Keeps home and `key` (only home when `key` is home), and activates `key`. */
export function closeOthers(state: TabsState, key: string): TabsState {
  const home = state.tabs.find((t) => t.key === HOME_TAB_KEY);
  const target = state.tabs.find((t) => t.key === key);
  if (!target) return state;
  const tabs = key === HOME_TAB_KEY || !home ? [target] : [home, target];
  return { tabs, active: key };
}

/** Keeps only home (or the first tab when home is missing); refuses when a single tab is left. */
export function closeAll(state: TabsState): TabResult {
  if (state.tabs.length <= 1) return { ok: false, reason: 'lastTab' };
  const keep = state.tabs.find((t) => t.key === HOME_TAB_KEY) ?? state.tabs[0]!;
  return { ok: true, state: { tabs: [keep], active: keep.key } };
}

/** Multi-tab mode: on when the setting says so and the device is not mobile. */
export function multiTabEnabled(multipageSetting: boolean, isMobile: boolean): boolean {
  return multipageSetting && !isMobile;
}

/** Document title: `<tab title> · <system title>`; the home tab shows the system title alone. */
export function documentTitle(activeKey: string, tabTitle: string | undefined, systemTitle: string): string {
  if (activeKey === HOME_TAB_KEY || !tabTitle) return systemTitle;
  return `${tabTitle} · ${systemTitle}`;
}

/**
 * The tabs kept from an earlier visit (any stored value: it may be old or edited), reduced to the paths `allows`
 * still opens (the user's menu may have shrunk since); home first, as always. Nothing usable: home alone.
 */
export function restoreTabs(saved: unknown, allows: (path: string) => boolean, homeTitle: string): TabsState {
  const initial = initialTabs(homeTitle);
  if (typeof saved !== 'object' || saved === null) return initial;
  const { tabs, active } = saved as { tabs?: unknown; active?: unknown };
  if (!Array.isArray(tabs)) return initial;
  const kept: Tab[] = [];
  for (const tab of tabs as unknown[]) {
    if (typeof tab !== 'object' || tab === null) continue;
    const { key: stored, title, path } = tab as { key?: unknown; title?: unknown; path?: unknown };
    if (typeof stored !== 'string' || typeof title !== 'string' || !stored.startsWith('/')) continue;
    // A key of an older start may carry a query (one tab per full path then): the page's tab now, its query kept
    // only when it selects something; a stored path of another page is ignored.
    const [pathname = stored, keySearch = ''] = splitPath(stored);
    const [pathPathname, pathSearch = ''] = typeof path === 'string' ? splitPath(path) : [];
    const restored = tabAt(
      pathname,
      tabKeyOf(pathPathname ?? '') === tabKeyOf(pathname) ? pathSearch : keySearch,
      title,
    );
    if (restored.key === HOME_TAB_KEY || kept.some((t) => t.key === restored.key) || !allows(restored.key)) continue;
    kept.push(restored);
  }
  const restored = [...initial.tabs, ...kept];
  const activeKey = typeof active === 'string' ? tabKeyOf(splitPath(active)[0] ?? active) : HOME_TAB_KEY;
  return { tabs: restored, active: restored.some((t) => t.key === activeKey) ? activeKey : HOME_TAB_KEY };
}
