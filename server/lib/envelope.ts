// Sends the one error shape the gateway itself produces (shared/error-envelope.ts).
import type { FastifyReply } from 'fastify';
import type { ErrorEnvelope } from '../../shared/error-envelope.js';

export function envelope(requestId: string, status: number, message: string): ErrorEnvelope {
  return { code: status, data: { message }, requestId };
}

export function sendEnvelope(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(JSON.stringify(envelope(String(reply.request.id), status, message)));
}
