// Every error the gateway raises itself becomes the JSON envelope; 5xx details stay in the log.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { GATEWAY_MESSAGES } from '../../shared/error-envelope.js';
import { sendEnvelope } from '../lib/envelope.js';

function messageFor(status: number): string {
  if (status === 413) return GATEWAY_MESSAGES.payloadTooLarge;
  if (status === 404) return GATEWAY_MESSAGES.notFound;
  if (status === 401) return GATEWAY_MESSAGES.unauthorized;
  if (status === 503) return GATEWAY_MESSAGES.overloaded;
  if (status >= 500) return GATEWAY_MESSAGES.internal;
  return GATEWAY_MESSAGES.badRequest;
}

async function errorHandler(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    // Load shedding is expected under overload: one warn line, not a stack per refused request.
    if (status === 503) request.log.warn({ errCode: error.code }, 'request shed');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ errCode: error.code, errMessage: error.message }, 'request rejected');
    if (reply.sent || reply.raw.headersSent) return;
    return sendEnvelope(reply, status, messageFor(status));
  });
}

export default fp(errorHandler, { name: 'error-handler', fastify: '5.x' });
