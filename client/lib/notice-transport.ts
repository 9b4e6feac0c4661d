// The notices transport as a small state machine with injected socket, loader and clock, so its timing rules
// are unit-tested without a browser: a websocket first; polling only while the socket is down; reconnect with
// exponential backoff and jitter; a HeartBeat every 20 s while open; reload on cmd 'topic' / 'user'; give up on a
// closed session.
import { CLOSE_CODES, HEARTBEAT_TEXT, NOTICE_SOCKET_PATH, type NoticeMessage } from '../../shared/notices.js';

/** The first reconnect waits up to this; each failed one doubles it, up to NOTICE_RECONNECT_MAX_MS. */
export const NOTICE_RECONNECT_MS = 5000;
export const NOTICE_RECONNECT_MAX_MS = 60000;
export const NOTICE_HEARTBEAT_MS = 20000;
export const NOTICE_POLL_MS = 6000;

/** `open`: live socket. `down`: socket lost, polling, reconnect pending. `polling-only`: the gateway refused
 * this socket for good (auth), so only polling is left. `stopped`: the login expired or stop() was called. */
export type NoticeTransportPhase = 'idle' | 'connecting' | 'open' | 'down' | 'polling-only' | 'stopped';

/** What a reload reports: `expired` means the backend said the login is gone (the HTTP layer tells the user). */
export type NoticeLoadResult = 'ok' | 'expired' | 'failed';

export interface NoticeSocketHandlers {
  onOpen(): void;
  onMessage(text: string): void;
  onClose(code: number): void;
}
export interface NoticeSocket {
  send(text: string): void;
  close(): void;
}

export interface NoticeClock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface NoticeTransportDeps {
  /** Opens the socket; null when it cannot even be constructed (treated as an immediate close). */
  openSocket(handlers: NoticeSocketHandlers): NoticeSocket | null;
  /** Reloads the unread list (GET /msg/getMsgByStatus?status=1). */
  load(): Promise<NoticeLoadResult>;
  clock: NoticeClock;
  onPhase?(phase: NoticeTransportPhase): void;
  /** A number in [0, 1): Math.random unless a test fixes it. */
  random?(): number;
  /** A frame arrived; return false when the frame itself was enough (e.g. a `user` frame carries the unread
   * count), anything else reloads the list. */
  onNotice?(message: NoticeMessage): boolean | void;
}

/** What to do when the socket closes with `code`. */
export function closeAction(code: number): 'reconnect' | 'poll-only' | 'stop' {
  if (code === CLOSE_CODES.loginExpired) return 'stop';
  // Reconnecting with the same session cannot succeed (no/foreign session, or this user's socket quota is full).
  if (code === CLOSE_CODES.unauthenticated || code === CLOSE_CODES.forbidden || code === CLOSE_CODES.tooManyForUser) {
    return 'poll-only';
  }
  return 'reconnect';
}

/**
 * How long the `attempt`-th reconnect in a row (0 first) waits: 5 s doubled per attempt up to 60 s, and of that a
 * random point in its upper half. Every tab of every user lost its socket at the same moment when the gateway
 * restarted, and reconnecting every 5 s exactly brought them all back at the same instant, again and again; the
 * jitter spreads them, the doubling thins them while the gateway stays away.
 */
export function reconnectDelay(attempt: number, random: number): number {
  const ceiling = Math.min(NOTICE_RECONNECT_MAX_MS, NOTICE_RECONNECT_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/** Parses one socket frame (JSON only — never evaluated); null for heartbeats and anything unknown. */
export function parseNoticeFrame(text: string): NoticeMessage | null {
  if (text === HEARTBEAT_TEXT) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && 'cmd' in value) {
      const cmd = (value as { cmd: unknown }).cmd;
      if (cmd === 'user' || cmd === 'topic') return value as NoticeMessage;
    }
  } catch {
    // not JSON: ignore
  }
  return null;
}

/** ws:// or wss:// following the page, e.g. (https:, erp.example.com, /jshERP-boot, 63) → wss://erp.example.com/jshERP-boot/websocket/63 */
export function noticeSocketUrl(
  pageProtocol: string,
  pageHost: string,
  apiBase: string,
  userId: string | number,
): string {
  const scheme = pageProtocol === 'https:' ? 'wss:' : 'ws:';
  const base = apiBase.replace(/\/+$/, '');
  if (/^https?:\/\//i.test(base)) {
    // an absolute API base: keep its host, swap the scheme
    return base.replace(/^http/i, 'ws') + NOTICE_SOCKET_PATH + encodeURIComponent(String(userId));
  }
  return `${scheme}//${pageHost}${base}${NOTICE_SOCKET_PATH}${encodeURIComponent(String(userId))}`;
}

