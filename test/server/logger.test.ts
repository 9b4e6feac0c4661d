// Logs: one line per request with the fields administrators need, and never a secret — checked by
// running real traffic (logins with passwords, tokens in headers and query, cookies, failures)
// through a captured logger.
import t from 'tap';
import { SESSION_COOKIE } from '../../shared/notices.js';
import { redactUrl } from '../../server/logger.js';
import { captureLogs, listenTestApp } from '../support/stack.js';
import { startFakeUpstream, json, loginOut, hang, refusedUrl } from '../support/fake-upstream.js';

const secrets = {
  plainPassword: 'Plain-Pa55word!',
  md5Password: 'e10adc3949ba59abbe56e057f20f883e',
  token: '9b1deb4d3b7d4bad9bdd2b0d7b3dcb6d_63',
  queryToken: 'c0ffee00c0ffee00c0ffee00c0ffee00_0',
  bearer: 'Bearer eyJhbGciOiJIUzI1NiJ9.secret-payload.sig',
  cookieValue: 'cookie-secret-4242',
  wsProtocol: 'ws-proto-secret-777',
  broadcast: 'broadcast-secret-31337',
};

t.test('real traffic through a captured logger leaves no secret in any line', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on(
    'POST /jshERP-boot/user/login',
    json(200, {
      code: 200,
      data: { msgTip: 'user can login', token: secrets.token, user: { id: 63, password: null } },
    }),
  );
  upstream.on('GET /jshERP-boot/user/getUserSession', loginOut());
  upstream.on('GET /jshERP-boot/slow', hang());
  upstream.on('GET /jshERP-boot/platformConfig/getPlatform/name', json(200, 'ERP'));
  upstream.on('GET /jshERP-boot/platformConfig/getPlatform/url', json(200, '#'));
  const logs = captureLogs();
  const { app, url } = await listenTestApp(
    { upstreamUrl: upstream.url, logLevel: 'trace', upstreamTimeoutMs: 200 },
    { logStream: logs.stream },
  );
  t.teardown(() => app.close());

  const authHeaders = {
    'x-access-token': secrets.token,
    authorization: secrets.bearer,
    cookie: `${SESSION_COOKIE}=${secrets.token}; other=${secrets.cookieValue}`,
    'sec-websocket-protocol': secrets.wsProtocol,
    'x-broadcast-token': secrets.broadcast,
  };
  const login = await fetch(`${url}/jshERP-boot/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      loginName: 'jsh',
      password: secrets.md5Password,
      plain: secrets.plainPassword,
      code: '',
      uuid: '',
    }),
  });
  t.equal(login.status, 200);
  t.match(login.headers.get('set-cookie'), secrets.token, 'the cookie was really set');
  const calls = [
    `/jshERP-boot/user/getUserSession?token=${secrets.queryToken}`,
    `/jshERP-boot/user/getUserSession?X-Access-Token=${secrets.queryToken}&page=1`,
    `/jshERP-boot/material/list?search=${secrets.queryToken}`,
    `/jshERP-boot/websocket/${secrets.queryToken}`,
    '/jshERP-boot/slow',
    `/jshERP-boot/..;/user/getAllList?access_token=${secrets.queryToken}`,
    `/jshERP-boot/plugin/list?password=${encodeURIComponent(secrets.plainPassword)}`,
    `/dashboard?pwd=${encodeURIComponent(secrets.plainPassword)}`,
    '/assets/missing.js',
    '/healthz',
  ];
  for (const path of calls) {
    const res = await fetch(`${url}${path}`, { headers: authHeaders });
    await res.arrayBuffer();
  }
  await fetch(`${url}/jshERP-boot/user/logout`, { headers: authHeaders }).then((r) => r.arrayBuffer());
  const big = await fetch(`${url}/jshERP-boot/user/updatePwd`, {
    method: 'PUT',
    headers: { ...authHeaders, 'content-type': 'application/json', 'content-length': String(20 * 1024 * 1024) },
    body: JSON.stringify({ oldpwd: secrets.md5Password, password: secrets.plainPassword }).padEnd(
      20 * 1024 * 1024,
      ' ',
    ),
  }).catch(() => null);
  await big?.arrayBuffer().catch(() => undefined);

  // An upstream that refuses, with the same headers.
  const down = await listenTestApp({ upstreamUrl: await refusedUrl(), logLevel: 'trace' }, { logStream: logs.stream });
  t.teardown(() => down.app.close());
  await fetch(`${down.url}/jshERP-boot/user/info?token=${secrets.queryToken}`, { headers: authHeaders }).then((r) =>
    r.arrayBuffer(),
  );
  await fetch(`${down.url}/readyz`, { headers: authHeaders }).then((r) => r.arrayBuffer());

  // An access line is written once its response has finished, which can be just after the client has it all.
  const accessLines = () => logs.lines().filter((l) => l.msg === 'request completed').length;
  for (let waited = 0; waited < 5000 && accessLines() < calls.length + 3; waited += 50)
    await new Promise((r) => setTimeout(r, 50));
  const text = logs.text();
  t.ok(text.length > 0, 'something was logged');
  for (const [name, secret] of Object.entries(secrets)) {
    t.notOk(text.includes(secret), `${name} never appears in the log`);
  }
  t.notOk(text.includes(encodeURIComponent(secrets.plainPassword)), 'nor the encoded password');

  const lines = logs.lines();
  const access = lines.filter((l) => l.msg === 'request completed');
  t.ok(access.length >= calls.length + 3, 'one line per request');
  for (const line of access) {
    for (const field of ['time', 'level', 'reqId', 'method', 'path', 'status', 'durationMs', 'ip']) {
      t.ok(line[field] !== undefined, `access line has ${field}`);
    }
  }
  const proxied = access.find((l) => l.path === '/jshERP-boot/user/login');
  t.equal(proxied?.upstreamStatus, 200, 'upstream status recorded');
  t.type(proxied?.upstreamMs, 'number', 'upstream duration recorded');
  t.type(proxied?.bytesOut, 'number', 'bytes recorded');
  const expired = access.find((l) => String(l.path).startsWith('/jshERP-boot/user/getUserSession?token='));
  t.equal(expired?.path, '/jshERP-boot/user/getUserSession?token=[REDACTED]');
  t.equal(expired?.status, 500);
  const timedOut = access.find((l) => l.path === '/jshERP-boot/slow');
  t.equal(timedOut?.status, 504);
  t.ok(
    lines.some((l) => l.msg === 'upstream unreachable' && l.upstreamError === 'ECONNREFUSED'),
    'upstream failure logged with its cause',
  );
  t.ok(
    lines.some((l) => l.msg === 'upstream timed out'),
    'timeout logged',
  );
});

t.test('redactUrl hides token-like query values and token-shaped path segments', async (t) => {
  t.equal(redactUrl('/a?token=abc&page=2'), '/a?token=[REDACTED]&page=2');
  const token = '0123456789abcdef0123456789abcdef_63';
  const escaped = [...token].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
  t.equal(redactUrl(`/ws/${escaped}/x`), '/ws/[REDACTED]/x', 'a percent-escaped token in the path');
  t.equal(redactUrl(`/a?id=${escaped}`), '/a?id=[REDACTED]', 'and in a query value');
  t.equal(redactUrl('/a/%E5%95%86%E5%93%81?q=%20x'), '/a/%E5%95%86%E5%93%81?q=%20x', 'other escapes stay as sent');
  t.equal(redactUrl('/a?X-Access-Token=abc'), '/a?X-Access-Token=[REDACTED]');
  t.equal(redactUrl('/a?password=x&pwd=y&name=z'), '/a?password=[REDACTED]&pwd=[REDACTED]&name=z');
  t.equal(redactUrl('/ws/0123456789abcdef0123456789abcdef_63'), '/ws/[REDACTED]');
  t.equal(redactUrl('/plain/path'), '/plain/path');
  // URLs with nothing to hide are returned without the per-part work; these must still take the full path.
  t.equal(redactUrl('/a?%70assword=x&page=1'), '/a?%70assword=[REDACTED]&page=1', 'a percent-escaped secret name');
  t.equal(redactUrl('/a/%zz?token=x'), '/a/%zz?token=[REDACTED]', 'an invalid escape elsewhere in the URL');
  t.equal(
    redactUrl(`/a?search=%7B%7D&q=${escaped.slice(0, 30)}${token.slice(10)}`),
    '/a?search=%7B%7D&q=[REDACTED]',
    'a token half escaped',
  );
  t.equal(
    redactUrl('/jshERP-boot/user/list?search=%7B%7D&currentPage=1&pageSize=10'),
    '/jshERP-boot/user/list?search=%7B%7D&currentPage=1&pageSize=10',
  );
});

t.test('redactUrl: secret names by an exact list, other values by their shape', async (t) => {
  const ordinary = [
    '/jshERP-boot/material/getMaterialByBarCode?barCode=6901234567890&mpList=',
    '/jshERP-boot/systemConfig/getCurrentInfo?platformKey=platform_name',
    '/jshERP-boot/platformConfig/getInfoByKey?keyId=7&KeyId=8',
    '/jshERP-boot/depot/list?search=%7B%22code%22%3A%22A1%22%7D&barcode=x&signed=1&authorName=li',
  ];
  for (const url of ordinary) t.equal(redactUrl(url), url, `${url}: nothing secret, nothing hidden`);
  t.equal(
    redactUrl('/a?sessionId=s1&Sign=s2&api_key=s3&X-ACCESS-TOKEN=s4&client_secret=s5&code=s6&oldpwd=s7&page=1'),
    '/a?sessionId=[REDACTED]&Sign=[REDACTED]&api_key=[REDACTED]&X-ACCESS-TOKEN=[REDACTED]&client_secret=[REDACTED]&code=[REDACTED]&oldpwd=[REDACTED]&page=1',
    'every spelling of a listed name',
  );
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2MyJ9.c2lnbmF0dXJl';
  t.equal(redactUrl(`/a?barCode=${jwt}`), '/a?barCode=[REDACTED]', 'a JWT under an ordinary name');
  t.equal(redactUrl(`/ws/${jwt}/x`), '/ws/[REDACTED]/x', 'a JWT in the path');
  t.equal(
    redactUrl('/a?keyId=0123456789abcdef0123456789abcdef_63'),
    '/a?keyId=[REDACTED]',
    'a token under an ordinary name',
  );
});
