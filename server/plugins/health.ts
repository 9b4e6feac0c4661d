// /healthz: the process is alive and serving. /readyz: the backend answers a cheap open request, and the pool
// towards it has a free connection.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { GATEWAY_MESSAGES } from '../../shared/error-envelope.js';
import { DEFAULT_API_BASE } from '../../shared/injected-config.js';
import { sendEnvelope } from '../lib/envelope.js';
import type { UpstreamPool } from '../lib/upstream-pool.js';

export interface HealthOptions {
  upstreamUrl: string;
  /** The proxy's pool: while every connection is busy the gateway cannot serve API calls at once. */
  pool: UpstreamPool;
  readyTimeoutMs?: number;
}

/** Open in the backend's auth filter (prefix /platformConfig/getPlatform) and a single-row read. */
export const READINESS_PATH = `${DEFAULT_API_BASE}/platformConfig/getPlatform/name`;

async function health(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const timeoutMs = options.readyTimeoutMs ?? 2_000;
  // Liveness must answer even when the gateway sheds load, hence the pass-through pressure handler.
  const alwaysServe = { pressureHandler: () => undefined };

  app.get('/healthz', { config: alwaysServe }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (options.pool.exhausted()) {
      request.log.warn({ pool: options.pool.stats() }, 'not ready: upstream pool exhausted');
      reply.header('retry-after', '10');
      return sendEnvelope(reply, 503, GATEWAY_MESSAGES.overloaded);
    }
    try {
      const response = await fetch(`${options.upstreamUrl}${READINESS_PATH}`, { signal: AbortSignal.timeout(timeoutMs) });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ upstreamError: (err as Error).message }, 'upstream not ready');
      return sendEnvelope(reply, 503, GATEWAY_MESSAGES.upstreamUnreachable);
    }
  });
}

export default fp(health, { name: 'health', fastify: '5.x' });
