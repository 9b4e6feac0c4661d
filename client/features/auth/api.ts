// Calls of the login, register and session flows.
import { http } from '../../lib/http';
import type { MenuItem } from '../../lib/menu';
import type { ButtonPermission, SessionUser } from '../../lib/session';

export interface BackendReply<T> {
  code: number;
  data: T;
}

export interface LoginData {
  msgTip?: string;
  token?: string;
  user?: SessionUser;
  pwdSimple?: boolean;
  message?: string;
}

export interface LoginPayload {
  loginName: string;
  /** md5 hex of the plain password. */
  password: string;
  code?: string;
  uuid?: string;
}

export interface CaptchaImage {
  uuid: string;
  base64: string;
}

/** Platform flags come back as a bare value (`1` parsed as a number, or text): compare as a string. */
export async function fetchPlatformFlag(name: 'checkcodeFlag' | 'registerFlag'): Promise<string> {
  const value = await http.get<unknown>(`/platformConfig/getPlatform/${name}`, undefined, { silent: true });
  return String(value ?? '').trim();
}

export const fetchCaptcha = () => http.get<BackendReply<CaptchaImage | string>>('/user/randomImage', undefined, { silent: true });

export const postLogin = (payload: LoginPayload) =>
  http.post<BackendReply<LoginData | string>>('/user/login', payload, { silent: true });

export const postRegister = (payload: LoginPayload) =>
  http.post<{ code: number; msg?: string; data?: { message?: string } | string }>('/user/registerUser', payload, { silent: true });

/** The permission menu: a bare array (an object here means a backend error). */
export const fetchMenu = (userId: number | string) =>
  http.post<MenuItem[] | unknown>('/function/findMenuByPNumber', { pNumber: 0, userId }, { silent: true });

export const fetchUserButtons = () =>
  http.get<BackendReply<{ userBtn?: ButtonPermission[] } | string>>('/user/getUserBtnByCurrentUser', undefined, { silent: true });

export interface TenantInfo {
  type: string | null;
  expireTime: string;
  userCurrentNum: number | null;
  userNumLimit: number | null;
  tenantId: number | null;
}

export const fetchTenantInfo = () => http.get<BackendReply<TenantInfo | string>>('/user/infoWithTenant', undefined, { silent: true });

export const fetchPlatformValue = (platformKey: string) =>
  http.get<BackendReply<{ platformValue?: string | null } | null>>('/platformConfig/getInfoByKey', { platformKey }, { silent: true });

export const fetchMaterialProperties = () =>
  http.get<BackendReply<unknown[] | string>>('/materialProperty/getAllList', undefined, { silent: true });
