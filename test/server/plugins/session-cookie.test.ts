// The session cookie for the notices socket: set from a successful login, cleared on logout.
import t from 'tap';
import { SESSION_COOKIE } from '../../../shared/notices.js';
import { buildTestApp } from '../../support/stack.js';
import { startFakeUpstream, json, emptyServerError } from '../../support/fake-upstream.js';

const token = '3f2a9c0d1e2b4a5c6d7e8f9012345678_63';
const loginAnswer =
  `{"code":200,"data":{"msgTip":"user can login","token":"${token}","pwdSimple":true,` +
  '"user":{"id":63,"username":"测试用户","loginName":"jsh","password":null,"tenantId":63}}}';
const loginBody = JSON.stringify({
  loginName: 'jsh',
  password: 'e10adc3949ba59abbe56e057f20f883e',
  code: 'ab12',
  uuid: 'u1',
});

function sessionCookieOf(setCookie: string | string[] | undefined): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
}

t.test('a successful login sets the HttpOnly SameSite=Strict cookie and keeps the body byte for byte', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('POST /jshERP-boot/user/login', json(200, loginAnswer));
  const app = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());

  const res = await app.inject({
    method: 'POST',
    url: '/jshERP-boot/user/login',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
    payload: loginBody,
  });
  t.equal(res.statusCode, 200);
  t.equal(res.body, loginAnswer);
  const cookie = sessionCookieOf(res.headers['set-cookie']);
  t.ok(cookie);
  t.match(cookie, `${SESSION_COOKIE}=${token};`);
  t.match(cookie, /; HttpOnly/);
  t.match(cookie, /; SameSite=Strict/);
  t.match(cookie, /; Path=\/jshERP-boot/);
  t.notMatch(cookie, /; Secure/, 'not Secure over plain HTTP');
  t.equal(upstream.requests.at(-1)?.body.toString(), loginBody, 'the login request reached the backend unchanged');
});

t.test('Secure over HTTPS (trusted X-Forwarded-Proto); no cookie for a failed login', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('POST /jshERP-boot/user/login', json(200, loginAnswer));
  const app = await buildTestApp({ upstreamUrl: upstream.url, trustProxyHops: 1, trustedProxies: ['10.0.0.0/8'] });
  t.teardown(() => app.close());
  const https = await app.inject({
    method: 'POST',
    url: '/jshERP-boot/user/login',
    headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
    payload: loginBody,
    remoteAddress: '10.0.0.3',
  });
  t.match(sessionCookieOf(https.headers['set-cookie']), /; Secure/);

  const failures = [
    '{"code":200,"data":{"msgTip":"user password error"}}',
    '{"code":500012,"data":{"message":"验证码不能为空"}}',
    '{"code":500,"data":"用户登录失败"}',
    'not json',
  ];
  for (const answer of failures) {
    upstream.on('POST /jshERP-boot/user/login', json(200, answer));
    const res = await app.inject({
      method: 'POST',
      url: '/jshERP-boot/user/login',
      headers: { 'content-type': 'application/json' },
      payload: loginBody,
    });
    t.equal(res.body, answer);
    t.equal(sessionCookieOf(res.headers['set-cookie']), undefined, answer);
  }
});

t.test('logout clears the cookie; the cookie is not forwarded to the backend', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/user/logout', json(200, '{"code":400,"data":null}'));
  upstream.on('GET /jshERP-boot/user/info', json(200, { code: 200 }));
  const app = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());

  const info = await app.inject({
    url: '/jshERP-boot/user/info',
    headers: { cookie: `${SESSION_COOKIE}=${token}; theme=dark` },
  });
  t.equal(info.statusCode, 200);
  t.equal(upstream.requests.at(-1)?.headers.cookie, 'theme=dark', 'only the gateway reads its own cookie');

  const res = await app.inject({ url: '/jshERP-boot/user/logout', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
  t.equal(res.body, '{"code":400,"data":null}');
  const cleared = sessionCookieOf(res.headers['set-cookie']);
  t.ok(cleared, 'a clearing Set-Cookie is sent');
  t.match(cleared, /Expires=Thu, 01 Jan 1970|Max-Age=0/);
  t.match(cleared, /; Path=\/jshERP-boot/);

  upstream.on('GET /jshERP-boot/user/logout', emptyServerError());
  const expired = await app.inject({ url: '/jshERP-boot/user/logout' });
  t.equal(expired.statusCode, 500, 'logout without a session passes the backend answer through');
  t.ok(sessionCookieOf(expired.headers['set-cookie']), 'and still clears the cookie');
});

t.test('an oversized login answer streams through unchanged and sets no cookie', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  const huge = JSON.stringify({ code: 200, data: { token, padding: 'x'.repeat(200 * 1024) } });
  upstream.on('POST /jshERP-boot/user/login', json(200, huge));
  const app = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());
  const res = await app.inject({
    method: 'POST',
    url: '/jshERP-boot/user/login',
    headers: { 'content-type': 'application/json' },
    payload: loginBody,
  });
  t.equal(res.statusCode, 200);
  t.equal(res.body.length, huge.length);
  t.equal(res.body, huge, 'byte for byte');
  t.equal(sessionCookieOf(res.headers['set-cookie']), undefined, 'too big to be a login answer: not inspected');
});

t.test("a login answer whose token is not of the backend's shape sets no cookie", async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  const app = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());
  for (const odd of ['fresh_63', 'abc', `${token}_1`]) {
    upstream.on('POST /jshERP-boot/user/login', json(200, loginAnswer.replace(token, odd)));
    const res = await app.inject({
      method: 'POST',
      url: '/jshERP-boot/user/login',
      headers: { 'content-type': 'application/json' },
      payload: loginBody,
    });
    t.equal(res.statusCode, 200, `${odd}: the answer passes`);
    t.equal(sessionCookieOf(res.headers['set-cookie']), undefined, `${odd}: no cookie`);
  }
});
