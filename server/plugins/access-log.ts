// One log line per request for administrators, and the request id echoed to the client.
// The id itself is made by genReqId in app.ts (client-supplied ids are kept only from a trusted hop).
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from '../logger.js';
import { onResponseClosed } from '../lib/response-closed.js';

/** What the proxy learns about the upstream leg of a request (filled by plugins/proxy.ts). */
export interface UpstreamTiming {
  startedAt: number;
  status?: number;
  durationMs?: number;
  error?: string;
  /** Every backend connection was busy when this call was handed to the pool: it had to wait for one. */
  poolExhausted?: boolean;
  /** The backend's auth filter refused the call (500 `loginOut`: no or expired session), not a backend failure. */
  loginOut?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    upstream: UpstreamTiming | null;
    startBytesWritten: number;
  }
}

function bytesSent(request: FastifyRequest, reply: FastifyReply): number | undefined {
  const socket = request.raw.socket as { bytesWritten?: number } | null;
  if (socket && typeof socket.bytesWritten === 'number') return socket.bytesWritten - request.startBytesWritten;
  const length = reply.getHeader('content-length');
  return length === undefined ? undefined : Number(length);
}

const healthProbes = new Set(['/healthz', '/readyz']);

async function accessLog(app: FastifyInstance): Promise<void> {
  // The access line is built from fields that hold no secret (no headers; the path through redactUrl), so it skips
  // the logger's redact paths, whose wildcards walked every line's object and cost more than building it. Being
  // one logger for all requests, it also creates no child logger per request: the request id is a field instead.
  const accessLogger = app.log.child({}, { redact: [] });
  app.decorateRequest('upstream', null);
  app.decorateRequest('startBytesWritten', 0);

  // Callback-style hooks: they run on every request, and need no promise.
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket as { bytesWritten?: number } | null;
    request.startBytesWritten = socket?.bytesWritten ?? 0;
    // A client that leaves before its answer is complete ends no response, so no 'request completed' line is
    // written for it: this one says so. Upgrades (websockets) end their HTTP exchange differently.
    if (!(request.raw as { upgrade?: boolean }).upgrade) {
      const res = reply.raw;
      onResponseClosed(res, () => {
        if (res.writableFinished) return;
        request.log.info(
          {
            method: request.method,
            path: redactUrl(request.url),
            reason: res.headersSent
              ? 'client closed the connection during the answer'
              : 'client closed the connection before the answer',
            status: res.headersSent ? res.statusCode : undefined,
            durationMs: Math.round(reply.elapsedTime * 10) / 10,
            ip: request.ip,
            upstreamError: request.upstream?.error,
          },
          'request aborted',
        );
      });
    }
    done();
  });

  // Once shutdown starts, answers still in flight close their keep-alive connection, so the
  // server can finish closing as soon as they are done instead of waiting for idle sockets.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  // In onSend, so answers cut short by an earlier onRequest hook (load shedding) carry it too.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    const upstream = request.upstream;
    const line = {
      reqId: request.id,
      method: request.method,
      path: redactUrl(request.url),
      status: reply.statusCode,
      upstreamStatus: upstream?.status,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      upstreamMs: upstream?.durationMs === undefined ? undefined : Math.round(upstream.durationMs * 10) / 10,
      ip: request.ip,
      bytesIn: request.headers['content-length'] === undefined ? undefined : Number(request.headers['content-length']),
      bytesOut: bytesSent(request, reply),
      upstreamError: upstream?.error,
      upstreamPoolExhausted: upstream?.poolExhausted,
      upstreamLoginOut: upstream?.loginOut,
    };
    // Orchestrators probe every few seconds: a healthy probe is debug, so it does not bury the traffic. The backend's
    // session refusal is a 500 on the wire but no failure (expired sessions, scanners): info.
    const level =
      reply.statusCode >= 500 && !upstream?.loginOut
        ? 'warn'
        : healthProbes.has(request.url.split('?', 1)[0] ?? '')
          ? 'debug'
          : 'info';
    accessLogger[level](line, 'request completed');
    done();
  });
}

export default fp(accessLog, { name: 'access-log', fastify: '5.x' });