export class NoticeTransport {
  #phase: NoticeTransportPhase = 'idle';
  #socket: NoticeSocket | null = null;
  #reconnectTimer: unknown = null;
  #heartbeatTimer: unknown = null;
  #pollTimer: unknown = null;
  #wasDown = false;
  /** Reconnects in a row that have not yet given a socket that held (one heartbeat long). */
  #attempts = 0;
  readonly #deps: NoticeTransportDeps;

  constructor(deps: NoticeTransportDeps) {
    this.#deps = deps;
  }

  get phase(): NoticeTransportPhase {
    return this.#phase;
  }
  get polling(): boolean {
    return this.#pollTimer !== null;
  }

  /** Initial load, then the socket. */
  start(): void {
    if (this.#phase !== 'idle') return;
    void this.#reload();
    this.#connect();
  }

  /** Reload on demand (after viewing a message, closing the list…). */
  reload(): void {
    if (this.#phase !== 'stopped') void this.#reload();
  }

  stop(): void {
    this.#setPhase('stopped');
    this.#clearTimers();
    const socket = this.#socket;
    this.#socket = null;
    socket?.close();
  }

  #setPhase(phase: NoticeTransportPhase): void {
    if (this.#phase === phase) return;
    this.#phase = phase;
    this.#deps.onPhase?.(phase);
  }

  async #reload(): Promise<void> {
    let result: NoticeLoadResult;
    try {
      result = await this.#deps.load();
    } catch {
      result = 'failed';
    }
    // The login is gone: nothing here can recover it (the HTTP layer already told the user), so stop.
    if (result === 'expired') this.stop();
  }

  #connect(): void {
    if (this.#phase === 'stopped' || this.#phase === 'polling-only') return;
    this.#setPhase('connecting');
    let socket: NoticeSocket | null = null;
    const handlers: NoticeSocketHandlers = {
      onOpen: () => {
        if (this.#socket !== socket) return;
        const wasDown = this.#wasDown;
        this.#setPhase('open');
        this.#stopPolling();
        this.#stopHeartbeat();
        this.#heartbeatTimer = this.#deps.clock.setInterval(() => {
          // Open a whole heartbeat: the next outage starts its backoff from the beginning.
          this.#attempts = 0;
          this.#socket?.send(HEARTBEAT_TEXT);
        }, NOTICE_HEARTBEAT_MS);
        // Back after an outage: catch up at once (the first open follows start()'s own load).
        if (wasDown) void this.#reload();
      },
      onMessage: (text) => {
        if (this.#socket !== socket) return;
        const message = parseNoticeFrame(text);
        if (!message) return;
        if (this.#deps.onNotice?.(message) === false) return;
        void this.#reload();
      },
      onClose: (code) => {
        if (this.#socket !== socket) return;
        this.#socket = null;
        this.#onSocketClosed(code);
      },
    };
    try {
      socket = this.#deps.openSocket(handlers);
    } catch {
      socket = null;
    }
    this.#socket = socket;
    if (!socket) this.#onSocketClosed(CLOSE_CODES.goingAway);
  }

  #onSocketClosed(code: number): void {
    if (this.#phase === 'stopped') return;
    this.#wasDown = true;
    this.#stopHeartbeat();
    const action = closeAction(code);
    if (action === 'stop') {
      // 4440: the gateway says the login expired; one reload lets the HTTP layer confirm and tell the user.
      void this.#reload().then(() => {
        if (this.#phase !== 'stopped') {
          this.#setPhase('polling-only');
          this.#startPolling();
        }
      });
      this.#setPhase('down');
      return;
    }
    if (action === 'poll-only') {
      this.#setPhase('polling-only');
      this.#startPolling();
      return;
    }
    this.#setPhase('down');
    this.#startPolling();
    if (this.#reconnectTimer === null) {
      const delay = reconnectDelay(this.#attempts, (this.#deps.random ?? Math.random)());
      this.#attempts++;
      this.#reconnectTimer = this.#deps.clock.setTimeout(() => {
        this.#reconnectTimer = null;
        this.#connect();
      }, delay);
    }
  }

  #startPolling(): void {
    if (this.#pollTimer !== null) return;
    this.#pollTimer = this.#deps.clock.setInterval(() => void this.#reload(), NOTICE_POLL_MS);
  }
  #stopPolling(): void {
    if (this.#pollTimer === null) return;
    this.#deps.clock.clearInterval(this.#pollTimer);
    this.#pollTimer = null;
  }
  #stopHeartbeat(): void {
    if (this.#heartbeatTimer === null) return;
    this.#deps.clock.clearInterval(this.#heartbeatTimer);
    this.#heartbeatTimer = null;
  }
  #clearTimers(): void {
    this.#stopPolling();
    this.#stopHeartbeat();
    if (this.#reconnectTimer !== null) {
      this.#deps.clock.clearTimeout(this.#reconnectTimer);
      this.#reconnectTimer = null;
    }
  }
}
