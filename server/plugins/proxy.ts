// /jshERP-boot/* → the backend, through @fastify/http-proxy (undici pool, keep-alive).
// Upstream answers pass through untouched — above all the 500 `loginOut` (expired session) — except:
// API answers get `Cache-Control: no-store`, and an HTML error page from a server in front of the
// backend becomes the JSON envelope with the same status. Failures the gateway itself detects get the
// envelope: refused/unreachable 502, timed out 504 (waiting for a pooled connection included), body over the limit
// 413, a request body that stalls 408. A client that leaves cancels its backend call at once, body and all, so
// abandoned requests never hold the pool's connections.
import { PassThrough, Readable, Transform, pipeline, type TransformCallback } from 'node:stream';
import { performance } from 'node:perf_hooks';
import type { IncomingHttpHeaders } from 'node:http';
import fp from 'fastify-plugin';
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_MESSAGES } from '../../shared/error-envelope.js';
import { CONTEXT_PATH, LOGIN_PATH, LOGOUT_PATH } from '../../shared/backend.js';
import { sendEnvelope } from '../lib/envelope.js';
import { normalizeHost } from '../lib/host.js';
import type { ProxyTrust } from '../lib/trusted-hops.js';
import { CallSignal, callSignal, type UpstreamPool } from '../lib/upstream-pool.js';
import { redactUrl } from '../logger.js';
import { BodyFaultError, receiveBody, tooSlow, type BodyBudget } from '../lib/body-intake.js';
import { bodyLimitOf } from '../lib/upload-body-limit.js';
import { addressGroup } from '../lib/address-group.js';
import { clearSessionCookie, setSessionCookieFromLogin, withoutSessionCookie } from './session-cookie.js';
import { onResponseClosed } from '../lib/response-closed.js';

export interface ProxyOptions {
  upstreamUrl: string;
  upstreamTimeoutMs: number;
  bodyLimitBytes: number;
  /** A request body that sends no byte for this long is abandoned (408). */
  bodyStallTimeoutMs: number;
  /** Bodies up to this size are received whole before the backend is called (lib/body-intake.ts). */
  bodyBufferBytes: number;
  /** A body slower than this on average, once BODY_STALL_TIMEOUT_MS has passed, is abandoned (408); 0: no minimum. */
  bodyMinBytesPerSecond: number;
  /** Request bodies being received at once from one client address; more get 429. */
  bodyMaxPerAddress: number;
  /** Buffered body bytes of all requests together (BODY_BUFFER_TOTAL_BYTES); a body that would pass it gets 503. */
  bodyBudget: BodyBudget;
  /** IPv6 clients count by this prefix (lib/address-group.ts); 64 unless given. */
  ipv6PrefixLength?: number;
  /** Which peers' X-Forwarded-* are passed on (lib/trusted-hops.ts). */
  proxyTrust: ProxyTrust;
  /** The pool towards the backend (lib/upstream-pool.ts), shared with /readyz. */
  pool: UpstreamPool;
}

/** What went wrong with the request body on its way to the backend. */
type BodyFault = 'too-large' | 'stalled' | 'over-budget' | null;

declare module 'fastify' {
  interface FastifyRequest {
    bodyFault: BodyFault;
  }
}

/** The reason a backend call is cancelled when its client has gone. */
class ClientGoneError extends Error {
  readonly code = 'GW_CLIENT_GONE';
}

/** The raw answer reply-from hands to onResponse (undici). */
interface UpstreamResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  stream: Readable;
}

const hopByHop = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

/**
 * Request headers that describe the client↔gateway connection, or ask for an interim answer the gateway gives
 * itself (app.ts answers `Expect: 100-continue`). undici refuses to send `expect`, `keep-alive` and `upgrade`,
 * which made them a 502 anyone could trigger. reply-from already drops `connection` and the headers it names.
 */
const requestHopByHop = ['expect', 'keep-alive', 'proxy-connection', 'upgrade', 'http2-settings'];

