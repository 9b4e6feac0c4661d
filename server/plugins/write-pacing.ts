// Paces writes so that jshERP-boot's two run-time rules never end a user's session or refuse a corrected bill:
//
// - The same-second rule (LogService.insertLog): a write whose operation-log row would carry the same user, module,
//   client address and second as an existing row is not logged, and every session of that user from that address is
//   ended (the next call answers `loginOut`). The row is written somewhere inside the request (a bill save at its
//   end, /user/addUser at its start), and MySQL rounds its `datetime(0)` to the nearest second (MariaDB truncates).
//   So the next write of one user, address and module leaves WRITE_SPACING_MS after the previous one's answer
//   arrived: 1.5 s keeps the two rows in different seconds under rounding and truncation alike, measured between
//   two moments of this process, whatever the backend's clock says. The login writes such a row too (用户).
// - The number rule (DepotHeadService.checkExistByRedis): a bill save sets `<loginName>_<number>` for 2 s before any
//   check, so the same user saving the same number again within 2 s — a refused save corrected at once — is refused
//   with 8500032. The next save of that number leaves 2 s after the previous one's answer (the key was set before
//   that answer), with a margin for the backend's Redis.
//
// Why here and not in the shell: the rule is per user and client address, and only the gateway sees every tab,
// every browser of clerks sharing one login behind one address, the address the backend keys by (it sends it, see
// plugins/proxy.ts), and the moment each answer arrived. Replicas share the slots through Redis (lib/write-pacer.ts).
// Pacing only delays: a write is never refused here.
import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONTEXT_PATH, LOGIN_PATH, LOGOUT_PATH } from '../../shared/backend.js';
import { GATEWAY_MESSAGES } from '../../shared/error-envelope.js';
import { sendEnvelope } from '../lib/envelope.js';
import { redisTimeouts } from '../lib/redis-options.js';
import type { UpstreamPool } from '../lib/upstream-pool.js';
import { WRITE_MODULES } from '../lib/write-modules.js';
import { createWritePacer, type PacedKey, type ReleaseSlots, type WritePacer } from '../lib/write-pacer.js';
import { onResponseClosed } from '../lib/response-closed.js';

export interface WritePacingOptions {
  /** Gap after a write's answer before the next write of the same user, address and module; 0 turns pacing off. */
  spacingMs: number;
  /** The backend call's deadline: the longest a write may hold its slot. */
  upstreamTimeoutMs: number;
  /** Shares the slots between replicas; null keeps them in this process. */
  redisUrl: string | null;
  /** Asks the backend who a session belongs to (GET /user/getUserSession) when this process did not see its login. */
  pool: UpstreamPool;
}

/** The backend keeps a bill number's key for 2 s (`storageKeyWithTime(…, 2L)` in seconds); the margin is Redis's. */
export const BILL_NUMBER_GAP_MS = 2_000 + 100;
const BILL_SAVES = new Set([
  `POST ${CONTEXT_PATH}/depotHead/addDepotHeadAndDetail`,
  `PUT ${CONTEXT_PATH}/depotHead/updateDepotHeadAndDetail`,
]);
const LOGINS = new Set([`POST ${LOGIN_PATH}`, `POST ${CONTEXT_PATH}/user/weixinLogin`]);
/** Sessions remembered at most (token → user); the oldest are forgotten first and asked for again when needed. */
const MAX_SESSIONS = 100_000;

interface SessionUser {
  userId: string;
  loginName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Gives back the write's slots (plugins/write-pacing.ts); null when the request holds none. */
    releaseWriteSlots: ReleaseSlots | null;
    /** The whole request body when the proxy received it whole (plugins/proxy.ts), else null. */
    bufferedBody: Buffer | null;
  }
}

/** The modules a write logs under, by its method and canonical path; undefined when it logs nothing. */
export function modulesOf(method: string, path: string): readonly string[] | undefined {
  if (!path.startsWith(`${CONTEXT_PATH}/`)) return undefined;
  return WRITE_MODULES[`${method} ${path.slice(CONTEXT_PATH.length)}`];
}

/** The bill number a bill save carries in its `info` (a JSON text inside the JSON body), or null. */
export function billNumberOf(body: Buffer | null): string | null {
  if (!body) return null;
  try {
    const outer = JSON.parse(body.toString('utf8')) as { info?: unknown };
    const info = typeof outer.info === 'string' ? (JSON.parse(outer.info) as unknown) : outer.info;
    const number = (info as { number?: unknown } | null)?.number;
    return typeof number === 'string' && number !== '' ? number : null;
  } catch {
    return null;
  }
}

function tokenOf(request: FastifyRequest): string | null {
  const token = request.headers['x-access-token'];
  return typeof token === 'string' && token !== '' ? token : null;
}

function pathOf(request: FastifyRequest): string {
  return request.canonicalPath ?? request.url.split('?', 1)[0]!;
}

/** `{code:200, data:{user:{id, loginName}}}` (getUserSession) or `{code:200, data:{token, user:{…}}}` (login). */
function userOfAnswer(text: string): (SessionUser & { token: string | null }) | null {
  try {
    const answer = JSON.parse(text) as {
      code?: unknown;
      data?: { token?: unknown; user?: { id?: unknown; loginName?: unknown } | null } | null;
    };
    const user = answer?.data?.user;
    if (answer?.code !== 200 || !user || (typeof user.id !== 'number' && typeof user.id !== 'string')) return null;
    return {
      userId: String(user.id),
      loginName: typeof user.loginName === 'string' ? user.loginName : '',
      token: typeof answer.data?.token === 'string' ? answer.data.token : null,
    };
  } catch {
    return null;
  }
}

