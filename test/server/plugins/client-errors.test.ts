// POST /gateway/client-errors: a crashed view's report becomes one `client error` warn line with its fields,
// nothing else from the request (no header, no cookie, no token); bad, hostile or oversized bodies get the envelope;
// a flood from one address is cut off without touching another's.
import t, { type Test } from 'tap';
import { CLIENT_ERRORS_PATH } from '../../../shared/client-errors.js';
import { GATEWAY_MESSAGES } from '../../../shared/error-envelope.js';
import { captureLogs, buildTestApp } from '../../support/stack.js';
import { refusedUrl } from '../../support/fake-upstream.js';

const TOKEN = '0123456789abcdef0123456789abcdef_63';

const report = {
  message: `TypeError: Cannot read properties of undefined (reading 'rows') after X-Access-Token: ${TOKEN}`,
  stack: `TypeError: x\n    at List (http://erp.example.com/assets/index-abc.js:1:2)\n    at /jshERP-boot/user/list?token=${TOKEN}`,
  componentStack: '\n    at List\n    at ViewHost',
  path: '/system/user',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
  release: 'index-abc.js',
};

async function appWithLogs(t: Test) {
  const logs = captureLogs();
  const app = await buildTestApp({ upstreamUrl: await refusedUrl(), logLevel: 'info' }, { logStream: logs.stream });
  t.teardown(() => app.close());
  return { app, logs };
}

const clientErrorLines = (logs: ReturnType<typeof captureLogs>) =>
  logs.lines().filter((line) => line.msg === 'client error');

t.test(
  'a report is logged once at warn with its fields; the token in it and the request headers are not',
  async (t) => {
    const { app, logs } = await appWithLogs(t);
    const response = await app.inject({
      method: 'POST',
      url: CLIENT_ERRORS_PATH,
      headers: { 'x-access-token': TOKEN, cookie: `jsh_session=${TOKEN}`, authorization: `Bearer ${TOKEN}` },
      payload: report,
    });
    t.equal(response.statusCode, 204);
    t.equal(response.body, '');
    const lines = clientErrorLines(logs);
    t.equal(lines.length, 1, 'one line');
    const line = lines[0]!;
    t.equal(line.level, 'warn');
    const fields = line.clientError as Record<string, string>;
    t.match(
      fields.message,
      /^TypeError: Cannot read properties of undefined \(reading 'rows'\) after X-Access-Token: \[REDACTED\]$/,
    );
    t.match(fields.stack, /at List \(http:\/\/erp\.example\.com\/assets\/index-abc\.js:1:2\)/);
    t.equal(fields.componentStack, report.componentStack);
    t.equal(fields.path, '/system/user');
    t.equal(fields.userAgent, report.userAgent);
    t.equal(fields.release, 'index-abc.js');
    t.notOk(logs.text().includes(TOKEN), 'the token appears nowhere in the logs');
    t.notOk(logs.text().includes('0123456789abcdef0123456789abcdef'), 'not even without its tenant suffix');
  },
);

t.test('a path with a query keeps only the path; long strings are cut', async (t) => {
  const { app, logs } = await appWithLogs(t);
  const response = await app.inject({
    method: 'POST',
    url: CLIENT_ERRORS_PATH,
    payload: { ...report, path: '/system/user?search=张三#top', message: 'x'.repeat(3000), stack: 'y'.repeat(9000) },
  });
  t.equal(response.statusCode, 204);
  const fields = clientErrorLines(logs)[0]!.clientError as Record<string, string>;
  t.equal(fields.path, '/system/user');
  t.equal(fields.message, `${'x'.repeat(1000)}…`, 'message cut');
  t.equal(fields.stack, `${'y'.repeat(4000)}…`, 'stack cut');
});

