// One watch per user, however many sockets (and, with Redis, however many replicas): the lease holder polls the
// user's unread list with one of the user's live tokens and publishes it when it changes; every replica with sockets
// of that user forwards what is published to them.

import type { FastifyBaseLogger } from 'fastify';
import { CLOSE_CODES, type NoticeMessage } from '../../../shared/notices.js';
import type { BusEvent, NoticeBus } from './notice-bus.js';
import type { SessionCheck } from './session-check.js';
import type { NoticeSocket, SocketRegistry } from './socket-registry.js';
import type { UnreadState, UpstreamCalls } from './upstream-calls.js';

interface Watch {
  readonly userId: number;
  readonly tenantId: string;
  /** Last state this replica knows (polled here or heard on the bus); null until the first one. */
  state: UnreadState | null;
  timer: NodeJS.Timeout;
  running: boolean;
  /** A re-check was asked for while a poll was running: poll once more when it ends. */
  again: boolean;
  /** Last upstream failure already logged, so a down upstream logs once per watch, not once per poll. */
  failing: string | null;
}

export interface UserWatchersDeps {
  registry: SocketRegistry;
  bus: NoticeBus;
  upstream: UpstreamCalls;
  sessions: SessionCheck;
  pollMs: number;
  log: FastifyBaseLogger;
}

export function encodeNotice(message: NoticeMessage): Buffer {
  return Buffer.from(JSON.stringify(message));
}

function sameState(a: UnreadState | null, b: UnreadState): boolean {
  return (
    a !== null && a.unread === b.unread && a.ids.length === b.ids.length && a.ids.every((id, i) => id === b.ids[i])
  );
}

export class UserWatchers {
  private readonly watches = new Map<number, Watch>();
  private readonly leaseMs: number;

  constructor(private readonly deps: UserWatchersDeps) {
    this.leaseMs = deps.pollMs * 3;
    deps.bus.onEvent((event) => this.onBusEvent(event));
  }

  get watchedUsers(): number {
    return this.watches.size;
  }

  /** A socket of this user was registered: start the user's watch, or give the socket the state already known. */
  attach(socket: NoticeSocket): void {
    const existing = this.watches.get(socket.userId);
    if (existing) {
      if (existing.state) this.deps.registry.send(socket, encodeNotice({ cmd: 'user', ...existing.state }));
      return;
    }
    const watch: Watch = {
      userId: socket.userId,
      tenantId: socket.tenantId,
      state: null,
      timer: setInterval(() => void this.poll(watch, false), this.deps.pollMs),
      running: false,
      again: false,
      failing: null,
    };
    watch.timer.unref();
    this.watches.set(watch.userId, watch);
    void this.poll(watch, true);
  }

  /** The user's last socket here closed: stop watching and let another replica take the lease at once. */
  detach(userId: number): void {
    const watch = this.watches.get(userId);
    if (!watch) return;
    clearInterval(watch.timer);
    this.watches.delete(userId);
    void this.deps.bus.releaseLease(userId);
  }

  /** A message write was seen for this tenant: every replica re-checks that tenant's users now. */
  messagesChanged(tenantId: string): void {
    void this.deps.bus.publish({ t: 'tenant', tenantId });
  }

  /** A logout went through the proxy: that session's sockets close everywhere at once. */
  sessionEnded(id: string): void {
    void this.deps.bus.publish({ t: 'expired', tokenId: id, reason: 'logged out' });
  }

  stopAll(): void {
    for (const userId of [...this.watches.keys()]) this.detach(userId);
  }

  private onBusEvent(event: BusEvent): void {
    const { registry } = this.deps;
    switch (event.t) {
      case 'user': {
        const watch = this.watches.get(event.userId);
        if (!watch) return;
        watch.state = { unread: event.unread, ids: event.ids };
        registry.sendTo(registry.socketsOf(event.userId), encodeNotice({ cmd: 'user', ...watch.state }));
        return;
      }
      case 'tenant':
        // Tenant 0 is the super-admin, whose writes are not tenant-filtered: everyone is re-checked.
        for (const watch of this.watches.values()) {
          if (event.tenantId === '0' || watch.tenantId === event.tenantId) void this.poll(watch, true);
        }
        return;
      case 'expired':
        this.deps.sessions.markExpired(event.tokenId);
        registry.closeWhere((s) => s.tokenId === event.tokenId, CLOSE_CODES.loginExpired, event.reason);
        return;
      case 'topic': {
        const frame = encodeNotice(
          event.content === undefined
            ? { cmd: 'topic', title: event.title }
            : { cmd: 'topic', title: event.title, content: event.content },
        );
        const all = [...registry.all()];
        registry.sendTo(event.tenantId === null ? all : all.filter((s) => s.tenantId === event.tenantId), frame);
        return;
      }
    }
  }

  /** One poll of the user's unread list, if this replica holds the user's lease. `urgent` re-runs a busy poll. */
  private async poll(watch: Watch, urgent: boolean): Promise<void> {
    if (watch.running) {
      if (urgent) watch.again = true;
      return;
    }
    watch.running = true;
    try {
      do {
        watch.again = false;
        await this.pollOnce(watch);
      } while (watch.again && this.watches.get(watch.userId) === watch);
    } catch (error) {
      this.deps.log.error({ err: error, userId: watch.userId }, 'notices: poll failed');
    } finally {
      watch.running = false;
    }
  }

  private async pollOnce(watch: Watch): Promise<void> {
    const { bus, registry, upstream, sessions, log } = this.deps;
    const current = (): boolean => this.watches.get(watch.userId) === watch;
    if (!current()) return;
    if (!(await bus.holdLease(watch.userId, this.leaseMs))) {
      // Another replica polls this user; a late joiner picks up the state it left.
      if (watch.state === null) {
        const state = await bus.loadState(watch.userId);
        if (state && watch.state === null && current()) {
          watch.state = state;
          registry.sendTo(registry.socketsOf(watch.userId), encodeNotice({ cmd: 'user', ...state }));
        }
      }
      return;
    }
    // Poll with the newest open socket's token: the most recently confirmed session.
    const open = [...registry.socketsOf(watch.userId)].filter((s) => s.ws.readyState === s.ws.OPEN);
    const socket = open.at(-1);
    if (!socket || !current()) return;
    const answer = await upstream.unread(socket.token);
    if (!current()) return;
    if (answer.kind === 'expired') {
      log.info({ userId: watch.userId, session: socket.tokenId }, 'notices: session expired, closing its sockets');
      // Close here at once; the bus tells the other replicas.
      sessions.markExpired(socket.tokenId);
      registry.closeWhere((s) => s.tokenId === socket.tokenId, CLOSE_CODES.loginExpired, 'login expired');
      await bus.publish({ t: 'expired', tokenId: socket.tokenId, reason: 'login expired' });
      // Another session of this user may still be live: poll with it straight away.
      if (open.some((s) => s.tokenId !== socket.tokenId)) watch.again = true;
      return;
    }
    if (answer.kind === 'unavailable') {
      if (watch.failing !== answer.detail)
        log.warn({ userId: watch.userId, detail: answer.detail }, 'notices: poll failed');
      watch.failing = answer.detail;
      return;
    }
    watch.failing = null;
    const state = answer.value;
    if (!sameState(watch.state, state)) {
      watch.state = state;
      await bus.publish({ t: 'user', userId: watch.userId, ...state });
    }
    await bus.saveState(watch.userId, state, this.leaseMs);
  }
}
