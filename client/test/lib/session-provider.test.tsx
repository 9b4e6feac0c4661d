// The session module with a mocked backend: boot, logout (the socket and polling stop first, nothing called after),
// and following what another tab does to the shared storage (storage events).
import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeSessionCalls, http, onSessionCallsClosed } from '../../lib/http';
import { clearSession, saveSession } from '../../lib/session';
import { draftKey } from '../../lib/draft-keys';
import { SessionProvider, useSession } from '../../lib/session-provider';
import { registerSessionStartCalls } from '../../lib/preload-shell';
import { menuCacheKey, storage, STORAGE_PREFIX, StorageKeys } from '../../lib/storage';
import { render } from '../helpers/render';
import { setFeedback, type FeedbackApi } from '../../lib/feedback';

const JSH_TOKEN = 'a'.repeat(32) + '_63';
const TEST123_TOKEN = 'b'.repeat(32) + '_63';
const MENUS: Record<string, unknown[]> = {
  [JSH_TOKEN]: [
    { id: 0, text: '首页', url: '/dashboard/analysis', component: '/layouts/TabLayout' },
    {
      id: 1,
      text: '系统管理',
      url: '/system',
      component: '/layouts/TabLayout',
      children: [{ id: 13, text: '角色管理', url: '/system/role', component: '/system/RoleList' }],
    },
  ],
  [TEST123_TOKEN]: [
    { id: 0, text: '首页', url: '/dashboard/analysis', component: '/layouts/TabLayout' },
    {
      id: 225,
      text: '零售管理',
      url: '/billC',
      component: '/layouts/TabLayout',
      children: [{ id: 210, text: '零售出库', url: '/bill/retail_out', component: '/bill/RetailOutList' }],
    },
  ],
};

let log: string[];
/** When set, the menu call waits for it. */
let menuHeld: Promise<void> | null = null;

function mockBackend() {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace('/jshERP-boot', '');
      const token = new Headers(init?.headers).get('X-Access-Token') ?? '';
      log.push(`${path} ${token.slice(0, 1)}`);
      if (path === '/function/findMenuByPNumber')
        return (menuHeld ?? Promise.resolve()).then(() => new Response(JSON.stringify(MENUS[token] ?? {})));
      if (path === '/user/getUserBtnByCurrentUser')
        return Promise.resolve(new Response('{"code":200,"data":{"userBtn":[]}}'));
      if (path === '/user/logout') return Promise.resolve(new Response('{"code":400,"data":null}'));
      // Anything else (a notices poll…) hangs until aborted.
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    }),
  );
}

let session: ReturnType<typeof useSession>;
function Probe() {
  const value = useSession();
  useEffect(() => {
    session = value;
  });
  const names = value.menu.map((item) => item.text).join(',');
  return (
    <div>
      <span data-testid="verified">{String(value.menuVerified)}</span>
      <span data-testid="status">{value.status}</span>
      <span data-testid="user">{value.user?.loginName ?? '-'}</span>
      <span data-testid="menu">{names}</span>
    </div>
  );
}

function renderSession() {
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
}

/** A stored jsh session, then the provider boots it. */
function startAsJsh() {
  saveSession(storage, JSH_TOKEN, { id: 63, loginName: 'jsh' });
  renderSession();
}

/** jsh's stored session boots on `path` with the menu call held: the returned function lets it answer. */
function startAsJshOnHeldMenu(path: string): () => void {
  window.history.replaceState(null, '', path);
  const release = holdMenu();
  startAsJsh();
  return release;
}

/** The held menu answers: the session holds this session's menu, checked, and keeps it for the next. */
async function menuAnswers(release: () => void) {
  act(() => release());
  await screen.findByText('首页,系统管理');
  expect(screen.getByTestId('verified')).toHaveTextContent('true');
  expect(storage.get(menuCacheKey(63))).toEqual(MENUS[JSH_TOKEN]);
}

/** Holds the menu call's answer until the returned function is called. */
function holdMenu(): () => void {
  let release = () => undefined as void;
  menuHeld = new Promise<void>((resolve) => (release = resolve));
  return release;
}

/** Another tab changes the shared storage: the browser tells this tab with storage events. */
function otherTab(change: () => void, keys: string[]) {
  act(() => {
    change();
    for (const key of keys)
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_PREFIX + key, storageArea: localStorage }));
  });
}

const otherTabLogsInAsTest123 = () =>
  otherTab(
    () => saveSession(storage, TEST123_TOKEN, { id: 131, loginName: 'test123' }),
    [StorageKeys.userId, StorageKeys.accessToken],
  );

beforeEach(() => {
  localStorage.clear();
  menuHeld = null;
  log = [];
  mockBackend();
});
afterEach(() => {
  closeSessionCalls();
  vi.unstubAllGlobals();
});

