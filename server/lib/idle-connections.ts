// Client connections with no request in progress, and who gets a connection slot when they run short.
//
// Node applies its headersTimeout only once a request's first byte has arrived, so a connection that never sends
// anything (or never reads) was held until the socket inactivity timeout. Each connection gets a timer from its
// accept: one that has not sent a byte by `silentMs` is destroyed; one that has, or that is idle after an answer,
// at `idleMs` (HEADERS_TIMEOUT_MS). The timer is cleared while a request is in progress. Destroyed, not half-closed:
// a peer that never sends FIN would keep it. Keep-alive connections from a trusted proxy are left to
// keepAliveTimeout, which outlasts the balancer's.
//
// At the connection limit the slot goes to the newcomer, as nginx reuses its idle keep-alive connections: when a new
// connection takes the last free slot, the connection with no request in progress that has waited longest is closed
// to free another — one that has never sent a byte first, then the one idle longest (a trusted proxy's last). Only
// when every connection has a request in progress does the limit refuse newcomers. A few addresses that open
// connections and never speak (or reconnect as soon as they are closed) thus cannot lock anyone out.
//
// Answers to peers other than trusted proxies say in their Keep-Alive header how long the connection is kept: left
// at Node's keepAliveTimeout (72 s), a client that honours it (undici, browsers, proxies) would send its next request
// on a connection this timer has ended, and a POST on a dead connection fails without retry.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface IdleConnectionOptions {
  /** A connection with no request in progress is destroyed after this (HEADERS_TIMEOUT_MS). */
  idleMs: number;
  /** A connection that has not sent a byte is destroyed after this (at most idleMs). */
  silentMs?: number;
  /** Peers whose idle keep-alive connections Node's keepAliveTimeout governs instead. */
  isTrustedPeer: (address: string | undefined) => boolean;
  /** Called at most once per 10 s while connections are closed to make room for newcomers. */
  onEvicted?: () => void;
}

interface SlotState {
  timer: NodeJS.Timeout | null;
  /** Requests in progress (pipelined requests can overlap). */
  requests: number;
  acceptedAt: number;
}

export function endIdleConnections(server: Server, options: IdleConnectionOptions): void {
  const idleMs = options.idleMs;
  const silentMs = Math.min(options.silentMs ?? idleMs, idleMs);
  // Whole seconds, one short of the close, so a request in flight as the timer fires is not the one that finds it.
  const closesAfterMs = Math.min(idleMs, server.keepAliveTimeout || Infinity);
  const keepAliveHeader = `timeout=${Math.max(0, Math.floor(closesAfterMs / 1000) - 1)}`;
  const states = new WeakMap<Socket, SlotState>();
  // Candidates for eviction, oldest first (a Set keeps insertion order): not a byte yet; idle (spoken, no request in
  // progress, by when they became idle); a trusted proxy's idle ones.
  const silent = new Set<Socket>();
  const idle = new Set<Socket>();
  const idleTrusted = new Set<Socket>();
  let warnedAt = -Infinity;

  const forget = (socket: Socket): void => {
    silent.delete(socket);
    idle.delete(socket);
    idleTrusted.delete(socket);
  };
  const markIdle = (socket: Socket): void => {
    forget(socket);
    (options.isTrustedPeer(socket.remoteAddress) ? idleTrusted : idle).add(socket);
  };
  const disarm = (state: SlotState): void => {
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
  };
  const arm = (socket: Socket, state: SlotState, ms: number, onFire: () => void): void => {
    disarm(state);
    state.timer = setTimeout(onFire, ms);
    state.timer.unref();
  };
  const armIdle = (socket: Socket, state: SlotState): void => arm(socket, state, idleMs, () => socket.destroy());

  /** The connection to close for a newcomer: never spoken (oldest first), then idle longest, then a proxy's. */
  function victim(except: Socket): Socket | undefined {
    for (const socket of silent) {
      if (socket === except) continue;
      if (socket.bytesRead === 0) return socket;
      // It has spoken since: it waits for its headers like an idle one.
      silent.delete(socket);
      idle.add(socket);
    }
    for (const set of [idle, idleTrusted]) for (const socket of set) if (socket !== except) return socket;
    return undefined;
  }

  server.on('connection', (socket: Socket) => {
    // Refused already by limitConnectionsPerAddress (registered first).
    if (socket.destroyed) return;
    const state: SlotState = { timer: null, requests: 0, acceptedAt: Date.now() };
    states.set(socket, state);
    silent.add(socket);
    arm(socket, state, silentMs, () => {
      if (socket.bytesRead === 0) socket.destroy();
      else arm(socket, state, Math.max(1, idleMs - (Date.now() - state.acceptedAt)), () => socket.destroy());
    });
    socket.once('close', () => {
      disarm(state);
      forget(socket);
    });
    // This one took the last free slot: free another for the next newcomer, if a connection can spare it.
    const max = server.maxConnections;
    if (!(max > 0) || (server as Server & { _connections: number })._connections < max) return;
    const spare = victim(socket);
    if (!spare) return;
    spare.destroy();
    const now = Date.now();
    if (now - warnedAt < 10_000) return;
    warnedAt = now;
    options.onEvicted?.();
  });
  // Before Fastify's own listener, so a request in progress is never cut by this timer.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const state = states.get(socket);
    if (!state) return;
    disarm(state);
    forget(socket);
    state.requests++;
    const trusted = options.isTrustedPeer(socket.remoteAddress);
    if (!trusted) res.setHeader('Keep-Alive', keepAliveHeader);
    res.once('close', () => {
      state.requests = Math.max(0, state.requests - 1);
      if (state.requests > 0 || socket.destroyed) return;
      markIdle(socket);
      if (!trusted) armIdle(socket, state);
    });
  });
  // Requests the gateway answers itself before 'request' (100-continue) and upgrades are in progress too.
  const inProgress = (req: IncomingMessage): void => {
    const state = states.get(req.socket);
    if (!state) return;
    disarm(state);
    forget(req.socket);
  };
  server.prependListener('checkContinue', inProgress);
  server.prependListener('upgrade', inProgress);
}

export interface PerAddressOptions {
  max: number;
  /** The key connections are counted under: the address, or its IPv6 prefix (lib/address-group.ts). */
  groupOf: (address: string) => string;
  /** Proxies carry many clients' connections: never limited here. */
  isTrustedPeer: (address: string | undefined) => boolean;
  /** Called at most once per 10 s while connections are refused. */
  onRefused: (address: string) => void;
}

/**
 * At most `max` connections at once from one peer address (IPv6: one prefix); beyond it a connection is destroyed
 * as it arrives. Call before endIdleConnections, so a refused connection never takes another's slot.
 */
export function limitConnectionsPerAddress(server: Server, options: PerAddressOptions): void {
  const open = new Map<string, number>();
  let warnedAt = -Infinity;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || options.isTrustedPeer(address)) return;
    const group = options.groupOf(address);
    const count = open.get(group) ?? 0;
    if (count >= options.max) {
      socket.destroy();
      const now = Date.now();
      if (now - warnedAt >= 10_000) {
        warnedAt = now;
        options.onRefused(group);
      }
      return;
    }
    open.set(group, count + 1);
    socket.once('close', () => {
      const left = (open.get(group) ?? 1) - 1;
      if (left > 0) open.set(group, left);
      else open.delete(group);
    });
  });
}
