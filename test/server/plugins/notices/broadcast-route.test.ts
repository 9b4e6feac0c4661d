import t from 'tap';
import { isErrorEnvelope } from '../../../../shared/error-envelope.js';
import { connect, login, sleep, startGateway, startUpstream, type Gateway } from './helpers.js';

const TOKEN = 'operator-secret-0123456789';

function broadcast(gateway: Gateway, body: unknown, authorization?: string): Promise<Response> {
  return fetch(`${gateway.url}/gateway/notices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });
}

t.test('POST /gateway/notices', async (t) => {
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  const gateway = await startGateway(upstream.url, { BROADCAST_TOKEN: TOKEN, NOTICE_POLL_MS: '60000' });
  t.teardown(() => gateway.app.close());
  const jsh = await login(gateway.url, 'jsh');
  const test123 = await login(gateway.url, 'test123');
  const admin = await login(gateway.url, 'admin');

  const sockets = [
    connect(gateway, jsh.userId, { cookie: jsh.cookie }),
    connect(gateway, jsh.userId, { cookie: jsh.cookie }),
    connect(gateway, test123.userId, { cookie: test123.cookie }),
    connect(gateway, admin.userId, { cookie: admin.cookie }),
  ];
  await Promise.all(sockets.map((s) => s.next((m) => m.cmd === 'user')));
  const tenant63 = sockets.slice(0, 3);
  const adminSocket = sockets[3]!;
  const topics = (s: (typeof sockets)[number]) => s.messages.filter((m) => m.cmd === 'topic');

  t.test('without or with a wrong token: 401 envelope, nothing sent', async (t) => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await broadcast(gateway, { title: '不该收到' }, authorization);
      t.equal(response.status, 401, String(authorization));
      const body = (await response.json()) as { code?: unknown };
      t.ok(isErrorEnvelope(body), 'error envelope');
      t.equal(body.code, 401);
    }
    // Even a malformed body is refused as unauthenticated first.
    const raw = await fetch(`${gateway.url}/gateway/notices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    });
    t.equal(raw.status, 401);
    await sleep(200);
    t.same(sockets.map(topics), [[], [], [], []], 'no socket received anything');
  });

  t.test('with the token: reaches every socket', async (t) => {
    const response = await broadcast(gateway, { title: '系统维护', content: '今晚 22:00' }, `Bearer ${TOKEN}`);
    t.equal(response.status, 200);
    const received = await Promise.all(sockets.map((s) => s.next((m) => m.cmd === 'topic' && m.title === '系统维护')));
    t.same(
      received,
      sockets.map(() => ({ cmd: 'topic', title: '系统维护', content: '今晚 22:00' })),
    );
  });

  t.test("addressed to a tenant: only that tenant's sockets", async (t) => {
    const response = await broadcast(gateway, { title: '租户通知', tenantId: 63 }, `Bearer ${TOKEN}`);
    t.equal(response.status, 200);
    await Promise.all(tenant63.map((s) => s.next((m) => m.cmd === 'topic' && m.title === '租户通知')));
    // A later broadcast to everyone proves the admin socket was still being served when the tenant one went out.
    await broadcast(gateway, { title: '全体' }, `Bearer ${TOKEN}`);
    await adminSocket.next((m) => m.cmd === 'topic' && m.title === '全体');
    t.notOk(
      adminSocket.messages.some((m) => m.cmd === 'topic' && m.title === '租户通知'),
      "tenant 0's socket did not get tenant 63's notice",
    );
    t.same(
      topics(adminSocket).map((m) => m.cmd === 'topic' && m.title),
      ['系统维护', '全体'],
    );
  });

  t.test('a bad body: 400 envelope', async (t) => {
    for (const body of [
      {},
      { title: '' },
      { title: 'x', tenantId: 'abc' },
      { title: 'x'.repeat(201) },
      { title: 'x', content: 'y'.repeat(10_001) },
    ]) {
      const response = await broadcast(gateway, body, `Bearer ${TOKEN}`);
      t.equal(response.status, 400, JSON.stringify(body).slice(0, 40));
      t.ok(isErrorEnvelope(await response.json()));
    }
    const huge = await broadcast(gateway, { title: 'x', content: 'y'.repeat(70 * 1024) }, `Bearer ${TOKEN}`);
    t.equal(huge.status, 413);
    t.ok(isErrorEnvelope(await huge.json()));
  });
});

t.test('without BROADCAST_TOKEN the route refuses everyone with 401', async (t) => {
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  const gateway = await startGateway(upstream.url);
  t.teardown(() => gateway.app.close());
  for (const authorization of [undefined, 'Bearer ', 'Bearer undefined', 'Bearer null']) {
    const response = await broadcast(gateway, { title: 'x' }, authorization);
    t.equal(response.status, 401, String(authorization));
  }
});
