// /jshERP-boot/* → the backend, through @fastify/http-proxy (undici pool, keep-alive).
// Upstream answers pass through untouched — above all the 500 `loginOut` (expired session) — except:
// API answers get `Cache-Control: no-store`, and an HTML error page from a server in front of the
// backend becomes the JSON envelope with the same status. Failures the gateway itself detects get the
// envelope: refused/unreachable 502, timed out 504, body over the limit 413.
import { PassThrough, Readable, Transform, type TransformCallback } from 'node:stream';
import { performance } from 'node:perf_hooks';
import type { IncomingHttpHeaders } from 'node:http';
import fp from 'fastify-plugin';
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_MESSAGES } from '../../shared/error-envelope.js';
import { DEFAULT_API_BASE } from '../../shared/injected-config.js';
import { sendEnvelope } from '../lib/envelope.js';
import { normalizeHost } from '../lib/host.js';
import { isPrivateAddress } from '../lib/trusted-hops.js';
import {
  LOGIN_PATH,
  LOGOUT_PATH,
  clearSessionCookie,
  setSessionCookieFromLogin,
  withoutSessionCookie,
} from './session-cookie.js';

export interface ProxyOptions {
  upstreamUrl: string;
  upstreamTimeoutMs: number;
  bodyLimitBytes: number;
  trustProxyHops: number;
  /** undici pool size towards the backend. */
  connections?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    bodyTooLarge: boolean;
  }
}

/** The raw answer reply-from hands to onResponse (undici). */
interface UpstreamResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  stream: Readable;
}

const hopByHop = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

/** A login answer is ~1 KB; anything beyond this is streamed through without looking at it. */
const loginBufferLimit = 64 * 1024;

class BodyLimit extends Transform {
  private seen = 0;
  constructor(
    private readonly limit: number,
    private readonly onExceeded: () => void,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) {
      this.onExceeded();
      callback(new Error('request body over the limit'));
      return;
    }
    callback(null, chunk);
  }
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? '';
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
      code === 'UND_ERR_BODY_TIMEOUT',
  );
  // A connect timeout means the backend is unreachable, not slow: 502 like a refused connection.
  return timedOut ? 504 : 502;
}

async function readLimited(stream: Readable, limit: number): Promise<{ body: Buffer; complete: boolean; rest: Readable }> {
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
  app.decorateRequest('bodyTooLarge', false);

  async function guardRequest(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    // The notices socket is served by the gateway itself; the backend has no websocket, so the proxy never upgrades.
    if (/websocket/i.test(String(request.headers.upgrade ?? ''))) return sendEnvelope(reply, 400, GATEWAY_MESSAGES.badRequest);
    const declared = request.headers['content-length'];
    if (declared !== undefined && Number(declared) > options.bodyLimitBytes) {
      reply.header('connection', 'close');
      return sendEnvelope(reply, 413, GATEWAY_MESSAGES.payloadTooLarge);
    }
    // Proxied bodies are streamed unread, so Fastify's bodyLimit does not apply: count them on the way.
    if (request.body instanceof Readable) {
      const counted = new BodyLimit(options.bodyLimitBytes, () => {
        request.bodyTooLarge = true;
      });
      request.body = request.body.pipe(counted);
    }
    return undefined;
  }

  function rewriteRequestHeaders(request: FastifyRequest, headers: Record<string, string | string[] | undefined>) {
    const remote = request.raw.socket?.remoteAddress ?? request.ip;
    const trusted = options.trustProxyHops > 0 && isPrivateAddress(remote);
    const incomingFor = request.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = trusted && incomingFor ? `${String(incomingFor)}, ${remote}` : request.ip;
    headers['x-real-ip'] = request.ip;
    headers['x-forwarded-proto'] = request.protocol;
    const host = normalizeHost(request.host);
    if (host) headers['x-forwarded-host'] = host;
    else delete headers['x-forwarded-host'];
    if (!trusted) delete headers.forwarded;
    headers['x-request-id'] = String(request.id);
    const cookie = withoutSessionCookie(request.headers.cookie);
    if (cookie) headers.cookie = cookie;
    else delete headers.cookie;
    // The login answer is read to set the session cookie; ask for it uncompressed.
    if (request.method === 'POST' && pathOf(request) === LOGIN_PATH) delete headers['accept-encoding'];
    request.upstream = { startedAt: performance.now() };
    return headers;
  }

  function rewriteHeaders(headers: Record<string, unknown>, request: FastifyRequest) {
    // Hop-by-hop headers describe the gateway↔backend connection, not the client's.
    for (const name of hopByHop) delete headers[name];
    headers['cache-control'] = 'no-store';
    headers['x-request-id'] = String(request?.id ?? '');
    return headers;
  }

  async function onResponse(request: FastifyRequest, reply: FastifyReply, res: UpstreamResponse): Promise<void> {
    if (request.upstream) {
      request.upstream.status = res.statusCode;
      request.upstream.durationMs = performance.now() - request.upstream.startedAt;
    }
    const contentType = String(res.headers['content-type'] ?? '');
    if (res.statusCode >= 400 && /^text\/html/i.test(contentType)) {
      res.stream.resume();
      for (const name of Object.keys(res.headers)) reply.removeHeader(name);
      reply.header('x-request-id', request.id);
      const message = res.statusCode === 404 ? GATEWAY_MESSAGES.notFound : GATEWAY_MESSAGES.upstreamError;
      sendEnvelope(reply, res.statusCode, message);
      return;
    }
    const path = pathOf(request);
    if (request.method === 'GET' && path === LOGOUT_PATH) clearSessionCookie(request, reply);
    if (
      request.method === 'POST' &&
      path === LOGIN_PATH &&
      res.statusCode === 200 &&
      res.headers['content-encoding'] === undefined
    ) {
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
      return;
    }
    reply.send(res.stream);
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
    if (request.bodyTooLarge) {
      reply.header('connection', 'close');
      sendEnvelope(reply, 413, GATEWAY_MESSAGES.payloadTooLarge);
      return;
    }
    const status = classify(error);
    request.log.warn(
      { upstreamError: detail, cause: cause?.message ?? error.message, upstream: options.upstreamUrl },
      status === 504 ? 'upstream timed out' : 'upstream unreachable',
    );
    sendEnvelope(reply, status, status === 504 ? GATEWAY_MESSAGES.upstreamTimeout : GATEWAY_MESSAGES.upstreamUnreachable);
  }

  await app.register(httpProxy, {
    upstream: options.upstreamUrl,
    prefix: DEFAULT_API_BASE,
    rewritePrefix: DEFAULT_API_BASE,
    websocket: false,
    disableRequestLogging: true,
    undici: {
      connections: options.connections ?? 128,
      pipelining: 1,
      // Below Tomcat's idle keep-alive close (20–60 s) so the gateway, not the backend, retires idle sockets.
      keepAliveTimeout: 10_000,
      // A Keep-Alive hint from the backend (or a proxy before it that closes sooner than it says) never stretches that.
      keepAliveMaxTimeout: 10_000,
      connect: { timeout: 10_000 },
    },
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
      onResponse: ((request: FastifyRequest, reply: FastifyReply, res: UpstreamResponse) => {
        void onResponse(request, reply, res);
      }) as never,
      onError: onError as never,
    },
  });
}

export default fp(proxy, { name: 'proxy', fastify: '5.x', encapsulate: true, dependencies: ['session-cookie', 'access-log'] });
