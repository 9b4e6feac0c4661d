// The one HTTP client: fetch with a 300 000 ms timeout, base path from the injected config,
// X-Access-Token from storage, the body unwrapped (JSON, or text when not JSON), and every failure
// run through the error catalogue (lib/error-catalogue) unless the caller asks for silence.
import { isOk } from './backend/envelope.js';
import { mapFailure, type CallFailure, type FailureKind } from './error-catalogue.js';
import { withFeedback } from './feedback.js';
import { t } from './i18n/i18n.js';
import { injectedConfig } from './injected-config.js';
import { clearSession, storedToken, storedUserId } from './session.js';
import { storage } from './storage.js';

export const HTTP_TIMEOUT_MS = 300_000;

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  body?: unknown;
  /** Skip the error catalogue (the caller handles the failure itself). */
  silent?: boolean;
  responseType?: 'auto' | 'blob';
  signal?: AbortSignal;
  timeoutMs?: number;
  /** An open endpoint (login, captcha, platform flags): sent without the token, also while no session is open. */
  anonymous?: boolean;
  /** Sent with this token even after the session's calls were closed (the logout call itself). */
  token?: string;
  /** Headers of the gateway's own (lib/read-after-write). */
  headers?: Readonly<Record<string, string>>;
}

export class HttpError extends Error {
  constructor(
    /** `dropped`: the session ended before (or while) the call was made; nobody was told and nobody needs to be. */
    readonly kind: FailureKind | 'dropped',
    readonly status: number | undefined,
    readonly body: unknown,
  ) {
    super(kind === 'http' ? `HTTP ${status}` : kind);
    this.name = 'HttpError';
  }
}

/**
 * The URL of a call. An empty value goes out empty (`materialParam=`), as the original client's axios sends it:
 * jshERP-boot requires some parameters to be present even when empty, and answers 未知异常 without them. Only
 * undefined and null are left out.
 */
