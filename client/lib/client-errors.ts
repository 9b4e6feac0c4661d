// Reports a crashed view to the gateway (POST /gateway/client-errors): what broke and where, never who — the
// route path without its query, no token, no user id, no storage. A few reports per page load at most, so a view
// that crashes on every render cannot flood the gateway.
import {
  CLIENT_ERROR_LIMITS,
  CLIENT_ERRORS_PATH,
  redactSecrets,
  truncate,
  type ClientErrorReport,
} from '../../shared/client-errors.js';

export const MAX_REPORTS_PER_PAGE = 5;

let sent = 0;

/** The shell's build: the entry script's hashed file name (changes with every release). */
export function currentRelease(doc: Pick<Document, 'querySelector'> = document): string {
  const src = doc.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '';
  return src.split('/').pop()?.split('?')[0] || 'dev';
}

export function buildClientErrorReport(
  error: unknown,
  componentStack: string | null | undefined,
  where: { pathname: string; userAgent: string; release: string },
): ClientErrorReport {
  const text = (value: string, limit: number) => truncate(redactSecrets(value), limit);
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : undefined;
  return {
    message: text(message, CLIENT_ERROR_LIMITS.message),
    ...(stack ? { stack: text(stack, CLIENT_ERROR_LIMITS.stack) } : {}),
    ...(componentStack ? { componentStack: text(componentStack, CLIENT_ERROR_LIMITS.componentStack) } : {}),
    path: text(where.pathname.split(/[?#]/, 1)[0] ?? '', CLIENT_ERROR_LIMITS.path),
    userAgent: text(where.userAgent, CLIENT_ERROR_LIMITS.userAgent),
    release: text(where.release, CLIENT_ERROR_LIMITS.release),
  };
}

/** Sends one report; a failure to report is dropped (the user already sees the crash, nothing more to tell). */
export function reportClientError(error: unknown, componentStack?: string | null): void {
  if (sent >= MAX_REPORTS_PER_PAGE) return;
  sent++;
  const report = buildClientErrorReport(error, componentStack, {
    pathname: window.location.pathname,
    userAgent: navigator.userAgent,
    release: currentRelease(),
  });
  // Plain fetch, not lib/http: no token rides along, and a failed report must not open the error catalogue.
  void fetch(CLIENT_ERRORS_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
    credentials: 'omit',
    keepalive: true,
  }).catch(() => undefined);
}

/** Errors nobody caught outside React's render: a throwing event handler (`error`) or a rejected promise nobody
 *  awaited (`unhandledrejection`). Aborted calls and the HTTP client's own failures (already told to the user) are
 *  not crashes. Call once at boot. */
export function reportUncaughtErrors(target: Pick<Window, 'addEventListener'> = window): void {
  const expected = (reason: unknown) =>
    reason instanceof Error && (reason.name === 'AbortError' || reason.name === 'HttpError');
  target.addEventListener('error', (event: ErrorEvent) => {
    const error: unknown = event.error ?? event.message;
    if (!expected(error)) reportClientError(error);
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    if (!expected(event.reason)) reportClientError(event.reason);
  });
}
