// Timeouts shared by the gateway's Redis clients (login throttle, notices bus). A Redis that accepts the connection
// and then never answers — a frozen host, a half-dead proxy — must fail commands like a Redis that is down, so the
// in-process fallbacks take over: without a command timeout each call waited for good (logins hung, notices sockets
// never got their first frame).
import type { RedisOptions } from 'ioredis';

/** A command without an answer in this time fails (the caller falls back to counting or serving locally). */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;
/** Connecting (TCP and the ready check) gives up after this and retries with ioredis's back-off. */
export const REDIS_CONNECT_TIMEOUT_MS = 3_000;

export const redisTimeouts: Pick<RedisOptions, 'commandTimeout' | 'connectTimeout'> = {
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
};