export function buildUrl(base: string, path: string, params?: QueryParams): string {
  const url = /^https?:\/\//.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const qs = query.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Why the calls of a session stopped: a 401, the backend's expired-login answer, or the token gone from storage. */
export type SessionLoss = 'unauthorized' | 'expired' | 'tokenMissing';

interface Pending {
  controller: AbortController;
  anonymous: boolean;
  dropped: boolean;
}

const pending = new Set<Pending>();
// Calls that need the session run only while it is open; the session opens it at login / boot and closes it at
// logout or when the session is lost, dropping what is still in flight, so nothing is sent (or reported) after it.
let sessionOpen = storedToken(storage) !== undefined;
let lossReported = false;
const lossListeners = new Set<(loss: SessionLoss) => void>();
const closeListeners = new Set<() => void>();
const writeListeners = new Set<(path: string) => void>();

// POSTs that only read (the select lists, the menu, the pinyin of a name, an export, the login): every other POST,
// and every PUT and DELETE, is a write.
const READING_POST = /\/(find|get|export|changeNameToPinYin|login|weixinLogin)[^/]*$/;

/** What keeps server state for the session (lib/session-options) hears here of each write the backend accepted. */
export function onSessionWrite(listener: (path: string) => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

function noteWrite(method: string, path: string, body: unknown): void {
  const bare = path.split('?')[0] ?? path;
  if (method === 'GET' || (method === 'POST' && READING_POST.test(bare)) || !isOk(body)) return;
  for (const listener of writeListeners) listener(bare);
}

/** Whatever keeps calling on its own (the notices socket and polling) stops here, before the logout call. */
export function onSessionCallsClosed(listener: () => void): () => void {
  closeListeners.add(listener);
  return () => closeListeners.delete(listener);
}

/** The session module listens here: it logs out (or shows the expiry) when calls find the session gone. */
export function onSessionLoss(listener: (loss: SessionLoss) => void): () => void {
  lossListeners.add(listener);
  return () => lossListeners.delete(listener);
}

export function openSessionCalls(): void {
  sessionOpen = true;
  lossReported = false;
}

/** How often the session's calls have closed: work begun under one count belongs to that session alone. */
let closings = 0;
export const sessionCallsClosings = (): number => closings;

/** Stops every call that needs the session: in-flight ones are aborted and end silently, new ones are not sent. */
export function closeSessionCalls(): void {
  const wasOpen = sessionOpen;
  sessionOpen = false;
  if (wasOpen) {
    closings += 1;
    for (const listener of closeListeners) listener();
  }
  for (const call of pending) {
    if (call.anonymous) continue;
    call.dropped = true;
    call.controller.abort();
  }
}

/** The first sign of a lost session is told once; calls failing beside it (or after it) stay quiet. */
function sessionLost(loss: SessionLoss, tell: () => void): void {
  if (lossReported || !sessionOpen) return;
  lossReported = true;
  tell();
  closeSessionCalls();
  if (lossListeners.size === 0) clearSession(storage);
  for (const listener of lossListeners) listener(loss);
}

function report(failure: CallFailure): void {
  const action = mapFailure(failure);
  const title = t('http.title');
  switch (action.type) {
    case 'notify':
      // Keyed by its text: calls failing together for one reason (the network is out) show one notification.
      withFeedback((api) =>
        api.notification.error({
          key: `http:${action.description}`,
          message: title,
          description: action.description,
          duration: action.durationSeconds ?? undefined,
        }),
      );
      return;
    case 'unauthorized':
      if (!action.logout) {
        withFeedback((api) => api.notification.error({ message: title, description: action.description, duration: 4 }));
        return;
      }
      sessionLost('unauthorized', () =>
        withFeedback((api) => api.notification.error({ message: title, description: action.description, duration: 4 })),
      );
      return;
    case 'loginExpired':
      sessionLost('expired', () =>
        withFeedback((api) =>
          api.modal.error({
            title: action.title,
            content: action.content,
            okText: action.okText,
            onOk: () => {
              clearSession(storage);
              window.location.reload();
            },
          }),
        ),
      );
      return;
  }
}

export async function request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const anonymous = options.anonymous === true;
  const token = options.token ?? (anonymous ? undefined : storedToken(storage));
  const needsSession = !anonymous && options.token === undefined;
  if (needsSession && !sessionOpen) throw new HttpError('dropped', undefined, undefined);
  if (needsSession && !token) {
    // No user id either: another tab logged out, and the session follows it by itself (storage event). The
    // token alone gone (devtools, a storage cleaner): this tab finds out here and logs out, saying why.
    if (storedUserId(storage) === undefined) throw new HttpError('dropped', undefined, undefined);
    // Told from a microtask: a call may start while React renders a page (lib/early-calls), and the session's state
    // must not change inside that render.
    queueMicrotask(() =>
      sessionLost('tokenMissing', () =>
        withFeedback((api) =>
          api.notification.error({ message: t('http.title'), description: t('http.unauthorized'), duration: 4 }),
        ),
      ),
    );
    throw new HttpError('dropped', undefined, undefined);
  }
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json, text/plain, */*' };
  if (token) headers['X-Access-Token'] = token;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json;charset=UTF-8';
    body = JSON.stringify(options.body);
  }
  const controller = new AbortController();
  const call: Pending = { controller, anonymous: !needsSession, dropped: false };
  pending.add(call);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? HTTP_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);

  const fail = (failure: CallFailure): never => {
    // A call of a session that has ended since it was sent: its answer means nothing to the user now.
    if (call.dropped || (needsSession && !sessionOpen)) throw new HttpError('dropped', failure.status, failure.body);
    if (!options.silent) report(failure);
    throw new HttpError(failure.kind, failure.status, failure.body);
  };
  const done = () => {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
    pending.delete(call);
  };

  let response: Response;
  try {
    response = await fetch(buildUrl(injectedConfig.apiBase, path, options.params), {
      method,
      headers,
      body,
      signal: controller.signal,
    });
  } catch (error) {
    done();
    // A caller's own abort (component unmounted) is not a failure the user needs to hear about.
    if (options.signal?.aborted && !timedOut) throw error;
    return fail({ kind: timedOut ? 'timeout' : 'network', hadToken: Boolean(token) });
  }
  try {
    if (!response.ok) {
      return fail({ kind: 'http', status: response.status, body: await readBody(response), hadToken: Boolean(token) });
    }
    if (options.responseType === 'blob') return (await response.blob()) as T;
    const result = (await readBody(response)) as T;
    if (call.dropped) throw new HttpError('dropped', response.status, undefined);
    noteWrite(method, path, result);
    return result;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return fail({ kind: timedOut ? 'timeout' : 'network', hadToken: Boolean(token) });
  } finally {
    done();
  }
}

export const http = {
  get: <T = unknown>(path: string, params?: QueryParams, options?: Omit<RequestOptions, 'params'>) =>
    request<T>('GET', path, { ...options, params }),
  post: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  /** DELETE with query parameters, as the backend expects (`?id=` / `?ids=`). */
  delete: <T = unknown>(path: string, params?: QueryParams, options?: Omit<RequestOptions, 'params'>) =>
    request<T>('DELETE', path, { ...options, params }),
  download: (path: string, params?: QueryParams, options?: Omit<RequestOptions, 'params' | 'responseType'>) =>
    request<Blob>('GET', path, { ...options, params, responseType: 'blob' }),
};

/** Tells the backend the session ends (GET /user/logout with that session's token), ignoring its answer. */
export async function logoutCall(token: string): Promise<void> {
  await http.get('/user/logout', undefined, { silent: true, token }).catch(() => undefined);
}
