// Shared setup for the notices tests: an upstream with a request counter in front, a gateway on a loopback port,
// logins, and websocket clients that record what they receive.
import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../../../server/config.js';
import notices, { type NoticesOptions } from '../../../../server/plugins/notices/notices.js';
import { startSandbox } from '../../../../server/sandbox/start.js';
import { SESSION_COOKIE, type NoticeMessage } from '../../../../shared/notices.js';
import { listenTestApp, SANDBOX_CLOCK } from '../../../support/stack.js';
import { startCountingRelay, type CountingRelay } from '../../../support/counting-relay.js';

export const POLL_PATH = '/jshERP-boot/msg/getMsgByStatus';
export const SESSION_PATH = '/jshERP-boot/user/getUserSession';

export interface Upstream {
  /** The counting relay's URL (what the gateway is pointed at). */
  url: string;
  counter: CountingRelay;
  close(): Promise<void>;
}

/** The sandbox upstream (no captcha) behind a request counter. */
export async function startUpstream(): Promise<Upstream> {
  const sandbox = await startSandbox({ captcha: false, logger: false, clock: SANDBOX_CLOCK });
  const counter = await startCountingRelay(sandbox.url);
  return {
    url: counter.url,
    counter,
    close: async () => {
      await counter.close();
      await sandbox.close();
    },
  };
}

export interface Gateway {
  app: FastifyInstance;
  url: string;
  wsUrl: string;
}

/** The whole gateway (buildApp) on a loopback port, pointed at the upstream. */
export async function startGateway(upstreamUrl: string, env: Record<string, string> = {}): Promise<Gateway> {
  const { app, url } = await listenTestApp(
    {},
    {
      env: { UPSTREAM_URL: upstreamUrl, NOTICE_POLL_MS: '300', ...env },
      // Load shedding is tested on its own; here a busy test machine (tap runs files in parallel) must not turn
      // an upgrade into a 503 at random.
      underPressure: { maxEventLoopDelay: 0, maxEventLoopUtilization: 0 },
    },
  );
  return { app, url, wsUrl: url.replace(/^http/, 'ws') };
}

/** Only the notices plugin, for options the gateway does not expose (e.g. a short ping interval). */
export async function startNoticesOnly(
  upstreamUrl: string,
  env: Record<string, string> = {},
  options: Omit<NoticesOptions, 'config'> = {},
): Promise<Gateway> {
  const config = loadConfig({ UPSTREAM_URL: upstreamUrl, NOTICE_POLL_MS: '300', LOG_LEVEL: 'silent', ...env });
  const app = Fastify({ logger: false });
  await app.register(notices, { config, ...options });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}` };
}

export interface Login {
  token: string;
  userId: number;
  /** The Cookie header a browser would send on the socket upgrade. */
  cookie: string;
  /** The Set-Cookie the gateway answered the login with. */
  setCookie: string;
}

/**
 * Logs in through the gateway as the shell does; the Cookie header is the session cookie the gateway set
 * (HttpOnly, SameSite=Strict, Path=/jshERP-boot), exactly what a browser would send on the socket upgrade.
 */
export async function login(gatewayUrl: string, loginName: string): Promise<Login> {
  const response = await fetch(`${gatewayUrl}/jshERP-boot/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName, password: 'e10adc3949ba59abbe56e057f20f883e', code: '', uuid: '' }),
  });
  const body = (await response.json()) as { data: { token: string; user: { id: number } } };
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!setCookie) throw new Error(`login of ${loginName} set no ${SESSION_COOKIE} cookie`);
  return { token: body.data.token, userId: body.data.user.id, cookie: setCookie.split(';', 1)[0] as string, setCookie };
}

/** Logs in at the upstream directly (no gateway in front); the cookie is made the way the gateway makes it. */
export async function loginUpstream(upstreamUrl: string, loginName: string): Promise<Login> {
  const response = await fetch(`${upstreamUrl}/jshERP-boot/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName, password: 'e10adc3949ba59abbe56e057f20f883e', code: '', uuid: '' }),
  });
  const body = (await response.json()) as { data: { token: string; user: { id: number } } };
  const cookie = `${SESSION_COOKIE}=${body.data.token}`;
  return { token: body.data.token, userId: body.data.user.id, cookie, setCookie: cookie };
}

/** A call through the gateway's proxy with the user's token, as the shell makes it. */
export async function api(
  gatewayUrl: string,
  who: Login,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${gatewayUrl}/jshERP-boot${path}`, {
    method,
    headers: { 'X-Access-Token': who.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${method} ${path} answered HTTP ${response.status}`);
  return response.json();
}

export interface Client {
  ws: WebSocket;
  messages: NoticeMessage[];
  /** Resolves with the first message (already received or future) that matches. */
  next(match: (message: NoticeMessage) => boolean, timeoutMs?: number): Promise<NoticeMessage>;
  closed: Promise<{ code: number; reason: string }>;
  opened: Promise<void>;
}

export function connect(gateway: Gateway, userId: number | string, headers: Record<string, string> = {}): Client {
  const ws = new WebSocket(`${gateway.wsUrl}/jshERP-boot/websocket/${userId}`, { headers });
  const messages: NoticeMessage[] = [];
  const waiters: Array<{ match: (m: NoticeMessage) => boolean; resolve: (m: NoticeMessage) => void }> = [];
  ws.on('message', (data, isBinary) => {
    const text = data.toString();
    if (isBinary || text === 'HeartBeat') return;
    const message = JSON.parse(text) as NoticeMessage;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (!waiter.match(message)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  ws.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => reject(new Error(`upgrade refused with HTTP ${res.statusCode}: ${body.slice(0, 200)}`)));
      // ws closes the client itself after an unexpected response; make `closed` settle too.
    });
  });
  opened.catch(() => {});
  return {
    ws,
    messages,
    closed,
    opened,
    next(match, timeoutMs = 5_000) {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (m: NoticeMessage) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Wait until a condition holds, checking often; fails with the label after the timeout. */
export async function until(label: string, check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${label}`);
    await sleep(10);
  }
}

/** Waits until `read()` has not changed for `quietMs` (at most `timeoutMs`), e.g. until re-checks in flight are done. */
export async function quiet(read: () => number, quietMs = 300, timeoutMs = 10_000): Promise<number> {
  const end = Date.now() + timeoutMs;
  let value = read();
  for (let since = Date.now(); Date.now() - since < quietMs;) {
    if (Date.now() > end) throw new Error(`still changing after ${timeoutMs} ms`);
    await sleep(20);
    if (read() !== value) {
      value = read();
      since = Date.now();
    }
  }
  return value;
}