/**
 * Whether an answer may be the backend auth filter's refusal (LogCostFilter: no or expired session, or `..` in the
 * path): HTTP 500 with the body `loginOut`, or empty for /user/logout and /function/findMenuByPNumber, no
 * Content-Type. A client's state — expired sessions, scanners — not a backend failure; its 8 bytes are read to be sure.
 */
function maySessionRefusal(res: UpstreamResponse): boolean {
  const length = res.headers['content-length'];
  return (
    res.statusCode === 500 && length !== undefined && Number(length) <= 8 && res.headers['content-type'] === undefined
  );
}

/** A login answer is ~1 KB; anything beyond this is streamed through without looking at it. */
const loginBufferLimit = 64 * 1024;

/**
 * Counts a streamed request body against the limit, and abandons it when the client sends nothing for `stallMs`
 * while the backend is ready for more. The clock runs only while this stream is asked for data: a call still queued
 * for a connection (bounded by the upstream deadline) or a backend reading slowly is not the client stalling.
 */
class BodyGuard extends Transform {
  private seen = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The whole body has arrived: nothing more to wait for. */
  private received = false;
  constructor(
    private readonly limit: number,
    private readonly stallMs: number,
    private readonly onFault: (fault: Exclude<BodyFault, null>) => void,
    /** The minimum average rate, from `startedAt` (when the body began to arrive) with what came before counted. */
    private readonly rate: { startedAt: number; minBytesPerSecond: number },
  ) {
    super();
  }
  private waitForClient(): void {
    if (this.received) return;
    if (this.timer) {
      this.timer.refresh();
      return;
    }
    this.timer = setTimeout(() => {
      this.onFault('stalled');
      this.destroy(new Error(`no request body byte for ${this.stallMs} ms`));
    }, this.stallMs);
  }
  private stopClock(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
  override _read(size: number): void {
    this.waitForClient();
    super._read(size);
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) {
      this.stopClock();
      this.onFault('too-large');
      callback(new Error('request body over the limit'));
      return;
    }
    if (tooSlow(this.seen, this.rate.startedAt, Date.now(), this.stallMs, this.rate.minBytesPerSecond)) {
      this.stopClock();
      this.onFault('stalled');
      callback(new Error('request body below the minimum rate'));
      return;
    }
    // A full buffer means the backend is the slow side: no clock until it asks for more.
    if (this.push(chunk)) this.waitForClient();
    else this.stopClock();
    callback();
  }
  override _flush(callback: TransformCallback): void {
    this.received = true;
    this.stopClock();
    callback();
  }
  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.stopClock();
    callback(error);
  }
}

/** Whether the request's path (its URL without the query) is `path`; allocates nothing (runs on every call). */
function isPath(request: FastifyRequest, path: string): boolean {
  const url = request.url;
  return url.startsWith(path) && (url.length === path.length || url.charCodeAt(path.length) === 0x3f);
}

/** Reply-from's error for this request, classified into what the client is told. */
function classify(error: Error & { code?: string; cause?: unknown }): 504 | 502 {
  const cause = (error.cause ?? {}) as { code?: string; name?: string };
  const codes = [error.code, cause.code];
  const timedOut = codes.some(
    (code) =>
      code === 'FST_REPLY_FROM_GATEWAY_TIMEOUT' ||
      code === 'FST_REPLY_FROM_TIMEOUT' ||
      code === 'FST_REPLY_FROM_HTTP_REQUEST_TIMEOUT' ||
      code === 'UND_ERR_HEADERS_TIMEOUT' ||
      code === 'GW_UPSTREAM_DEADLINE' ||
      code === 'UND_ERR_BODY_TIMEOUT',
  );
  // A connect timeout means the backend is unreachable, not slow: 502 like a refused connection.
  return timedOut ? 504 : 502;
}

