// Notices at scale on one gateway: N idle sockets of a few logged-in users, the time a broadcast takes to reach
// all of them, the memory each idle socket costs the gateway, and how often the gateway polls the upstream per user.
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

/** Opens `count` sockets spread over the sessions, `parallel` handshakes at a time (loopback accept backlog). */
export async function openSockets(
  gatewayUrl: string,
  sessions: Session[],
  count: number,
  parallel = 100,
): Promise<SocketPool> {
  const wsBase = gatewayUrl.replace(/^http/, 'ws');
  const sockets: WebSocket[] = [];
  let shed = 0;
  let next = 0;
  const openOne = (i: number) =>
    new Promise<WebSocket>((resolve, reject) => {
      const session = sessions[i % sessions.length]!;
      const socket = new WebSocket(`${wsBase}/jshERP-boot/websocket/${session.userId}`, {
        headers: { cookie: session.cookie },
        perMessageDeflate: false,
      });
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

/** One broadcast: per-socket arrival latency from just before the POST leaves to the socket's `topic` message. */
export async function broadcastOnce(
  gatewayUrl: string,
  token: string,
  pool: SocketPool,
  round: number,
): Promise<BroadcastResult> {
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
        socket.off('message', onMessage);
        if (arrivals.length === pool.sockets.length) {
          clearTimeout(timer);
          resolve();
        }
      };
      socket.on('message', onMessage);
    }
  });
  // A gateway that sheds load (under-pressure) refuses the broadcast right after 10,000 handshakes; an operator
  // would retry, so does the bench (the refusals are counted and reported).
  let refusals = 0;
  for (;;) {
    t0 = performance.now();
    const response = await fetch(`${gatewayUrl}/gateway/notices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title, content: 'bench broadcast' }),
    });
    const text = await response.text();
    if (response.ok) break;
    if (response.status < 500 || ++refusals > 20) throw new Error(`broadcast refused: ${response.status} ${text}`);
    await sleep(1000);
  }
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
  const pool = await openSockets(options.gatewayUrl, [options.session], options.tabs);
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
