// The sockets this replica holds: who they belong to, the limits on them, how to send without letting a slow
// reader grow memory, and the ping/pong sweep that drops dead connections.

import WebSocket from 'ws';
import { CLOSE_CODES } from '../../../shared/notices.js';

export interface NoticeSocket {
  readonly ws: WebSocket;
  readonly userId: number;
  readonly tenantId: string;
  /** The session token the socket was authenticated with; the watcher polls with it. */
  readonly token: string;
  readonly tokenId: string;
  alive: boolean;
}

export interface RegistryLimits {
  maxPerUser: number;
  maxTotal: number;
  /** A socket whose unsent bytes would pass this is closed as a slow consumer. */
  maxBufferedBytes: number;
}

/**
 * One final, unmasked text frame holding `payload` (RFC 6455 §5.2, as a server sends it), header and payload
 * in one buffer.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (length < 126) frame[1] = length;
  else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/** ws's internals this relies on: the TCP socket, and a sender with nothing queued (state 0). */
interface WsInternals {
  _socket?: { write(data: Buffer): boolean };
  _sender?: { _state?: number };
}

/**
 * The socket a pre-built frame may be written to, in order with what ws sent before: ws queues a message only while
 * it compresses one or reads a Blob, neither of which these sockets do (no permessage-deflate, Buffers only); with
 * anything queued, or a ws without these internals, null — the frame then goes through ws.send.
 */
function rawSocketOf(ws: WebSocket): { write(data: Buffer): boolean } | null {
  const internals = ws as unknown as WsInternals;
  return internals._sender?._state === 0 && internals._socket ? internals._socket : null;
}

export type Admission = { ok: true } | { ok: false; code: number; reason: string };

export class SocketRegistry {
  private readonly byUser = new Map<number, Set<NoticeSocket>>();
  private count = 0;
  /** Sockets being authenticated count against the total too, so a flood of upgrades cannot pass the limit. */
  private pending = 0;
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly limits: RegistryLimits,
    private readonly onSlowConsumer: (socket: NoticeSocket) => void = () => {},
  ) {}

  get size(): number {
    return this.count;
  }

  /** Reserve a place for a socket still being authenticated; release with `endPending`. */
  beginPending(): Admission {
    if (this.count + this.pending >= this.limits.maxTotal) {
      return { ok: false, code: CLOSE_CODES.tooManyTotal, reason: 'too many connections' };
    }
    this.pending++;
    return { ok: true };
  }

  endPending(): void {
    this.pending = Math.max(0, this.pending - 1);
  }

  admitUser(userId: number): Admission {
    if ((this.byUser.get(userId)?.size ?? 0) >= this.limits.maxPerUser) {
      return { ok: false, code: CLOSE_CODES.tooManyForUser, reason: 'too many connections for this user' };
    }
    return { ok: true };
  }

  add(socket: NoticeSocket): void {
    let sockets = this.byUser.get(socket.userId);
    if (!sockets) this.byUser.set(socket.userId, (sockets = new Set()));
    sockets.add(socket);
    this.count++;
  }

  /** Returns true when this was the user's last socket here. */
  remove(socket: NoticeSocket): boolean {
    const sockets = this.byUser.get(socket.userId);
    if (!sockets?.delete(socket)) return false;
    this.count--;
    if (sockets.size > 0) return false;
    this.byUser.delete(socket.userId);
    return true;
  }

  socketsOf(userId: number): ReadonlySet<NoticeSocket> {
    return this.byUser.get(userId) ?? new Set();
  }

  hasUser(userId: number): boolean {
    return this.byUser.has(userId);
  }

  *all(): Iterable<NoticeSocket> {
    for (const sockets of this.byUser.values()) yield* sockets;
  }

  /**
   * Send one already-encoded frame to each socket; returns how many it was handed to. The websocket frame around it
   * is built once for all of them (a broadcast to 10,000 sockets otherwise framed it 10,000 times, in two writes each).
   */
  sendTo(sockets: Iterable<NoticeSocket>, frame: Buffer): number {
    const wire = textFrame(frame);
    let sent = 0;
    for (const socket of sockets) if (this.send(socket, frame, wire)) sent++;
    return sent;
  }

  send(socket: NoticeSocket, frame: Buffer, wire?: Buffer): boolean {
    const { ws } = socket;
    if (ws.readyState !== WebSocket.OPEN) return false;
    // bufferedAmount counts what ws and the TCP socket still hold in user space for this client.
    if (ws.bufferedAmount + frame.length > this.limits.maxBufferedBytes) {
      this.onSlowConsumer(socket);
      // The close frame queues behind the buffer; nothing more is added, and ws destroys the connection if the
      // closing handshake has not finished 30 s later, so the held memory stays at the bound.
      ws.close(CLOSE_CODES.slowConsumer, 'slow consumer');
      return false;
    }
    const raw = rawSocketOf(ws);
    if (wire && raw) raw.write(wire);
    // Text frames: the browser parses JSON from a string (a Buffer would otherwise go out as a binary frame).
    else ws.send(frame, { binary: false });
    return true;
  }

  closeWhere(predicate: (socket: NoticeSocket) => boolean, code: number, reason: string): number {
    let closed = 0;
    for (const socket of [...this.all()]) {
      if (!predicate(socket)) continue;
      socket.ws.close(code, reason);
      closed++;
    }
    return closed;
  }

  /** ws's recipe: ping every interval, terminate a socket that has not answered the previous ping. */
  startSweep(intervalMs: number): void {
    this.sweepTimer = setInterval(() => {
      for (const socket of this.all()) {
        if (!socket.alive) {
          socket.ws.terminate();
          continue;
        }
        socket.alive = false;
        socket.ws.ping();
      }
    }, intervalMs);
    this.sweepTimer.unref();
  }

  stopSweep(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
  }
}
