// Login throttling: repeated failed logins from one address get 429 with Retry-After before the backend is asked;
// successes never count and clear their name's failures. Runs against the sandbox (it answers the backend's msgTips)
// behind a counter of what reaches it.
import { gzipSync } from 'node:zlib';
import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { isErrorEnvelope } from '../../../shared/error-envelope.js';
import { startSandbox } from '../../../server/sandbox/start.js';
import { isLoginPath } from '../../../server/plugins/login-throttle.js';
import { buildTestApp, listenTestApp, SANDBOX_CLOCK } from '../../support/stack.js';
import { startCountingRelay, type CountingRelay } from '../../support/counting-relay.js';
import { startRedisServer } from './notices/redis.js';
import { hang, json, startFakeUpstream } from '../../support/fake-upstream.js';

const LOGIN = '/jshERP-boot/user/login';
const RIGHT = 'e10adc3949ba59abbe56e057f20f883e'; // md5('123456'), the sandbox's demo password
const WRONG = '00000000000000000000000000000000';

async function startUpstream(t: Test, captcha = false): Promise<CountingRelay> {
  const sandbox = await startSandbox({ captcha, logger: false, clock: SANDBOX_CLOCK });
  const counter = await startCountingRelay(sandbox.url);
  t.teardown(async () => {
    await counter.close();
    await sandbox.close();
  });
  return counter;
}

async function gateway(t: Test, upstreamUrl: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildTestApp({}, { env: { UPSTREAM_URL: upstreamUrl, ...env } });
  t.teardown(() => app.close());
  return app;
}

function login(app: FastifyInstance, loginName: string, password: string, remoteAddress = '203.0.113.7', path = LOGIN) {
  return app.inject({
    method: 'POST',
    url: path,
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ loginName, password, code: '', uuid: '' }),
  });
}

const tipOf = (body: string): unknown => (JSON.parse(body) as { data?: { msgTip?: unknown } }).data?.msgTip;

t.test(
  'five wrong passwords for a name, then 429 for it from that address — even with the right password',
  async (t) => {
    const upstream = await startUpstream(t);
    const app = await gateway(t, upstream.url);

    for (let i = 1; i <= 5; i++) {
      const answer = await login(app, 'jsh', WRONG);
      t.equal(answer.statusCode, 200, `failure ${i} is the backend's answer`);
      t.equal(tipOf(answer.body), 'user password error');
    }
    t.equal(upstream.count(LOGIN), 5);

    const refused = await login(app, 'jsh', RIGHT);
    t.equal(refused.statusCode, 429);
    const retryAfter = Number(refused.headers['retry-after']);
    t.ok(retryAfter > 0 && retryAfter <= 15 * 60, `Retry-After ${retryAfter} s, within the 15-minute window`);
    const body: unknown = refused.json();
    t.ok(isErrorEnvelope(body), 'the gateway envelope');
    t.same(body, {
      code: 429,
      data: { message: `登录失败次数过多，请 ${Math.ceil(retryAfter / 60)} 分钟后再试` },
      requestId: refused.headers['x-request-id'],
    });
    t.equal(upstream.count(LOGIN), 5, 'the refused attempt never reached the backend');
    t.equal(refused.headers['set-cookie'], undefined, 'and set no session');

    t.equal(
      (await login(app, ' JSH ', RIGHT)).statusCode,
      429,
      'the name as the backend reads it (trimmed, any case) is the same name',
    );
    // An escaped spelling (/user/l%6Fgin) never gets this far: the path guard refuses it with 400.
    for (const variant of [`${LOGIN}/`, `${LOGIN}?x=1`]) {
      t.equal(
        (await login(app, 'jsh', RIGHT, '203.0.113.7', variant)).statusCode,
        429,
        `${variant} is the same route to the backend`,
      );
    }
    t.equal(
      tipOf((await login(app, 'jsh', RIGHT, '198.51.100.9')).body),
      'user can login',
      'the same name from another address logs in',
    );
    t.equal(
      tipOf((await login(app, 'test123', RIGHT)).body),
      'user can login',
      'another name from this address logs in',
    );
  },
);

