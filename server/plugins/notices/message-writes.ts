// Watches the proxied traffic for writes to messages, so a read mark or a new message reaches every open tab
// at once instead of at the next poll, and for logouts, so that session's sockets close at once.
// Registered on the root instance (the proxy's routes live elsewhere).

import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONTEXT_PATH } from '../../../shared/backend.js';
import { tenantOfToken, isTokenShaped } from '../../lib/session-token.js';

// The backend's message writes, exact-case like its own routing; Spring also takes a trailing slash.
const writes: Record<string, string[]> = {
  POST: ['batchUpdateStatus', 'readAllMsg', 'add'],
  DELETE: ['delete', 'deleteBatch'],
  PUT: ['update'],
};
const writePattern = new RegExp(`^${CONTEXT_PATH}/msg/([A-Za-z]+)/?$`);

/** The tenant whose messages this finished request wrote, or null when it was not a successful message write. */
export function messageWriteTenant(method: string, url: string, statusCode: number, token: unknown): string | null {
  if (statusCode !== 200 || typeof token !== 'string' || !isTokenShaped(token)) return null;
  const path = url.split('?', 1)[0] ?? '';
  const action = writePattern.exec(path)?.[1];
  if (!action || !writes[method]?.includes(action)) return null;
  return tenantOfToken(token);
}

const logoutPattern = new RegExp(`^${CONTEXT_PATH}/user/logout/?$`);

/** The token whose session this finished request ended (a successful GET /user/logout), or null. */
export function loggedOutToken(method: string, url: string, statusCode: number, token: unknown): string | null {
  // The backend's logout answers HTTP 200 (body code 400) when it removed a session; 500 when there was none.
  if (method !== 'GET' || statusCode !== 200 || typeof token !== 'string' || !isTokenShaped(token)) return null;
  return logoutPattern.test(url.split('?', 1)[0] ?? '') ? token : null;
}

export interface MessageWritesHandlers {
  onMessagesWritten(tenantId: string): void;
  onLoggedOut(token: string): void;
}

export function messageWritesHook(handlers: MessageWritesHandlers) {
  return function noticeMessageWrites(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    const token = request.headers['x-access-token'];
    const tenantId = messageWriteTenant(request.method, request.url, reply.statusCode, token);
    if (tenantId !== null) handlers.onMessagesWritten(tenantId);
    const ended = loggedOutToken(request.method, request.url, reply.statusCode, token);
    if (ended !== null) handlers.onLoggedOut(ended);
    done();
  };
}
