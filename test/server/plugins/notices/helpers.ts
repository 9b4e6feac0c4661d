// Shared setup for the notices tests: an upstream with a request counter in front, a gateway on a loopback port,
// logins, and websocket clients that record what they receive.
import Fastify, { type FastifyInstance } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import WebSocket from 'ws';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../../../server/config.js';
import notices from '../../../../server/plugins/notices/notices.js';
import { SESSION_COOKIE, type NoticeMessage } from '../../../../shared/notices.js';
import { startCountingProxy, type CountingProxy } from './counting-proxy.js';
import { startFakeUpstream } from './fake-upstream.js';

export const POLL_PATH = '/jshERP-boot/msg/getMsgByStatus';

export interface Upstream {
  /** The counting proxy's URL (what the gateway is pointed at). */
  url: string;
  counter: CountingProxy;
  close(): Promise<void>;
}

export async function startUpstream(): Promise<Upstream> {
  const fake = await startFakeUpstream();
  const counter = await startCountingProxy(fake.url);
  return {
    url: counter.url,
    counter,
    close: async () => {
      await counter.close();
      await fake.close();
    },
  };
}

export interface Gateway {
  app: FastifyInstance;
  url: string;
  wsUrl: string;
}

export async function startGateway(upstreamUrl: string, env: Record<string, string> = {}): Promise<Gateway> {
  const config = loadConfig({ UPSTREAM_URL: upstreamUrl, NOTICE_POLL_MS: '300', LOG_LEVEL: 'silent', ...env });
  const app = Fastify({ logger: false });
  await app.register(notices, { config });
  await app.register(httpProxy, { upstream: upstreamUrl, prefix: '/jshERP-boot', rewritePrefix: '/jshERP-boot' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}` };
}

export interface Login {
  token: string;
  userId: number;
  /** The Cookie header a browser would send on the socket upgrade. */
  cookie: string;
}

export async function login(gatewayUrl: string, loginName: string): Promise<Login> {
  const response = await fetch(`${gatewayUrl}/jshERP-boot/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName, password: 'e10adc3949ba59abbe56e057f20f883e', code: '', uuid: '' }),
  });
  const body = (await response.json()) as { data: { token: string; user: { id: number } } };
  return { token: body.data.token, userId: body.data.user.id, cookie: `${SESSION_COOKIE}=${body.data.token}` };
}

/** A call through the gateway's proxy with the user's token, as the shell makes it. */
export async function api(gatewayUrl: string, who: Login, method: string, path: string, body?: unknown): Promise<unknown> {
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
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused with HTTP ${res.statusCode}`)));
  });
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
