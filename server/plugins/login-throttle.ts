// Throttles password guessing at POST /jshERP-boot/user/login (the backend has no limit of its own). Only failed
// logins count: after LOGIN_MAX_FAILURES failures of one login name from one client address, or
// LOGIN_MAX_FAILURES_PER_ADDRESS failures of any names from one address, within LOGIN_FAILURE_WINDOW_MS (counted from
// the first failure), further attempts get 429 in the envelope with Retry-After and never reach the backend.
// A successful login clears its name's failures. Counts live in @fastify/rate-limit's stores: in memory, or in Redis
// with REDIS_URL so every replica sees them (in memory again while Redis is unreachable).
//
// What counts as failed is read from the backend's answer, which the proxy buffers for the session cookie: HTTP 200,
// code 200 and a `msgTip` other than `user can login`. Captcha errors (the password was not checked) and
// `access service error` (the backend's database failed) do not count.
import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { Redis } from 'ioredis';
import { redisTimeouts } from '../lib/redis-options.js';
import { addressGroup } from '../lib/address-group.js';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginThrottle } from '../config.js';
import { GATEWAY_MESSAGES, loginThrottledMessage } from '../../shared/error-envelope.js';
import { LOGIN_OK_TIP, LOGIN_PATH } from '../../shared/backend.js';
import { sendEnvelope } from '../lib/envelope.js';
import { onResponseClosed } from '../lib/response-closed.js';

export interface LoginThrottleOptions extends LoginThrottle {
  /** Shares the counts between replicas; null keeps them in this process. */
  redisUrl: string | null;
  /** How long an admitted attempt can wait for the backend at most (its place is held until then). */
  upstreamTimeoutMs: number;
  /** IPv6 clients count by this prefix (lib/address-group.ts); 64 unless given. */
  ipv6PrefixLength?: number;
}

interface LoginAttempt {
  nameKey: string;
  /** The login name was no text (an array, an object): a success never clears its count. */
  nameIsText: boolean;
  addressKey: string;
  /** Let through to the backend, so counted as in flight until its answer is read or its client goes away. */
  admitted: boolean;
  /** When it was let through (Date.now()). */
  admittedAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    loginAttempt: LoginAttempt | null;
  }
}

/**
 * Whether a request path reaches the backend's login handler: also spelt with trailing slashes, `/./` segments or
 * percent-escapes, which Tomcat and Spring map to the same handler (and the backend's auth filter lets through with
 * any live token).
 */
export function isLoginPath(url: string): boolean {
  let path = url.split('?', 1)[0] ?? '';
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return false;
    }
  }
  return path.replace(/\/\.(?=\/|$)/g, '').replace(/\/+$/, '') === LOGIN_PATH;
}
/** A login body is ~150 bytes; beyond this the name is not read and only the address counts. */
const loginBodyLimit = 64 * 1024;
/** Failures that say nothing about the password. */
const notCounted = new Set(['access service error']);
const KEY_PREFIX = 'login-throttle:';
const redisConnectWaitMs = 3_000;

type Outcome = 'failed' | 'succeeded' | 'other';

/**
 * The backend's login answer, as far as password guessing goes. A 200 the gateway cannot read counts as failed: the
 * shell's own login is always readable (the proxy buffers it and asks for it uncompressed), so an unreadable one is a
 * path variant (`/user/login/`, which the backend lets through with any live token) or an encoding used to hide the
 * outcome.
 */
