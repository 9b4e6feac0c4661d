// The backend's auth filter (whitelisted prefixes, token check, loginOut), seen through the gateway.
import t from 'tap';
import { startStack } from './helpers.js';

t.test('auth filter, unmapped paths and wrong methods', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call, direct } = stack;

  t.test(
    'protected paths without a session: HTTP 500, body loginOut (empty for two paths), no Content-Type',
    async (t) => {
      const cases: [string, string, string][] = [
        ['GET', '/user/getUserSession', 'loginOut'],
        ['GET', '/user/infoWithTenant', 'loginOut'],
        ['GET', '/msg/list', 'loginOut'],
        ['GET', '/platformConfig/getInfoByKey?platformKey=pay_fee_url', 'loginOut'],
        ['GET', '/sys/user/getCurrentUserDeparts', 'loginOut'],
        ['GET', '/does/not/exist', 'loginOut'],
        ['GET', '/user/logout', ''],
        ['POST', '/function/findMenuByPNumber', ''],
      ];
      for (const [method, path, body] of cases) {
        const res = await direct(method, `/jshERP-boot${path}`);
        t.equal(res.status, 500, `${method} ${path} status`);
        t.equal(res.text, body, `${method} ${path} body`);
        t.equal(res.headers['content-type'], undefined, `${method} ${path} has no content-type`);
        const viaGateway = await call(method, path);
        t.equal(viaGateway.status, 500, `${method} ${path} status through the gateway`);
        t.equal(viaGateway.text, body, `${method} ${path} body through the gateway`);
      }
    },
  );

  t.test('open paths pass without a token', async (t) => {
    t.equal((await call('GET', '/user/randomImage')).status, 200);
    t.equal((await call('GET', '/platformConfig/getPlatform/name')).status, 200);
    const login = await call('POST', '/user/login', { body: { loginName: 'nobody', password: 'x' } });
    t.same(login.json(), { code: 200, data: { msgTip: 'user is not exist' } });
  });

  t.test('the token is read from the X-Access-Token header only', async (t) => {
    const { token } = await stack.login('jsh');
    t.equal((await call('GET', '/user/getUserSession', { token })).status, 200);
    const inQuery = await call('GET', `/user/getUserSession?X-Access-Token=${token}`);
    t.equal(inQuery.status, 500);
    t.equal(inQuery.text, 'loginOut');
    const inCookie = await call('GET', '/user/getUserSession', { headers: { cookie: `X-Access-Token=${token}` } });
    t.equal(inCookie.text, 'loginOut');
  });

  t.test(
    "'..', %2e and %2E give 500 loginOut even with a valid token (sandbox direct: the gateway's guard answers first)",
    async (t) => {
      const { token } = await stack.login('jsh');
      for (const path of [
        '/jshERP-boot/user/../user/getUserSession',
        '/jshERP-boot/%2e%2e/user/getUserSession',
        '/jshERP-boot/user/%2E/getUserSession',
        '/jshERP-boot/user/login/..',
      ]) {
        const res = await direct('GET', path, { 'x-access-token': token });
        t.equal(res.status, 500, path);
        t.equal(res.text, 'loginOut', path);
      }
    },
  );

  t.test(
    'unmapped path with a valid token: Spring 404 JSON; mapped path with a wrong method: 200 未知异常',
    async (t) => {
      const { token } = await stack.login('jsh');
      for (const path of [
        '/sys/user/getCurrentUserDepartsX',
        '/sys/annountCement/queryById',
        '/cas/client/validateLogin',
        '/api/user',
        '/websocket-nope/63',
      ]) {
        const res = await direct('GET', `/jshERP-boot${path}`, { 'x-access-token': token });
        t.equal(res.status, 404, path);
        t.match(res.headers['content-type'], /^application\/json/);
        const body = res.json();
        t.same(Object.keys(body), ['timestamp', 'status', 'error', 'message', 'path']);
        t.match(body, {
          status: 404,
          error: 'Not Found',
          message: 'No message available',
          path: `/jshERP-boot${path}`,
        });
        t.match(body.timestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/);
      }
      const wrongMethods: [string, string][] = [
        ['POST', '/msg/list'],
        ['POST', '/user/updatePwd'],
        ['GET', '/user/login'],
        ['DELETE', '/user/getUserSession'],
        ['PUT', '/depotHead/list'],
      ];
      for (const [method, path] of wrongMethods) {
        const res = await call(method, path, { token, body: {} });
        t.equal(res.status, 200, `${method} ${path}`);
        t.same(res.json(), { code: 500, data: '未知异常' }, `${method} ${path}`);
      }
    },
  );

  t.test('unreadable bodies are the global handler 未知异常 with HTTP 200', async (t) => {
    const { token } = await stack.login('jsh');
    const bad = await call('POST', '/msg/batchUpdateStatus', {
      token,
      rawBody: '{"ids":',
      headers: { 'content-type': 'application/json' },
    });
    t.same(bad.json(), { code: 500, data: '未知异常' });
    const text = await call('PUT', '/user/updatePwd', {
      token,
      rawBody: 'userId=63',
      headers: { 'content-type': 'text/plain' },
    });
    t.same(text.json(), { code: 500, data: '未知异常' });
    const login = await call('POST', '/user/login', { rawBody: '', headers: { 'content-type': 'application/json' } });
    t.same(login.json(), { code: 500, data: '未知异常' });
  });

  t.test('sessions: token shape, 3-day sliding TTL, expiry gives loginOut', async (t) => {
    const { token } = await stack.login('jsh');
    t.match(token, /^[0-9a-f]{32}_63$/);
    t.match((await stack.login('admin')).token, /^[0-9a-f]{32}_0$/);
    const session = stack.sandbox.app.sandbox.state.sessions.get(token);
    if (!session) throw new Error('no session stored');
    const clock = stack.sandbox.app.sandbox.state.clock;
    session.expiresAt = clock.ms() + 1000;
    t.equal((await call('GET', '/user/getUserSession', { token })).status, 200);
    const slid = session.expiresAt - clock.ms();
    t.ok(slid > 3 * 24 * 3600 * 1000 - 60_000 && slid <= 3 * 24 * 3600 * 1000, 'a lookup resets the TTL to 3 days');
    session.expiresAt = clock.ms() - 1;
    const expired = await call('GET', '/user/getUserSession', { token });
    t.equal(expired.status, 500);
    t.equal(expired.text, 'loginOut');
  });
});
