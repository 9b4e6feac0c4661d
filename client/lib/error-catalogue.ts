// The error catalogue as one pure function: what a failed call means to the user.
// lib/http.ts performs the returned action (notification, dialog, logout + reload).
import { GATEWAY_MESSAGES, isErrorEnvelope, type ErrorEnvelope } from '../../shared/error-envelope.js';
import { t, type MessageKey } from './i18n/i18n.js';

export type FailureKind = 'http' | 'network' | 'timeout';

export interface CallFailure {
  kind: FailureKind;
  /** HTTP status (kind 'http' only). */
  status?: number;
  /** The response body: parsed JSON, or the text when it was not JSON. */
  body?: unknown;
  /** Whether a token was sent with the call. */
  hadToken: boolean;
}

export type FailureAction =
  /** A notification titled 系统提示 with this description. */
  | { type: 'notify'; description: string; durationSeconds: number | null }
  /** 401: notify, then log out and reload after 1.5 s (only when a token was held). */
  | { type: 'unauthorized'; description: string; logout: boolean }
  /** 500 `loginOut` while holding a token: the 'login expired' dialog. */
  | { type: 'loginExpired'; title: string; content: string; okText: string };

export const UNAUTHORIZED_RELOAD_MS = 1500;

const GATEWAY_KEYS: { readonly [K in keyof typeof GATEWAY_MESSAGES]: MessageKey } = {
  badPath: 'gateway.badPath',
  forbiddenPath: 'gateway.forbiddenPath',
  upstreamUnreachable: 'gateway.upstreamUnreachable',
  upstreamTimeout: 'gateway.upstreamTimeout',
  upstreamError: 'gateway.upstreamError',
  overloaded: 'gateway.overloaded',
  payloadTooLarge: 'gateway.payloadTooLarge',
  requestTimeout: 'gateway.requestTimeout',
  notFound: 'gateway.notFound',
  badRequest: 'gateway.badRequest',
  unauthorized: 'gateway.unauthorized',
  internal: 'gateway.internal',
  writeNotSeen: 'gateway.writeNotSeen',
};
const GATEWAY_KIND_OF = new Map(
  Object.entries(GATEWAY_MESSAGES).map(([kind, text]) => [text as string, kind as keyof typeof GATEWAY_MESSAGES]),
);

/**
 * A gateway envelope's message in the user's language. The gateway writes one of its fixed Chinese texts
 * (shared/error-envelope.ts), so the text names the kind; the 429 of login throttling carries its minutes. A text
 * the dictionary does not know (a newer gateway) is shown as sent.
 */
export function gatewayMessage(envelope: ErrorEnvelope): string {
  const text = envelope.data.message;
  const kind = GATEWAY_KIND_OF.get(text);
  if (kind) return t(GATEWAY_KEYS[kind]);
  const throttled = envelope.code === 429 ? /(\d+)\s*分钟/.exec(text) : null;
  if (throttled) return t('gateway.loginThrottled', { minutes: Number(throttled[1]) });
  return text;
}

/** The message a body carries: data.message (backend business errors; gateway envelopes translated), else message. */
export function messageOf(body: unknown): string | undefined {
  if (isErrorEnvelope(body)) return gatewayMessage(body);
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as { data?: unknown; message?: unknown };
  if (typeof b.data === 'object' && b.data !== null) {
    const m = (b.data as { message?: unknown }).message;
    if (typeof m === 'string' && m !== '') return m;
  }
  if (typeof b.message === 'string' && b.message !== '') return b.message;
  return undefined;
}

export function mapFailure(failure: CallFailure): FailureAction {
  if (failure.kind === 'network') return { type: 'notify', description: t('http.network'), durationSeconds: 4 };
  if (failure.kind === 'timeout') return { type: 'notify', description: t('http.timeout'), durationSeconds: 4 };
  const status = failure.status ?? 0;
  switch (status) {
    case 403:
      return { type: 'notify', description: t('http.forbidden'), durationSeconds: 4 };
    case 404:
      return { type: 'notify', description: t('http.notFound'), durationSeconds: 4 };
    case 504:
      // The original gave no duration (antd's default); the gateway's own 504 envelope is still a timeout to the user.
      return { type: 'notify', description: t('http.gatewayTimeout'), durationSeconds: null };
    case 401:
      return { type: 'unauthorized', description: t('http.unauthorized'), logout: failure.hadToken };
  }
  if (status === 500 && failure.hadToken && failure.body === 'loginOut') {
    return {
      type: 'loginExpired',
      title: t('http.loginExpiredTitle'),
      content: t('http.loginExpiredContent'),
      okText: t('http.reLogin'),
    };
  }
  // The backend's 'no session' answer while we hold no token (e.g. a second tab logged out): say so in words.
  if (failure.body === 'loginOut') return { type: 'notify', description: t('http.unauthorized'), durationSeconds: 4 };
  // Other statuses show the response's message; unlike the original, never nothing.
  const description =
    messageOf(failure.body) ??
    (typeof failure.body === 'string' &&
    failure.body !== '' &&
    failure.body.length <= 200 &&
    !/^\s*</.test(failure.body)
      ? failure.body
      : t('http.failedStatus', { status }));
  return { type: 'notify', description, durationSeconds: 4 };
}
