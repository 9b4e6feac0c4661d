// Route guard decisions, pure: given where the user goes and what we know, allow, redirect,
// or first boot the session (reload the permission menu).

export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_ROUTE = '/user/login';
/** Reachable without a logged-in user id. */
export const PUBLIC_PATHS: readonly string[] = ['/user/login', '/user/register', '/user/register-result'];

export type GuardDecision = { type: 'allow' } | { type: 'redirect'; to: string } | { type: 'boot' };

export interface GuardInput {
  pathname: string;
  search?: string;
  /** A stored user id (pro__Login_userId). */
  loggedIn: boolean;
  /** The permission menu is loaded and the routes are built. */
  menuReady: boolean;
}

const trimSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export function isPublicPath(pathname: string): boolean {
  const path = trimSlash(pathname);
  return path === '/user' || PUBLIC_PATHS.includes(path);
}

export function loginRedirectTarget(pathname: string, search = ''): string {
  const target = pathname + search;
  return target === '/' || target === '' ? LOGIN_ROUTE : `${LOGIN_ROUTE}?redirect=${encodeURIComponent(target)}`;
}

export function decideRoute(input: GuardInput): GuardDecision {
  const path = trimSlash(input.pathname);
  if (input.loggedIn && (path === '/' || path === LOGIN_ROUTE)) return { type: 'redirect', to: HOME_PATH };
  if (isPublicPath(path)) return { type: 'allow' };
  if (!input.loggedIn) return { type: 'redirect', to: loginRedirectTarget(input.pathname, input.search) };
  if (!input.menuReady) return { type: 'boot' };
  return { type: 'allow' };
}

/** The `redirect` query value when it is a local path of this app; anything else (other origins,
 *  protocol-relative `//host`, the login page itself) is ignored to prevent open redirects. */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let value = raw;
  try {
    if (/%2f/i.test(value) && !value.startsWith('/')) value = decodeURIComponent(value);
  } catch {
    return null;
  }
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20)) return null; // control characters
  const path = trimSlash(value.split(/[?#]/)[0] ?? '');
  if (path === LOGIN_ROUTE || path === '/user') return null;
  return value;
}

/** Whether a session opening at this address lands on the home page (a login without another target, or home). */
export function landsOnHome(pathname: string, search: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  const target = path === LOGIN_ROUTE ? safeRedirect(new URLSearchParams(search).get('redirect')) : path;
  return target === null || target === '/' || target.split(/[?#]/)[0] === HOME_PATH;
}
