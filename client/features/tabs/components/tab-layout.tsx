// Multi-tab work area: one tab per opened page (a query that selects nothing opens no second tab), the home tab first
// and fixed, close actions from the tab's context menu and from the dropdown at the bar's end. Every open tab's page
// stays mounted, a hidden one hidden (tab-layout.css: its content skipped, its layout kept for the switch back): it
// keeps its state (inputs, filters, scroll) and its effects; what acts only in front or when a tab comes back reads
// lib/page-shown. Closing a tab drops its page. (React's <Activity> took a hidden page's effects down and set them up
// again at every switch: half of a switch's time, mostly antd's own effects.)
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CloseCircleOutlined,
  CloseOutlined,
  DownOutlined,
} from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useLayoutEffect, useReducer, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate, useOutlet } from 'react-router';
import { ErrorBoundary, PageCrash } from '../../../components/error-boundary';
import { createPageShown, PageShownContext, type PageShownSwitch } from '../../../lib/page-shown';
import { useT } from '../../../lib/i18n/use-t';
import { storage } from '../../../lib/storage';
import {
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  documentTitle,
  HOME_TAB_KEY,
  openTab,
  restoreTabs,
  tabAt,
  tabKeyOf,
  tabTarget,
  type Tab,
  type TabResult,
  type TabsState,
} from '../tab-rules';
import { TabBar } from './tab-bar';
import './tab-layout.css';
import { useAppFeedback } from '../../../lib/app-feedback';

export interface TabLayoutProps {
  /** Multi-tab mode (off on mobile and when the multipage setting is off): then a plain outlet. */
  multiTab: boolean;
  systemTitle: string;
  /** Title of the page at a path (menu text, remembered title…). */
  titleFor: (path: string) => string | undefined;
  /** Shown above the content (breadcrumb). */
  header?: ReactNode;
  /** Storage name under which the open tabs and the active one are kept across reloads (per user). */
  persistAs?: string;
  /** Whether a kept tab's path may still be opened (the user's menu); others are dropped on restore. */
  allows?: (path: string) => boolean;
}

type Action = { type: 'open'; tab: Tab; homeTitle: string } | { type: 'set'; state: TabsState };

/**
 * A tab's title with its context menu (关闭左侧 / 关闭右侧 / 关闭其它). The menu's Dropdown is mounted at the first right
 * click, open: a Dropdown per tab (a Trigger with its hooks and alignment) re-rendered with the bar at every
 * navigation and tab switch, for a menu seldom opened.
 */
function TabLabel({
  tabKey,
  label,
  items,
  onPick,
}: {
  tabKey: string;
  label: ReactNode;
  items: (withAll: boolean) => MenuProps['items'];
  onPick: (action: string, target: string) => void;
}) {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const arm = (event: MouseEvent) => {
    event.preventDefault();
    setArmed(true);
    setOpen(true);
  };
  const title = (
    <span className="tab-layout__label" data-tab-key={tabKey} onContextMenu={armed ? undefined : arm}>
      {label}
    </span>
  );
  if (!armed) return title;
  return (
    <Dropdown
      trigger={['contextMenu']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items: items(false),
        onClick: ({ key: action, domEvent }) => {
          domEvent.stopPropagation();
          setOpen(false);
          onPick(action, tabKey);
        },
      }}
    >
      {title}
    </Dropdown>
  );
}

function reducer(state: TabsState, action: Action): TabsState {
  if (action.type === 'set') return action.state;
  return openTab(state, action.tab, action.homeTitle);
}

