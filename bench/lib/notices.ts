// Notices at scale on one gateway: N idle sockets of a few logged-in users, the time a broadcast takes to reach
// all of them — beside a bare `ws` server (bench/bare-broadcast.ts) sending the same frame to as many sockets opened
// the same way — the memory each idle socket costs the gateway, and how often the gateway polls the upstream per user.
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { SESSION_COOKIE } from '../../shared/notices.js';
import { LOGIN_OK_TIP } from '../../shared/backend.js';

export interface Session {
  loginName: string;
  userId: number;
  token: string;
  /** The gateway's session cookie, `name=value`, as the browser would send it. */
  cookie: string;
}

/** Logs in through the gateway as a browser does, keeping the gateway's session cookie. */
export async function login(gatewayUrl: string, loginName: string, password = '123456'): Promise<Session> {
  const response = await fetch(`${gatewayUrl}/jshERP-boot/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName, password: createHash('md5').update(password).digest('hex'), code: '', uuid: '' }),
  });
  const body = (await response.json()) as {
    code: number;
    data?: { msgTip?: string; token?: string; user?: { id: number } };
  };
  if (body.data?.msgTip !== LOGIN_OK_TIP || !body.data.token || !body.data.user) {
    throw new Error(`login as ${loginName} failed: ${JSON.stringify(body).slice(0, 200)}`);
  }
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!setCookie) throw new Error(`login as ${loginName}: the gateway set no ${SESSION_COOKIE} cookie`);
  return { loginName, userId: body.data.user.id, token: body.data.token, cookie: setCookie.split(';')[0]! };
}

export interface SocketPool {
  sockets: WebSocket[];
  /** Upgrades the gateway shed with 503 (load shedding) and the bench retried, as the shell reconnects. */
  shed: number;
  closeAll: () => Promise<void>;
}

class Shed extends Error {}

/** Where socket `i` connects, and the headers it sends. */
type SocketTarget = (i: number) => { url: string; headers: Record<string, string> };

/** The gateway's notice sockets, spread over the sessions (each with its session cookie, as a browser). */
export const gatewaySockets =
  (gatewayUrl: string, sessions: Session[]): SocketTarget =>
  (i) => {
    const session = sessions[i % sessions.length]!;
    return {
      url: `${gatewayUrl.replace(/^http/, 'ws')}/jshERP-boot/websocket/${session.userId}`,
      headers: { cookie: session.cookie },
    };
  };

/** Plain sockets of the bare reference server. */
export const bareSockets =
  (bareUrl: string): SocketTarget =>
  () => ({ url: bareUrl.replace(/^http/, 'ws'), headers: {} });

/** Opens `count` sockets, `parallel` handshakes at a time (loopback accept backlog). */
export async function openSockets(target: SocketTarget, count: number, parallel = 100): Promise<SocketPool> {
  const sockets: WebSocket[] = [];
  let shed = 0;
  let next = 0;
  const openOne = (i: number) =>
    new Promise<WebSocket>((resolve, reject) => {
      const { url, headers } = target(i);
      const socket = new WebSocket(url, { headers, perMessageDeflate: false });
      socket.once('open', () => resolve(socket));
      socket.once('unexpected-response', (_req, res) =>
        reject(res.statusCode === 503 ? new Shed() : new Error(`socket ${i}: upgrade refused ${res.statusCode}`)),
      );
      socket.once('close', (code, reason) => reject(new Error(`socket ${i}: closed ${code} ${reason.toString()}`)));
      socket.once('error', reject);
    });
  const workers = Array.from({ length: Math.min(parallel, count) }, async () => {
    while (next < count) {
      const i = next++;
      for (let attempt = 0; ; attempt++) {
        try {
          sockets.push(await openOne(i));
          break;
        } catch (error) {
          if (!(error instanceof Shed) || attempt >= 30) throw error;
          shed++;
          await sleep(500);
        }
      }
    }
  });
  await Promise.all(workers);
  return {
    sockets,
    shed,
    closeAll: async () => {
      await Promise.all(
        sockets.map(
          (s) =>
            new Promise<void>((resolve) => {
              if (s.readyState === WebSocket.CLOSED) return resolve();
              s.once('close', () => resolve());
              s.terminate();
            }),
        ),
      );
    },
  };
}

export interface BroadcastResult {
  sockets: number;
  received: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Broadcasts the gateway refused (5xx) before accepting this one. */
  refusals: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** How a broadcast is sent: `title` tells this round's frame from others; `leaving` is called as each try leaves. */
export type Broadcaster = (title: string, leaving: () => void) => Promise<{ refusals: number }>;

/** The gateway's broadcast (POST /gateway/notices); a 5xx (load shedding) is retried and counted. */
export const gatewayBroadcast =
  (gatewayUrl: string, token: string): Broadcaster =>
  async (title, leaving) => {
    // A gateway that sheds load (under-pressure) refuses the broadcast right after 10,000 handshakes; an operator
    // would retry, so does the bench (the refusals are counted and reported).
    let refusals = 0;
    for (;;) {
      leaving();
      const response = await fetch(`${gatewayUrl}/gateway/notices`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title, content: 'bench broadcast' }),
      });
      const text = await response.text();
      if (response.ok) return { refusals };
      if (response.status < 500 || ++refusals > 20) throw new Error(`broadcast refused: ${response.status} ${text}`);
      await sleep(1000);
    }
  };

/** The bare server's broadcast of `frame` (the gateway's frame, as a socket received it) with this round's title. */
export const bareBroadcast =
  (bareUrl: string, frame: () => { text: string; title: string }): Broadcaster =>
  async (title, leaving) => {
    const model = frame();
    leaving();
    const response = await fetch(`${bareUrl}/broadcast`, {
      method: 'POST',
      body: model.text.replace(model.title, title),
    });
    if (response.status !== 204) throw new Error(`bare broadcast answered ${response.status}`);
    return { refusals: 0 };
  };

/**
 * One broadcast: per-socket arrival latency from just before the broadcast leaves to the socket's frame holding its
 * title. `received` gets the first such frame's text.
 */
export async function broadcastOnce(
  send: Broadcaster,
  pool: SocketPool,
  round: number,
  received?: (text: string, title: string) => void,
): Promise<BroadcastResult> {
  // Every round's title has one length, so the bare server's copy of a frame is as long as the gateway's.
  const title = `bench-${round}-${Date.now()}`;
  const arrivals: number[] = [];
  let t0 = 0;
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 15_000);
    for (const socket of pool.sockets) {
      const onMessage = (data: WebSocket.RawData) => {
        const text = data.toString();
        if (!text.includes(title)) return;
        arrivals.push(performance.now() - t0);
        if (arrivals.length === 1) received?.(text, title);
        socket.off('message', onMessage);
        if (arrivals.length === pool.sockets.length) {
          clearTimeout(timer);
          resolve();
        }
      };
      socket.on('message', onMessage);
    }
  });
  const { refusals } = await send(title, () => {
    t0 = performance.now();
  });
  await done;
  arrivals.sort((a, b) => a - b);
  return {
    sockets: pool.sockets.length,
    received: arrivals.length,
    p50Ms: percentile(arrivals, 50),
    p99Ms: percentile(arrivals, 99),
    maxMs: arrivals.at(-1) ?? NaN,
    refusals,
  };
}

/** Polls per interval of the upstream's unread-list call for one user while `tabs` sockets of that user are open. */
export async function pollsPerInterval(options: {
  gatewayUrl: string;
  session: Session;
  tabs: number;
  intervalMs: number;
  intervals: number;
  countPolls: (token: string) => number;
  resetCounts: () => void;
}): Promise<number> {
  const pool = await openSockets(gatewaySockets(options.gatewayUrl, [options.session]), options.tabs);
  try {
    // Let the watcher start and do its first poll before counting whole intervals.
    await sleep(options.intervalMs / 2);
    options.resetCounts();
    await sleep(options.intervalMs * options.intervals);
    return options.countPolls(options.session.token) / options.intervals;
  } finally {
    await pool.closeAll();
    await sleep(options.intervalMs);
  }
}