t.test('every spelling Tomcat and Spring map to the login handler is the login', async (t) => {
  for (const path of [
    LOGIN,
    `${LOGIN}/`,
    `${LOGIN}//`,
    `${LOGIN}?a=1`,
    '/jshERP-boot/user/./login',
    '/jshERP-boot/./user/login/.',
    '/jshERP-boot/user/l%6Fgin',
  ]) {
    t.ok(isLoginPath(path), path);
  }
  for (const path of [
    '/jshERP-boot/user/logout',
    '/jshERP-boot/user/login2',
    '/jshERP-boot/user/LOGIN',
    '/jshERP-boot/user/login%',
    '/user/login',
  ]) {
    t.notOk(isLoginPath(path), path);
  }
});

t.test('successes never count, and one clears its name’s failures', async (t) => {
  const upstream = await startUpstream(t);
  const app = await gateway(t, upstream.url, { LOGIN_MAX_FAILURES: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '100' });

  for (let i = 0; i < 10; i++)
    t.equal(tipOf((await login(app, 'jsh', RIGHT)).body), 'user can login', `success ${i + 1}`);
  for (let i = 0; i < 2; i++) await login(app, 'jsh', WRONG);
  t.equal(tipOf((await login(app, 'jsh', RIGHT)).body), 'user can login', 'two failures, then the right password');
  for (let i = 0; i < 3; i++) {
    t.equal(
      tipOf((await login(app, 'jsh', WRONG)).body),
      'user password error',
      `failure ${i + 1} after the success is answered`,
    );
  }
  t.equal((await login(app, 'jsh', RIGHT)).statusCode, 429, 'the count started again at the success');
});

t.test('a looser cap per address covers guesses spread over many names', async (t) => {
  const upstream = await startUpstream(t);
  const app = await gateway(t, upstream.url, { LOGIN_MAX_FAILURES_PER_ADDRESS: '4' });
  for (const name of ['jsh', 'admin', 'test123', 'nobody']) await login(app, name, WRONG);
  t.equal(tipOf((await login(app, 'nobody', WRONG)).body), undefined, 'the fifth failure from the address is refused');
  const refused = await login(app, 'admin', RIGHT);
  t.equal(refused.statusCode, 429, 'for every name from that address');
  t.equal(upstream.count(LOGIN), 4);
  t.equal(
    tipOf((await login(app, 'admin', RIGHT, '198.51.100.9')).body),
    'user can login',
    'other addresses are not affected',
  );
});

t.test('parallel guesses cannot pass the limit before their answers are in', async (t) => {
  const upstream = await startUpstream(t);
  const app = await gateway(t, upstream.url);
  const answers = await Promise.all(Array.from({ length: 20 }, () => login(app, 'jsh', WRONG)));
  t.equal(answers.filter((a) => a.statusCode === 200).length, 5, 'five reached the backend');
  t.equal(answers.filter((a) => a.statusCode === 429).length, 15, 'the rest were refused');
  t.equal(upstream.count(LOGIN), 5);
});

t.test('captcha errors and bodies without a name are not password failures', async (t) => {
  const upstream = await startUpstream(t, true);
  const app = await gateway(t, upstream.url, { LOGIN_MAX_FAILURES: '2', LOGIN_MAX_FAILURES_PER_ADDRESS: '2' });
  for (let i = 0; i < 5; i++) {
    const answer = await login(app, 'jsh', WRONG);
    t.equal(answer.statusCode, 200);
    t.equal((answer.json() as { code: number }).code, 500012, 'the backend asked for the captcha');
  }
  const garbage = await app.inject({
    method: 'POST',
    url: LOGIN,
    remoteAddress: '203.0.113.7',
    headers: { 'content-type': 'application/json' },
    payload: '{',
  });
  t.not(garbage.statusCode, 429, 'a body that is not JSON is forwarded');
  t.equal(upstream.count(LOGIN), 6, 'every attempt reached the backend');
});

t.test('an answer the gateway cannot read counts as failed (a path variant, a compressed body)', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  const failed = gzipSync(JSON.stringify({ code: 200, data: { msgTip: 'user password error' } }));
  upstream.on(`POST ${LOGIN}/`, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end(failed);
  });
  const app = await gateway(t, upstream.url);
  for (let i = 0; i < 5; i++) {
    const answer = await app.inject({
      method: 'POST',
      url: `${LOGIN}/`,
      remoteAddress: '203.0.113.7',
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'gzip',
        'x-access-token': 'a-live-token-of-any-account',
      },
      payload: JSON.stringify({ loginName: 'jsh', password: WRONG, code: '', uuid: '' }),
    });
    t.equal(answer.statusCode, 200, `attempt ${i + 1} reached the backend`);
  }
  t.equal((await login(app, 'jsh', RIGHT)).statusCode, 429, 'the streamed failures counted');
  t.equal(upstream.count(`${LOGIN}/`), 5);
});