export function TabLayout({ multiTab, systemTitle, titleFor, header, persistAs, allows }: TabLayoutProps) {
  const t = useT();
  const { message } = useAppFeedback();
  const location = useLocation();
  const navigate = useNavigate();
  const outlet = useOutlet();
  const key = tabKeyOf(location.pathname);
  const here = location.pathname + location.search;
  const homeTitle = t('tabs.home');
  const title = key === HOME_TAB_KEY ? homeTitle : (titleFor(key) ?? key);
  const [state, dispatch] = useReducer(reducer, homeTitle, (home) =>
    restoreTabs(persistAs && multiTab ? storage.get<unknown>(persistAs) : undefined, allows ?? (() => false), home),
  );
  // The tab that was active last time opens again when the app starts on home (a login, the bare address).
  const restoredActive = useRef<Tab | null>(state.tabs.find((tab) => tab.key === state.active) ?? null);
  useEffect(() => {
    const target = restoredActive.current;
    if (target === null) return;
    restoredActive.current = null;
    if (target.key !== HOME_TAB_KEY && key === HOME_TAB_KEY) navigate(tabTarget(target), { replace: true });
  }, [key, navigate]);
  useEffect(() => {
    if (persistAs && multiTab) storage.set(persistAs, { tabs: state.tabs, active: state.active });
  }, [persistAs, multiTab, state]);
  // Each open tab's page element, kept so a hidden tab keeps rendering its page (and its state) while another shows.
  const [elements, setElements] = useState<ReadonlyMap<string, ReactNode>>(() => new Map());
  const scrolls = useRef(new Map<string, number>());
  // Each kept page's shown state, set in the switch's commit (lib/page-shown calls back after its frame).
  const [shownSwitches] = useState(() => new Map<string, PageShownSwitch>());
  const shownSwitch = (pageKey: string) => {
    let page = shownSwitches.get(pageKey);
    if (!page) {
      page = createPageShown(pageKey === key);
      shownSwitches.set(pageKey, page);
    }
    return page;
  };
  useLayoutEffect(() => {
    for (const [pageKey, page] of shownSwitches) {
      if (!elements.has(pageKey)) shownSwitches.delete(pageKey);
      else page.set(pageKey === key);
    }
  });
  const shownKey = useRef(key);
  // Labels follow the current language (a tab opened before a language switch is relabelled, not kept as opened).
  const tabLabel = (tab: { key: string; title: string }) =>
    tab.key === HOME_TAB_KEY ? homeTitle : (titleFor(tab.key) ?? tab.title);

  // The URL is the source of truth for the active tab (and for what that tab shows: a bill's detail, say).
  useEffect(() => {
    if (multiTab) dispatch({ type: 'open', tab: tabAt(location.pathname, location.search, title), homeTitle });
  }, [multiTab, location.pathname, location.search, title, homeTitle]);

  useEffect(() => {
    document.title = documentTitle(key, title, systemTitle);
  }, [key, title, systemTitle]);

  // Each tab keeps its own window scroll position: recorded as the user scrolls, restored when shown again.
  // A shown page may re-fetch and grow over a few frames, so the restore retries briefly (until the user scrolls).
  const activeKey = useRef(key);
  const restoring = useRef<number | null>(null);
  // The window's scroll position as its last scroll event left it (read there, where reading costs no layout).
  const windowY = useRef(0);
  useEffect(() => {
    const onScroll = () => {
      windowY.current = window.scrollY;
      if (restoring.current === null) scrolls.current.set(activeKey.current, windowY.current);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    activeKey.current = key;
    const target = scrolls.current.get(key) ?? 0;
    // At the top, to show a page at the top: nothing to restore. Scrolling, or reading the position, here would lay
    // out the page just shown before the frame does (30 ms of a tab switch in the profile).
    if (target === 0 && windowY.current === 0) return;
    let frames = 0;
    const stop = () => {
      if (restoring.current !== null) cancelAnimationFrame(restoring.current);
      restoring.current = null;
    };
    const step = () => {
      window.scrollTo(0, target);
      restoring.current = Math.abs(window.scrollY - target) > 1 && frames++ < 90 ? requestAnimationFrame(step) : null;
    };
    step();
    const userEvents = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    for (const name of userEvents) window.addEventListener(name, stop, { passive: true });
    return () => {
      stop();
      for (const name of userEvents) window.removeEventListener(name, stop);
    };
  }, [key]);
  // A tab opens again on what it showed last (its bill's detail, say).
  const goTo = (targetKey: string) => {
    if (targetKey === key) return;
    const tab = state.tabs.find((candidate) => candidate.key === targetKey);
    const target = tab ? tabTarget(tab) : targetKey;
    if (target !== here) navigate(target);
  };

  if (!multiTab) {
    return (
      <>
        {header}
        <div className="tab-layout__content">
          <ErrorBoundary key={key} fallback={(retry) => <PageCrash onReload={retry} />}>
            <Outlet />
          </ErrorBoundary>
        </div>
      </>
    );
  }

  const openKeys = new Set(state.tabs.map((tab) => tab.key));
  const isStale = (cached: string) => !openKeys.has(cached) && cached !== key;
  if (!elements.has(key) || [...elements.keys()].some(isStale)) {
    // Adjusted while rendering (React re-renders at once): remember the new page, forget closed ones.
    const next = new Map([...elements].filter(([cached]) => !isStale(cached)));
    next.set(key, outlet);
    setElements(next);
  }

  // One keyed list (the current path appended until the tab list catches up), so pages never remount on reorder.
  const pageKeys = openKeys.has(key) ? state.tabs.map((tab) => tab.key) : [...state.tabs.map((tab) => tab.key), key];

  const apply = (result: TabResult | TabsState) => {
    const next = 'ok' in result ? (result.ok ? result.state : null) : result;
    if (!next) {
      const reason = (result as { reason: 'homeNotClosable' | 'lastTab' }).reason;
      void message.warning(t(reason === 'homeNotClosable' ? 'tabs.homeNotClosable' : 'tabs.lastTab'));
      return;
    }
    dispatch({ type: 'set', state: next });
    if (next.active !== key) goTo(next.active);
  };

  const bulkItems = (withAll: boolean): MenuProps['items'] => [
    { key: 'closeLeft', icon: <ArrowLeftOutlined />, label: t('tabs.closeLeft') },
    { key: 'closeRight', icon: <ArrowRightOutlined />, label: t('tabs.closeRight') },
    { key: 'closeOthers', icon: <CloseCircleOutlined />, label: t('tabs.closeOthers') },
    ...(withAll ? [{ key: 'closeAll', icon: <CloseOutlined />, label: t('tabs.closeAll') }] : []),
  ];
  const bulk = (action: string, target: string) => {
    const current = { ...state, active: key };
    if (action === 'closeLeft') apply(closeLeft(current, target));
    else if (action === 'closeRight') apply(closeRight(current, target));
    else if (action === 'closeOthers') apply(closeOthers(current, target));
    else if (action === 'closeAll') apply(closeAll(current));
  };

  return (
    <>
      <div className="tab-layout__bar">
        <TabBar
          activeKey={key}
          onSelect={goTo}
          onClose={(target) => apply(closeTab({ ...state, active: key }, target))}
          items={state.tabs.map((tab) => ({
            key: tab.key,
            label: <TabLabel tabKey={tab.key} label={tabLabel(tab)} items={bulkItems} onPick={bulk} />,
          }))}
        />
        {/* Beside the tab list, not in it (antd's tabBarExtraContent sits inside role="tablist", which may hold only
            tabs); next in the keyboard order after the tabs. */}
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{ items: bulkItems(true), onClick: ({ key: action }) => bulk(action, key) }}
        >
          <button type="button" className="tab-layout__close-menu" aria-label={t('tabs.close')}>
            <CloseOutlined style={{ fontSize: 12 }} />
            <DownOutlined style={{ fontSize: 12 }} />
          </button>
        </Dropdown>
      </div>
      {header}
      <div className="tab-layout__content">
        {pageKeys.map((pageKey) => {
          // The element kept when the tab opened, for the tab in front too: the same element each render, so a
          // navigation or a change of the tab bar re-renders no page (a page follows the address through its own
          // hooks). Giving the page in front the outlet's new element re-rendered it, and the page going to the
          // back, at every click.
          const element = elements.get(pageKey) ?? (pageKey === key ? outlet : undefined);
          if (element === undefined) return null;
          return (
            <div key={pageKey} className="tab-layout__page" data-tab-page={pageKey} hidden={pageKey !== key}>
              <PageShownContext value={shownSwitch(pageKey)}>
                <ErrorBoundary
                  fallback={(retry) => (
                    <PageCrash onReload={retry} onClose={() => apply(closeTab({ ...state, active: key }, pageKey))} />
                  )}
                >
                  {element}
                </ErrorBoundary>
              </PageShownContext>
            </div>
          );
        })}
      </div>
    </>
  );
}