async function readLimited(
  stream: Readable,
  limit: number,
): Promise<{ body: Buffer; complete: boolean; rest: Readable }> {
  const chunks: Buffer[] = [];
  let size = 0;
  const iterator = stream[Symbol.asyncIterator]();
  for (;;) {
    const { value, done } = (await iterator.next()) as { value: Buffer; done: boolean };
    if (done) return { body: Buffer.concat(chunks), complete: true, rest: stream };
    chunks.push(value);
    size += value.length;
    if (size > limit) {
      // Too big to be a login answer: hand back what was read followed by the remainder, unparsed.
      const rest = new PassThrough();
      rest.write(Buffer.concat(chunks));
      Readable.from({ [Symbol.asyncIterator]: () => iterator }).pipe(rest);
      return { body: Buffer.alloc(0), complete: false, rest };
    }
  }
}

async function proxy(app: FastifyInstance, options: ProxyOptions): Promise<void> {
  app.decorateRequest('bodyFault', null);
  const signals = new WeakMap<FastifyRequest, CallSignal>();
  // While the pool stays exhausted, one warning per interval (each request's access line says it too).
  const exhaustionLogIntervalMs = 10_000;
  let exhaustionLoggedAt = -Infinity;

  /** Request bodies being received, by client address. */
  const receiving = new Map<string, number>();
  /** When each streamed body began to arrive (its minimum rate counts from there). */
  const bodyStarts = new WeakMap<FastifyRequest, number>();

  /** Seconds a client refused for the full body buffer is asked to wait: bodies in progress finish or time out. */
  const budgetRetryAfterSeconds = 5;
  let budgetWarnedAt = -Infinity;

  function answerBodyFault(request: FastifyRequest, reply: FastifyReply, fault: Exclude<BodyFault, null>): void {
    request.bodyFault = fault;
    reply.header('connection', 'close');
    if (fault === 'too-large') {
      void sendEnvelope(reply, 413, GATEWAY_MESSAGES.payloadTooLarge);
      return;
    }
    if (fault === 'over-budget') {
      const now = Date.now();
      if (now - budgetWarnedAt >= 10_000) {
        budgetWarnedAt = now;
        request.log.warn(
          { heldBytes: options.bodyBudget.held(), limitBytes: options.bodyBudget.limitBytes },
          'request refused: the request body buffer is full (BODY_BUFFER_TOTAL_BYTES)',
        );
      }
      reply.header('retry-after', String(budgetRetryAfterSeconds));
      void sendEnvelope(reply, 503, GATEWAY_MESSAGES.overloaded);
      return;
    }
    request.log.info(
      {
        method: request.method,
        path: redactUrl(request.url),
        reason: `no request body byte for ${options.bodyStallTimeoutMs} ms, or under ${options.bodyMinBytesPerSecond} bytes/s`,
      },
      'request body stalled',
    );
    void sendEnvelope(reply, 408, GATEWAY_MESSAGES.requestTimeout);
  }

  /**
   * Receives the request body before anything else looks at it (the login throttle reads it next) and before a
   * backend connection is taken: whole up to BODY_BUFFER_BYTES, the head of a larger one (lib/body-intake.ts).
   */
  function receiveRequestBody(request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void {
    if (!(request.body instanceof Readable)) {
      done();
      return;
    }
    const limitBytes = bodyLimitOf(request.method, request.url, options.bodyLimitBytes);
    const declared = request.headers['content-length'];
    if (declared !== undefined && Number(declared) > limitBytes) {
      answerBodyFault(request, reply, 'too-large');
      return;
    }
    // A declared body whose buffered part cannot fit now is refused before a byte of it is read.
    const budget = options.bodyBudget;
    if (
      declared !== undefined &&
      Math.min(Number(declared), options.bodyBufferBytes) > budget.limitBytes - budget.held()
    ) {
      answerBodyFault(request, reply, 'over-budget');
      return;
    }
    const address = addressGroup(request.ip, options.ipv6PrefixLength ?? 64);
    const count = receiving.get(address) ?? 0;
    if (count >= options.bodyMaxPerAddress) {
      request.log.warn(
        { ip: address, bodies: count },
        'request refused: too many bodies being received from one address (BODY_MAX_PER_ADDRESS)',
      );
      reply.header('connection', 'close').header('retry-after', '1');
      void sendEnvelope(reply, 429, GATEWAY_MESSAGES.overloaded);
      return;
    }
    receiving.set(address, count + 1);
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      const left = (receiving.get(address) ?? 1) - 1;
      if (left > 0) receiving.set(address, left);
      else receiving.delete(address);
    };
    onResponseClosed(reply.raw, release);
    receiveBody(request.body, {
      bufferBytes: options.bodyBufferBytes,
      limitBytes,
      stallMs: options.bodyStallTimeoutMs,
      minBytesPerSecond: options.bodyMinBytesPerSecond,
      budget,
    }).then(
      ({ body, whole, startedAt, held, buffer }) => {
        // Held until the request ends: until then the body waits for, or is on its way to, the backend.
        if (reply.raw.closed) budget.give(held);
        else onResponseClosed(reply.raw, () => budget.give(held));
        // plugins/write-pacing.ts reads a bill save's number from it.
        request.bufferedBody = buffer;
        if (whole) release();
        else {
          body.once('end', release);
          body.once('close', release);
        }
        bodyStarts.set(request, startedAt);
        request.body = body;
        done();
      },
      (error: BodyFaultError) => {
        budget.give(error.held);
        release();
        // The client went away mid-body: nobody is left to answer (the access log writes 'request aborted').
        if (error.fault === 'gone') {
          void sendEnvelope(reply, 400, GATEWAY_MESSAGES.badRequest);
          return;
        }
        answerBodyFault(request, reply, error.fault);
      },
    );
  }

  // Callback style, like every per-request hook here: an async hook costs a promise per proxied call.
  function guardRequest(request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void {
    // The notices socket is served by the gateway itself; the backend has no websocket, so the proxy never upgrades.
    const upgrade = request.headers.upgrade;
    if (upgrade !== undefined && /websocket/i.test(String(upgrade))) {
      void sendEnvelope(reply, 400, GATEWAY_MESSAGES.badRequest);
      return;
    }
    const limitBytes = bodyLimitOf(request.method, request.url, options.bodyLimitBytes);
    const declared = request.headers['content-length'];
    if (declared !== undefined && Number(declared) > limitBytes) {
      reply.header('connection', 'close');
      void sendEnvelope(reply, 413, GATEWAY_MESSAGES.payloadTooLarge);
      return;
    }
    // A client that leaves before its answer is complete cancels the backend call (see lib/upstream-pool.ts).
    const signal = new CallSignal();
    onResponseClosed(reply.raw, () => {
      if (!reply.raw.writableFinished) signal.abort(new ClientGoneError('the client closed the connection'));
    });
    signals.set(request, signal);
    // Proxied bodies are streamed unread, so Fastify's bodyLimit does not apply: count them on the way. pipeline(),
    // unlike pipe(), passes a client's hang-up on, so undici stops waiting for the rest of the body.
    if (request.body instanceof Readable) {
      const guarded = new BodyGuard(
        limitBytes,
        options.bodyStallTimeoutMs,
        (fault) => {
          request.bodyFault = fault;
        },
        { startedAt: bodyStarts.get(request) ?? Date.now(), minBytesPerSecond: options.bodyMinBytesPerSecond },
      );
      pipeline(request.body, guarded, () => undefined);
      request.body = guarded;
    }
    done();
  }

  // Every call from one site carries the same Host: its normal form is kept rather than recomputed (two regexes).
  let lastHost: string | undefined;
  let lastForwardedHost: string | null = null;
  function forwardedHost(value: string | undefined): string | null {
    if (value !== lastHost) {
      lastHost = value;
      lastForwardedHost = normalizeHost(value);
    }
    return lastForwardedHost;
  }

  function rewriteRequestHeaders(request: FastifyRequest, incoming: Record<string | symbol, unknown>) {
    // reply-from hands over a spread copy of the client's headers, and V8 adds properties to an object made by
    // spread through its slow path: about 0.5 µs per header added here, several times the copy below.
    const headers: Record<string | symbol, unknown> = Object.assign({}, incoming);
    // `delete` only what is there: deleting an absent key still costs, and this runs on every proxied call.
    for (const name of requestHopByHop) if (headers[name] !== undefined) delete headers[name];
    // `TE: trailers` is the one transfer coding a client may ask the next hop for.
    if (headers.te !== undefined && String(headers.te).trim().toLowerCase() !== 'trailers') delete headers.te;
    headers[callSignal] = signals.get(request);
    // One address, the one resolved through TRUSTED_PROXIES: jshERP-boot logs `<X-Real-IP>/<first X-Forwarded-For>`
    // unless the two are equal (Tools.getLocalIp), and keys its same-second rule by that text, so a forwarded chain
    // would let the browser write part of it.
    const ip = request.ip;
    const remote = request.raw.socket?.remoteAddress ?? ip;
    const trusted = options.proxyTrust.isProxy(remote);
    headers['x-forwarded-for'] = ip;
    headers['x-real-ip'] = ip;
    headers['x-forwarded-proto'] = request.protocol;
    const host = forwardedHost(request.host);
    if (host) headers['x-forwarded-host'] = host;
    else if (headers['x-forwarded-host'] !== undefined) delete headers['x-forwarded-host'];
    if (!trusted && headers.forwarded !== undefined) delete headers.forwarded;
    headers['x-request-id'] = String(request.id);
    if (headers.cookie !== undefined) {
      const cookie = withoutSessionCookie(request.headers.cookie);
      if (cookie) headers.cookie = cookie;
      else delete headers.cookie;
    }
    // The login answer is read to set the session cookie; ask for it uncompressed.
    if (request.method === 'POST' && isPath(request, LOGIN_PATH)) delete headers['accept-encoding'];
    request.upstream = { startedAt: performance.now() };
    if (options.pool.exhausted()) {
      request.upstream.poolExhausted = true;
      const now = Date.now();
      if (now - exhaustionLoggedAt >= exhaustionLogIntervalMs) {
        exhaustionLoggedAt = now;
        request.log.warn(
          { pool: options.pool.stats() },
          'upstream pool exhausted: calls wait for a backend connection',
        );
      }
    }
    return headers;
  }

  function rewriteHeaders(headers: Record<string, unknown>) {
    // Hop-by-hop headers describe the gateway↔backend connection, not the client's.
    for (const name of hopByHop) if (headers[name] !== undefined) delete headers[name];
    headers['cache-control'] = 'no-store';
    // X-Request-Id: plugins/access-log.ts sets it in onSend on every answer, replacing any the backend sent.
    return headers;
  }

  // Synchronous for every answer but a login's, which is read before it is sent (no promise per proxied call).
  function onResponse(request: FastifyRequest, reply: FastifyReply, res: UpstreamResponse): void {
    if (request.upstream) {
      request.upstream.status = res.statusCode;
      request.upstream.durationMs = performance.now() - request.upstream.startedAt;
    }
    if (res.statusCode >= 400 && /^text\/html/i.test(String(res.headers['content-type'] ?? ''))) {
      res.stream.resume();
      for (const name of Object.keys(res.headers)) reply.removeHeader(name);
      reply.header('x-request-id', request.id);
      const message = res.statusCode === 404 ? GATEWAY_MESSAGES.notFound : GATEWAY_MESSAGES.upstreamError;
      sendEnvelope(reply, res.statusCode, message);
      return;
    }
    if (request.method === 'GET' && isPath(request, LOGOUT_PATH)) clearSessionCookie(request, reply);
    if (maySessionRefusal(res)) {
      void answerSessionRefusal(request, reply, res);
      return;
    }
    if (
      request.method === 'POST' &&
      res.statusCode === 200 &&
      res.headers['content-encoding'] === undefined &&
      isPath(request, LOGIN_PATH)
    ) {
      void answerLogin(request, reply, res);
      return;
    }
    reply.send(res.stream);
  }

  async function answerLogin(request: FastifyRequest, reply: FastifyReply, res: UpstreamResponse): Promise<void> {
    try {
      const { body, complete, rest } = await readLimited(res.stream, loginBufferLimit);
      if (!complete) {
        reply.send(rest);
        return;
      }
      setSessionCookieFromLogin(request, reply, body);
      reply.send(body);
    } catch (err) {
      onError(reply, { error: err as Error });
    }
  }

  async function answerSessionRefusal(
    request: FastifyRequest,
    reply: FastifyReply,
    res: UpstreamResponse,
  ): Promise<void> {
    try {
      const { body } = await readLimited(res.stream, 8);
      const text = body.toString('latin1');
      if (request.upstream && (text === 'loginOut' || text === '')) request.upstream.loginOut = true;
      // As a stream, like every other proxied answer: a Buffer would get a Content-Type the backend did not send.
      reply.send(Readable.from(body.length > 0 ? [body] : []));
    } catch (err) {
      onError(reply, { error: err as Error });
    }
  }

  function onError(reply: FastifyReply, { error }: { error: Error & { code?: string; cause?: unknown } }): void {
    const request = reply.request;
    // Answer once: a late second error for the same request must not write headers again (http-proxy #460).
    if (reply.sent || reply.raw.headersSent) {
      request.log.warn({ upstreamError: error.code ?? error.message }, 'upstream error after the answer started');
      return;
    }
    const cause = error.cause as { code?: string; message?: string } | undefined;
    const detail = cause?.code ?? error.code ?? error.message;
    if (request.upstream) request.upstream.error = detail;
    else request.upstream = { startedAt: performance.now(), error: detail };
    // Nobody is left to answer (plugins/access-log.ts writes the 'request aborted' line).
    if (signals.get(request)?.reason instanceof ClientGoneError) return;
    if (request.bodyFault === 'too-large') {
      reply.header('connection', 'close');
      sendEnvelope(reply, 413, GATEWAY_MESSAGES.payloadTooLarge);
      return;
    }
    if (request.bodyFault === 'stalled') {
      request.log.info(
        {
          method: request.method,
          path: redactUrl(request.url),
          reason: `no request body byte for ${options.bodyStallTimeoutMs} ms`,
        },
        'request body stalled',
      );
      reply.header('connection', 'close');
      sendEnvelope(reply, 408, GATEWAY_MESSAGES.requestTimeout);
      return;
    }
    const status = classify(error);
    request.log.warn(
      {
        upstreamError: detail,
        cause: cause?.message ?? error.message,
        upstream: options.upstreamUrl,
        upstreamPoolExhausted: request.upstream.poolExhausted,
      },
      status === 504 ? 'upstream timed out' : 'upstream unreachable',
    );
    sendEnvelope(
      reply,
      status,
      status === 504 ? GATEWAY_MESSAGES.upstreamTimeout : GATEWAY_MESSAGES.upstreamUnreachable,
    );
  }

  // A hook of this scope, not http-proxy's preValidation option: with that option it would stop passing bodies as
  // streams (Fastify would parse them whole, JSON and all, with its own limit).
  app.addHook('preValidation', receiveRequestBody);
  await app.register(httpProxy, {
    upstream: options.upstreamUrl,
    prefix: CONTEXT_PATH,
    rewritePrefix: CONTEXT_PATH,
    websocket: false,
    disableRequestLogging: true,
    undici: options.pool.dispatcher as never,
    preHandler: guardRequest,
    replyOptions: {
      timeout: options.upstreamTimeoutMs,
      // The backend's answers are never retried (even a 503 passes through). The one retry: a GET/HEAD whose
      // pooled keep-alive socket turned out closed by the backend (UND_ERR_SOCKET before any answer).
      retryDelay: ({ err, req, attempt }) =>
        (err as (Error & { code?: string }) | undefined)?.code === 'UND_ERR_SOCKET' &&
        attempt === 0 &&
        (req.method === 'GET' || req.method === 'HEAD')
          ? 1
          : null,
      rewriteRequestHeaders: rewriteRequestHeaders as never,
      rewriteHeaders: rewriteHeaders as never,
      onResponse: onResponse as never,
      onError: onError as never,
    },
  });
}

export default fp(proxy, {
  name: 'proxy',
  fastify: '5.x',
  encapsulate: true,
  dependencies: ['session-cookie', 'access-log'],
});
