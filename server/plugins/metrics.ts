// Prometheus metrics of the gateway, in a registry of its own (never prom-client's global one, so tests and several
// app instances in one process do not clash). This plugin counts; buildMetricsServer() serves the text on a
// listener of its own (METRICS_PORT, started by server.ts), so /metrics is never reachable through the public port.
// Labels are bounded: a route class, an HTTP status, an error code — never a path, user, token or address.
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { CONTEXT_PATH } from '../../shared/backend.js';
import { NOTICE_BROADCAST_PATH, NOTICE_SOCKET_PATH } from '../../shared/notices.js';
import { CLIENT_ERRORS_PATH } from '../../shared/client-errors.js';
import { buildInfo } from '../lib/build-info.js';
import type { UpstreamPoolStats } from '../lib/upstream-pool.js';
import type { BodyBudget } from '../lib/body-intake.js';
import { endIdleConnections } from '../lib/idle-connections.js';

export interface MetricsOptions {
  /** The proxy's pool, read at scrape time; undefined while there is none. Without it no pool metrics are exported. */
  poolStats?: () => UpstreamPoolStats | undefined;
  /** The request body budget (lib/body-intake.ts): its bytes held are exported. */
  bodyBudget?: BodyBudget;
}

declare module 'fastify' {
  interface FastifyInstance {
    metricsRegistry: Registry;
  }
}

export type RouteClass = 'api' | 'websocket' | 'broadcast' | 'client-errors' | 'health' | 'asset' | 'page';

const apiBase = CONTEXT_PATH.toLowerCase();
const socketPrefix = `${apiBase}${NOTICE_SOCKET_PATH}`;

/** Which kind of route a request is, from its path alone (also for requests refused before routing). */
export function routeClass(url: string): RouteClass {
  const path = (url.split('?', 1)[0] ?? '').toLowerCase();
  if (path === '/healthz' || path === '/readyz') return 'health';
  if (path.startsWith(socketPrefix)) return 'websocket';
  if (path === apiBase || path.startsWith(`${apiBase}/`)) return 'api';
  if (path === NOTICE_BROADCAST_PATH) return 'broadcast';
  if (path === CLIENT_ERRORS_PATH) return 'client-errors';
  if (path.startsWith('/assets/')) return 'asset';
  // Client routes and index.html are the page; other files at the bundle root (favicon, images) are assets.
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.') && last !== 'index.html' ? 'asset' : 'page';
}

/** An upstream failure's cause as a label: a Node/undici error code, else 'other' (messages are unbounded). */
export function upstreamCause(detail: string): string {
  return /^[A-Z][A-Z0-9_]{1,63}$/.test(detail) ? detail : 'other';
}

function isUpgrade(raw: IncomingMessage): boolean {
  return (raw as IncomingMessage & { upgrade?: boolean }).upgrade === true;
}

