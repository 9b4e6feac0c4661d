import t from 'tap';
import {
  NoticeTransport,
  closeAction,
  noticeSocketUrl,
  parseNoticeFrame,
  type NoticeClock,
  type NoticeLoadResult,
  type NoticeSocketHandlers,
} from '../../client/lib/notice-transport.js';
import { CLOSE_CODES } from '../../shared/notices.js';

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

function harness(loadResult: () => NoticeLoadResult = () => 'ok') {
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
  });
  const flush = () => new Promise((r) => setImmediate(r));
  return { transport, sockets, advance, flush, phases, loads: () => loads };
}

t.test('start loads once and opens the socket; open stops nothing and starts the heartbeat', async (t) => {
  const h = harness();
  h.transport.start();
  t.equal(h.loads(), 1, 'initial load on mount');
  t.equal(h.sockets.length, 1);
  t.equal(h.transport.phase, 'connecting');
  h.sockets[0]!.handlers.onOpen();
  t.equal(h.transport.phase, 'open');
  t.equal(h.transport.polling, false);
  h.advance(19999);
  t.same(h.sockets[0]!.sent, []);
  h.advance(1);
  t.same(h.sockets[0]!.sent, ['HeartBeat'], 'HeartBeat after 20 s');
  h.advance(20000);
  t.same(h.sockets[0]!.sent, ['HeartBeat', 'HeartBeat']);
  const loadsBefore = h.loads();
  h.advance(60000);
  t.equal(h.loads(), loadsBefore, 'no polling while the socket is open');
});

t.test('the first open does not reload again (start already loaded)', async (t) => {
  const h = harness();
  h.transport.start();
  h.sockets[0]!.handlers.onOpen();
  t.equal(h.loads(), 1);
});

t.test('a frame the caller handles itself (onNotice → false) does not reload', async (t) => {
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
  t.equal(loads, 1, 'user frame handled from its own data');
  socket!.onMessage(JSON.stringify({ cmd: 'topic', title: 'maintenance' }));
  t.equal(loads, 2, 'topic reloads');
  t.same(seen, [{ cmd: 'user', unread: 2, ids: [9, 8] }, { cmd: 'topic', title: 'maintenance' }]);
});

t.test("cmd 'user' and 'topic' reload; heartbeats and garbage do not", async (t) => {
  const h = harness();
  h.transport.start();
  h.sockets[0]!.handlers.onOpen();
  const base = h.loads();
  h.sockets[0]!.handlers.onMessage('HeartBeat');
  h.sockets[0]!.handlers.onMessage('not json');
  h.sockets[0]!.handlers.onMessage('{"cmd":"other"}');
  h.sockets[0]!.handlers.onMessage('alert(1)');
  t.equal(h.loads(), base);
  h.sockets[0]!.handlers.onMessage(JSON.stringify({ cmd: 'user', unread: 3, ids: [1, 2, 3] }));
  t.equal(h.loads(), base + 1);
  h.sockets[0]!.handlers.onMessage(JSON.stringify({ cmd: 'topic', title: 'x' }));
  t.equal(h.loads(), base + 2);
});

t.test('socket down: polls every 6 s, reconnects after 5 s, polling stops once open again', async (t) => {
  const h = harness();
  h.transport.start();
  h.sockets[0]!.handlers.onOpen();
  const base = h.loads();
  h.sockets[0]!.handlers.onClose(1006);
  t.equal(h.transport.phase, 'down');
  t.equal(h.transport.polling, true);
  h.advance(4999);
  t.equal(h.sockets.length, 1, 'no reconnect before 5 s');
  h.advance(1);
  t.equal(h.sockets.length, 2, 'reconnect after 5 s');
  // the new socket fails too: still polling, next reconnect 5 s later
  h.sockets[1]!.handlers.onClose(1006);
  h.advance(1000);
  t.equal(h.loads(), base + 1, 'first poll at 6 s');
  h.advance(4000);
  t.equal(h.sockets.length, 3);
  h.sockets[2]!.handlers.onOpen();
  t.equal(h.transport.polling, false);
  const afterOpen = h.loads();
  t.equal(afterOpen, base + 2, 'one catch-up reload on reopening');
  h.advance(60000);
  t.equal(h.loads(), afterOpen, 'no polling once the socket is back');
});

