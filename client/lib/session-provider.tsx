// The session: login, loading the user's menu and buttons, logout, the stored session and the React context.
// Every browser tab follows the stored session: a logout (or a token removed) in one tab ends it in all of them;
// a login as someone else in one tab reloads the others' session for that user. Calls of an ended session are
// stopped before anything else (lib/http closeSessionCalls), so nothing is sent or reported after a logout.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { fetchMenu, fetchSystemConfig, fetchUserButtons, postLogin } from './backend/calls';
import { okObject } from './backend/envelope';
import { LOGIN_OK_TIP } from '../../shared/backend.js';
import { type LoginData, type LoginPayload, type MenuItem, type Reply, type SessionUser } from './backend/types';
import { closeSessionCalls, logoutCall, onSessionLoss, openSessionCalls } from './http';
import { UNAUTHORIZED_RELOAD_MS } from './error-catalogue';
import { preloadShell, startSessionCalls } from './preload-shell';
import {
  clearSession,
  saveButtonPermissions,
  saveSession,
  sessionChange,
  SESSION_KEYS,
  storedSessionKey,
  storedToken,
  storedUser,
  storedUserId,
  type StoredSessionKey,
} from './session';
import { LONG_TTL_MS, menuCacheKey, openTabsKey, storage, StorageKeys, STORAGE_PREFIX } from './storage';
import { landsOnHome } from './route-guard';
import { clearUserDrafts } from './draft-keys';
import { withFeedback } from './feedback';
import { t } from './i18n/i18n';

export type SessionStatus = 'anonymous' | 'booting' | 'ready';

export type LoginResult =
  /** The backend refused (or answered something else): the reply, for the login page to explain. */
  | { type: 'rejected'; reply: unknown }
  /** Logged in: session stored, menu and buttons loaded. */
  | { type: 'established'; data: LoginData };

export interface SessionValue {
  status: SessionStatus;
  user: SessionUser | undefined;
  menu: MenuItem[];
  /**
   * False while this session's own menu has not answered yet and `menu` is the one the user's last session left, or
   * none (on landing at home the shell shows at once): pages other than home wait for it, so a grant taken away
   * never shows its page.
   */
  menuVerified: boolean;
  /** Changes whenever another session (user or token) takes this tab: views keyed on it start afresh. */
  generation: number;
  /**
   * Posts the login; on success stores the session and loads menu and buttons (MenuLoadError when they fail).
   * `onAccepted` runs as soon as the backend has accepted the login, beside the menu call, not after it.
   */
  login: (payload: LoginPayload, onAccepted?: (data: LoginData) => void) => Promise<LoginResult>;
  /** The user's logout: stops the session's calls, clears the stored session, tells the backend. */
  logout: () => Promise<void>;
  /** Leaves a session that does not come up (boot screen): cleared locally, back to the login page. */
  leave: () => void;
}

const SessionContext = createContext<SessionValue | null>(null);

export class MenuLoadError extends Error {
  constructor(readonly empty: boolean) {
    super(empty ? 'the permission menu is empty' : 'the permission menu could not be loaded');
  }
}

/** Storage events of several keys written together (a login writes four) are read once, after they settle. */
const CROSS_TAB_SETTLE_MS = 50;

async function loadMenu(userId: number | string): Promise<MenuItem[]> {
  let menu: unknown;
  try {
    menu = await fetchMenu(userId);
  } catch {
    throw new MenuLoadError(false);
  }
  if (!Array.isArray(menu)) throw new MenuLoadError(false);
  if (menu.length === 0) throw new MenuLoadError(true);
  return menu as MenuItem[];
}

/** Button permissions: the table pages gate their buttons on these; admin has none. Not fatal. */
async function loadButtons(): Promise<void> {
  try {
    const data = okObject(await fetchUserButtons());
    if (data && !data.userBtn) {
      // No userBtn at all is the admin login, which sees every button (lib/permissions hasButton: no list = all).
      storage.remove(StorageKeys.buttonPermissions);
    } else {
      saveButtonPermissions(storage, data?.userBtn ?? []);
    }
  } catch {
    saveButtonPermissions(storage, []);
  }
}

/**
 * Menu and buttons go out together, and the header's company name beside them (its answer is shared with the
 * main layout, lib/backend/calls), so the shell waits for one round trip, not a chain of them.
 */
async function loadPermissions(userId: number | string): Promise<MenuItem[]> {
  const menu = loadMenu(userId);
  const buttons = loadButtons();
  fetchSystemConfig().catch(() => undefined);
  // A failed menu still waits for the buttons, so nothing is stored after the logout that follows it.
  return menu.finally(() => buttons);
}

function acceptedLogin(reply: unknown): LoginData | undefined {
  const data = okObject(reply as Reply<LoginData | string> | null | undefined);
  if (!data) return undefined;
  return data.msgTip === LOGIN_OK_TIP && data.token && data.user ? data : undefined;
}

