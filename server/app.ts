// Composes the gateway: external plugins, then the gateway's own, then routes. Testable with
// app.inject() without listening; server.ts owns the process (listen, signals, timeouts).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream, Logger } from 'pino';
import type { Config } from './config.js';
import { createLogger } from './logger.js';
import { GATEWAY_MESSAGES } from '../shared/error-envelope.js';
import { sendEnvelope } from './lib/envelope.js';
import { proxyTrust, type ProxyTrust } from './lib/trusted-hops.js';
import { endIdleConnections, limitConnectionsPerAddress } from './lib/idle-connections.js';
import { addressGroup } from './lib/address-group.js';
import { clientErrorHandler } from './lib/client-error.js';
import { deriveMaxConnections, readDescriptorLimit } from './lib/connection-limit.js';
import { createUpstreamPool, type UpstreamPool } from './lib/upstream-pool.js';
import sessionCookie from './plugins/session-cookie.js';
import underPressure, { type UnderPressureOptions } from './plugins/under-pressure.js';
import errorHandler from './plugins/error-handler.js';
import accessLog from './plugins/access-log.js';
import metrics, { type MetricsOptions } from './plugins/metrics.js';
import securityHeaders from './plugins/security-headers.js';
import pathGuard from './plugins/path-guard.js';
import loginThrottle from './plugins/login-throttle.js';
import platformInfo, { type PlatformInfoOptions } from './plugins/platform-info.js';
import staticAssets from './plugins/static-assets.js';
import health from './plugins/health.js';
import clientErrorReports from './plugins/client-errors.js';
import proxy from './plugins/proxy.js';
import readAfterWrite, { READ_AFTER_WRITE_APPEAR_MS } from './plugins/read-after-write.js';
import writePacing from './plugins/write-pacing.js';
import shellPage from './plugins/shell-page.js';
import notices from './plugins/notices/notices.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The pool towards the backend: its stats() for metrics and tests. */
    upstreamPool: UpstreamPool;
  }
}

import type { ServerTimeouts } from './lib/server-timeouts.js';
import { bodyLimitOf } from './lib/upload-body-limit.js';
import { createBodyBudget } from './lib/body-intake.js';
import { deriveMaxHeapUsedBytes, deriveMaxRssBytes } from './lib/memory-limit.js';
export type { ServerTimeouts };

export interface BuildAppOptions {
  /** Every log line goes here (tests capture secrets-free output); default stdout / LOG_FILE. */
  logStream?: DestinationStream;
  /** A ready logger (server.ts shares one with the sandbox); wins over logStream. */
  logger?: Logger;
  /** Set by server.ts; inject-based tests have no sockets to time out. */
  serverTimeouts?: ServerTimeouts;
  underPressure?: UnderPressureOptions;
  platformInfo?: Pick<PlatformInfoOptions, 'lookupTimeoutMs' | 'retryAfterMs'>;
  /** Tests: what the metrics read instead of the gateway's own upstream pool. */
  metrics?: MetricsOptions;
}

/** Node sets `upgrade` on requests that arrived through the server's 'upgrade' event (not in @types/node 20). */
function isUpgrade(raw: IncomingMessage): boolean {
  return (raw as IncomingMessage & { upgrade?: boolean }).upgrade === true;
}

