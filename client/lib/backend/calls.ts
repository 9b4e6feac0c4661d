// The backend calls more than one feature (or the session) makes. Feature-only calls stay in the feature's api.ts.
import { http } from '../http';
import type { LoginData, LoginPayload, MenuItem, PlatformSetting, Reply, SystemConfig, TenantInfo, UserBtn } from './types';

/** Open: sent without the token (a stale one would make the backend end that session first). */
export const postLogin = (payload: LoginPayload) =>
  http.post<Reply<LoginData | string>>('/user/login', payload, { silent: true, anonymous: true });

/** The permission menu: a bare array (an object here means a backend error). */
export const fetchMenu = (userId: number | string) =>
  http.post<MenuItem[] | unknown>('/function/findMenuByPNumber', { pNumber: 0, userId }, { silent: true });

/** `data` without `userBtn` is the admin login (every button). */
export const fetchUserButtons = () =>
  http.get<Reply<{ userBtn?: UserBtn[] } | string>>('/user/getUserBtnByCurrentUser', undefined, { silent: true });

export const fetchTenantInfo = (options: { silent?: boolean; signal?: AbortSignal } = {}) =>
  http.get<Reply<TenantInfo | string>>('/user/infoWithTenant', undefined, options);

export const fetchSystemConfig = (options: { silent?: boolean; signal?: AbortSignal } = {}) =>
  http.get<Reply<SystemConfig | null | string>>('/systemConfig/getCurrentInfo', undefined, options);

/** Not under the open /platformConfig/getPlatform prefix: needs the token. */
export const fetchPlatformSetting = (platformKey: string, options: { silent?: boolean } = {}) =>
  http.get<Reply<PlatformSetting | null>>('/platformConfig/getInfoByKey', { platformKey }, options);
