// How replicas share notice events and decide who watches a user.
// Without Redis: an in-process bus, and this process always holds every lease.
// With Redis: events travel on one pub/sub channel (a replica hears its own publishes too, so delivery has a
// single path), each user's watch is a short lease (`SET notices:lease:<userId> <replicaId> NX PX ttl`, renewed by
// its holder each poll), and the holder leaves the last unread state in `notices:state:<userId>` for replicas whose
// first socket for that user arrives later. If Redis fails, each replica falls back to serving its own sockets.

import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { redisTimeouts } from '../../lib/redis-options.js';
import type { FastifyBaseLogger } from 'fastify';
import type { UnreadState } from './upstream-calls.js';

export type BusEvent =
  | { t: 'topic'; title: string; content?: string; tenantId: string | null }
  | { t: 'user'; userId: number; unread: number; ids: number[] }
  /** Messages of this tenant were written: holders re-check that tenant's users now. */
  | { t: 'tenant'; tenantId: string }
  /** This token's session is gone (poll answered loginOut, or a logout went through): every replica closes
   *  the sockets that use it and stops trusting it. */
  | { t: 'expired'; tokenId: string; reason: 'login expired' | 'logged out' };

export interface NoticeBus {
  readonly replicaId: string;
  publish(event: BusEvent): Promise<void>;
  onEvent(handler: (event: BusEvent) => void): void;
  /** Take or renew the user's watch lease; true when this replica should poll the user. */
  holdLease(userId: number, ttlMs: number): Promise<boolean>;
  releaseLease(userId: number): Promise<void>;
  saveState(userId: number, state: UnreadState, ttlMs: number): Promise<void>;
  loadState(userId: number): Promise<UnreadState | null>;
  close(): Promise<void>;
}

export function createLocalBus(): NoticeBus {
  const handlers: Array<(event: BusEvent) => void> = [];
  return {
    replicaId: randomUUID(),
    async publish(event) {
      // Asynchronous like Redis delivery, so callers never depend on re-entrancy.
      queueMicrotask(() => handlers.forEach((handler) => handler(event)));
    },
    onEvent(handler) {
      handlers.push(handler);
    },
    async holdLease() {
      return true;
    },
    async releaseLease() {},
    async saveState() {},
    async loadState() {
      return null;
    },
    async close() {
      handlers.length = 0;
    },
  };
}

const CHANNEL = 'notices:events';
const leaseKey = (userId: number): string => `notices:lease:${userId}`;
const stateKey = (userId: number): string => `notices:state:${userId}`;

// Take the lease when free, renew it when ours; atomic so two replicas can never both hold it.
const HOLD_LEASE = `
local holder = redis.call('GET', KEYS[1])
if holder == false then
  redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
  return 1
end
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;
const RELEASE_LEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export function parseBusEvent(text: string): BusEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const isId = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);
  switch (v.t) {
    case 'topic':
      return typeof v.title === 'string' &&
        (v.content === undefined || typeof v.content === 'string') &&
        (v.tenantId === null || typeof v.tenantId === 'string')
        ? (v as BusEvent)
        : null;
    case 'user':
      return isId(v.userId) && isId(v.unread) && Array.isArray(v.ids) && v.ids.every(isId) ? (v as BusEvent) : null;
    case 'tenant':
      return typeof v.tenantId === 'string' ? (v as BusEvent) : null;
    case 'expired':
      return typeof v.tokenId === 'string' && (v.reason === 'login expired' || v.reason === 'logged out')
        ? (v as BusEvent)
        : null;
    default:
      return null;
  }
}

function waitFor(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(
      () => (clearTimeout(timer), resolve(true)),
      () => (clearTimeout(timer), resolve(false)),
    );
  });
}

export async function createRedisBus(
  redisUrl: string,
  log: FastifyBaseLogger,
  connectWaitMs = 3_000,
): Promise<NoticeBus> {
  const replicaId = randomUUID();
  const handlers: Array<(event: BusEvent) => void> = [];
  // Commands fail fast while Redis is away (no offline queue), so the fallbacks below kick in at once.
  const client = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, ...redisTimeouts });
  // The subscriber connects at once, keeps retrying, queues its SUBSCRIBE until connected and re-subscribes after
  // reconnects (ioredis defaults).
  // Only the connect timeout: SUBSCRIBE waits (queued) until Redis answers, by design.
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null, connectTimeout: redisTimeouts.connectTimeout });
  let degradedLogged = false;
  const degraded = (what: string, error: unknown): void => {
    if (degradedLogged) return;
    degradedLogged = true;
    log.error({ err: error, what }, 'notices: Redis unavailable, serving local sockets only');
  };
  client.on('error', (error) => degraded('connection', error));
  subscriber.on('error', (error) => degraded('subscriber', error));
  client.on('ready', () => {
    if (degradedLogged) log.info('notices: Redis available again');
    degradedLogged = false;
  });

  const deliver = (event: BusEvent): void => handlers.forEach((handler) => handler(event));
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== CHANNEL) return;
    const event = parseBusEvent(text);
    if (event) deliver(event);
    else log.warn({ channel }, 'notices: ignored a malformed bus event');
  });

  const subscribed = subscriber.subscribe(CHANNEL);
  subscribed.catch(() => {});
  const ready = new Promise<void>((resolve) => client.once('ready', () => resolve()));
  const connected = await waitFor(Promise.all([ready, subscribed]), connectWaitMs);
  if (!connected) degraded('startup', new Error(`no Redis answer within ${connectWaitMs} ms`));

  return {
    replicaId,
    async publish(event) {
      try {
        await client.publish(CHANNEL, JSON.stringify(event));
        // Our own subscriber is away: the others got it through Redis, our sockets get it here.
        if (subscriber.status !== 'ready') queueMicrotask(() => deliver(event));
      } catch (error) {
        degraded('publish', error);
        queueMicrotask(() => deliver(event));
      }
    },
    onEvent(handler) {
      handlers.push(handler);
    },
    async holdLease(userId, ttlMs) {
      try {
        return (await client.eval(HOLD_LEASE, 1, leaseKey(userId), replicaId, String(ttlMs))) === 1;
      } catch (error) {
        degraded('lease', error);
        return true;
      }
    },
    async releaseLease(userId) {
      try {
        await client.eval(RELEASE_LEASE, 1, leaseKey(userId), replicaId);
      } catch (error) {
        degraded('release', error);
      }
    },
    async saveState(userId, state, ttlMs) {
      try {
        await client.set(stateKey(userId), JSON.stringify(state), 'PX', ttlMs);
      } catch (error) {
        degraded('save state', error);
      }
    },
    async loadState(userId) {
      try {
        const text = await client.get(stateKey(userId));
        if (!text) return null;
        const event = parseBusEvent(JSON.stringify({ t: 'user', userId, ...JSON.parse(text) }));
        return event?.t === 'user' ? { unread: event.unread, ids: event.ids } : null;
      } catch (error) {
        degraded('load state', error);
        return null;
      }
    },
    async close() {
      handlers.length = 0;
      // QUIT waits for Redis's answer: a client that is not connected (the subscriber queues commands) would wait for
      // good and hold up the shutdown, so those are only disconnected.
      await Promise.allSettled([client, subscriber].map((c) => (c.status === 'ready' ? c.quit() : undefined)));
      client.disconnect();
      subscriber.disconnect();
    },
  };
}
