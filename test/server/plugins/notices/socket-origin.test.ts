// The notices socket accepts a page only from its own origin (scheme, host and port), and never writes a token put
// in the user-id position into a log line.
import t from 'tap';
import { CLOSE_CODES } from '../../../../shared/notices.js';
import { captureLogs, listenTestApp } from '../../../support/stack.js';
import { connect, login, startGateway, startUpstream, until, type Gateway } from './helpers.js';

/** 'open' once the socket receives its first notice (then it is closed again), else the close code and reason. */
async function outcome(
  gateway: Gateway,
  userId: number,
  headers: Record<string, string>,
): Promise<'open' | { code: number; reason: string }> {
  const socket = connect(gateway, userId, headers);
  const first = await Promise.race([socket.next((m) => m.cmd === 'user').then(() => 'open' as const), socket.closed]);
  if (first === 'open') {
    socket.ws.close();
    await socket.closed;
  }
  return first;
}

const opens = async (gateway: Gateway, userId: number, headers: Record<string, string>): Promise<boolean> =>
  (await outcome(gateway, userId, headers)) === 'open';
const refusal = outcome;

t.test('the Origin must be the gateway’s own origin: scheme, host and port', async (t) => {
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  const gateway = await startGateway(upstream.url);
  t.teardown(() => gateway.app.close());
  const jsh = await login(gateway.url, 'jsh');
  const own = new URL(gateway.url);

  t.ok(await opens(gateway, jsh.userId, { cookie: jsh.cookie, origin: gateway.url }), 'its own origin is accepted');
  t.ok(await opens(gateway, jsh.userId, { cookie: jsh.cookie }), 'no Origin (not a browser) is accepted');

  const otherPort = `http://${own.hostname}:${Number(own.port) === 65535 ? 65534 : Number(own.port) + 1}`;
  t.same(
    await refusal(gateway, jsh.userId, { cookie: jsh.cookie, origin: otherPort }),
    { code: CLOSE_CODES.forbidden, reason: 'origin not allowed' },
    'another port of the same host is refused',
  );
  t.same(
    await refusal(gateway, jsh.userId, { cookie: jsh.cookie, origin: `https://${own.host}` }),
    { code: CLOSE_CODES.forbidden, reason: 'origin not allowed' },
    'another scheme is refused',
  );
  t.same(
    await refusal(gateway, jsh.userId, { cookie: jsh.cookie, origin: `http://${own.hostname}` }),
    { code: CLOSE_CODES.forbidden, reason: 'origin not allowed' },
    'the same host on the default port is another origin',
  );
  t.same(
    await refusal(gateway, jsh.userId, { cookie: jsh.cookie, origin: 'null' }),
    { code: CLOSE_CODES.forbidden, reason: 'origin not allowed' },
    'an opaque origin (sandboxed frame, file:) is refused',
  );
  t.same(
    await refusal(gateway, jsh.userId, {
      cookie: jsh.cookie,
      origin: `https://${own.host}`,
      'x-forwarded-proto': 'https',
    }),
    { code: CLOSE_CODES.forbidden, reason: 'origin not allowed' },
    'X-Forwarded-Proto from an untrusted peer does not change the own origin',
  );
  t.ok(
    await opens(gateway, jsh.userId, { cookie: jsh.cookie, origin: `http://${own.host.toUpperCase()}` }),
    'origins compare case-insensitively in the host',
  );
});

t.test('behind a trusted TLS proxy the own origin is the one the proxy reports', async (t) => {
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  const gateway = await startGateway(upstream.url, { TRUSTED_PROXIES: '127.0.0.1' });
  t.teardown(() => gateway.app.close());
  const jsh = await login(gateway.url, 'jsh');
  // The test connects from loopback, a private address: the nearest hop is believed.
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'erp.example.com' };

  t.ok(
    await opens(gateway, jsh.userId, { cookie: jsh.cookie, origin: 'https://erp.example.com', ...forwarded }),
    'the forwarded origin',
  );
  t.ok(
    await opens(gateway, jsh.userId, { cookie: jsh.cookie, origin: 'https://erp.example.com:443', ...forwarded }),
    'default port spelt out',
  );
  t.same(await refusal(gateway, jsh.userId, { cookie: jsh.cookie, origin: 'http://erp.example.com', ...forwarded }), {
    code: CLOSE_CODES.forbidden,
    reason: 'origin not allowed',
  });
  t.same(
    await refusal(gateway, jsh.userId, { cookie: jsh.cookie, origin: 'https://erp.example.com:8443', ...forwarded }),
    {
      code: CLOSE_CODES.forbidden,
      reason: 'origin not allowed',
    },
  );
});

t.test('a token in the user-id position never reaches a log line', async (t) => {
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  const logs = captureLogs();
  const { app, url } = await listenTestApp(
    {},
    {
      env: { UPSTREAM_URL: upstream.url, LOG_LEVEL: 'trace' },
      logStream: logs.stream,
      underPressure: { maxEventLoopDelay: 0, maxEventLoopUtilization: 0 },
    },
  );
  t.teardown(() => app.close());
  const gateway = { app, url, wsUrl: url.replace(/^http/, 'ws') };
  const jsh = await login(url, 'jsh');
  const [hex] = jsh.token.split('_') as [string];
  const encoded = [...jsh.token].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');

  const positions = [jsh.token, jsh.token.toUpperCase(), hex, `${jsh.token}x`];
  for (const segment of positions) {
    const closed = await connect(gateway, segment as unknown as number, { cookie: jsh.cookie }).closed;
    t.equal(closed.code, CLOSE_CODES.forbidden, 'a non-numeric id is refused');
  }
  // Every character escaped is not a canonical path: the path guard refuses the upgrade before the socket route.
  await t.rejects(connect(gateway, encoded, { cookie: jsh.cookie }).opened, /upgrade refused with HTTP 400/);
  await until(
    'every refusal was logged',
    () => logs.lines().filter((l) => l.msg === 'notices: socket refused').length === positions.length,
  );
  const refusals = logs.lines().filter((l) => l.msg === 'notices: socket refused');
  for (const line of refusals) t.equal(line.userId, '[REDACTED]', 'the refusal names no raw segment');
  const text = logs.text();
  for (const secret of [jsh.token, hex, encoded]) {
    t.notOk(
      text.toLowerCase().includes(secret.toLowerCase()),
      `no log line holds ${secret.slice(0, 4)}… or its encoded form`,
    );
  }
});
