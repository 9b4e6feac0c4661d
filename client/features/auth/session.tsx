// The session: who is logged in and their permission menu. On load with a stored user id the menu is
// reloaded first (boot spinner); a failure logs out. Login establishes a session the same way.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { logout as logoutCall } from '../../lib/http';
import type { MenuItem } from '../../lib/menu';
import { saveButtonPermissions, storedUser, storedUserId, type SessionUser } from '../../lib/session';
import { storage, StorageKeys } from '../../lib/storage';
import { fetchMenu, fetchUserButtons } from './api';

export type SessionStatus = 'anonymous' | 'booting' | 'ready';

export interface SessionValue {
  status: SessionStatus;
  user: SessionUser | undefined;
  menu: MenuItem[];
  /** Loads the menu and button permissions for the stored user; rejects (after logging out) when the menu is empty or fails. */
  establish: () => Promise<void>;
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export class MenuLoadError extends Error {
  constructor(readonly empty: boolean) {
    super(empty ? 'the permission menu is empty' : 'the permission menu could not be loaded');
  }
}

async function loadPermissions(userId: number | string): Promise<MenuItem[]> {
  let menu: unknown;
  try {
    menu = await fetchMenu(userId);
  } catch {
    throw new MenuLoadError(false);
  }
  if (!Array.isArray(menu)) throw new MenuLoadError(false);
  if (menu.length === 0) throw new MenuLoadError(true);
  // Button permissions: the table pages gate their buttons on these; admin has none. Not fatal.
  try {
    const reply = await fetchUserButtons();
    const data = reply && typeof reply.data === 'object' ? reply.data : undefined;
    if (reply?.code === 200 && data && !data.userBtn) {
      // No userBtn at all is the admin login, which sees every button (lib/permissions hasButton: no list = all).
      storage.remove(StorageKeys.buttonPermissions);
    } else {
      saveButtonPermissions(storage, reply?.code === 200 && data?.userBtn ? data.userBtn : []);
    }
  } catch {
    saveButtonPermissions(storage, []);
  }
  return menu as MenuItem[];
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>(() => (storedUserId(storage) !== undefined ? 'booting' : 'anonymous'));
  const [menu, setMenu] = useState<MenuItem[]>([]);
  const [user, setUser] = useState<SessionUser | undefined>(() => storedUser(storage));

  const logout = useCallback(async () => {
    await logoutCall();
    setMenu([]);
    setUser(undefined);
    setStatus('anonymous');
  }, []);

  const establish = useCallback((): Promise<void> => {
    const userId = storedUserId(storage);
    if (userId === undefined) return Promise.reject(new MenuLoadError(false));
    return loadPermissions(userId).then(
      (items) => {
        setMenu(items);
        setUser(storedUser(storage));
        setStatus('ready');
      },
      async (error: unknown) => {
        await logout();
        throw error;
      },
    );
  }, [logout]);

  // Boot: only the first status can be 'booting'; later logins call establish() themselves.
  useEffect(() => {
    if (status === 'booting') establish().catch(() => undefined);
  }, [status, establish]);

  const value = useMemo(() => ({ status, user, menu, establish, logout }), [status, user, menu, establish, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() outside <SessionProvider>');
  return value;
}
