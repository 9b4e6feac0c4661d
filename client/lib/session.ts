// The stored session (token, user id, login name, user row, button permissions) over lib/storage.
// "Logged in" means a stored user id, as in the original guard; the token rides on every call.
import type { SessionUser, UserBtn } from './backend/types.js';
import { SESSION_TTL_MS, LONG_TTL_MS, StorageKeys, type AppStorage } from './storage.js';

export function saveSession(store: AppStorage, token: string, user: SessionUser): void {
  store.set(StorageKeys.userId, user.id, SESSION_TTL_MS);
  store.set(StorageKeys.loginName, user.loginName, SESSION_TTL_MS);
  store.set(StorageKeys.accessToken, token, SESSION_TTL_MS);
  store.set(StorageKeys.userInfo, user, SESSION_TTL_MS);
}

export function saveButtonPermissions(store: AppStorage, list: UserBtn[]): void {
  store.set(StorageKeys.buttonPermissions, list, LONG_TTL_MS);
}

/** Clears everything a logout must — including the token, which the original forgot. */
export function clearSession(store: AppStorage): void {
  for (const key of [
    StorageKeys.accessToken,
    StorageKeys.userId,
    StorageKeys.loginName,
    StorageKeys.userInfo,
    StorageKeys.buttonPermissions,
    StorageKeys.dictCache,
    StorageKeys.includedRoutes,
  ]) {
    store.remove(key);
  }
}

export function storedUserId(store: AppStorage): number | string | undefined {
  const id = store.get<number | string>(StorageKeys.userId);
  return id === '' || id === null ? undefined : id;
}

export function storedToken(store: AppStorage): string | undefined {
  return store.get<string>(StorageKeys.accessToken) || undefined;
}

export function storedUser(store: AppStorage): SessionUser | undefined {
  return store.get<SessionUser>(StorageKeys.userInfo);
}

/** What identifies the stored session: whose it is and with which token. */
export interface StoredSessionKey {
  userId: string | undefined;
  token: string | undefined;
}

export function storedSessionKey(store: AppStorage): StoredSessionKey {
  const id = storedUserId(store);
  return { userId: id === undefined ? undefined : String(id), token: storedToken(store) };
}

/** The storage keys whose change (in another tab) can end or replace this tab's session. */
export const SESSION_KEYS: readonly string[] = [StorageKeys.accessToken, StorageKeys.userId];

export type SessionChange = 'none' | 'ended' | 'replaced';

/**
 * What a change of the stored session means to a tab that holds `held` (undefined: no session in this tab).
 * No user or no token left: the session ended. Another user or another token: another login replaced it.
 */
export function sessionChange(held: StoredSessionKey | undefined, stored: StoredSessionKey): SessionChange {
  const complete = stored.userId !== undefined && stored.token !== undefined;
  if (!held) return complete ? 'replaced' : 'none';
  if (!complete) return 'ended';
  return stored.userId !== held.userId || stored.token !== held.token ? 'replaced' : 'none';
}
