import { expect, it } from 'vitest';
import {
  NoticeTransport,
  closeAction,
  noticeSocketUrl,
  parseNoticeFrame,
  reconnectDelay,
  type NoticeClock,
  type NoticeLoadResult,
  type NoticeSocketHandlers,
} from '../../lib/notice-transport';
import { CLOSE_CODES } from '../../../shared/notices';

/** A manual clock: advance(ms) fires due timers in order. */
function fakeClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; every: number | null; fn: () => void }>();
  const clock: NoticeClock = {
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, every: null, fn });
      return id;
    },
    clearTimeout: (h) => void timers.delete(h as number),
    setInterval: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, every: ms, fn });
      return id;
    },
    clearInterval: (h) => void timers.delete(h as number),
  };
  return {
    clock,
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        let due: [number, { at: number; every: number | null; fn: () => void }] | undefined;
        for (const entry of timers) if (entry[1].at <= end && (!due || entry[1].at < due[1].at)) due = entry;
        if (!due) break;
        const [id, timer] = due;
        now = timer.at;
        if (timer.every === null) timers.delete(id);
        else timer.at += timer.every;
        timer.fn();
      }
      now = end;
    },
  };
}

/** `random` fixes the reconnect jitter: 1 waits the whole backoff (5 s, 10 s, 20 s…), 0 half of it. */
function harness(loadResult: () => NoticeLoadResult = () => 'ok', random = () => 1) {
  const { clock, advance } = fakeClock();
  const sockets: { handlers: NoticeSocketHandlers; sent: string[]; closed: boolean }[] = [];
  let loads = 0;
  const phases: string[] = [];
  const transport = new NoticeTransport({
    clock,
    openSocket: (handlers) => {
      const socket = { handlers, sent: [] as string[], closed: false };
      sockets.push(socket);
      return { send: (text) => socket.sent.push(text), close: () => void (socket.closed = true) };
    },
    load: async () => {
      loads++;
      return loadResult();
    },
    onPhase: (p) => phases.push(p),
    random,
  });
  const flush = () => new Promise((r) => setImmediate(r));
  return { transport, sockets, advance, flush, phases, loads: () => loads };
}

it('start loads once and opens the socket; open stops nothing and starts the heartbeat', () => {
  const h = harness();
  h.transport.start();
  expect(h.loads(), 'initial load on mount').toBe(1);
  expect(h.sockets.length).toBe(1);
  expect(h.transport.phase).toBe('connecting');
  h.sockets[0]!.handlers.onOpen();
  expect(h.transport.phase).toBe('open');
  expect(h.transport.polling).toBe(false);
  h.advance(19999);
  expect(h.sockets[0]!.sent).toEqual([]);
  h.advance(1);
  expect(h.sockets[0]!.sent, 'HeartBeat after 20 s').toEqual(['HeartBeat']);
  h.advance(20000);
  expect(h.sockets[0]!.sent).toEqual(['HeartBeat', 'HeartBeat']);
  const loadsBefore = h.loads();
  h.advance(60000);
  expect(h.loads(), 'no polling while the socket is open').toBe(loadsBefore);
});

it('the first open does not reload again (start already loaded)', () => {
  const h = harness();
  h.transport.start();
  h.sockets[0]!.handlers.onOpen();
  expect(h.loads()).toBe(1);
});

it('a frame the caller handles itself (onNotice → false) does not reload', () => {
  const { clock } = fakeClock();
  let loads = 0;
  let socket: NoticeSocketHandlers | undefined;
  const seen: unknown[] = [];
  const transport = new NoticeTransport({
    clock,
    openSocket: (handlers) => ((socket = handlers), { send: () => undefined, close: () => undefined }),
    load: async () => (loads++, 'ok'),
    onNotice: (message) => (seen.push(message), message.cmd !== 'user'),
  });
  transport.start();
  socket!.onOpen();
  socket!.onMessage(JSON.stringify({ cmd: 'user', unread: 2, ids: [9, 8] }));
  expect(loads, 'user frame handled from its own data').toBe(1);
  socket!.onMessage(JSON.stringify({ cmd: 'topic', title: 'maintenance' }));
  expect(loads, 'topic reloads').toBe(2);
  expect(seen).toEqual([
    { cmd: 'user', unread: 2, ids: [9, 8] },
    { cmd: 'topic', title: 'maintenance' },
  ]);
});