describe('SessionProvider', () => {
  it('boots a stored session: menu loaded with its token', async () => {
    startAsJsh();
    expect(screen.getByTestId('status')).toHaveTextContent('booting');
    await screen.findByText('ready');
    expect(screen.getByTestId('menu')).toHaveTextContent('首页,系统管理');
  });

  it("landing on home: the menu of the user's last session at once, this session's when it answers", async () => {
    const lastSession = [{ id: 0, text: '首页', url: '/dashboard/analysis', component: '/layouts/TabLayout' }];
    storage.set(menuCacheKey(63), lastSession);
    // The session lands on home: the page's address is home's (another file may have left it elsewhere).
    const release = startAsJshOnHeldMenu('/dashboard/analysis');
    await screen.findByText('ready');
    expect(screen.getByTestId('menu')).toHaveTextContent(/^首页$/);
    expect(screen.getByTestId('verified')).toHaveTextContent('false');
    expect(log).toContain('/function/findMenuByPNumber a');
    await menuAnswers(release);
  });

  it("landing on home without a last session's menu: ready at once with none, this session's when it answers", async () => {
    const release = startAsJshOnHeldMenu('/dashboard/analysis');
    await screen.findByText('ready');
    expect(screen.getByTestId('menu')).toHaveTextContent(/^$/);
    expect(screen.getByTestId('verified')).toHaveTextContent('false');
    await menuAnswers(release);
  });

  it('on any other page, without a menu from a last session, the session is ready once its own menu answered', async () => {
    const release = startAsJshOnHeldMenu('/system/role');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('status')).toHaveTextContent('booting');
    await menuAnswers(release);
    expect(screen.getByText('ready')).toBeInTheDocument();
  });

  it('a menu that fails after home showed ends the session and says why', async () => {
    const error = vi.fn();
    setFeedback({ notification: { error } } as unknown as FeedbackApi);
    window.history.replaceState(null, '', '/dashboard/analysis');
    saveSession(storage, 'c'.repeat(32) + '_63', { id: 63, loginName: 'jsh' });
    renderSession();
    await screen.findByText('anonymous');
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ message: '登录失败', description: '请求出现错误，请稍后再试' }),
    );
    expect(storage.get(StorageKeys.accessToken)).toBeUndefined();
    setFeedback(null);
  });

  it("the calls registered for a session's start leave with its token before the menu is asked for", async () => {
    const unregister = registerSessionStartCalls(
      () => void http.get('/depotHead/getBuyAndSaleStatistics', undefined, { silent: true }).catch(() => undefined),
    );
    startAsJsh();
    await screen.findByText('ready');
    expect(log.indexOf('/depotHead/getBuyAndSaleStatistics a')).toBeGreaterThanOrEqual(0);
    expect(log.indexOf('/depotHead/getBuyAndSaleStatistics a')).toBeLessThan(
      log.indexOf('/function/findMenuByPNumber a'),
    );
    unregister();
  });

  it('a user id without its token is no session: logged out at once, nothing called', () => {
    saveSession(storage, JSH_TOKEN, { id: 63, loginName: 'jsh' });
    storage.remove(StorageKeys.accessToken);
    renderSession();
    expect(screen.getByTestId('status')).toHaveTextContent('anonymous');
    expect(storage.get(StorageKeys.userId)).toBeUndefined();
    expect(log).toEqual([]);
  });

  it('logout stops what polls first, then calls /user/logout once, and nothing after', async () => {
    startAsJsh();
    await screen.findByText('ready');
    const stop = onSessionCallsClosed(() => log.push('notices stopped'));
    const poll = http.get('/msg/getMsgByStatus', { status: '1' }, { silent: true }).catch((error: unknown) => error);
    await act(() => session.logout());
    stop();
    await poll;
    expect(log.slice(-3)).toEqual(['/msg/getMsgByStatus a', 'notices stopped', '/user/logout a']);
    await expect(http.get('/msg/getMsgByStatus', { status: '1' }, { silent: true })).rejects.toMatchObject({
      kind: 'dropped',
    });
    expect(log.at(-1)).toBe('/user/logout a');
    expect(screen.getByTestId('status')).toHaveTextContent('anonymous');
    expect(storage.get(StorageKeys.accessToken)).toBeUndefined();
  });

  it('logout takes the user’s drafts with it', async () => {
    saveSession(storage, JSH_TOKEN, { id: 63, loginName: 'jsh', tenantId: 63 });
    storage.set(draftKey(63, 63, 'CGRK'), { savedAt: 1, title: '采购入库', data: { values: { remark: '未保存' } } });
    renderSession();
    await screen.findByText('ready');
    expect(storage.names()).toContain(draftKey(63, 63, 'CGRK'));
    await act(() => session.logout());
    expect(storage.names().filter((name) => name.startsWith('DRAFT:'))).toEqual([]);
  });

  it('follows another tab: its logout ends this session, its login as test123 loads test123 here', async () => {
    startAsJsh();
    await screen.findByText('ready');
    expect(screen.getByTestId('user')).toHaveTextContent('jsh');

    otherTab(() => clearSession(storage), [StorageKeys.accessToken, StorageKeys.userId]);
    await screen.findByText('anonymous');
    expect(screen.getByTestId('user')).toHaveTextContent('-');
    expect(screen.getByTestId('menu')).toHaveTextContent('');
    const callsAfterLogout = log.length;

    otherTabLogsInAsTest123();
    await screen.findByText('ready');
    expect(screen.getByTestId('user')).toHaveTextContent('test123');
    expect(screen.getByTestId('menu')).toHaveTextContent('首页,零售管理');
    // This tab called nothing between the two, and loaded test123's menu, buttons and company name (together) with
    // test123's token.
    expect(log.slice(callsAfterLogout)).toEqual([
      '/function/findMenuByPNumber b',
      '/user/getUserBtnByCurrentUser b',
      '/systemConfig/getCurrentInfo b',
    ]);
  });

  it('another user logging in elsewhere (without a logout here) replaces this session at once', async () => {
    startAsJsh();
    await screen.findByText('ready');
    const generation = session.generation;
    otherTabLogsInAsTest123();
    await screen.findByText('test123');
    await screen.findByText('首页,零售管理');
    expect(session.generation).toBeGreaterThan(generation);
  });
});
