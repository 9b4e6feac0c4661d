// POST /gateway/notices — an operator's broadcast to every socket, or to one tenant's sockets.
// Bearer BROADCAST_TOKEN, compared in constant time. Unset token: the route answers 401 like a wrong one.

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GATEWAY_MESSAGES, type ErrorEnvelope } from '../../../shared/error-envelope.js';
import { NOTICE_BROADCAST_PATH } from '../../../shared/notices.js';
import type { NoticeBus } from './notice-bus.js';
import { canonicalTenant } from '../../lib/session-token.js';

export interface BroadcastRouteOptions {
  broadcastToken: string | null;
  bus: NoticeBus;
}

interface BroadcastBody {
  title: string;
  content?: string;
  tenantId?: number | string;
}

const bodySchema = {
  type: 'object',
  required: ['title'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 200 },
    content: { type: 'string', maxLength: 10_000 },
    tenantId: {
      anyOf: [
        { type: 'integer', minimum: 0 },
        { type: 'string', pattern: '^[0-9]{1,19}$' },
      ],
    },
  },
} as const;

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

function bearerMatches(header: string | undefined, expected: string | null): boolean {
  const presented = /^Bearer (\S+)$/i.exec(header ?? '')?.[1];
  // Hash both sides so the comparison has a fixed length and runs in constant time whatever was sent.
  const ok = timingSafeEqual(digest(presented ?? ''), digest(expected ?? ''));
  return ok && presented !== undefined && expected !== null;
}

function envelope(request: FastifyRequest, code: number, message: string): ErrorEnvelope {
  return { code, data: { message }, requestId: String(request.id) };
}

export async function broadcastRoute(app: FastifyInstance, opts: BroadcastRouteOptions): Promise<void> {
  // Bad JSON, too large or wrong type fall to the gateway's error handler (plugins/error-handler.ts): same envelope.
  app.post<{ Body: BroadcastBody }>(
    NOTICE_BROADCAST_PATH,
    {
      bodyLimit: 64 * 1024,
      schema: { body: bodySchema },
      attachValidation: true,
      // Authenticate before the body is even read, so an unauthenticated caller learns nothing about it.
      onRequest: async (request, reply) => {
        if (bearerMatches(request.headers.authorization, opts.broadcastToken)) return;
        request.log.warn(
          { configured: opts.broadcastToken !== null },
          'notices: broadcast refused (missing or wrong bearer token)',
        );
        return reply.code(401).send(envelope(request, 401, GATEWAY_MESSAGES.unauthorized));
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        return reply.code(400).send(envelope(request, 400, GATEWAY_MESSAGES.badRequest));
      }
      const { title, content, tenantId } = request.body;
      await opts.bus.publish({
        t: 'topic',
        title,
        ...(content === undefined ? {} : { content }),
        tenantId: tenantId === undefined ? null : canonicalTenant(String(tenantId)),
      });
      request.log.info({ tenantId: tenantId ?? null }, 'notices: broadcast sent');
      return { code: 200, data: { message: '已发送' } };
    },
  );
}