it("cmd 'user' and 'topic' reload; heartbeats and garbage do not", () => {
  const h = harness();
  h.transport.start();
  h.sockets[0]!.handlers.onOpen();
  const base = h.loads();
  h.sockets[0]!.handlers.onMessage('HeartBeat');
  h.sockets[0]!.handlers.onMessage('not json');
  h.sockets[0]!.handlers.onMessage('{"cmd":"other"}');
  h.sockets[0]!.handlers.onMessage('alert(1)');
  expect(h.loads()).toBe(base);
  h.sockets[0]!.handlers.onMessage(JSON.stringify({ cmd: 'user', unread: 3, ids: [1, 2, 3] }));
  expect(h.loads()).toBe(base + 1);
  h.sockets[0]!.handlers.onMessage(JSON.stringify({ cmd: 'topic', title: 'x' }));
  expect(h.loads()).toBe(base + 2);
});

it('socket down: polls every 6 s, reconnects after 5 s then 10 s, polling stops once open again', () => {
  const h = harness();
  h.transport.start();
  h.sockets[0]!.handlers.onOpen();
  const base = h.loads();
  h.sockets[0]!.handlers.onClose(1006);
  expect(h.transport.phase).toBe('down');
  expect(h.transport.polling).toBe(true);
  h.advance(4999);
  expect(h.sockets.length, 'no reconnect before 5 s').toBe(1);
  h.advance(1);
  expect(h.sockets.length, 'reconnect after 5 s').toBe(2);
  // the new socket fails too: still polling, the next reconnect twice as far off
  h.sockets[1]!.handlers.onClose(1006);
  h.advance(1000);
  expect(h.loads(), 'first poll at 6 s').toBe(base + 1);
  h.advance(8999);
  expect(h.sockets.length, 'no second reconnect before 10 s more').toBe(2);
  h.advance(1);
  expect(h.sockets.length).toBe(3);
  h.sockets[2]!.handlers.onOpen();
  expect(h.transport.polling).toBe(false);
  const afterOpen = h.loads();
  expect(afterOpen, 'polls at 6 s and 12 s, one catch-up reload on reopening').toBe(base + 3);
  h.advance(60000);
  expect(h.loads(), 'no polling once the socket is back').toBe(afterOpen);
});

it('a socket that cannot be built counts as down', () => {
  const { clock, advance } = fakeClock();
  let attempts = 0;
  let loads = 0;
  const transport = new NoticeTransport({
    clock,
    openSocket: () => {
      attempts++;
      throw new Error('blocked');
    },
    load: async () => (loads++, 'ok'),
    random: () => 1,
  });
  transport.start();
  expect(transport.phase).toBe('down');
  advance(16000);
  expect(loads, 'initial + two polls').toBe(3);
  expect(attempts, 'retried at 5 s and 15 s').toBe(3);
});

it('reconnects back off exponentially to 60 s, each at a random point in the upper half of its wait', () => {
  expect([0, 1, 2, 3, 4, 5, 10].map((attempt) => reconnectDelay(attempt, 1))).toEqual([
    5000, 10000, 20000, 40000, 60000, 60000, 60000,
  ]);
  expect([0, 1, 4].map((attempt) => reconnectDelay(attempt, 0))).toEqual([2500, 5000, 30000]);
  // Two tabs that lost their sockets together come back at different moments.
  const waits = (random: number) => {
    const h = harness(undefined, () => random);
    h.transport.start();
    h.sockets[0]!.handlers.onOpen();
    h.sockets[0]!.handlers.onClose(1006);
    let waited = 0;
    while (h.sockets.length === 1) {
      h.advance(100);
      waited += 100;
    }
    return waited;
  };
  expect(waits(0.1)).toBe(2800);
  expect(waits(0.9)).toBe(4800);
});