export function loginAnswerOutcome(status: number, payload: unknown): Outcome {
  if (status !== 200) return 'other';
  if (!(Buffer.isBuffer(payload) || typeof payload === 'string')) return 'failed';
  let answer: { code?: unknown; data?: { msgTip?: unknown } | null } | null;
  try {
    answer = JSON.parse(payload.toString()) as typeof answer;
  } catch {
    return 'failed';
  }
  const tip = answer?.data?.msgTip;
  if (answer?.code !== 200 || typeof tip !== 'string') return 'other';
  if (tip === LOGIN_OK_TIP) return 'succeeded';
  return notCounted.has(tip) ? 'other' : 'failed';
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store, in Redis when configured with the in-memory one behind it while Redis fails, plus
 * the reset a successful login needs (the stores have none).
 */
function failureStore(redis: Redis | null, log: FastifyBaseLogger) {
  const local = new LocalStore(false, false, 100_000);
  const shared = redis ? new RedisStore(false, false, redis, KEY_PREFIX) : null;
  let degradedLogged = false;
  const viaRedis =
    (method: 'incr' | 'read') =>
    (key: string, callback: Callback, timeWindow: number, max: number): void => {
      if (!shared) return local[method](key, callback, timeWindow, max);
      shared[method](
        key,
        (error, result) => {
          if (!error) {
            degradedLogged = false;
            return callback(null, result);
          }
          if (!degradedLogged) log.error({ err: error }, 'login throttle: Redis unavailable, counting in this process');
          degradedLogged = true;
          local[method](key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    };
  class FailureStore {
    incr = viaRedis('incr');
    read = viaRedis('read');
    child(): FailureStore {
      return this;
    }
  }
  return {
    Store: FailureStore,
    async reset(key: string): Promise<void> {
      local.lru.delete(key);
      await redis?.del(KEY_PREFIX + key).catch(() => undefined);
    },
  };
}

/** The one name key of every login name Jackson cannot read as text. */
const NOT_TEXT = '\u0000not text';

/** Java's String.trim(): every character up to U+0020 at either end, and nothing else (not U+3000, not NBSP). */
function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}

/**
 * The login name as the backend compares it, so every spelling of one account counts as one name. The controller
 * reads `loginName` with Jackson (JSON numbers and booleans become their text) and trims it with String.trim(); MySQL
 * compares it with `login_name` under utf8_general_ci: trailing spaces ignored (PAD SPACE), one weight per character
 * with case and accents folded (`Ädmin` is `admin`, `ß` is `s`). A value Jackson cannot read as text (array, object,
 * null) never has its password checked; it gets a name key of its own, which no successful login clears.
 */
export function comparedLoginName(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else return NOT_TEXT;
  let folded = '';
  for (const char of javaTrim(text).replace(/ +$/, '')) {
    const base = char.normalize('NFD').replace(/\p{M}+/gu, '') || char;
    folded += base === 'ß' ? 's' : base.toLowerCase();
  }
  return folded;
}

/** Reads the login body to learn the name, and hands the proxy the same bytes to forward. */
async function readLoginBody(body: unknown): Promise<{ loginName: string; forward: unknown }> {
  if (!(body instanceof Readable)) return { loginName: comparedLoginName(undefined), forward: body };
  const chunks: Buffer[] = [];
  let size = 0;
  const iterator = body[Symbol.asyncIterator]();
  for (;;) {
    const { value, done } = (await iterator.next()) as { value: Buffer; done: boolean };
    if (done) break;
    chunks.push(value);
    size += value.length;
    if (size > loginBodyLimit) {
      // Not a login form: forward what was read and the rest unread; only the address counts.
      const rest = new PassThrough();
      rest.write(Buffer.concat(chunks));
      Readable.from({ [Symbol.asyncIterator]: () => iterator }).pipe(rest);
      return { loginName: comparedLoginName(undefined), forward: rest };
    }
  }
  const raw = Buffer.concat(chunks);
  let loginName = comparedLoginName(undefined);
  try {
    const parsed = JSON.parse(raw.toString('utf8')) as unknown;
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      loginName = comparedLoginName((parsed as { loginName?: unknown }).loginName);
    }
  } catch {
    // not JSON: the backend answers an error; counted under the key of names that are not text
  }
  return { loginName, forward: Readable.from([raw]) };
}

async function loginThrottle(app: FastifyInstance, options: LoginThrottleOptions): Promise<void> {
  app.decorateRequest('loginAttempt', null);
  const perName = options.maxFailuresPerName;
  const perAddress = options.maxFailuresPerAddress;
  if (perName === 0 && perAddress === 0) return;

  const log = app.log.child({ plugin: 'login-throttle' });
  // Same connection style as the notices bus: commands fail at once while disconnected (then the local count
  // applies) instead of queueing behind a reconnect.
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, ...redisTimeouts })
    : null;
  if (redis) {
    redis.on('error', () => {}); // reported once per outage by the store
    // Like the notices bus: give Redis a moment at start, then serve anyway (counting here until it answers). The wait
    // runs from now until the app is ready, alongside the notices bus's own.
    const ready = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), redisConnectWaitMs);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    app.addHook('onReady', async () => {
      if (!(await ready))
        log.error(
          `login throttle: no Redis answer within ${redisConnectWaitMs} ms, counting in this process until it answers`,
        );
    });
  }
  const { Store, reset } = failureStore(redis, log);
  await app.register(rateLimit, { global: false, store: Store as never });
  const limiter = (max: number, key: (attempt: LoginAttempt) => string) =>
    max === 0
      ? null
      : app.createRateLimit({
          max,
          timeWindow: options.windowMs,
          keyGenerator: (request) => key(request.loginAttempt as LoginAttempt),
        });
  const limiters = [
    { scope: 'name', check: limiter(perName, (a) => a.nameKey), key: (a: LoginAttempt) => a.nameKey },
    { scope: 'address', check: limiter(perAddress, (a) => a.addressKey), key: (a: LoginAttempt) => a.addressKey },
  ] as const;

  /**
   * Attempts let through whose answer is not read yet, by key (their admission times, oldest first): a burst of
   * parallel guesses cannot pass the limit. Each leaves when its answer is read or its client goes away.
   */
  const inFlight = new Map<string, number[]>();
  const adjustInFlight = (attempt: LoginAttempt, delta: 1 | -1): void => {
    for (const key of [attempt.nameKey, attempt.addressKey]) {
      const times = inFlight.get(key) ?? [];
      if (delta === 1) times.push(attempt.admittedAt);
      else times.splice(times.indexOf(attempt.admittedAt) >>> 0, 1);
      if (times.length === 0) inFlight.delete(key);
      else inFlight.set(key, times);
    }
  };
  const settle = (attempt: LoginAttempt): boolean => {
    if (!attempt.admitted) return false;
    attempt.admitted = false;
    adjustInFlight(attempt, -1);
    return true;
  };

  /**
   * The worst refusal for this attempt, if any, with the seconds until it ends: the failure window's remainder when
   * the recorded failures alone reach the limit; otherwise, when attempts still waiting for the backend fill what is
   * left, the time until the oldest of them has its answer at the latest (its upstream timeout).
   */
  async function refusal(
    request: FastifyRequest,
    attempt: LoginAttempt,
  ): Promise<{ scope: string; retryAfterSeconds: number } | null> {
    let worst: { scope: string; retryAfterSeconds: number } | null = null;
    const now = Date.now();
    for (const { scope, check, key } of limiters) {
      if (!check) continue;
      const state = await check(request, { increment: false });
      // isAllowed is true only for an allow list, which is not used here.
      if (state.isAllowed) continue;
      const pending = inFlight.get(key(attempt)) ?? [];
      if (state.remaining - pending.length > 0) continue;
      const retryAfterMs =
        state.remaining <= 0
          ? state.ttl
          : Math.max(0, pending[pending.length - state.remaining]! + options.upstreamTimeoutMs - now);
      const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
      if (!worst || retryAfterSeconds > worst.retryAfterSeconds) worst = { scope, retryAfterSeconds };
    }
    return worst;
  }

  /** Admits or refuses a login attempt; resolves true when it answered (refused) itself. */
  async function throttle(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    let loginName: string;
    try {
      const read = await readLoginBody(request.body);
      loginName = read.loginName;
      request.body = read.forward;
    } catch {
      // The client went away mid-body.
      void sendEnvelope(reply, 400, GATEWAY_MESSAGES.badRequest);
      return true;
    }
    const address = addressGroup(request.ip, options.ipv6PrefixLength ?? 64);
    // Hashed: a login name can be a password typed into the wrong field, and is never stored or logged as such.
    const nameHash = createHash('sha256').update(loginName).digest('hex').slice(0, 32);
    const attempt: LoginAttempt = {
      nameKey: `name:${address}:${nameHash}`,
      nameIsText: loginName !== NOT_TEXT,
      addressKey: `address:${address}`,
      admitted: false,
      admittedAt: 0,
    };
    request.loginAttempt = attempt;
    const refused = await refusal(request, attempt);
    if (refused) {
      request.log.warn(
        { ip: request.ip, scope: refused.scope, retryAfterSeconds: refused.retryAfterSeconds },
        'login throttled',
      );
      reply.header('retry-after', String(refused.retryAfterSeconds));
      void sendEnvelope(reply, 429, loginThrottledMessage(Math.ceil(refused.retryAfterSeconds / 60)));
      return true;
    }
    attempt.admitted = true;
    attempt.admittedAt = Date.now();
    adjustInFlight(attempt, 1);
    // A client that goes away before the backend answers gets no onSend or onResponse: its place is freed here
    // (the proxy cancels the backend call at the same moment).
    onResponseClosed(reply.raw, () => settle(attempt));
    return false;
  }

  // These three hooks run on every request and concern only logins: callback hooks that return at once for the
  // rest (an async hook costs every request a promise and a microtask turn).
  app.addHook('preHandler', (request, reply, done) => {
    if (request.method !== 'POST' || !isLoginPath(request.url)) {
      done();
      return;
    }
    // Answered (refused) here means not calling done().
    throttle(request, reply).then((answered) => {
      if (!answered) done();
    }, done);
  });

  // The proxy sends the buffered login answer: read it before it goes out, so the next attempt sees the count.
  async function countOutcome(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
    const outcome = loginAnswerOutcome(reply.statusCode, payload);
    if (outcome === 'failed') {
      for (const { check } of limiters) await check?.(request).catch(() => undefined);
    } else if (outcome === 'succeeded' && (request.loginAttempt as LoginAttempt).nameIsText) {
      // The backend never logs in a name that is no text; an upstream that did must not clear the shared count.
      await reset((request.loginAttempt as LoginAttempt).nameKey);
    }
  }
  app.addHook('onSend', (request, reply, payload, done) => {
    const attempt = request.loginAttempt;
    if (!attempt || !settle(attempt)) {
      done(null, payload);
      return;
    }
    countOutcome(request, reply, payload).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
  // An answer that never reached onSend (an error on the way) must not hold its place for good.
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.loginAttempt) settle(request.loginAttempt);
    done();
  });

  app.addHook('onClose', async () => {
    redis?.disconnect();
  });
}

export default fp(loginThrottle, { name: 'login-throttle', fastify: '5.x' });
