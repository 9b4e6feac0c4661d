import t from 'tap';
import { Writable } from 'node:stream';
import { isErrorEnvelope } from '../../../../shared/error-envelope.js';
import { CLOSE_CODES } from '../../../../shared/notices.js';
import { listenTestApp } from '../../../support/stack.js';
import { connect, login, sleep, startGateway, startUpstream } from './helpers.js';

t.test('the notices socket is authenticated by the session cookie', async (t) => {
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  const gateway = await startGateway(upstream.url);
  t.teardown(() => gateway.app.close());
  const jsh = await login(gateway.url, 'jsh');
  const test123 = await login(gateway.url, 'test123');

  t.test('login through the gateway sets the session cookie the socket needs', async (t) => {
    const attributes = jsh.setCookie.split(';').map((part) => part.trim().toLowerCase());
    t.ok(attributes.includes('httponly'));
    t.ok(attributes.includes('samesite=strict'));
    t.ok(attributes.includes('path=/jsherp-boot'));
  });

  t.test('no cookie: closed with 4401', async (t) => {
    const closed = await connect(gateway, jsh.userId).closed;
    t.equal(closed.code, CLOSE_CODES.unauthenticated);
    t.equal(closed.reason, 'login required');
  });

  t.test('a cookie that is not a token: closed with 4401, upstream not asked', async (t) => {
    const before = upstream.counter.count('/jshERP-boot/user/getUserSession');
    const closed = await connect(gateway, jsh.userId, { cookie: 'jsh_session=%0d%0aX-Evil:%201' }).closed;
    t.equal(closed.code, CLOSE_CODES.unauthenticated);
    t.equal(upstream.counter.count('/jshERP-boot/user/getUserSession'), before);
  });

  t.test("another user's id: closed with 4403", async (t) => {
    const closed = await connect(gateway, test123.userId, { cookie: jsh.cookie }).closed;
    t.equal(closed.code, CLOSE_CODES.forbidden);
    t.equal(closed.reason, 'user mismatch');
    const notNumeric = await connect(gateway, 'abc', { cookie: jsh.cookie }).closed;
    t.equal(notNumeric.code, CLOSE_CODES.forbidden);
  });

  t.test('a page of another site: closed with 4403', async (t) => {
    const closed = await connect(gateway, jsh.userId, { cookie: jsh.cookie, origin: 'https://evil.example' }).closed;
    t.equal(closed.code, CLOSE_CODES.forbidden);
    t.equal(closed.reason, 'origin not allowed');
  });

  t.test('an expired session: closed with 4440', async (t) => {
    const gone = await login(gateway.url, 'test123');
    const logout = await fetch(`${gateway.url}/jshERP-boot/user/logout`, { headers: { 'X-Access-Token': gone.token } });
    t.equal(logout.status, 200);
    const closed = await connect(gateway, gone.userId, { cookie: gone.cookie }).closed;
    t.equal(closed.code, CLOSE_CODES.loginExpired);
    t.equal(closed.reason, 'login expired');
  });

  t.test('the right user: accepted, HeartBeat answered, session check asked once then remembered', async (t) => {
    const jsh = await login(gateway.url, 'jsh');
    const before = upstream.counter.count('/jshERP-boot/user/getUserSession');
    const first = connect(gateway, jsh.userId, { cookie: jsh.cookie });
    await first.next((m) => m.cmd === 'user');
    const heartbeat = new Promise<string>((resolve) => first.ws.on('message', (data) => resolve(data.toString())));
    first.ws.send('HeartBeat');
    t.equal(await heartbeat, 'HeartBeat');
    const second = connect(gateway, jsh.userId, { cookie: jsh.cookie });
    await second.next((m) => m.cmd === 'user');
    t.equal(
      upstream.counter.count('/jshERP-boot/user/getUserSession') - before,
      1,
      'one session check for two sockets',
    );
    first.ws.close();
    second.ws.close();
    await Promise.all([first.closed, second.closed]);
  });

  t.test('the socket path is served by the gateway, never proxied', async (t) => {
    const before = upstream.counter.count('/jshERP-boot/websocket/63');
    const plain = await fetch(`${gateway.url}/jshERP-boot/websocket/63`, { headers: { 'X-Access-Token': jsh.token } });
    t.equal(plain.status, 426, 'a plain GET is told to upgrade');
    t.ok(isErrorEnvelope(await plain.json()), 'in the gateway envelope');
    const socket = connect(gateway, jsh.userId, { cookie: jsh.cookie });
    await socket.opened;
    socket.ws.close();
    await socket.closed;
    t.equal(upstream.counter.count('/jshERP-boot/websocket/63'), before, 'the upstream never saw the path');
  });
});

t.test('refusals are logged with the close code, never with the token', async (t) => {
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const { app, url } = await listenTestApp({}, { env: { UPSTREAM_URL: upstream.url, LOG_LEVEL: 'debug' }, logStream });
  t.teardown(() => app.close());
  const gateway = { app, url, wsUrl: url.replace(/^http/, 'ws') };
  const jsh = await login(url, 'jsh');
  const test123 = await login(url, 'test123');

  t.equal((await connect(gateway, test123.userId, { cookie: jsh.cookie }).closed).code, CLOSE_CODES.forbidden);
  const ok = connect(gateway, jsh.userId, { cookie: jsh.cookie });
  await ok.next((m) => m.cmd === 'user');
  ok.ws.close();
  await ok.closed;
  await fetch(`${url}/jshERP-boot/user/logout`, { headers: { 'X-Access-Token': jsh.token } });
  await sleep(100);

  const refusal = lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((l) => l.msg === 'notices: socket refused');
  t.match(refusal, { closeCode: CLOSE_CODES.forbidden, reason: 'user mismatch', userId: String(test123.userId) });
  for (const secret of [jsh.token, test123.token, jsh.token.split('_')[0]!]) {
    t.notOk(
      lines.some((line) => line.includes(secret)),
      'no log line holds a token',
    );
  }
});
