// The one HTTP client: fetch with a 300 000 ms timeout, base path from the injected config,
// X-Access-Token from storage, the body unwrapped (JSON, or text when not JSON), and every failure
// run through the error catalogue (lib/error-catalogue) unless the caller asks for silence.
import { mapFailure, UNAUTHORIZED_RELOAD_MS, type CallFailure, type FailureKind } from './error-catalogue.js';
import { withFeedback } from './feedback.js';
import { t } from './i18n/i18n.js';
import { injectedConfig } from './injected-config.js';
import { clearSession, storedToken } from './session.js';
import { storage, StorageKeys } from './storage.js';

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
}

export class HttpError extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly status: number | undefined,
    readonly body: unknown,
  ) {
    super(kind === 'http' ? `HTTP ${status}` : kind);
    this.name = 'HttpError';
  }
}

export function buildUrl(base: string, path: string, params?: QueryParams): string {
  const url = /^https?:\/\//.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.append(key, String(value));
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

let loginExpiredShown = false;

function report(failure: CallFailure): void {
  const action = mapFailure(failure);
  const title = t('http.title');
  switch (action.type) {
    case 'notify':
      withFeedback((api) => api.notification.error({ message: title, description: action.description, duration: action.durationSeconds ?? undefined }));
      return;
    case 'unauthorized':
      withFeedback((api) => api.notification.error({ message: title, description: action.description, duration: 4 }));
      if (action.logout) {
        void logout().finally(() => setTimeout(() => window.location.reload(), UNAUTHORIZED_RELOAD_MS));
      }
      return;
    case 'loginExpired':
      if (loginExpiredShown) return; // several calls failing together show one dialog
      loginExpiredShown = true;
      withFeedback((api) =>
        api.modal.error({
          title: action.title,
          content: action.content,
          okText: action.okText,
          onOk: () => {
            storage.remove(StorageKeys.accessToken);
            window.location.reload();
          },
        }),
      );
      return;
  }
}

export async function request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const token = storedToken(storage);
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
  if (token) headers['X-Access-Token'] = token;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json;charset=UTF-8';
    body = JSON.stringify(options.body);
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? HTTP_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);

  const fail = (failure: CallFailure): never => {
    if (!options.silent) report(failure);
    throw new HttpError(failure.kind, failure.status, failure.body);
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
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
    // A caller's own abort (component unmounted) is not a failure the user needs to hear about.
    if (options.signal?.aborted && !timedOut) throw error;
    return fail({ kind: timedOut ? 'timeout' : 'network', hadToken: Boolean(token) });
  }
  try {
    if (!response.ok) {
      return fail({ kind: 'http', status: response.status, body: await readBody(response), hadToken: Boolean(token) });
    }
    if (options.responseType === 'blob') return (await response.blob()) as T;
    return (await readBody(response)) as T;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return fail({ kind: timedOut ? 'timeout' : 'network', hadToken: Boolean(token) });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
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

/** Logout: clear the stored session, then tell the backend, ignoring its failure. */
export async function logout(): Promise<void> {
  const hadToken = Boolean(storedToken(storage));
  const call = hadToken ? http.get('/user/logout', undefined, { silent: true }).catch(() => undefined) : Promise.resolve();
  // The request reads the token before it is cleared (request() captures it synchronously).
  clearSession(storage);
  await call;
}