async function writePacing(app: FastifyInstance, options: WritePacingOptions): Promise<void> {
  app.decorateRequest('releaseWriteSlots', null);
  app.decorateRequest('bufferedBody', null);
  if (options.spacingMs <= 0) return;

  let redisWarnedAt = -Infinity;
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { ...redisTimeouts, maxRetriesPerRequest: 1, lazyConnect: false })
    : null;
  redis?.on('error', () => undefined);
  const pacer: WritePacer = createWritePacer({
    redis,
    holdMs: options.upstreamTimeoutMs + 10_000,
    onRedisError: (error) => {
      const now = Date.now();
      if (now - redisWarnedAt < 10_000) return;
      redisWarnedAt = now;
      app.log.warn({ err: error.message }, 'write pacing: Redis unavailable, pacing in this process alone');
    },
  });
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });

  const sessions = new Map<string, SessionUser>();
  const asking = new Map<string, Promise<SessionUser | null>>();
  const remember = (token: string, user: SessionUser): void => {
    sessions.delete(token);
    sessions.set(token, user);
    if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
  };

  /** Who the session belongs to: seen at its login, else asked of the backend once. */
  function sessionUser(token: string, request: FastifyRequest): Promise<SessionUser | null> {
    const known = sessions.get(token);
    if (known) return Promise.resolve(known);
    let pending = asking.get(token);
    if (pending) return pending;
    pending = new Promise<SessionUser | null>((resolve) => {
      options.pool.dispatcher.request(
        {
          path: `${CONTEXT_PATH}/user/getUserSession`,
          method: 'GET',
          headers: { 'x-access-token': token, 'x-forwarded-for': request.ip, 'x-real-ip': request.ip },
        },
        (err, data) => {
          if (err || !data) {
            resolve(null);
            return;
          }
          const chunks: Buffer[] = [];
          (data.body as Readable).on('data', (chunk: Buffer) => chunks.push(chunk));
          data.body.on('error', () => resolve(null));
          data.body.on('end', () => {
            const user = data.statusCode === 200 ? userOfAnswer(Buffer.concat(chunks).toString('utf8')) : null;
            if (user) remember(token, { userId: user.userId, loginName: user.loginName });
            resolve(user);
          });
        },
      );
    }).finally(() => asking.delete(token));
    asking.set(token, pending);
    return pending;
  }

  function keysOf(request: FastifyRequest, user: SessionUser, modules: readonly string[]): PacedKey[] {
    const keys = modules.map((module) => ({
      key: `m:${user.userId}:${request.ip}:${module}`,
      gapMs: options.spacingMs,
    }));
    if (BILL_SAVES.has(`${request.method} ${pathOf(request)}`)) {
      const number = billNumberOf(request.bufferedBody);
      if (number !== null) keys.push({ key: `n:${user.loginName}:${number}`, gapMs: BILL_NUMBER_GAP_MS });
    }
    return keys;
  }

  function pace(request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void {
    const method = request.method;
    const modules =
      method === 'POST' || method === 'PUT' || method === 'DELETE' ? modulesOf(method, pathOf(request)) : undefined;
    // A login has no session yet: its row is accounted for when its answer names the user (onAnswer).
    const token = modules && !LOGINS.has(`${method} ${pathOf(request)}`) ? tokenOf(request) : null;
    if (!modules || !token) {
      done();
      return;
    }
    const gone = new AbortController();
    const onClose = (): void => gone.abort(new Error('the client closed the connection'));
    const stopHearing = onResponseClosed(reply.raw, onClose);
    sessionUser(token, request)
      .then(async (user) => {
        if (!user) return;
        const release = await pacer.acquire(keysOf(request, user, modules), gone.signal);
        request.releaseWriteSlots = release;
        // A client that leaves during its backend call: the backend may still write, so the gap counts from now.
        onResponseClosed(reply.raw, () => release(true));
      })
      .then(
        () => {
          stopHearing();
          done();
        },
        () => {
          // The client left while its write waited: nothing was sent, nobody is left to answer.
          void sendEnvelope(reply, 400, GATEWAY_MESSAGES.badRequest);
        },
      );
  }

  /** The answer has arrived (or the gateway answers itself): the log row, if any, is written by now. */
  function onAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: () => void): void {
    request.releaseWriteSlots?.(request.upstream != null);
    if (request.method === 'POST' && reply.statusCode === 200 && pathOf(request) === LOGIN_PATH) {
      if (Buffer.isBuffer(payload)) {
        const user = userOfAnswer(payload.toString('utf8'));
        if (user?.token) {
          remember(user.token, user);
          // The login's own row (用户) is in the log: the next 用户 write of this user and address waits for it.
          pacer.close({ key: `m:${user.userId}:${request.ip}:用户`, gapMs: options.spacingMs });
        }
      }
    } else if (request.method === 'GET' && pathOf(request) === LOGOUT_PATH) {
      const token = tokenOf(request);
      if (token) sessions.delete(token);
    }
    done();
  }

  app.addHook('preHandler', pace);
  app.addHook('onSend', (request, reply, payload, done) =>
    onAnswer(request, reply, payload, () => done(null, payload)),
  );
}

export default fp(writePacing, { name: 'write-pacing', fastify: '5.x', dependencies: ['path-guard'] });