t.test('a socket that cannot be built counts as down', async (t) => {
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
  });
  transport.start();
  t.equal(transport.phase, 'down');
  advance(12000);
  t.equal(loads, 3, 'initial + two polls');
  t.equal(attempts, 3, 'retried at 5 s and 10 s');
});

t.test('4401 / 4403 / 4429: no reconnect loop, polling only', async (t) => {
  for (const code of [CLOSE_CODES.unauthenticated, CLOSE_CODES.forbidden, CLOSE_CODES.tooManyForUser]) {
    const h = harness();
    h.transport.start();
    h.sockets[0]!.handlers.onClose(code);
    t.equal(h.transport.phase, 'polling-only');
    h.advance(60000);
    t.equal(h.sockets.length, 1, `no reconnect after ${code}`);
    t.equal(h.loads(), 11, 'initial + 10 polls in 60 s');
  }
});

t.test('4440 login expired: no reconnect; stops entirely when the backend confirms', async (t) => {
  let expired = false;
  const h = harness(() => (expired ? 'expired' : 'ok'));
  h.transport.start();
  await h.flush();
  expired = true;
  h.sockets[0]!.handlers.onClose(CLOSE_CODES.loginExpired);
  await h.flush();
  t.equal(h.transport.phase, 'stopped');
  const loads = h.loads();
  h.advance(120000);
  t.equal(h.sockets.length, 1, 'never reconnects');
  t.equal(h.loads(), loads, 'no polling after the login expired');
});

t.test('4440 while the backend still accepts the token: polling only, no reconnect', async (t) => {
  const h = harness();
  h.transport.start();
  h.sockets[0]!.handlers.onClose(CLOSE_CODES.loginExpired);
  await h.flush();
  t.equal(h.transport.phase, 'polling-only');
  h.advance(30000);
  t.equal(h.sockets.length, 1);
});

t.test('stop closes the socket and clears every timer', async (t) => {
  const h = harness();
  h.transport.start();
  h.sockets[0]!.handlers.onClose(1006);
  h.transport.stop();
  const loads = h.loads();
  h.advance(60000);
  t.equal(h.loads(), loads);
  t.equal(h.sockets.length, 1);
  const h2 = harness();
  h2.transport.start();
  h2.sockets[0]!.handlers.onOpen();
  h2.transport.stop();
  t.equal(h2.sockets[0]!.closed, true);
  // late events from the closed socket change nothing
  h2.sockets[0]!.handlers.onClose(1006);
  h2.advance(60000);
  t.equal(h2.sockets.length, 1);
});

t.test('closeAction and parseNoticeFrame', async (t) => {
  t.equal(closeAction(1006), 'reconnect');
  t.equal(closeAction(CLOSE_CODES.goingAway), 'reconnect');
  t.equal(closeAction(CLOSE_CODES.tooManyTotal), 'reconnect');
  t.equal(closeAction(CLOSE_CODES.loginExpired), 'stop');
  t.equal(parseNoticeFrame('HeartBeat'), null);
  t.same(parseNoticeFrame('{"cmd":"topic","title":"t"}'), { cmd: 'topic', title: 't' });
  t.equal(parseNoticeFrame('{cmd:"user"}'), null, 'not JSON, never evaluated');
});

t.test('noticeSocketUrl follows the page protocol and host', async (t) => {
  t.equal(noticeSocketUrl('http:', 'localhost:3000', '/jshERP-boot', 63), 'ws://localhost:3000/jshERP-boot/websocket/63');
  t.equal(noticeSocketUrl('https:', 'erp.example.com', '/jshERP-boot/', '63'), 'wss://erp.example.com/jshERP-boot/websocket/63');
  t.equal(noticeSocketUrl('https:', 'a.com', 'https://api.b.com/jshERP-boot', 1), 'wss://api.b.com/jshERP-boot/websocket/1');
});
