import t from 'tap';
import v8 from 'node:v8';
import vm from 'node:vm';
import WebSocket from 'ws';
import { CLOSE_CODES } from '../../../../shared/notices.js';
import {
  connect,
  login,
  loginUpstream,
  sleep,
  startGateway,
  startNoticesOnly,
  startUpstream,
  until,
} from './helpers.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
function memory(): number {
  gc();
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

t.test('a socket that stops reading is closed with 4408 and memory stays bounded', async (t) => {
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  const gateway = await startGateway(upstream.url, { BROADCAST_TOKEN: 'bcast-token', NOTICE_POLL_MS: '60000' });
  t.teardown(() => gateway.app.close());
  const jsh = await login(gateway.url, 'jsh');
  const test123 = await login(gateway.url, 'test123');

  const slow = connect(gateway, jsh.userId, { cookie: jsh.cookie });
  await slow.next((m) => m.cmd === 'user');
  // A healthy reader that only counts, so the test process itself keeps nothing.
  const healthy = new WebSocket(`${gateway.wsUrl}/jshERP-boot/websocket/${test123.userId}`, {
    headers: { cookie: test123.cookie },
  });
  let healthyTopics = 0;
  healthy.on('message', (data) => {
    if (data.toString().startsWith('{"cmd":"topic"')) healthyTopics++;
  });
  await new Promise((resolve) => healthy.once('message', resolve));

  (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
  const content = '通'.repeat(10_000); // ~30 KB per frame
  const before = memory();
  const rounds = 2_000; // ~60 MB sent in all: far past what the socket may buffer
  for (let i = 0; i < rounds; i++) {
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/gateway/notices',
      headers: { authorization: 'Bearer bcast-token', 'content-type': 'application/json' },
      payload: JSON.stringify({ title: `第${i}条`, content }),
    });
    if (response.statusCode !== 200) throw new Error(`broadcast answered ${response.statusCode}`);
  }
  await until('the healthy socket got every broadcast', () => healthyTopics === rounds, 30_000);
  const grown = memory() - before;
  t.ok(grown < 24 * 1024 * 1024, `memory grew by ${(grown / 1048576).toFixed(1)} MiB for ~60 MB broadcast`);

  (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
  const closed = await slow.closed;
  t.equal(closed.code, CLOSE_CODES.slowConsumer);
  t.equal(closed.reason, 'slow consumer');
  const topics = slow.messages.filter((m) => m.cmd === 'topic').length;
  t.ok(topics < rounds, `the slow socket got only what fit its buffer (${topics} of ${rounds})`);
  t.equal(healthy.readyState, WebSocket.OPEN, 'the healthy reader is still served');
  healthy.close();
});

t.test('socket limits per user and in total', async (t) => {
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  const gateway = await startGateway(upstream.url, { WS_MAX_PER_USER: '2', WS_MAX_TOTAL: '3' });
  t.teardown(() => gateway.app.close());
  const jsh = await login(gateway.url, 'jsh');
  const test123 = await login(gateway.url, 'test123');
  const admin = await login(gateway.url, 'admin');

  const first = [
    connect(gateway, jsh.userId, { cookie: jsh.cookie }),
    connect(gateway, jsh.userId, { cookie: jsh.cookie }),
  ];
  await Promise.all(first.map((s) => s.next((m) => m.cmd === 'user')));
  const third = await connect(gateway, jsh.userId, { cookie: jsh.cookie }).closed;
  t.same(third, { code: CLOSE_CODES.tooManyForUser, reason: 'too many connections for this user' });

  const other = connect(gateway, test123.userId, { cookie: test123.cookie });
  await other.next((m) => m.cmd === 'user');
  const fourth = await connect(gateway, admin.userId, { cookie: admin.cookie }).closed;
  t.same(fourth, { code: CLOSE_CODES.tooManyTotal, reason: 'too many connections' });

  // A freed place can be used again. The gateway counts the close when its side of the socket ends, which can be
  // a moment after the client's: a refused try is tried again, as the shell's reconnect would.
  other.ws.close();
  await other.closed;
  let again = connect(gateway, admin.userId, { cookie: admin.cookie });
  for (let tries = 1; ; tries++) {
    const outcome = await Promise.race([
      again
        .next((m) => m.cmd === 'user')
        .then(
          () => 'open',
          () => 'no state',
        ),
      again.closed.then((c) => c.reason),
    ]);
    if (outcome === 'open' || tries === 20) {
      t.equal(outcome, 'open', 'a closed socket frees its place');
      break;
    }
    await sleep(100);
    again = connect(gateway, admin.userId, { cookie: admin.cookie });
  }
  [...first, again].forEach((s) => s.ws.close());
});

t.test('a client frame over 4 KiB closes the socket with 1009', async (t) => {
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  const gateway = await startGateway(upstream.url);
  t.teardown(() => gateway.app.close());
  const jsh = await login(gateway.url, 'jsh');
  const socket = connect(gateway, jsh.userId, { cookie: jsh.cookie });
  await socket.next((m) => m.cmd === 'user');
  socket.ws.send('x'.repeat(5_000));
  t.equal((await socket.closed).code, CLOSE_CODES.tooBig);
});

t.test('app.close() closes every socket with 1001', async (t) => {
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  const gateway = await startGateway(upstream.url);
  const jsh = await login(gateway.url, 'jsh');
  const test123 = await login(gateway.url, 'test123');
  const sockets = [
    connect(gateway, jsh.userId, { cookie: jsh.cookie }),
    connect(gateway, jsh.userId, { cookie: jsh.cookie }),
    connect(gateway, test123.userId, { cookie: test123.cookie }),
  ];
  await Promise.all(sockets.map((s) => s.next((m) => m.cmd === 'user')));
  await gateway.app.close();
  const closed = await Promise.all(sockets.map((s) => s.closed));
  t.same(
    closed,
    sockets.map(() => ({ code: CLOSE_CODES.goingAway, reason: 'server shutting down' })),
  );
});

t.test('a socket that stops answering pings is terminated; one that answers stays', async (t) => {
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  const gateway = await startNoticesOnly(upstream.url, {}, { pingIntervalMs: 100 });
  t.teardown(() => gateway.app.close());
  const jsh = await loginUpstream(upstream.url, 'jsh');
  const answering = connect(gateway, jsh.userId, { cookie: jsh.cookie });
  await answering.next((m) => m.cmd === 'user');
  const silent = new WebSocket(`${gateway.wsUrl}/jshERP-boot/websocket/${jsh.userId}`, {
    headers: { cookie: jsh.cookie },
    autoPong: false,
  });
  const silentClosed = new Promise<number>((resolve) => silent.on('close', (code) => resolve(code)));
  await new Promise((resolve) => silent.once('message', resolve));
  t.equal(await silentClosed, 1006, 'terminated without a close frame');
  await sleep(500);
  t.equal(answering.ws.readyState, WebSocket.OPEN, 'the answering socket is still open after five pings');
  answering.ws.close();
});
