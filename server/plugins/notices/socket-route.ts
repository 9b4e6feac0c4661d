// GET /jshERP-boot/websocket/:userId — the notices socket, served here and never proxied (the backend has none).
// The upgrade is accepted, then authenticated: browsers only ever see close codes, so a refusal is a close with a
// code and a short reason (shared/notices.ts CLOSE_CODES), logged without the token.

import websocket from '@fastify/websocket';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type WebSocket from 'ws';
import { GATEWAY_MESSAGES } from '../../../shared/error-envelope.js';
import { sendEnvelope } from '../../lib/envelope.js';
import { CLOSE_CODES, HEARTBEAT_TEXT, NOTICE_SOCKET_PATH, SESSION_COOKIE } from '../../../shared/notices.js';
import { tokenId, type SessionCheck } from './session-check.js';
import type { NoticeSocket, SocketRegistry } from './socket-registry.js';
import { CONTEXT_PATH } from '../../../shared/backend.js';
import type { UserWatchers } from './user-watcher.js';

export const SOCKET_ROUTE = `${CONTEXT_PATH}${NOTICE_SOCKET_PATH}:userId`;

export interface SocketRouteOptions {
  registry: SocketRegistry;
  watchers: UserWatchers;
  sessions: SessionCheck;
  /** Largest frame a client may send; the protocol only has the 9-byte heartbeat. */
  maxPayloadBytes: number;
}

const heartbeat = Buffer.from(HEARTBEAT_TEXT);

/**
 * A page of another origin must not ride the user's cookie (SameSite=Strict already stops another site; this is the
 * second lock, and it also stops another port or scheme of the same host, which SameSite counts as the same site).
 * The request's own origin honours X-Forwarded-Proto/-Host only through trusted hops (request.protocol/host).
 */
function foreignOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    const own = new URL(`${request.protocol}://${request.host}`);
    // URL drops a default port on both sides: http://erp:80 is http://erp.
    return new URL(origin).origin !== own.origin;
  } catch {
    return true;
  }
}

const userIdShape = /^\d{1,18}$/;

/** The user-id segment as it may appear in a log line: a user id, or '[REDACTED]' (it may be a pasted token). */
export function loggableUserId(segment: string): string {
  return userIdShape.test(segment) ? segment : '[REDACTED]';
}

export async function socketRoute(app: FastifyInstance, opts: SocketRouteOptions): Promise<void> {
  const { registry, watchers, sessions } = opts;
  let closing = false;

  await app.register(websocket, {
    options: { maxPayload: opts.maxPayloadBytes, perMessageDeflate: false, clientTracking: true },
    // Graceful shutdown: every socket hears 1001 and reconnects to another replica or after the restart.
    preClose(this: FastifyInstance, done: () => void) {
      closing = true;
      watchers.stopAll();
      registry.stopSweep();
      for (const client of this.websocketServer.clients) client.close(CLOSE_CODES.goingAway, 'server shutting down');
      this.websocketServer.close();
      done();
    },
  });

  app.route<{ Params: { userId: string } }>({
    method: 'GET',
    url: SOCKET_ROUTE,
    // A plain GET (no upgrade) gets the gateway's envelope rather than @fastify/websocket's empty 404.
    handler: (_request, reply) => sendEnvelope(reply.header('upgrade', 'websocket'), 426, GATEWAY_MESSAGES.badRequest),
    wsHandler: (ws: WebSocket, request) => {
      const log = request.log;
      let entry: NoticeSocket | null = null;
      // Handlers are attached synchronously (before any await), or early frames would be lost.
      ws.on('message', (data, isBinary) => {
        if (!entry) return;
        entry.alive = true;
        if (!isBinary && data.toString() === HEARTBEAT_TEXT) registry.send(entry, heartbeat);
      });
      ws.on('pong', () => {
        if (entry) entry.alive = true;
      });
      ws.on('close', () => {
        if (entry && registry.remove(entry)) watchers.detach(entry.userId);
        entry = null;
      });

      const refuse = (code: number, reason: string, details: Record<string, unknown> = {}): void => {
        log.info(
          { userId: loggableUserId(request.params.userId), closeCode: code, reason, ...details },
          'notices: socket refused',
        );
        ws.close(code, reason);
      };

      if (closing) return ws.close(CLOSE_CODES.goingAway, 'server shutting down');
      const place = registry.beginPending();
      if (!place.ok) return refuse(place.code, place.reason);

      void (async () => {
        try {
          const userId = userIdShape.test(request.params.userId) ? Number(request.params.userId) : null;
          if (userId === null) return refuse(CLOSE_CODES.forbidden, 'user mismatch');
          if (foreignOrigin(request)) return refuse(CLOSE_CODES.forbidden, 'origin not allowed');
          const cookies = fastifyCookie.parse(request.headers.cookie ?? '');
          const token = cookies[SESSION_COOKIE];
          if (!token) return refuse(CLOSE_CODES.unauthenticated, 'login required');

          const verdict = await sessions.check(token);
          if (ws.readyState !== ws.OPEN) return;
          if (closing) return ws.close(CLOSE_CODES.goingAway, 'server shutting down');
          switch (verdict.kind) {
            case 'invalid':
              return refuse(CLOSE_CODES.unauthenticated, 'login required');
            case 'expired':
              return refuse(CLOSE_CODES.loginExpired, 'login expired');
            case 'unavailable':
              return refuse(CLOSE_CODES.upstreamUnavailable, 'session check unavailable');
          }
          if (verdict.userId !== userId) {
            return refuse(CLOSE_CODES.forbidden, 'user mismatch', { sessionUserId: verdict.userId });
          }
          const admission = registry.admitUser(userId);
          if (!admission.ok) return refuse(admission.code, admission.reason);

          entry = { ws, userId, tenantId: verdict.tenantId, token, tokenId: tokenId(token), alive: true };
          registry.add(entry);
          log.debug({ userId, tenantId: verdict.tenantId }, 'notices: socket open');
          watchers.attach(entry);
        } finally {
          registry.endPending();
        }
      })().catch((error: unknown) => {
        log.error({ err: error }, 'notices: socket setup failed');
        ws.terminate();
      });
    },
  });
}