t.test('bad bodies get the 400 envelope and log no client error; oversized ones 413', async (t) => {
  const { app, logs } = await appWithLogs(t);
  const bad: Array<{ payload: string; type?: string; label: string }> = [
    { payload: '{"message":', label: 'broken JSON' },
    { payload: '[]', label: 'an array' },
    { payload: '{"path":"/x"}', label: 'no message' },
    { payload: JSON.stringify({ ...report, message: { toString: 'x' } }), label: 'message not a string' },
    { payload: '{"__proto__":{"polluted":true},"message":"m","path":"/"}', label: '__proto__' },
    {
      payload: '{"constructor":{"prototype":{"polluted":true}},"message":"m","path":"/"}',
      label: 'constructor.prototype',
    },
    { payload: 'message=x', type: 'application/x-www-form-urlencoded', label: 'a form' },
  ];
  for (const { payload, type, label } of bad) {
    const response = await app.inject({
      method: 'POST',
      url: CLIENT_ERRORS_PATH,
      headers: { 'content-type': type ?? 'application/json' },
      payload,
    });
    t.ok(response.statusCode === 400 || response.statusCode === 415, `${label}: ${response.statusCode}`);
    t.same(
      response.json(),
      {
        code: response.statusCode,
        data: { message: GATEWAY_MESSAGES.badRequest },
        requestId: response.headers['x-request-id'],
      },
      `${label}: envelope`,
    );
  }
  t.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype polluted');
  const huge = await app.inject({
    method: 'POST',
    url: CLIENT_ERRORS_PATH,
    payload: { ...report, stack: 'z'.repeat(32 * 1024) },
  });
  t.equal(huge.statusCode, 413);
  t.same(huge.json().data, { message: GATEWAY_MESSAGES.payloadTooLarge });
  t.equal(clientErrorLines(logs).length, 0, 'nothing logged as a client error');
  // A field the report does not have is dropped, never logged.
  const extra = await app.inject({
    method: 'POST',
    url: CLIENT_ERRORS_PATH,
    payload: { ...report, userId: 63, loginName: 'jsh' },
  });
  t.equal(extra.statusCode, 204);
  t.same(Object.keys(clientErrorLines(logs)[0]!.clientError as object).sort(), [
    'componentStack',
    'message',
    'path',
    'release',
    'stack',
    'userAgent',
  ]);
  t.notOk(logs.text().includes('"loginName"'), 'the unknown fields are not logged');
  const alive = await app.inject({ url: '/healthz' });
  t.equal(alive.statusCode, 200, 'the gateway still serves');
});

t.test('more than 10 reports a minute from one address get 429; another address is still heard', async (t) => {
  const { app, logs } = await appWithLogs(t);
  const send = (remoteAddress: string) =>
    app.inject({ method: 'POST', url: CLIENT_ERRORS_PATH, payload: report, remoteAddress });
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await send('10.0.0.1')).statusCode);
  t.same(statuses, [...Array(10).fill(204), 429, 429]);
  const refused = await send('10.0.0.1');
  t.equal(refused.statusCode, 429);
  t.ok(Number(refused.headers['retry-after']) > 0, 'Retry-After');
  t.same(refused.json().data, { message: GATEWAY_MESSAGES.overloaded });
  t.equal((await send('10.0.0.2')).statusCode, 204, 'another address');
  t.equal(clientErrorLines(logs).length, 11, 'only the accepted reports are logged');
});

t.test('IPv6 addresses count by their /64: one client cannot spread its reports over its prefix', async (t) => {
  const { app } = await appWithLogs(t);
  const send = (remoteAddress: string) =>
    app.inject({ method: 'POST', url: CLIENT_ERRORS_PATH, payload: report, remoteAddress });
  const statuses: number[] = [];
  for (let i = 1; i <= 11; i++) statuses.push((await send(`2001:db8:5:6::${i.toString(16)}:1`)).statusCode);
  t.same(statuses, [...Array(10).fill(204), 429], 'eleven addresses of one /64 share its ten reports');
  t.equal((await send('2001:db8:5:7::1')).statusCode, 204, 'the next /64 is another client');

  const perAddress = await buildTestApp({ upstreamUrl: await refusedUrl(), ipv6PrefixLength: 128 });
  t.teardown(() => perAddress.close());
  const own: number[] = [];
  for (let i = 1; i <= 11; i++)
    own.push(
      (
        await perAddress.inject({
          method: 'POST',
          url: CLIENT_ERRORS_PATH,
          payload: report,
          remoteAddress: `2001:db8:5:6::${i}`,
        })
      ).statusCode,
    );
  t.same(own, Array(11).fill(204), 'IPV6_PREFIX_LENGTH=128 counts each address');
});

t.test('150 addresses cannot push more than CLIENT_ERROR_REPORTS_PER_MINUTE into the log', async (t) => {
  const logs = captureLogs();
  const app = await buildTestApp(
    { upstreamUrl: await refusedUrl(), logLevel: 'info', clientErrorReportsPerMinute: 50 },
    { logStream: logs.stream },
  );
  t.teardown(() => app.close());
  const statuses: number[] = [];
  for (let address = 1; address <= 150; address++) {
    for (let i = 0; i < 10; i++) {
      const answer = await app.inject({
        method: 'POST',
        url: CLIENT_ERRORS_PATH,
        payload: report,
        remoteAddress: `10.1.${address >> 8}.${address & 255}`,
      });
      statuses.push(answer.statusCode);
    }
  }
  t.equal(statuses.filter((s) => s === 204).length, 50, 'the first 50 of 1,500 reports, each within its address’s 10');
  t.equal(statuses.filter((s) => s === 429).length, 1_450, 'the rest refused');
  t.equal(clientErrorLines(logs).length, 50, 'the log holds the budget, not the flood');
  t.equal(
    logs.lines().filter((line) => String(line.msg).includes('CLIENT_ERROR_REPORTS_PER_MINUTE')).length,
    1,
    'one line says the budget was met',
  );
});
