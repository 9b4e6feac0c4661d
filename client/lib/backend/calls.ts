// The backend calls more than one feature (or the session) makes. Feature-only calls stay in the feature's api.ts.
import { http, onSessionCallsClosed, sessionCallsClosings } from '../http';
import { sessionOptions } from '../session-options';
import { okObject } from './envelope';
import type {
  LoginData,
  LoginPayload,
  MenuItem,
  PlatformSetting,
  Reply,
  SystemConfig,
  TenantInfo,
  UserBtn,
} from './types';

/** Open: sent without the token (a stale one would make the backend end that session first). */
export const postLogin = (payload: LoginPayload) =>
  http.post<Reply<LoginData | string>>('/user/login', payload, { silent: true, anonymous: true });

/** The permission menu: a bare array (an object here means a backend error). */
export const fetchMenu = (userId: number | string) =>
  http.post<MenuItem[] | unknown>('/function/findMenuByPNumber', { pNumber: 0, userId }, { silent: true });

/** `data` without `userBtn` is the admin login (every button). */
export const fetchUserButtons = () =>
  http.get<Reply<{ userBtn?: UserBtn[] } | string>>('/user/getUserBtnByCurrentUser', undefined, { silent: true });

/**
 * Several components ask for the tenant or a platform setting as the shell comes up (login page, main layout, home
 * page, header): one call serves every caller while it runs and for BOOT_SHARE_MS after it answered, so a boot sends
 * it once, while a visit later (a tab shown again) asks afresh. A caller's signal only detaches that caller. A
 * failure is reported once, whoever asked, unless the call is silent.
 */
export const BOOT_SHARE_MS = 10_000;

interface SharedCall {
  promise: Promise<unknown>;
  answeredAt: number | undefined;
}

const sharedCalls = new Map<string, SharedCall>();
// A session that ends (logout, another user in another tab) keeps nothing for the next one.
onSessionCallsClosed(() => sharedCalls.clear());

function shared<T>(
  path: string,
  signal: AbortSignal | undefined,
  params?: Record<string, string>,
  silent = false,
): Promise<T> {
  const key = params ? `${path}?${new URLSearchParams(params)}` : path;
  let entry = sharedCalls.get(key);
  if (!entry || (entry.answeredAt !== undefined && Date.now() - entry.answeredAt > BOOT_SHARE_MS)) {
    const created: SharedCall = { promise: http.get<T>(path, params, { silent }), answeredAt: undefined };
    created.promise.then(
      () => (created.answeredAt = Date.now()),
      // A failed call is not kept: the next caller asks again.
      () => sharedCalls.get(key) === created && sharedCalls.delete(key),
    );
    sharedCalls.set(key, created);
    entry = created;
  }
  return detachable(entry.promise as Promise<T>, signal);
}

/** The promise as seen by one caller: its signal rejects it for that caller alone. */
function detachable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('aborted', 'AbortError'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export const fetchTenantInfo = (options: { signal?: AbortSignal } = {}) =>
  shared<Reply<TenantInfo | string>>('/user/infoWithTenant', options.signal);

/** The system configuration is the session's, as the option lists are (lib/session-options): 系统配置's save drops it. */
export const fetchSystemConfig = (options: { signal?: AbortSignal } = {}) =>
  detachable(
    sessionOptions('get', '/systemConfig/getCurrentInfo') as Promise<Reply<SystemConfig | null | string>>,
    options.signal,
  );

/** The tenant's system configuration decoded from its envelope: null when the answer carries none. */
export const fetchSystemConfigData = async (options: { signal?: AbortSignal } = {}): Promise<SystemConfig | null> =>
  okObject(await fetchSystemConfig(options));

/**
 * Not under the open /platformConfig/getPlatform prefix: needs the token. A setting decides a link or an ad beside
 * the work (the home page and the header both read pay_fee_url), so a failure is not reported.
 */
export const fetchPlatformSetting = (platformKey: string) =>
  shared<Reply<PlatformSetting | null>>('/platformConfig/getInfoByKey', undefined, { platformKey }, true);

/** The pause before a refused bill number is asked for again: past the backend's 100 ms wait for its number lock. */
export const SEQUENCE_RETRY_MS = 300;

/**
 * The next number of the backend's one bill sequence (GET /sequence/buildNumber: `data.defaultNumber`), undefined when
 * refused twice. jshERP-boot guards the sequence with a Redis lock and gives up after waiting 100 ms for it
 * (SequenceService.buildOnlyNumber), answering `{code: 500, data: '获取数据失败'}`: bill forms opening together, or
 * beside a long bill save, are refused, so a refusal is asked once more after a pause. A failed call throws at once.
 */
export async function fetchSequenceNumber(options: { silent?: boolean } = {}): Promise<unknown> {
  const ask = async () => okObject(await http.get<unknown>('/sequence/buildNumber', undefined, options))?.defaultNumber;
  const first = await ask();
  if (first !== undefined) return first;
  // Not asked again in another session: one that ended during the pause wants no number.
  const session = sessionCallsClosings();
  await new Promise((resolve) => setTimeout(resolve, SEQUENCE_RETRY_MS));
  return session === sessionCallsClosings() ? ask() : undefined;
}
