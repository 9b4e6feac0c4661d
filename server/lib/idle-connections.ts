// Connections with no request in progress end at the headers timeout. Node applies its headersTimeout only once a
// request's first byte has arrived, so a connection that never sends anything (or never reads) was held until the
// socket inactivity timeout — UPSTREAM_TIMEOUT_MS + 10 s — and a few thousand of them took every MAX_CONNECTIONS
// slot for minutes. Each connection gets a timer from its accept, and again after each answer, cleared while a
// request is in progress; when it fires the socket is destroyed (not half-closed: a peer that never sends FIN would
// keep it). Keep-alive connections from a trusted proxy are left to keepAliveTimeout, which outlasts the balancer's.
// Answers to other peers say so in their Keep-Alive header: left at Node's keepAliveTimeout (72 s), a client that
// honours it (undici, browsers, proxies) would send its next request on a connection this timer has ended, and a
// POST on a dead connection fails without retry.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface IdleConnectionOptions {
  idleMs: number;
  /** Peers whose idle keep-alive connections Node's keepAliveTimeout governs instead. */
  isTrustedPeer: (address: string | undefined) => boolean;
}

export function endIdleConnections(server: Server, options: IdleConnectionOptions): void {
  // Whole seconds, one short of the close, so a request in flight as the timer fires is not the one that finds it.
  const closesAfterMs = Math.min(options.idleMs, server.keepAliveTimeout || Infinity);
  const keepAliveHeader = `timeout=${Math.max(0, Math.floor(closesAfterMs / 1000) - 1)}`;
  const timers = new WeakMap<Socket, NodeJS.Timeout>();
  /** Requests in progress per socket (pipelined requests can overlap). */
  const inProgress = new WeakMap<Socket, number>();
  const arm = (socket: Socket): void => {
    const existing = timers.get(socket);
    if (existing) {
      existing.refresh();
      return;
    }
    const timer = setTimeout(() => socket.destroy(), options.idleMs);
    timer.unref();
    timers.set(socket, timer);
  };
  const disarm = (socket: Socket): void => {
    const timer = timers.get(socket);
    if (!timer) return;
    clearTimeout(timer);
    timers.delete(socket);
  };
  server.on('connection', (socket: Socket) => {
    arm(socket);
    socket.once('close', () => disarm(socket));
  });
  // Before Fastify's own listener, so a request in progress is never cut by this timer.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    disarm(socket);
    inProgress.set(socket, (inProgress.get(socket) ?? 0) + 1);
    if (!options.isTrustedPeer(socket.remoteAddress)) res.setHeader('Keep-Alive', keepAliveHeader);
    res.once('close', () => {
      const left = (inProgress.get(socket) ?? 1) - 1;
      inProgress.set(socket, left);
      if (left === 0 && !socket.destroyed && !options.isTrustedPeer(socket.remoteAddress)) arm(socket);
    });
  });
  server.prependListener('checkContinue', (req: IncomingMessage) => disarm(req.socket));
  server.prependListener('upgrade', (req: IncomingMessage) => disarm(req.socket));
}

export interface PerAddressOptions {
  max: number;
  /** Proxies carry many clients' connections: never limited here. */
  isTrustedPeer: (address: string | undefined) => boolean;
  /** Called at most once per 10 s while connections are refused. */
  onRefused: (address: string) => void;
}

/** At most `max` connections at once from one peer address; beyond it a connection is destroyed as it arrives. */
export function limitConnectionsPerAddress(server: Server, options: PerAddressOptions): void {
  const open = new Map<string, number>();
  let warnedAt = -Infinity;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || options.isTrustedPeer(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= options.max) {
      socket.destroy();
      const now = Date.now();
      if (now - warnedAt >= 10_000) {
        warnedAt = now;
        options.onRefused(address);
      }
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
