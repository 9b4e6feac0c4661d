// Calls of the login and register flows that only this feature makes (login, menu and buttons: lib/backend/calls).
import type { Reply, StandardReply } from '../../lib/backend/types';
import { http } from '../../lib/http';

export interface CaptchaImage {
  uuid: string;
  base64: string;
}

/** Platform flags come back as a bare value (`1` parsed as a number, or text): compare as a string. */
export async function fetchPlatformFlag(name: 'checkcodeFlag' | 'registerFlag'): Promise<string> {
  const value = await http.get<unknown>(`/platformConfig/getPlatform/${name}`, undefined, {
    silent: true,
    anonymous: true,
  });
  return String(value ?? '').trim();
}

export const fetchCaptcha = () =>
  http.get<Reply<CaptchaImage | string>>('/user/randomImage', undefined, { silent: true, anonymous: true });

export const postRegister = (payload: { loginName: string; password: string; code?: string; uuid?: string }) =>
  http.post<StandardReply>('/user/registerUser', payload, { silent: true, anonymous: true });

export const fetchMaterialProperties = () =>
  http.get<Reply<unknown[] | string>>('/materialProperty/getAllList', undefined, { silent: true });