t.test('LOGIN_MAX_FAILURES=0 and LOGIN_MAX_FAILURES_PER_ADDRESS=0 turn it off', async (t) => {
  const upstream = await startUpstream(t);
  const app = await gateway(t, upstream.url, { LOGIN_MAX_FAILURES: '0', LOGIN_MAX_FAILURES_PER_ADDRESS: '0' });
  for (let i = 0; i < 8; i++) await login(app, 'jsh', WRONG);
  t.equal(tipOf((await login(app, 'jsh', RIGHT)).body), 'user can login');
});

t.test('the failures expire with the window', async (t) => {
  const upstream = await startUpstream(t);
  const app = await gateway(t, upstream.url, { LOGIN_MAX_FAILURES: '1', LOGIN_FAILURE_WINDOW_MS: '1000' });
  await login(app, 'jsh', WRONG);
  const refused = await login(app, 'jsh', RIGHT);
  t.equal(refused.statusCode, 429);
  t.equal(refused.headers['retry-after'], '1');
  t.match(refused.json(), { data: { message: '登录失败次数过多，请 1 分钟后再试' } }, 'at least one minute is said');
  // Condition wait: the right password is retried (it never counts) until the window has passed.
  for (let answer = refused; answer.statusCode === 429;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await login(app, 'jsh', RIGHT);
    if (answer.statusCode !== 429)
      t.equal(tipOf(answer.body), 'user can login', 'after the window the login goes through');
  }
});

t.test('with REDIS_URL the failures are shared by every replica', async (t) => {
  const redis = await startRedisServer();
  t.teardown(() => redis.stop());
  const upstream = await startUpstream(t);
  const env = { REDIS_URL: `${redis.url}/1` };
  const first = await gateway(t, upstream.url, env);
  const second = await gateway(t, upstream.url, env);
  for (let i = 0; i < 3; i++) t.equal(tipOf((await login(first, 'jsh', WRONG)).body), 'user password error');
  for (let i = 0; i < 2; i++) t.equal(tipOf((await login(second, 'jsh', WRONG)).body), 'user password error');
  t.equal((await login(first, 'jsh', RIGHT)).statusCode, 429, 'the replica that saw three sees five');
  t.equal((await login(second, 'jsh', RIGHT)).statusCode, 429, 'and so does the one that saw two');

  t.equal(tipOf((await login(second, 'test123', RIGHT)).body), 'user can login');
  await redis.stop();
  for (let i = 0; i < 5; i++) await login(first, 'admin', WRONG);
  t.equal((await login(first, 'admin', RIGHT)).statusCode, 429, 'with Redis gone each replica still counts its own');
});

/** The backend's login answers, by whether the password is RIGHT. */
function loginAnswer(tip: string) {
  return json(200, { code: 200, data: { msgTip: tip } });
}

async function until(what: string, condition: () => boolean, limitMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > limitMs) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