async function metrics(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'gateway_http_requests_total',
    help:
      'Requests answered, by route class and HTTP status (websocket upgrades accepted count as 101); ' +
      'refusal="session" marks the backend’s refusal of a call without a live session (500 loginOut).',
    labelNames: ['route', 'status', 'refusal'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'gateway_http_request_duration_seconds',
    help: 'Time from the request to the end of the answer, by route class and HTTP status (refusal as above).',
    labelNames: ['route', 'status', 'refusal'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  const upstreamErrors = new Counter({
    name: 'gateway_upstream_errors_total',
    help: 'Proxied requests the backend did not answer, by cause (ECONNREFUSED, UND_ERR_HEADERS_TIMEOUT, …; other).',
    labelNames: ['cause'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'gateway_open_connections',
    help: 'Client connections open on the gateway’s listener (websockets included).',
    registers: [registry],
    async collect() {
      const count = await new Promise<number>((resolve) =>
        app.server.getConnections((error, n) => resolve(error ? 0 : n)),
      );
      this.set(count);
    },
  });
  new Gauge({
    name: 'gateway_notice_sockets',
    help: 'Authenticated notices websockets on this replica.',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('noticesStats') ? app.noticesStats().sockets : 0);
    },
  });
  new Gauge({
    name: 'gateway_notice_watched_users',
    help: 'Users whose unread notices this replica watches (one watch per user).',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('noticesStats') ? app.noticesStats().watchedUsers : 0);
    },
  });
  const bodyBudget = options.bodyBudget;
  if (bodyBudget) {
    new Gauge({
      name: 'gateway_request_body_buffered_bytes',
      help: 'Request body bytes held in memory, all requests together (at most BODY_BUFFER_TOTAL_BYTES).',
      registers: [registry],
      collect() {
        this.set(bodyBudget.held());
      },
    });
    new Gauge({
      name: 'gateway_request_body_buffer_limit_bytes',
      help: 'BODY_BUFFER_TOTAL_BYTES: beyond it a request body gets 503.',
      registers: [registry],
      collect() {
        this.set(bodyBudget.limitBytes);
      },
    });
  }
  const poolStats = options.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'gateway_upstream_pool_up',
      help: '1 when the upstream pool exists and its stats were read, else 0 (the pool gauges then read 0).',
      registers: [registry],
      collect() {
        this.set(poolStats() ? 1 : 0);
      },
    });
    const fields: Array<[keyof UpstreamPoolStats, string]> = [
      ['connected', 'Connections to the backend open in the pool.'],
      ['free', 'Pooled backend connections idle and ready for a request.'],
      ['pending', 'Requests waiting for a backend connection.'],
      ['queued', 'Requests queued in the pool, not yet sent to the backend.'],
      ['running', 'Requests being answered by the backend.'],
      ['size', 'Requests the pool holds in all.'],
    ];
    // Each gauge reads the pool itself: a scrape collects the gauges in parallel.
    for (const [field, help] of fields) {
      new Gauge({
        name: `gateway_upstream_pool_${field}`,
        help,
        registers: [registry],
        collect() {
          this.set(poolStats()?.[field] ?? 0);
        },
      });
    }
  }

  const build = buildInfo();
  new Gauge({
    name: 'gateway_build_info',
    help: 'Always 1; its labels say which gateway runs: its version (package.json) and Node’s.',
    labelNames: ['version', 'node'] as const,
    registers: [registry],
  }).set({ version: build.version, node: build.node }, 1);

  app.decorate('metricsRegistry', registry);

  // An accepted websocket upgrade is hijacked: no onResponse runs for it, so it is counted once it reaches its handler.
  app.addHook('preHandler', (request, _reply, done) => {
    if (isUpgrade(request.raw) && routeClass(request.url) === 'websocket')
      requests.inc({ route: 'websocket', status: '101' });
    done();
  });

  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    // The backend's session refusal (500 `loginOut`) is a client's state, not a failure: its status stays the HTTP
    // status, and refusal="session" sets it apart, so an alert on status=~"5..",refusal="" fires on outages only.
    const status = String(reply.statusCode);
    const labels = request.upstream?.loginOut
      ? { route: routeClass(request.url), status, refusal: 'session' }
      : { route: routeClass(request.url), status };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    const error = request.upstream?.error;
    if (error !== undefined && !request.bodyFault) upstreamErrors.inc({ cause: upstreamCause(error) });
    done();
  });
}

export interface MetricsServerLimits {
  /** Connections at most; Node closes any beyond it at once (a scraper needs one or two). */
  maxConnections?: number;
  /** A connection with no byte either way for this long is destroyed; also the time to send a request's headers. */
  idleTimeoutMs?: number;
}

/**
 * The listener that serves GET /metrics (Prometheus text) from the app's registry. It has no access log of its own:
 * a scrape every 15 s would bury the traffic, as health probes would. Few connections, short idle timeouts: idle
 * connections to it must not take the descriptors the gateway's own clients need.
 */
export async function buildMetricsServer(
  registry: Registry,
  logger?: FastifyBaseLogger,
  limits: MetricsServerLimits = {},
): Promise<FastifyInstance> {
  const idleTimeoutMs = limits.idleTimeoutMs ?? 10_000;
  const server = Fastify({
    ...(logger
      ? { loggerInstance: logger, logController: new LogController({ disableRequestLogging: true }) }
      : { logger: false }),
    connectionTimeout: idleTimeoutMs,
    keepAliveTimeout: Math.min(5_000, idleTimeoutMs),
    requestTimeout: idleTimeoutMs,
  }) as unknown as FastifyInstance;
  server.server.maxConnections = limits.maxConnections ?? 16;
  server.server.headersTimeout = idleTimeoutMs;
  endIdleConnections(server.server, { idleMs: idleTimeoutMs, isTrustedPeer: () => false });
  server.get('/metrics', async (_request, reply) => {
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
  await server.ready();
  return server;
}

export default fp(metrics, { name: 'metrics', fastify: '5.x', dependencies: ['access-log'] });
