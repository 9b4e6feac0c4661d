// The route table: public /user pages, the guard, the constant dashboard and /404 routes, and one route per module
// of the permission menu whose page looks the path up in the menu (views from the registry, iframes, a module's own
// url opening its first page).
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { BootScreen } from '../components/boot-screen';
import { loadedLazy } from '../lib/loaded-lazy';
import { LoginPage } from '../features/auth/components/login-page';
import { UserLayout } from '../features/auth/components/user-layout';
import type { MenuItem } from '../lib/backend/types';
import { menuAllowsPath, menuPathKey, menuTargetsOf } from '../lib/menu';
import { useSession } from '../lib/session-provider';
import {
  preloadListPages,
  preloadShell,
  registerListPagePreload,
  registerSessionStartCalls,
  registerShellPreload,
} from '../lib/preload-shell';
import { startHomeFigureCalls } from '../features/dashboard/api';
import { views as dashboardViews } from '../features/dashboard/views';
import { moneyFormat } from '../lib/number-format';
import { currentLanguage } from '../lib/i18n/i18n';
import { whenIdle } from '../lib/when-idle';
import { decideRoute, HOME_PATH, landsOnHome, LOGIN_ROUTE, safeRedirect } from '../lib/route-guard';

/** The view of HOME_PATH, where a login lands. */
const HOME_COMPONENT = '/dashboard/Analysis';

// The login route is in the first script and carries no antd; every other page is a lazy chunk inside AntdScope.
// The shell's pieces render at once when their code is here (lib/loaded-lazy); a session is ready only then.
const themedAntd = loadedLazy(() => import('../components/themed-antd').then((m) => m.AntdScope));
const mainLayout = loadedLazy(() => import('./layouts/main-layout').then((m) => m.MainLayout));
const viewHost = loadedLazy(() => import('./routes/view-host').then((m) => m.ViewHost));
const iframeView = loadedLazy(() => import('./routes/view-host').then((m) => m.IframeView));
// The home page's code is fetched beside the view host's, not after it (a chain of two chunk requests at a login).
const landingView = () =>
  Promise.all([import('./routes/view-host'), dashboardViews[HOME_COMPONENT]?.()]).then(([host]) =>
    host.preloadView(HOME_COMPONENT),
  );
// The money format (the home page's figures, the lists' amounts) is built while the login page is idle: ICU's first
// currency format in a page takes 40–70 ms, which held the home page's first render back after the login's answer.
const moneyFormatWhenIdle = () => {
  whenIdle(() => moneyFormat(currentLanguage()), 1_000);
  return Promise.resolve();
};
registerShellPreload(
  themedAntd.load,
  mainLayout.load,
  viewHost.load,
  iframeView.load,
  landingView,
  moneyFormatWhenIdle,
);
registerListPagePreload(() => import('../components/table-page/list-view'));
// A session landing on home (a login without another target, a stored session opened at home) asks for the home
// page's figures while the menu loads, not after the layout and the page have rendered.
registerSessionStartCalls(() => {
  if (landsOnHome(window.location.pathname, window.location.search)) startHomeFigureCalls();
});

const AntdScope = themedAntd.Component;
const MainLayout = mainLayout.Component;
const LazyViewHost = viewHost.Component;
const LazyIframeView = iframeView.Component;
const RegisterPage = lazy(() =>
  import('../features/auth/components/register-page').then((m) => ({ default: m.RegisterPage })),
);
const RegisterResultPage = lazy(() =>
  import('../features/auth/components/register-result-page').then((m) => ({ default: m.RegisterResultPage })),
);
const ViewHost = (props: { component: string }) => (
  <Suspense fallback={null}>
    <LazyViewHost {...props} />
  </Suspense>
);
const IframeView = (props: { src: string; title: string }) => (
  <Suspense fallback={null}>
    <LazyIframeView {...props} />
  </Suspense>
);
const NotFoundPage = lazy(() => import('../features/exceptions/components/exception-404'));

const page = (element: ReactNode) => <Suspense fallback={<BootScreen />}>{element}</Suspense>;

