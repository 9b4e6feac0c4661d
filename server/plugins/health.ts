// /healthz: the process is alive and serving. /readyz: the backend answers a cheap open request (one probe per
// READY_CACHE_MS, whatever the number of callers), and the pool towards it has a free connection.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { GATEWAY_MESSAGES } from '../../shared/error-envelope.js';
import { CONTEXT_PATH } from '../../shared/backend.js';
import { sendEnvelope } from '../lib/envelope.js';
import type { UpstreamPool } from '../lib/upstream-pool.js';

export interface HealthOptions {
  upstreamUrl: string;
  /** The proxy's pool: while every connection is busy the gateway cannot serve API calls at once. */
  pool: UpstreamPool;
  readyTimeoutMs?: number;
}

/** Open in the backend's auth filter (prefix /platformConfig/getPlatform) and a single-row read. */
export const READINESS_PATH = `${CONTEXT_PATH}/platformConfig/getPlatform/name`;

/**
 * How long one probe's result answers /readyz: orchestrators and load balancers probing from several places cost the
 * backend at most one request per this interval, and probes arriving together share one request.
 */
export const READY_CACHE_MS = 1_000;

type Probe = { ready: true } | { ready: false; upstreamError: string; cause: string };

/** The real cause of a failed probe: fetch's own error only says `fetch failed`. */
function failure(err: unknown, timeoutMs: number): Probe {
  const error = err as Error & { code?: string; cause?: { code?: string; message?: string } };
  if (error.name === 'TimeoutError')
    return { ready: false, upstreamError: 'GW_READY_TIMEOUT', cause: `no answer within ${timeoutMs} ms` };
  return {
    ready: false,
    upstreamError: error.cause?.code ?? error.code ?? 'other',
    cause: error.cause?.message ?? error.message,
  };
}

async function health(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const timeoutMs = options.readyTimeoutMs ?? 2_000;
  // Liveness must answer even when the gateway sheds load, hence the pass-through pressure handler.
  const alwaysServe = { pressureHandler: () => undefined };
  let last: { at: number; probe: Promise<Probe> } | null = null;

  async function probeUpstream(): Promise<Probe> {
    let probe: Probe;
    try {
      const response = await fetch(`${options.upstreamUrl}${READINESS_PATH}`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.arrayBuffer();
      probe = response.ok
        ? { ready: true }
        : {
            ready: false,
            upstreamError: `HTTP_${response.status}`,
            cause: `the backend answered HTTP ${response.status}`,
          };
    } catch (err) {
      probe = failure(err, timeoutMs);
    }
    // Logged once per probe, not per cached answer.
    if (!probe.ready)
      app.log.warn(
        { upstreamError: probe.upstreamError, cause: probe.cause, upstream: options.upstreamUrl },
        'upstream not ready',
      );
    return probe;
  }

  function probe(): Promise<Probe> {
    const now = performance.now();
    if (last === null || now - last.at >= READY_CACHE_MS) last = { at: now, probe: probeUpstream() };
    return last.probe;
  }

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
    const result = await probe();
    if (result.ready) return { status: 'ready' };
    return sendEnvelope(reply, 503, GATEWAY_MESSAGES.upstreamUnreachable);
  });
}

export default fp(health, { name: 'health', fastify: '5.x' });
