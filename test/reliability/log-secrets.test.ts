// The logs contain none of the secrets that passed through: passwords (as md5, the only form on the wire),
// tokens, cookies, Authorization values, the broadcast token. Traffic that carries secrets in every place a
// logger could pick them up (headers, query, path, bodies, websocket upgrade, refused calls) goes through the
// production start command on its embedded sandbox at LOG_LEVEL=debug; its whole stdout is searched.
import { createHash } from 'node:crypto';
import t from 'tap';
import WebSocket from 'ws';
import { SESSION_COOKIE } from '../../shared/notices.js';
import { startGatewayProcess } from './gateway-process.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

t.test('no secret of a login, a session, a socket, a broadcast or a password change reaches the logs', async (t) => {
  const broadcastToken = 'bt-reliability-5b0c1e9a7d3f4e2a8c6b';
  // A Redis that is not there: its URL's password must not surface in the errors the gateway logs about it.
  const redisPassword = 'redis-pass-secret-0b7e';
  const gateway = await startGatewayProcess({
    LOG_LEVEL: 'debug',
    SANDBOX_CAPTCHA: 'false',
    BROADCAST_TOKEN: broadcastToken,
    REDIS_URL: `redis://:${redisPassword}@127.0.0.1:1/1`,
    LOGIN_MAX_FAILURES: '2',
  });
  t.teardown(() => {
    if (gateway.child.exitCode === null) gateway.child.kill('SIGKILL');
  });
  const api = `${gateway.url}/jshERP-boot`;
  // A just-started gateway on a busy machine may shed its first requests (503); wait until it proxies.
  for (let ok = 0, tries = 0; ok < 3 && tries < 100; tries++) {
    const probe = await fetch(`${api}/platformConfig/getPlatform/name`);
    await probe.arrayBuffer();
    ok = probe.status === 200 ? ok + 1 : 0;
    if (probe.status !== 200) await new Promise((r) => setTimeout(r, 200));
  }
  const secrets: string[] = [broadcastToken, redisPassword, md5('123456'), md5('wrong-Secret-9'), md5('N3w-Secret!')];
  const basic = Buffer.from('admin:basic-pass-77').toString('base64');
  secrets.push(basic, 'basic-pass-77', 'JSESSIONID-cookie-secret-4411', 'bearer-secret-fa57');

  const loginAs = async (loginName: string, password: string) => {
    const response = await fetch(`${api}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginName, password, code: '', uuid: '' }),
    });
    const body = (await response.json()) as { data: { token?: string; user?: { id: number } } };
    return { body, cookie: response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) };
  };

  const failed = await loginAs('jsh', md5('wrong-Secret-9'));
  t.notOk(failed.body.data.token, 'a wrong password gets no token');
  // A password typed into the name field, again and again until the login is throttled: names are never logged.
  const nameAsPassword = 'Name-As-Secret-77';
  secrets.push(nameAsPassword, nameAsPassword.toLowerCase(), md5('flood-Secret-3'));
  const flood: number[] = [];
  for (let i = 0; i < 3; i++) {
    const response = await fetch(`${api}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginName: nameAsPassword, password: md5('flood-Secret-3'), code: '', uuid: '' }),
    });
    await response.arrayBuffer();
    flood.push(response.status);
  }
  t.same(flood, [200, 200, 429], 'the third failed login of that name is throttled');
  const login = await loginAs('jsh', md5('123456'));
  const token = login.body.data.token!;
  const userId = login.body.data.user!.id;
  t.match(token, /^[0-9a-f]{32}_\d+$/, 'logged in');
  t.ok(login.cookie, 'the gateway set its session cookie');
  const cookieValue = login.cookie!.split(';')[0]!.split('=')[1]!;
  secrets.push(token, token.split('_')[0]!, cookieValue, encodeURIComponent(token));

  const withToken = {
    'x-access-token': token,
    cookie: `${SESSION_COOKIE}=${cookieValue}; JSESSIONID=JSESSIONID-cookie-secret-4411`,
  };
  const calls: [string, RequestInit][] = [
    ['/user/getUserSession', { headers: withToken }],
    [`/user/list?search=%7B%7D&currentPage=1&pageSize=10&token=${token}`, { headers: withToken }],
    [`/msg/getMsgByStatus?status=1&X-Access-Token=${token}&access_token=${token}`, { headers: withToken }],
    [`/unknown/${token}/path`, { headers: withToken }],
    ['/user/getUserSession', { headers: { authorization: `Basic ${basic}` } }],
    ['/user/getUserSession', { headers: { authorization: 'Bearer bearer-secret-fa57', 'x-access-token': token } }],
    ['/user/..%2f..%2fgetUserSession', { headers: withToken }],
    [
      '/user/updatePwd',
      {
        method: 'PUT',
        headers: { ...withToken, 'content-type': 'application/json' },
        body: JSON.stringify({ userId, oldpassword: md5('123456'), password: md5('N3w-Secret!') }),
      },
    ],
    [
      '/user/updatePwd',
      {
        method: 'PUT',
        headers: { ...withToken, 'content-type': 'application/json' },
        body: JSON.stringify({ userId, oldpassword: md5('N3w-Secret!'), password: md5('123456') }),
      },
    ],
  ];
  for (const [path, init] of calls) {
    const response = await fetch(api + path, init);
    await response.arrayBuffer();
  }

  // The notices socket: accepted with the cookie, refused for another user id, heartbeat in between.
  const wsUrl = `${gateway.url.replace(/^http/, 'ws')}/jshERP-boot/websocket`;
  const socket = new WebSocket(`${wsUrl}/${userId}`, { headers: { cookie: `${SESSION_COOKIE}=${cookieValue}` } });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send('HeartBeat');
  await new Promise((r) => setTimeout(r, 200));
  const refused = new WebSocket(`${wsUrl}/${userId + 1}`, { headers: { cookie: `${SESSION_COOKIE}=${cookieValue}` } });
  const refusedCode = await new Promise<number>((resolve) => {
    refused.once('close', (code) => resolve(code));
    refused.once('error', () => resolve(-1));
  });
  t.not(refusedCode, 1000, `another user's socket is refused (${refusedCode})`);
  // The token itself in the user-id position (a confused client, or someone probing).
  const pasted = new WebSocket(`${wsUrl}/${token}`, { headers: { cookie: `${SESSION_COOKIE}=${cookieValue}` } });
  const pastedCode = await new Promise<number>((resolve) => {
    pasted.once('close', (code) => resolve(code));
    pasted.once('error', () => resolve(-1));
  });
  t.equal(pastedCode, 4403, 'a token as the user id is refused');

  for (const authorization of [`Bearer ${broadcastToken}`, 'Bearer bearer-secret-fa57']) {
    const response = await fetch(`${gateway.url}/gateway/notices`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'log check', content: 'x' }),
    });
    await response.arrayBuffer();
  }
  const logout = await fetch(`${api}/user/logout`, { headers: withToken });
  await logout.arrayBuffer();
  socket.close();

  gateway.child.kill('SIGTERM');
  const { code } = await gateway.exited;
  t.equal(code, 0, 'the gateway shut down cleanly');

  const output = gateway.output();
  const lines = output.split('\n').filter((l) => l.startsWith('{'));
  t.ok(lines.length >= 15, `the gateway logged (${lines.length} JSON lines), so the search below means something`);
  t.ok(output.includes('/jshERP-boot/user/list'), 'request paths are in the log');
  for (const secret of new Set(secrets)) {
    t.notOk(output.includes(secret), `the log does not contain ${secret.slice(0, 4)}… (${secret.length} chars)`);
  }
});
