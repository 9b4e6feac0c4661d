// The main layout: fixed 150 px side menu (80 collapsed, collapsed from the start on a tablet; a 150 px drawer on
// mobile), a 49 px header with the company name and the header slot, the breadcrumb, and the multi-tab work area.
// Settings apply here.
// antd's stylesheet (components/themed-antd imports it too) before this layout's imports: this module runs first in
// the shell chunk, whose CSS follows its modules' order, and the layout's rules override antd's at equal specificity
// (the light header's white text over .ant-layout-header's colour).
import 'antd/dist/antd.css';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Drawer, Layout, Skeleton } from 'antd';
import { useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, UNSAFE_NavigationContext, useLocation, type Navigator } from 'react-router';
import { MigrationNotice } from '../../components/migration-notice';
import { ReleaseNotice } from '../../components/release-notice';
import { ShortcutSheet } from '../../components/shortcut-sheet';
import { TopProgress } from '../../components/top-progress';
import { SideMenu, type SideMenuProps } from '../../features/menu/side-menu';
import { TabLayout } from '../../features/tabs/components/tab-layout';
import { multiTabEnabled } from '../../features/tabs/tab-rules';
import { fetchSystemConfigData } from '../../lib/backend/calls';
import { useLanguage, useMenuText } from '../../lib/i18n/language-switch';
import { useT } from '../../lib/i18n/use-t';
import { injectedConfig, shownSystemTitle } from '../../lib/injected-config';
import type { MenuItem } from '../../lib/backend/types';
import {
  findMenuTrail,
  isExternalUrl,
  isLayoutComponent,
  menuAllowsPath,
  menuItemPath,
  menuTitle,
} from '../../lib/menu';
import { HOME_PATH } from '../../lib/route-guard';
import { useSession } from '../../lib/session-provider';
import { useSettings } from '../../lib/settings-provider';
import { openTabsKey, routeTitleKey, storage } from '../../lib/storage';
import { useDevice } from '../../lib/use-device';
import { createValueStore } from '../../lib/value-store';
import { preloadView } from '../routes/view-host';
import { readOptionListsWhenIdle } from '../idle-option-lists';
import { HeaderSlot } from './header-slot';
import { ListWarmUpHost } from './list-warm-up-host';
import './main-layout.css';

// The original's 150 px column holds Chinese, Japanese and Korean menu names; the others' (Purchase requisitions,
// Розничные продажи, Einzelhandelsstatistik) get a wider one, and any name still too long wraps (main-layout.css).
const SIDER_WIDTH_CJK = 150;
const SIDER_WIDTH_WIDE = 200;
const siderWidthFor = (language: string): number =>
  /^(zh|ja|ko)\b/.test(language) ? SIDER_WIDTH_CJK : SIDER_WIDTH_WIDE;
const SIDER_COLLAPSED_WIDTH = 80;
const HEADER_HIDE_AFTER_PX = 100;

function useCompanyName(): string {
  const [name, setName] = useState('');
  useEffect(() => {
    fetchSystemConfigData()
      .then((config) => setName(config?.companyName ? config.companyName : ''))
      .catch(() => undefined);
  }, []);
  return name;
}

/** Auto-hide header: hidden after scrolling past 100 px (only with a fixed header). */
function subscribeScroll(onScroll: () => void): () => void {
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => window.removeEventListener('scroll', onScroll);
}

function useHeaderHidden(enabled: boolean): boolean {
  return useSyncExternalStore(
    subscribeScroll,
    () => enabled && window.scrollY > HEADER_HIDE_AFTER_PX,
    () => false,
  );
}

/** A menu item the user may choose next: its page's code is fetched now, so the click finds it here. */
function previewItem(item: MenuItem): void {
  const component = item.component;
  if (!component || isLayoutComponent(component) || component.includes('IframePageView')) return;
  // A failure is left to the page's route, which offers a reload when the item is chosen.
  preloadView(component).catch(() => undefined);
}

/** The side menu at the current address. */
function AddressSideMenu(props: Omit<SideMenuProps, 'activePath'>) {
  const { pathname } = useLocation();
  return <SideMenu {...props} activePath={pathname} />;
}

/** Home, then the menu's trail to the current page. */
function AddressBreadcrumb({ menu }: { menu: readonly MenuItem[] }) {
  const t = useT();
  const menuText = useMenuText();
  const { pathname } = useLocation();
  const items = useMemo(() => {
    const trail = pathname === HOME_PATH ? [] : findMenuTrail(menu, pathname);
    return [
      {
        key: 'home',
        title: pathname === HOME_PATH ? t('layout.home') : <Link to={HOME_PATH}>{t('layout.home')}</Link>,
      },
      ...trail.map((item) => ({ key: String(item.id), title: menuText(item.url, item.text) })),
    ];
  }, [menu, pathname, t, menuText]);
  return <Breadcrumb className="main-breadcrumb" items={items} />;
}