/** Applies the guard decision to every route. */
function Guard() {
  const { status, menu, leave } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const decision = decideRoute({
    pathname: location.pathname,
    search: location.search,
    loggedIn: status !== 'anonymous',
    menuReady: status === 'ready',
  });
  // A stored session boots (or a login just succeeded elsewhere): the layout's code loads beside the menu call.
  const deepLink = location.pathname !== HOME_PATH && !location.pathname.startsWith('/user');
  useEffect(() => {
    if (status === 'anonymous') return;
    void preloadShell();
    if (deepLink) preloadListPages();
  }, [status, deepLink]);
  if (decision.type === 'boot') {
    const backToLogin = () => {
      leave();
      navigate(LOGIN_ROUTE, { replace: true });
    };
    return <BootScreen onLeave={backToLogin} />;
  }
  // A logged-in address under a menu module that the user's menu does not open: the 404 page, decided before the
  // layout renders (the layout would open a tab for it).
  if (decision.type === 'allow' && status === 'ready' && !menuOpens(menu, location.pathname))
    return <Navigate to="/404" replace />;
  if (decision.type === 'redirect') {
    // Logged in on the login page (right after a login, here or in another tab): its redirect target when this
    // user's menu opens it, else home.
    const target = safeRedirect(params.get('redirect'));
    const onLogin = location.pathname.replace(/\/+$/, '') === LOGIN_ROUTE;
    const to = onLogin
      ? target && menuAllowsPath(menu, target.split(/[?#]/)[0] ?? target)
        ? target
        : HOME_PATH
      : decision.to;
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}

/** Paths the route table has besides the menu's. */
const FIXED_PATHS = new Set(['/', '/404', '/dashboard', menuPathKey(HOME_PATH)]);

/** Whether an address under one of the menu's modules is a page of the menu (other addresses are the route table's). */
function menuOpens(menu: readonly MenuItem[], pathname: string): boolean {
  const { targets, prefixes } = menuTargetsOf(menu);
  const key = menuPathKey(pathname);
  return FIXED_PATHS.has(key) || targets.has(key) || !prefixes.includes(`/${key.split('/')[1] ?? ''}`);
}

/** The page of a menu path under one module's route (`<prefix>/*`): one route per module instead of one per page,
 *  since the router compiles and ranks every route at each change of address. The path comes from the route's own
 *  match, so a page kept in a hidden tab goes on showing its own path. */
function MenuPage({ prefix }: { prefix: string }) {
  const { menu, menuVerified } = useSession();
  const rest = useParams()['*'];
  // The last session's menu is on show and this session's is on its way: no page but home opens before it answers.
  if (!menuVerified) return null;
  const target = menuTargetsOf(menu).targets.get(menuPathKey(rest ? `${prefix}/${rest}` : prefix));
  if (!target) return <Navigate to="/404" replace />;
  if (target.kind === 'redirect') return <Navigate to={target.to} replace />;
  if (target.kind === 'iframe') return <IframeView src={target.src} title={target.title} />;
  return <ViewHost component={target.component} />;
}

export function AppRoutes() {
  const { menu, generation } = useSession();
  const { prefixes } = menuTargetsOf(menu);
  return (
    <Routes>
      <Route element={<Guard />}>
        <Route path="/user" element={<UserLayout />}>
          <Route index element={<Navigate to={LOGIN_ROUTE} replace />} />
          <Route path="login" element={<LoginPage />} />
          <Route element={page(<AntdScope />)}>
            <Route path="register" element={page(<RegisterPage />)} />
            <Route path="register-result" element={page(<RegisterResultPage />)} />
          </Route>
        </Route>
        <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
        <Route element={page(<AntdScope />)}>
          <Route path="/404" element={page(<NotFoundPage />)} />
          {/* A new session in this tab (another user logged in elsewhere) starts the layout afresh: no stale page. */}
          <Route element={page(<MainLayout key={generation} />)}>
            <Route path="/dashboard" element={<Navigate to={HOME_PATH} replace />} />
            <Route path={HOME_PATH} element={<ViewHost component={HOME_COMPONENT} />} />
            {prefixes.map((prefix) => (
              <Route key={prefix} path={`${prefix}/*`} element={<MenuPage prefix={prefix} />} />
            ))}
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Route>
    </Routes>
  );
}