function completeStoredSession(): StoredSessionKey | undefined {
  const key = storedSessionKey(storage);
  return key.userId !== undefined && key.token !== undefined ? key : undefined;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  // A user id without its token is no session (the token was removed): start logged out, not half logged in.
  const [held] = useState(() => {
    const key = completeStoredSession();
    if (key) openSessionCalls();
    else {
      if (storedUserId(storage) !== undefined) clearSession(storage);
      closeSessionCalls();
    }
    return key;
  });
  const heldRef = useRef<StoredSessionKey | undefined>(held);
  const [status, setStatus] = useState<SessionStatus>(held ? 'booting' : 'anonymous');
  const [menu, setMenu] = useState<MenuItem[]>([]);
  const [menuVerified, setMenuVerified] = useState(true);
  const [user, setUser] = useState<SessionUser | undefined>(() => (held ? storedUser(storage) : undefined));
  const [generation, setGeneration] = useState(0);
  // Only the newest load applies (a second login in another tab may overtake a load in flight).
  const loadRef = useRef(0);

  const endLocally = useCallback(() => {
    closeSessionCalls();
    heldRef.current = undefined;
    loadRef.current++;
    setMenu([]);
    setUser(undefined);
    setStatus('anonymous');
  }, []);

  const logout = useCallback(async () => {
    const token = storedToken(storage);
    const userId = storedUserId(storage);
    endLocally();
    // What the user typed goes with them: the next person at this browser finds none of it.
    clearUserDrafts(storage);
    clearSession(storage);
    if (userId !== undefined) storage.remove(openTabsKey(userId));
    if (token) await logoutCall(token);
  }, [endLocally]);

  const leave = useCallback(() => {
    endLocally();
    clearSession(storage);
  }, [endLocally]);

  /** Loads menu and buttons for the stored session; a failure logs out and rethrows. */
  const establish = useCallback(async () => {
    const key = completeStoredSession();
    if (!key) throw new MenuLoadError(false);
    heldRef.current = key;
    const load = ++loadRef.current;
    openSessionCalls();
    startSessionCalls();
    const cacheKey = menuCacheKey(key.userId!);
    const permissions = loadPermissions(key.userId!).then((items) => {
      storage.set(cacheKey, items, LONG_TTL_MS);
      return items;
    });
    // Landing on home, the shell shows at once while the menu call answers behind (80–280 ms on the real backend):
    // with the menu the user's last session loaded, replaced when this one differs, or, with none, the menu's place
    // held until it answers (not when tabs of an earlier visit wait for the menu to be restored).
    const onHome = landsOnHome(window.location.pathname, window.location.search);
    const cached = onHome ? storage.get<MenuItem[]>(cacheKey) : undefined;
    const lastMenu = Array.isArray(cached) && cached.length > 0 ? cached : undefined;
    if (onHome && (lastMenu || storage.get<unknown>(openTabsKey(key.userId!)) === undefined)) {
      permissions.catch(() => undefined);
      await preloadShell();
      if (load !== loadRef.current) return;
      setMenu(lastMenu ?? []);
      setMenuVerified(false);
      setUser(storedUser(storage));
      setStatus('ready');
      permissions.then(
        (items) => {
          if (load !== loadRef.current) return;
          if (JSON.stringify(items) !== JSON.stringify(lastMenu)) setMenu(items);
          setMenuVerified(true);
        },
        (error: unknown) => {
          if (load !== loadRef.current) return;
          // The shell was on show: the user is told why it ends, on the login page it goes back to.
          const empty = error instanceof MenuLoadError && error.empty;
          withFeedback(({ notification }) =>
            notification.error({
              message: t('login.failed'),
              description: t(empty ? 'login.menuEmpty' : 'login.requestError'),
              duration: 4,
            }),
          );
          void logout();
        },
      );
      return;
    }
    try {
      // The first page shows once the shell's code is here too: it then renders without suspending (lib/loaded-lazy).
      const [items] = await Promise.all([permissions, preloadShell()]);
      if (load !== loadRef.current) return;
      setMenu(items);
      setMenuVerified(true);
      setUser(storedUser(storage));
      setStatus('ready');
    } catch (error) {
      if (load !== loadRef.current) return;
      await logout();
      throw error;
    }
  }, [logout]);

  const login = useCallback(
    async (payload: LoginPayload, onAccepted?: (data: LoginData) => void): Promise<LoginResult> => {
      const reply = await postLogin(payload);
      const data = acceptedLogin(reply);
      if (!data) return { type: 'rejected', reply };
      saveSession(storage, data.token!, data.user!);
      setGeneration((value) => value + 1);
      const established = establish();
      onAccepted?.(data);
      await established;
      return { type: 'established', data };
    },
    [establish],
  );

  // Boot: a stored session reloads its menu (boot screen until then).
  useEffect(() => {
    // establish() sets state only once its calls have answered; starting that load is this effect's job.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (held) establish().catch(() => undefined);
  }, [held, establish]);

  // Calls that find the session gone: log out (401 also reloads, as the original did); an expired login keeps
  // the shell behind its dialog, whose button reloads.
  useEffect(
    () =>
      onSessionLoss((loss) => {
        if (loss === 'expired') return;
        if (loss === 'tokenMissing') {
          leave();
          return;
        }
        void logout().finally(() => setTimeout(() => window.location.reload(), UNAUTHORIZED_RELOAD_MS));
      }),
    [leave, logout],
  );

  // Other tabs: the stored session is shared, so follow it.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = () => {
      timer = undefined;
      const change = sessionChange(heldRef.current, storedSessionKey(storage));
      if (change === 'ended') {
        endLocally();
        // What is left of it (another tab cleared most of it already) goes too: a user id alone is no session.
        clearSession(storage);
      } else if (change === 'replaced') {
        closeSessionCalls();
        setGeneration((value) => value + 1);
        setStatus('booting');
        setMenu([]);
        setUser(storedUser(storage));
        establish().catch(() => undefined);
      }
    };
    const schedule = () => {
      if (timer === undefined) timer = setTimeout(follow, CROSS_TAB_SETTLE_MS);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || SESSION_KEYS.some((key) => event.key === STORAGE_PREFIX + key)) schedule();
    };
    // Storage edited in this tab itself (devtools) sends no event here: lib/http finds the token missing at the next call.
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [endLocally, establish]);

  const value = useMemo(
    () => ({ status, user, menu, menuVerified, generation, login, logout, leave }),
    [status, user, menu, menuVerified, generation, login, logout, leave],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() outside <SessionProvider>');
  return value;
}
