// The notices plugin: the authenticated websocket, the per-user watch, the operator broadcast, and the hook that
// turns message writes seen by the proxy into immediate re-checks. Registered once from server/app.ts.

import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { broadcastRoute } from './broadcast-route.js';
import { messageWritesHook } from './message-writes.js';
import { createLocalBus, createRedisBus } from './notice-bus.js';
import { SessionCheck, tokenId } from './session-check.js';
import { SocketRegistry } from './socket-registry.js';
import { socketRoute } from './socket-route.js';
import { createUpstreamCalls } from './upstream-calls.js';
import { UserWatchers } from './user-watcher.js';

export interface NoticesOptions {
  config: Pick<
    Config,
    'upstreamUrl' | 'upstreamTimeoutMs' | 'noticePollMs' | 'broadcastToken' | 'redisUrl' | 'wsMaxPerUser' | 'wsMaxTotal'
  >;
  /** The upstream to ask when config.upstreamUrl is null (the embedded sandbox's URL). */
  upstreamUrl?: string;
  /** Ping sweep period; a socket that misses one pong is terminated. */
  pingIntervalMs?: number;
  /** Unsent bytes a socket may hold before it is closed as a slow consumer. */
  maxBufferedBytes?: number;
  /** How long a session check is remembered per token. */
  sessionRememberMs?: number;
}

/** What the metrics read from the notices at scrape time. */
export interface NoticesStats {
  /** Authenticated sockets on this replica. */
  sockets: number;
  /** Users this replica watches (one watch per user, however many sockets). */
  watchedUsers: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    noticesStats(): NoticesStats;
  }
}

export const NOTICE_DEFAULTS = {
  pingIntervalMs: 30_000,
  maxBufferedBytes: 1024 * 1024,
  sessionRememberMs: 30_000,
  maxPayloadBytes: 4 * 1024,
  /** Upstream calls of the notices are small; don't let one hang for UPSTREAM_TIMEOUT_MS (5 min by default). */
  upstreamCallTimeoutMs: 10_000,
} as const;

/** jshERP-boot keeps its sessions in database 0 and scans all its keys; ours must live elsewhere. */
function sharesBackendDatabase(redisUrl: string): boolean {
  const database = new URL(redisUrl).pathname.replace(/^\//, '');
  return database === '' || Number(database) === 0;
}

async function notices(app: FastifyInstance, opts: NoticesOptions): Promise<void> {
  const { config } = opts;
  const upstreamUrl = opts.upstreamUrl ?? config.upstreamUrl;
  if (!upstreamUrl) throw new Error('notices: no upstream URL (config.upstreamUrl or options.upstreamUrl)');

  const log = app.log.child({ plugin: 'notices' });
  const upstream = createUpstreamCalls(
    upstreamUrl,
    Math.min(config.upstreamTimeoutMs, NOTICE_DEFAULTS.upstreamCallTimeoutMs),
  );
  if (config.redisUrl && sharesBackendDatabase(config.redisUrl)) {
    log.warn(
      'notices: REDIS_URL uses database 0; if jshERP-boot uses this Redis too, give the gateway another database ' +
        '(e.g. redis://host:6379/1): the backend reads every key of its database as a session hash',
    );
  }
  const bus = config.redisUrl ? await createRedisBus(config.redisUrl, log) : createLocalBus();
  const sessions = new SessionCheck(upstream, opts.sessionRememberMs ?? NOTICE_DEFAULTS.sessionRememberMs);
  const registry = new SocketRegistry(
    {
      maxPerUser: config.wsMaxPerUser,
      maxTotal: config.wsMaxTotal,
      maxBufferedBytes: opts.maxBufferedBytes ?? NOTICE_DEFAULTS.maxBufferedBytes,
    },
    (socket) => log.warn({ userId: socket.userId }, 'notices: closing a slow consumer'),
  );
  const watchers = new UserWatchers({ registry, bus, upstream, sessions, pollMs: config.noticePollMs, log });
  registry.startSweep(opts.pingIntervalMs ?? NOTICE_DEFAULTS.pingIntervalMs);
  app.decorate('noticesStats', (): NoticesStats => ({ sockets: registry.size, watchedUsers: watchers.watchedUsers }));

  // Root-level (this plugin is not encapsulated): it must see the proxy's responses.
  app.addHook(
    'onResponse',
    messageWritesHook({
      onMessagesWritten: (tenantId) => watchers.messagesChanged(tenantId),
      onLoggedOut: (token) => watchers.sessionEnded(tokenId(token)),
    }),
  );

  await app.register(socketRoute, { registry, watchers, sessions, maxPayloadBytes: NOTICE_DEFAULTS.maxPayloadBytes });
  await app.register(broadcastRoute, { broadcastToken: config.broadcastToken, bus });

  app.addHook('onClose', async () => {
    watchers.stopAll();
    registry.stopSweep();
    await bus.close();
  });
  log.debug({ redis: config.redisUrl !== null, replicaId: bus.replicaId }, 'notices ready');
}

export default fp(notices, { name: 'notices', fastify: '5.x' });