it('a socket that held for a heartbeat starts the next outage’s backoff afresh; one that did not keeps it', () => {
  const h = harness();
  h.transport.start();
  h.sockets[0]!.handlers.onClose(1006);
  h.advance(5000);
  h.sockets[1]!.handlers.onClose(1006);
  h.advance(10000);
  expect(h.sockets.length, 'third socket after 5 s + 10 s').toBe(3);
  // Opens and drops at once: the backoff goes on (20 s).
  h.sockets[2]!.handlers.onOpen();
  h.sockets[2]!.handlers.onClose(1006);
  h.advance(19999);
  expect(h.sockets.length).toBe(3);
  h.advance(1);
  expect(h.sockets.length).toBe(4);
  // Holds for a heartbeat: the next drop waits 5 s again.
  h.sockets[3]!.handlers.onOpen();
  h.advance(20000);
  h.sockets[3]!.handlers.onClose(1006);
  h.advance(5000);
  expect(h.sockets.length).toBe(5);
});

it('4401 / 4403 / 4429: no reconnect loop, polling only', () => {
  for (const code of [CLOSE_CODES.unauthenticated, CLOSE_CODES.forbidden, CLOSE_CODES.tooManyForUser]) {
    const h = harness();
    h.transport.start();
    h.sockets[0]!.handlers.onClose(code);
    expect(h.transport.phase).toBe('polling-only');
    h.advance(60000);
    expect(h.sockets.length, `no reconnect after ${code}`).toBe(1);
    expect(h.loads(), 'initial + 10 polls in 60 s').toBe(11);
  }
});

it('4440 login expired: no reconnect; stops entirely when the backend confirms', async () => {
  let expired = false;
  const h = harness(() => (expired ? 'expired' : 'ok'));
  h.transport.start();
  await h.flush();
  expired = true;
  h.sockets[0]!.handlers.onClose(CLOSE_CODES.loginExpired);
  await h.flush();
  expect(h.transport.phase).toBe('stopped');
  const loads = h.loads();
  h.advance(120000);
  expect(h.sockets.length, 'never reconnects').toBe(1);
  expect(h.loads(), 'no polling after the login expired').toBe(loads);
});

it('4440 while the backend still accepts the token: polling only, no reconnect', async () => {
  const h = harness();
  h.transport.start();
  h.sockets[0]!.handlers.onClose(CLOSE_CODES.loginExpired);
  await h.flush();
  expect(h.transport.phase).toBe('polling-only');
  h.advance(30000);
  expect(h.sockets.length).toBe(1);
});

it('stop closes the socket and clears every timer', () => {
  const h = harness();
  h.transport.start();
  h.sockets[0]!.handlers.onClose(1006);
  h.transport.stop();
  const loads = h.loads();
  h.advance(60000);
  expect(h.loads()).toBe(loads);
  expect(h.sockets.length).toBe(1);
  const h2 = harness();
  h2.transport.start();
  h2.sockets[0]!.handlers.onOpen();
  h2.transport.stop();
  expect(h2.sockets[0]!.closed).toBe(true);
  // late events from the closed socket change nothing
  h2.sockets[0]!.handlers.onClose(1006);
  h2.advance(60000);
  expect(h2.sockets.length).toBe(1);
});

it('closeAction and parseNoticeFrame', () => {
  expect(closeAction(1006)).toBe('reconnect');
  expect(closeAction(CLOSE_CODES.goingAway)).toBe('reconnect');
  expect(closeAction(CLOSE_CODES.tooManyTotal)).toBe('reconnect');
  expect(closeAction(CLOSE_CODES.loginExpired)).toBe('stop');
  expect(parseNoticeFrame('HeartBeat')).toBe(null);
  expect(parseNoticeFrame('{"cmd":"topic","title":"t"}')).toEqual({ cmd: 'topic', title: 't' });
  expect(parseNoticeFrame('{cmd:"user"}'), 'not JSON, never evaluated').toBe(null);
});

it('noticeSocketUrl follows the page protocol and host', () => {
  expect(noticeSocketUrl('http:', 'localhost:3000', '/jshERP-boot', 63)).toBe(
    'ws://localhost:3000/jshERP-boot/websocket/63',
  );
  expect(noticeSocketUrl('https:', 'erp.example.com', '/jshERP-boot/', '63')).toBe(
    'wss://erp.example.com/jshERP-boot/websocket/63',
  );
  expect(noticeSocketUrl('https:', 'a.com', 'https://api.b.com/jshERP-boot', 1)).toBe(
    'wss://api.b.com/jshERP-boot/websocket/1',
  );
});
