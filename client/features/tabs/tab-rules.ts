// Tab rules, pure. The home tab is always first and never closes;
// the last tab never closes; bulk actions act on a given tab (the clicked one, or the active one).

export const HOME_TAB_KEY = '/dashboard/analysis';

export interface Tab {
  /** pathname + search: one tab per full path. */
  key: string;
  title: string;
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

/** Opens (or activates) a tab; the home tab is re-added first if missing. */
export function openTab(state: TabsState, tab: Tab, homeTitle: string): TabsState {
  let tabs = state.tabs;
  if (!tabs.some((t) => t.key === HOME_TAB_KEY)) tabs = [{ key: HOME_TAB_KEY, title: homeTitle }, ...tabs];
  const existing = tabs.findIndex((t) => t.key === tab.key);
  if (existing === -1) tabs = [...tabs, tab];
  else if (tabs[existing]?.title !== tab.title && tab.title) tabs = tabs.map((t, i) => (i === existing ? tab : t));
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
    const { key, title } = tab as { key?: unknown; title?: unknown };
    if (typeof key !== 'string' || typeof title !== 'string' || key === HOME_TAB_KEY) continue;
    if (kept.some((t) => t.key === key) || !allows(key.split('?', 1)[0] ?? key)) continue;
    kept.push({ key, title });
  }
  const restored = [...initial.tabs, ...kept];
  return { tabs: restored, active: typeof active === 'string' && restored.some((t) => t.key === active) ? active : HOME_TAB_KEY };
}