export function MainLayout() {
  const t = useT();
  const language = useLanguage();
  const menuText = useMenuText();
  const { menu, menuVerified, user, logout } = useSession();
  const { settings } = useSettings();
  const device = useDevice();
  const isMobile = device === 'mobile';
  // The layout does not follow the address (useLocation, useNavigate would render it, its header and sider, at every
  // navigation and 查看): the side menu, the breadcrumb and the tab area follow it themselves. The navigator's
  // context keeps one value.
  const { navigator } = useContext(UNSAFE_NavigationContext) as { navigator: Navigator };
  const companyName = useCompanyName();
  // The user's own fold wins until the device band changes; until then a tablet starts folded.
  const [foldChoice, setFoldChoice] = useState<{ device: string; collapsed: boolean } | null>(null);
  const collapsed = foldChoice?.device === device ? foldChoice.collapsed : device === 'tablet';
  const setCollapsed = (next: boolean) => setFoldChoice({ device, collapsed: next });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const headerHidden = useHeaderHidden(settings.fixedHeader && settings.autoHideHeader);
  useEffect(() => readOptionListsWhenIdle(menu), [menu]);
  // Once the menu offers a page other than home, a list page is likely next: its components are rendered ahead.
  const [listWarmUp] = useState(() => createValueStore(false));
  const preview = useCallback(
    (item: MenuItem) => {
      previewItem(item);
      if (menuItemPath(item) !== HOME_PATH) listWarmUp.set(true);
    },
    [listWarmUp],
  );

  const openItem = useCallback(
    (item: MenuItem, path: string) => {
      if (isMobile) setDrawerOpen(false);
      if (isExternalUrl(path)) {
        window.open(path, '_blank', 'noopener,noreferrer');
        return;
      }
      storage.set(routeTitleKey(path), item.text);
      navigator.push(path);
    },
    [isMobile, navigator],
  );

  const titleFor = useCallback(
    (path: string) => {
      if (path === HOME_PATH) return t('layout.home');
      const title = menuTitle(menu, path) ?? storage.get<string>(routeTitleKey(path));
      return title === undefined ? undefined : menuText(path, title);
    },
    [menu, t, menuText],
  );

  const allowsPath = useCallback((path: string) => menuAllowsPath(menu, path), [menu]);

  const expandedWidth = siderWidthFor(language);
  const siderWidth = collapsed ? SIDER_COLLAPSED_WIDTH : expandedWidth;
  const contentPadding = settings.fixSiderbar && !isMobile ? siderWidth : 0;
  const menuTheme = settings.theme;

  const systemTitle = shownSystemTitle(t('app.defaultTitle'));
  const logo = (
    <div className={`main-sider__logo main-sider__logo--${menuTheme}`}>
      <Link to={HOME_PATH} title={systemTitle}>
        <h1>{collapsed && !isMobile ? systemTitle.slice(0, 2) : systemTitle}</h1>
      </Link>
    </div>
  );
  // A first login on this browser shows home before its menu answers: the menu's place is held meanwhile.
  const sideMenu =
    menu.length === 0 && !menuVerified ? (
      <div className="main-sider__pending" role="progressbar" aria-busy="true" aria-label={t('layout.menu')}>
        <Skeleton active title={false} paragraph={{ rows: 8, width: '100%' }} />
      </div>
    ) : (
      <AddressSideMenu
        menu={menu}
        theme={menuTheme}
        collapsed={collapsed && !isMobile}
        onOpen={openItem}
        onPreview={preview}
      />
    );

  return (
    <Layout className={`main-layout main-layout--${device} main-layout--${settings.theme}`}>
      {isMobile ? (
        <Drawer
          placement="left"
          size={expandedWidth}
          closable={false}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          rootClassName={`main-drawer main-drawer--${menuTheme}`}
          // The drawer is a dialog without a title: its name says what it holds.
          aria-label={t('layout.menu')}
          styles={{ body: { padding: 0 } }}
        >
          <div className={`main-sider main-sider--${menuTheme}`} data-testid="mobile-menu">
            {logo}
            <div className="main-sider__menu">{sideMenu}</div>
          </div>
        </Drawer>
      ) : (
        <Layout.Sider
          width={expandedWidth}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsible
          collapsed={collapsed}
          trigger={null}
          theme={menuTheme}
          className={`main-sider main-sider--${menuTheme}${settings.fixSiderbar ? ' main-sider--fixed' : ''}`}
        >
          {logo}
          <div className="main-sider__menu">{sideMenu}</div>
        </Layout.Sider>
      )}
      <Layout style={{ paddingLeft: contentPadding }} className={`main-body content-width-${settings.contentWidth}`}>
        {headerHidden ? null : (
          <Layout.Header
            className={`main-header main-header--${menuTheme}${settings.fixedHeader ? ' main-header--fixed' : ''}`}
            style={settings.fixedHeader ? { width: isMobile ? '100%' : `calc(100% - ${contentPadding}px)` } : undefined}
          >
            <button
              type="button"
              className="main-header__trigger"
              aria-label={collapsed || (isMobile && !drawerOpen) ? t('layout.expand') : t('layout.collapse')}
              onClick={() => (isMobile ? setDrawerOpen((open) => !open) : setCollapsed(!collapsed))}
            >
              {isMobile ? <MenuUnfoldOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            </button>
            <span className="main-header__title">{isMobile ? systemTitle : companyName}</span>
            <HeaderSlot device={device} onLogout={logout} />
          </Layout.Header>
        )}
        <Layout.Content className="main-content" style={{ paddingTop: settings.fixedHeader ? 49 : 0 }}>
          <TabLayout
            multiTab={multiTabEnabled(settings.multipage, isMobile)}
            systemTitle={systemTitle}
            titleFor={titleFor}
            header={<AddressBreadcrumb menu={menu} />}
            persistAs={user ? openTabsKey(user.id) : undefined}
            allows={allowsPath}
          />
        </Layout.Content>
      </Layout>
      <MigrationNotice notice={injectedConfig.migrationNotice} />
      <ReleaseNotice />
      <ShortcutSheet />
      <TopProgress />
      <ListWarmUpHost asked={listWarmUp} />
    </Layout>
  );
}