t.test('an attempt whose client goes away before the backend answers frees its place', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on(`POST ${LOGIN}`, hang());
  const { app, url } = await listenTestApp({}, { env: { UPSTREAM_URL: upstream.url } });
  t.teardown(() => app.close());
  const post = (signal?: AbortSignal) =>
    fetch(`${url}${LOGIN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginName: 'admin', password: RIGHT, code: '', uuid: '' }),
      signal,
    });
  const abandoned = new AbortController();
  const attempts = Array.from({ length: 5 }, () => post(abandoned.signal).catch(() => 'abandoned'));
  await until('five attempts reached the backend', () => upstream.count(LOGIN) === 5);
  abandoned.abort();
  t.same(await Promise.all(attempts), Array(5).fill('abandoned'));
  upstream.on(`POST ${LOGIN}`, loginAnswer('user can login'));
  const answer = await post(AbortSignal.timeout(10_000));
  t.equal(answer.status, 200, 'the right password is let through once the abandoned attempts are gone');
  t.equal(tipOf(await answer.text()), 'user can login');
});

t.test(
  'Retry-After is the true wait: the window left, or until the attempts still in flight have their answer',
  async (t) => {
    const upstream = await startFakeUpstream();
    t.teardown(() => upstream.close());
    upstream.on(`POST ${LOGIN}`, hang());
    const app = await gateway(t, upstream.url, { UPSTREAM_TIMEOUT_MS: '120000' });
    const pending = Array.from({ length: 5 }, () => login(app, 'admin', WRONG));
    await until('five attempts reached the backend', () => upstream.count(LOGIN) === 5);
    const refused = await login(app, 'admin', RIGHT);
    t.equal(refused.statusCode, 429, 'five attempts in flight fill the name’s allowance');
    const wait = Number(refused.headers['retry-after']);
    t.ok(
      wait > 100 && wait <= 120,
      `Retry-After ${wait} s: until the oldest attempt has its answer at the latest (UPSTREAM_TIMEOUT_MS)`,
    );
    t.match(refused.json(), { data: { message: '登录失败次数过多，请 2 分钟后再试' } });
    await app.close();
    await Promise.allSettled(pending);

    upstream.on(`POST ${LOGIN}`, loginAnswer('user password error'));
    const windowed = await gateway(t, upstream.url, { LOGIN_FAILURE_WINDOW_MS: '600000' });
    for (let i = 0; i < 5; i++) await login(windowed, 'admin', WRONG);
    const locked = await login(windowed, 'admin', RIGHT);
    const left = Number(locked.headers['retry-after']);
    t.ok(left > 500 && left <= 600, `Retry-After ${left} s: what is left of the 10-minute window`);
    t.match(locked.json(), { data: { message: `登录失败次数过多，请 ${Math.ceil(left / 60)} 分钟后再试` } });
  },
);

t.test('every spelling of a name the backend reads as one login counts as that name', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on(`POST ${LOGIN}`, loginAnswer('user password error'));
  const app = await gateway(t, upstream.url, { LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' });
  // String.trim() (controls and spaces), MySQL utf8_general_ci (case, accents, trailing spaces).
  for (const spelling of [' Jsh\t', 'JSH  ', 'jšh', 'JŠH\u0000', 'ǰsh']) {
    t.equal((await login(app, spelling, WRONG)).statusCode, 200, `${JSON.stringify(spelling)} reaches the backend`);
  }
  t.equal((await login(app, 'jsh', RIGHT)).statusCode, 429, 'five failures of one name, however spelt');
  t.equal(
    (await login(app, 'jsh\u3000', RIGHT)).statusCode,
    200,
    'an ideographic space is not trimmed by the backend: another name',
  );
});

t.test('a login name that is not a string is counted, not skipped', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on(`POST ${LOGIN}`, loginAnswer('user password error'));
  const app = await gateway(t, upstream.url, { LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' });
  const send = (loginName: unknown, password: string) =>
    app.inject({
      method: 'POST',
      url: LOGIN,
      remoteAddress: '203.0.113.7',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ loginName, password, code: '', uuid: '' }),
    });
  // Jackson reads a JSON number as its text: the backend checks the password of the login '2024'.
  for (let i = 0; i < 5; i++) await send(2024, WRONG);
  t.equal((await send('2024', RIGHT)).statusCode, 429, 'the number counted as the name it is read as');
  for (let i = 0; i < 5; i++) await send(['admin'], WRONG);
  t.equal((await send({ name: 'admin' }, WRONG)).statusCode, 429, 'names that are not text share one count');
  t.equal((await send('admin', RIGHT)).statusCode, 200, 'which is not the name they look like');
  t.equal((await send(['admin'], WRONG)).statusCode, 429, 'and a success of that name does not clear it');
});

t.test('a success answered for a login name that is not text does not clear the names that are not text', async (t) => {
  // The backend never checks the password of such a name (Jackson refuses it); the sandbox once logged `["jsh"]` in,
  // which cleared the shared count between guesses.
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  const app = await gateway(t, upstream.url, { LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' });
  const send = (loginName: unknown, password: string) =>
    app.inject({
      method: 'POST',
      url: LOGIN,
      remoteAddress: '203.0.113.8',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ loginName, password, code: '', uuid: '' }),
    });
  upstream.on(`POST ${LOGIN}`, loginAnswer('user password error'));
  for (let i = 0; i < 4; i++) t.equal((await send(['admin'], WRONG)).statusCode, 200, `guess ${i + 1}`);
  upstream.on(`POST ${LOGIN}`, loginAnswer('user can login'));
  t.equal((await send(['jsh'], RIGHT)).statusCode, 200, 'an upstream that says yes');
  upstream.on(`POST ${LOGIN}`, loginAnswer('user password error'));
  t.equal((await send(['admin'], WRONG)).statusCode, 200, 'the fifth guess');
  t.equal((await send(['admin'], WRONG)).statusCode, 429, 'the count went on past the success');
});