/** Client-supplied request ids are kept only from a trusted proxy hop, and only when well-formed. */
function requestIdGenerator(trust: ProxyTrust): (req: IncomingMessage) => string {
  return (req) => {
    const incoming = req.headers['x-request-id'];
    if (trust.isProxy(req.socket?.remoteAddress) && typeof incoming === 'string' && /^[\w.:-]{1,128}$/.test(incoming))
      return incoming;
    return randomUUID();
  };
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const upstreamUrl = config.upstreamUrl;
  if (!upstreamUrl)
    throw new Error('buildApp needs config.upstreamUrl (server.ts starts the sandbox when it is unset)');
  const logger = options.logger ?? (await createLogger(config, options.logStream));
  const timeouts = options.serverTimeouts;
  const trust = proxyTrust(config.trustedProxies, config.trustProxyHops);
  const clientErrors: { handler: (err: Error, socket: Socket) => void } = {
    handler: (_err, socket) => socket.destroy(),
  };

  const app = Fastify({
    loggerInstance: logger,
    // plugins/access-log.ts writes the one line per request.
    logController: new LogController({ disableRequestLogging: true }),
    // X-Forwarded-* are believed only from TRUSTED_PROXIES peers (see lib/trusted-hops.ts).
    trustProxy: trust.fastifyTrust,
    genReqId: requestIdGenerator(trust),
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
    connectionTimeout: timeouts?.connectionTimeout ?? 0,
    keepAliveTimeout: timeouts?.keepAliveTimeout ?? 72_000,
    requestTimeout: timeouts?.requestTimeout ?? 0,
    // Malformed URLs and the like, rejected by Fastify before any route: same envelope as ours.
    // Requests the HTTP parser refuses: the envelope and a log line (lib/client-error.ts), bound once the logger exists.
    clientErrorHandler: (err, socket) => clientErrors.handler(err, socket),
    frameworkErrors: (error, request, reply) => {
      request.log.info({ errCode: error.code }, 'malformed request');
      // No onResponse hook runs for these: end a refused upgrade here too (see the hook after the notices).
      if (isUpgrade(request.raw)) reply.raw.once('finish', () => request.raw.socket.destroy());
      void sendEnvelope(reply, 400, GATEWAY_MESSAGES.badRequest);
    },
  }) as unknown as FastifyInstance;
  clientErrors.handler = clientErrorHandler(app.log);

  // Every client connection is a file descriptor: stop accepting well before the process runs out of them
  // (lib/connection-limit.ts). Node closes connections beyond the limit at once; lib/idle-connections.ts keeps a slot
  // free for newcomers by closing connections with no request in progress.
  app.server.maxConnections =
    config.maxConnections ?? deriveMaxConnections(readDescriptorLimit(), config.upstreamConnections);
  // Before the slot keeping below: a connection refused here never costs another its slot.
  limitConnectionsPerAddress(app.server, {
    max: config.maxConnectionsPerAddress,
    groupOf: (address) => addressGroup(address, config.ipv6PrefixLength),
    isTrustedPeer: trust.isProxy,
    onRefused: (address) =>
      app.log.warn(
        { ip: address, max: config.maxConnectionsPerAddress },
        'connection refused: too many from one address (MAX_CONNECTIONS_PER_ADDRESS)',
      ),
  });
  if (timeouts) {
    app.server.headersTimeout = timeouts.headersTimeout;
    endIdleConnections(app.server, {
      idleMs: timeouts.headersTimeout,
      silentMs: timeouts.firstByteTimeout,
      isTrustedPeer: trust.isProxy,
      onEvicted: () =>
        app.log.warn(
          { maxConnections: app.server.maxConnections },
          'connection closed to admit another: the connection limit is reached (MAX_CONNECTIONS)',
        ),
    });
  }
  let dropWarnedAt = -Infinity;
  app.server.on('drop', () => {
    const now = Date.now();
    if (now - dropWarnedAt < 10_000) return;
    dropWarnedAt = now;
    app.log.warn(
      { maxConnections: app.server.maxConnections },
      'connection refused: the connection limit is reached with every connection busy (MAX_CONNECTIONS)',
    );
  });

  // Expect: 100-continue (curl sends it with uploads over 1 MiB): the gateway answers it itself, and not at all when
  // the declared body is over the limit, so such a client hears 413 without sending the body. The expectation is
  // never passed on (plugins/proxy.ts drops the header).
  app.server.on('checkContinue', (req, res) => {
    if (!(Number(req.headers['content-length'] ?? 0) > bodyLimitOf(req.method, req.url, config.bodyLimitBytes)))
      res.writeContinue();
    app.server.emit('request', req, res);
  });

  // One pool towards the backend for the proxy and /readyz; closed after the server stopped taking requests.
  const upstreamPool = createUpstreamPool({
    origin: new URL(upstreamUrl).origin,
    connections: config.upstreamConnections,
    deadlineMs: config.upstreamTimeoutMs,
  });
  app.decorate('upstreamPool', upstreamPool);
  // Every request's buffered body counts against one budget (lib/body-intake.ts); the metrics read it.
  const bodyBudget = createBodyBudget(config.bodyBufferTotalBytes);
  app.addHook('onClose', async () => {
    await upstreamPool.destroy();
  });

  // External plugins.
  await app.register(sessionCookie);
  await app.register(underPressure, {
    maxRssBytes: config.maxRssBytes ?? deriveMaxRssBytes(),
    maxHeapUsedBytes: config.maxHeapUsedBytes ?? deriveMaxHeapUsedBytes(),
    ...options.underPressure,
  });

  // The gateway's own cross-cutting plugins (global hooks, decorators).
  await app.register(errorHandler);
  await app.register(accessLog);
  await app.register(metrics, {
    poolStats: () => upstreamPool.stats(),
    bodyBudget,
    ...options.metrics,
  });
  await app.register(securityHeaders);
  await app.register(pathGuard, {
    allowBackendDocs: config.allowBackendDocs,
    allowPluginAdmin: config.allowPluginAdmin,
  });
  await app.register(platformInfo, {
    upstreamUrl,
    systemTitle: config.systemTitle,
    websiteUrl: config.websiteUrl,
    ...options.platformInfo,
  });
  await app.register(staticAssets, { clientDistDir: config.clientDistDir });
  // Root-level hooks on POST /user/login; before the proxy so its route inherits them.
  await app.register(loginThrottle, {
    ...config.loginThrottle,
    redisUrl: config.redisUrl,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    ipv6PrefixLength: config.ipv6PrefixLength,
  });

  // Notices: register server/plugins/notices/* here, before the proxy, so its
  // GET /jshERP-boot/websocket/:userId route and @fastify/websocket hooks exist first.
  await app.register(notices, { config });
  // @fastify/websocket routes every upgrade request on a socket the HTTP server no longer manages,
  // and its own hook ends that socket only inside the notices route's scope. An upgrade that any other route answers
  // with plain HTTP (proxy 400, path guard, page, bad URL) is ended here, or its socket stays open for good: one fd
  // per request, and app.close() waits on it. Found by test/reliability/hostile-input.test.ts.
  app.addHook('onResponse', (request, _reply, done) => {
    if (isUpgrade(request.raw) && !request.raw.socket.destroyed) request.raw.socket.destroy();
    done();
  });

  // Routes.
  await app.register(health, { upstreamUrl, pool: upstreamPool });
  // The shell's build writes its hidden source maps beside the served folder (client/vite.config.ts).
  await app.register(clientErrorReports, {
    sourceMapsDir: `${config.clientDistDir}-maps`,
    maxTotalPerWindow: config.clientErrorReportsPerMinute,
    ipv6PrefixLength: config.ipv6PrefixLength,
  });
  // A list's reload sent with the save that asks for it, held until the save's answer (root hooks, as below).
  await app.register(readAfterWrite, {
    appearMs: READ_AFTER_WRITE_APPEAR_MS,
    answerMs: config.upstreamTimeoutMs + 10_000,
    maxWaitingPerSession: 8,
    maxKept: 10_000,
  });
  // Root hooks around every proxied write (the backend's session rules); the proxy's route inherits them.
  await app.register(writePacing, {
    spacingMs: config.writeSpacingMs,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    redisUrl: config.redisUrl,
    pool: upstreamPool,
  });
  await app.register(proxy, {
    upstreamUrl,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    bodyLimitBytes: config.bodyLimitBytes,
    bodyStallTimeoutMs: config.bodyStallTimeoutMs,
    bodyBufferBytes: config.bodyBufferBytes,
    bodyMinBytesPerSecond: config.bodyMinBytesPerSecond,
    bodyMaxPerAddress: config.bodyMaxPerAddress,
    bodyBudget,
    ipv6PrefixLength: config.ipv6PrefixLength,
    pool: upstreamPool,
    proxyTrust: trust,
  });
  await app.register(shellPage, {
    clientDistDir: config.clientDistDir,
    loginExtras: config.loginExtras,
    migration: config.migration,
  });

  return app;
}
