// The stored session (token, user id, login name, user row, button permissions) over lib/storage.
// "Logged in" means a stored user id, as in the original guard; the token rides on every call.
import { SESSION_TTL_MS, LONG_TTL_MS, StorageKeys, type AppStorage } from './storage.js';

/** The user row /user/login returns (jsh_user in camelCase; password forced to null). */
export interface SessionUser {
  id: number;
  loginName: string;
  username?: string | null;
  tenantId?: number | null;
  [field: string]: unknown;
}

export interface ButtonPermission {
  url: string | null;
  btnStr: string;
}

export function saveSession(store: AppStorage, token: string, user: SessionUser): void {
  store.set(StorageKeys.userId, user.id, SESSION_TTL_MS);
  store.set(StorageKeys.loginName, user.loginName, SESSION_TTL_MS);
  store.set(StorageKeys.accessToken, token, SESSION_TTL_MS);
  store.set(StorageKeys.userInfo, user, SESSION_TTL_MS);
}

export function saveButtonPermissions(store: AppStorage, list: ButtonPermission[]): void {
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
