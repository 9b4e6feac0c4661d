// The two upstream calls the notices need, made with the user's own token (never cached here, never logged).

import { CONTEXT_PATH } from '../../../shared/backend.js';

export type UpstreamAnswer<T> =
  | { kind: 'ok'; value: T }
  /** HTTP 500 `loginOut` from the backend's auth filter: the session is gone. */
  | { kind: 'expired' }
  /** Anything else (unreachable, timeout, unexpected shape): try again later. */
  | { kind: 'unavailable'; detail: string };

export interface UnreadState {
  unread: number;
  /** Unread message ids in the backend's order (id desc). */
  ids: number[];
}

export interface UpstreamCalls {
  /** GET /user/getUserSession → the session's user id. */
  sessionUser(token: string): Promise<UpstreamAnswer<{ userId: number }>>;
  /** GET /msg/getMsgByStatus?status=1 → the caller's unread messages. */
  unread(token: string): Promise<UpstreamAnswer<UnreadState>>;
}

export function createUpstreamCalls(upstreamUrl: string, timeoutMs: number): UpstreamCalls {
  const base = upstreamUrl.replace(/\/+$/, '') + CONTEXT_PATH;

  async function getJson(path: string, token: string): Promise<UpstreamAnswer<unknown>> {
    let response: Response;
    try {
      response = await fetch(base + path, {
        headers: { 'X-Access-Token': token, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return { kind: 'unavailable', detail: (error as Error).name || 'fetch failed' };
    }
    let body: string;
    try {
      body = await response.text();
    } catch (error) {
      return { kind: 'unavailable', detail: (error as Error).name || 'body failed' };
    }
    // The backend answers a missing/expired token with HTTP 500 with the plain body `loginOut`.
    if (response.status === 500 && body.trim() === 'loginOut') return { kind: 'expired' };
    if (response.status !== 200) return { kind: 'unavailable', detail: `HTTP ${response.status}` };
    try {
      return { kind: 'ok', value: JSON.parse(body) as unknown };
    } catch {
      return { kind: 'unavailable', detail: 'not JSON' };
    }
  }

  return {
    async sessionUser(token) {
      const answer = await getJson('/user/getUserSession', token);
      if (answer.kind !== 'ok') return answer;
      const envelope = answer.value as { code?: unknown; data?: { user?: { id?: unknown } } } | null;
      const id = envelope?.data?.user?.id;
      if (envelope?.code !== 200 || typeof id !== 'number' || !Number.isSafeInteger(id)) {
        return { kind: 'unavailable', detail: 'unexpected getUserSession answer' };
      }
      return { kind: 'ok', value: { userId: id } };
    },
    async unread(token) {
      const answer = await getJson('/msg/getMsgByStatus?status=1', token);
      if (answer.kind !== 'ok') return answer;
      const envelope = answer.value as { code?: unknown; data?: unknown } | null;
      if (envelope?.code !== 200 || !Array.isArray(envelope.data)) {
        return { kind: 'unavailable', detail: 'unexpected getMsgByStatus answer' };
      }
      const ids: number[] = [];
      for (const item of envelope.data as Array<{ id?: unknown } | null>) {
        if (typeof item?.id === 'number') ids.push(item.id);
      }
      return { kind: 'ok', value: { unread: envelope.data.length, ids } };
    },
  };
}
