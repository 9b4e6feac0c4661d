// The gateway paces writes to jshERP-boot's session rules (server/plugins/write-pacing.ts): what reaches the backend,
// and when, as a fake backend sees it.
import { request as httpRequest } from 'node:http';
import { test, type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, listenTestApp } from '../../support/stack.js';
import { startFakeUpstream, type Behaviour, type FakeUpstream } from '../../support/fake-upstream.js';
import { startRedisServer } from './notices/redis.js';
import { BILL_NUMBER_GAP_MS, billNumberOf, modulesOf } from '../../../server/plugins/write-pacing.js';

const API = '/jshERP-boot';
const SPACING_MS = 300;
/** Date.now() is whole milliseconds on both sides of a measured gap. */
const CLOCK_TOLERANCE_MS = 2;

interface Arrival {
  url: string;
  token: string | undefined;
  at: number;
  answeredAt: number;
}

/** A backend whose writes answer after `answerMs`, recording when each arrived and was answered. */
async function pacedBackend(t: Test, answerMs = 60) {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  const arrivals: Arrival[] = [];
  const users: Record<string, { id: number; loginName: string }> = {
    'clerk-a_63': { id: 63, loginName: 'jsh' },
    'clerk-b_63': { id: 63, loginName: 'jsh' },
    other_63: { id: 131, loginName: 'test123' },
  };
  const write =
    (answer: (body: Buffer) => unknown = () => ({ code: 200, data: { message: '成功' } })): Behaviour =>
    (req, res, body) => {
      const arrival: Arrival = {
        url: req.url ?? '',
        token: req.headers['x-access-token'] as string | undefined,
        at: Date.now(),
        answeredAt: 0,
      };
      arrivals.push(arrival);
      setTimeout(() => {
        arrival.answeredAt = Date.now();
        res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
        res.end(JSON.stringify(answer(body)));
      }, answerMs);
    };
  upstream.on(`GET ${API}/user/getUserSession`, (req, res) => {
    const user = users[String(req.headers['x-access-token'])];
    if (!user) {
      res.writeHead(500, { 'content-length': 8 });
      res.end('loginOut');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
    res.end(JSON.stringify({ code: 200, data: { user } }));
  });
  for (const route of [
    `POST ${API}/supplier/add`,
    `PUT ${API}/supplier/update`,
    `POST ${API}/person/add`,
    `POST ${API}/depot/add`,
    `POST ${API}/userBusiness/add`,
    `POST ${API}/user/addUser`,
  ])
    upstream.on(route, write());
  upstream.on(
    `POST ${API}/depotHead/addDepotHeadAndDetail`,
    write((body) =>
      billNumberOf(body) === 'XSCK001'
        ? { code: 8500018, data: { message: '商品条码1000的单价低于最低售价' } }
        : { code: 200, msg: '操作成功' },
    ),
  );
  upstream.on(`POST ${API}/user/login`, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
    res.end(
      JSON.stringify({
        code: 200,
        data: { msgTip: 'user can login', token: 'fresh_63', user: { id: 63, loginName: 'jsh' } },
      }),
    );
  });
  return { upstream, arrivals, of: (url: string) => arrivals.filter((a) => a.url.startsWith(API + url)) };
}

async function gatewayTo(t: Test, upstream: FakeUpstream, overrides = {}): Promise<FastifyInstance> {
  const app = await buildTestApp({ upstreamUrl: upstream.url, writeSpacingMs: SPACING_MS, ...overrides });
  t.teardown(() => app.close());
  return app;
}

function send(app: FastifyInstance, method: string, path: string, token: string, body: unknown, ip = '127.0.0.1') {
  return app.inject({
    method: method as 'POST',
    url: API + path,
    headers: { 'x-access-token': token, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    remoteAddress: ip,
  });
}

const bill = (number: string) => ({ info: JSON.stringify({ number, type: '出库', subType: '销售' }), rows: '[]' });

test('the module table and the bill number are read as the backend logs and keys them', async (t) => {
  t.same(modulesOf('POST', `${API}/depot/add`), ['关联关系', '仓库']);
  t.same(modulesOf('POST', `${API}/supplier/importVendor`), ['供应商']);
  t.equal(modulesOf('POST', `${API}/function/findMenuByPNumber`), undefined, 'a read sent as POST is not paced');
  t.equal(modulesOf('POST', `${API}/msg/readAllMsg`), undefined, 'a write that logs nothing is not paced');
  t.equal(billNumberOf(Buffer.from(JSON.stringify(bill('CGRK00000000123')))), 'CGRK00000000123');
  t.equal(billNumberOf(Buffer.from('not json')), null);
});

test('two writes of one module by one user from one address: the second leaves the gap after the first answer', async (t) => {
  const { upstream, of, arrivals } = await pacedBackend(t);
  const app = await gatewayTo(t, upstream);
  // Two clerks on one login (two tokens of user 63), one address: the backend would end both sessions.
  const [first, second] = await Promise.all([
    send(app, 'POST', '/supplier/add', 'clerk-a_63', { supplier: 'A' }),
    send(app, 'PUT', '/supplier/update', 'clerk-b_63', { id: 1, supplier: 'B' }),
  ]);
  t.equal(first.statusCode, 200);
  t.equal(second.statusCode, 200);
  const [a, b] = [...of('/supplier/add'), ...of('/supplier/update')].sort((x, y) => x.at - y.at);
  t.ok(b!.at - a!.answeredAt >= SPACING_MS - CLOCK_TOLERANCE_MS, `${b!.at - a!.answeredAt} ms after the answer`);
  t.equal(upstream.count(`${API}/user/getUserSession`), 2, 'each session asked for once');
  t.equal(arrivals.length, 2, 'both writes reached the backend');
});

test('other modules, other users and other addresses are not held', async (t) => {
  const { upstream, arrivals } = await pacedBackend(t, 200);
  const app = await gatewayTo(t, upstream);
  await send(app, 'GET', '/user/getUserSession', 'clerk-a_63', undefined);
  await Promise.all([
    send(app, 'POST', '/supplier/add', 'clerk-a_63', { supplier: 'A' }),
    send(app, 'POST', '/person/add', 'clerk-a_63', { name: 'P' }),
    send(app, 'POST', '/supplier/add', 'other_63', { supplier: 'O' }),
    send(app, 'POST', '/supplier/add', 'clerk-b_63', { supplier: 'C' }, '127.0.0.2'),
  ]);
  t.equal(arrivals.length, 4);
  const firstAnswer = Math.min(...arrivals.map((a) => a.answeredAt));
  t.ok(
    arrivals.every((a) => a.at < firstAnswer),
    'all four reached the backend before any was answered',
  );
});

test('a write logged under two modules holds both', async (t) => {
  const { upstream, of } = await pacedBackend(t);
  const app = await gatewayTo(t, upstream);
  const depot = send(app, 'POST', '/depot/add', 'clerk-a_63', { name: '仓库X' });
  // The 关联关系 write goes once the depot's has reached the backend (holding both its modules' slots), not after a
  // fixed head start that a busy machine can outrun.
  while (of('/depot/add').length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
  await Promise.all([depot, send(app, 'POST', '/userBusiness/add', 'clerk-a_63', { type: 'UserDepot' })]);
  const [added] = of('/depot/add');
  const [granted] = of('/userBusiness/add');
  t.ok(granted!.at - added!.answeredAt >= SPACING_MS - CLOCK_TOLERANCE_MS, '关联关系 waited for /depot/add');
});

test("the login's own row: a 用户 write right after it waits", async (t) => {
  const { upstream, of } = await pacedBackend(t);
  const app = await gatewayTo(t, upstream);
  const login = await app.inject({
    method: 'POST',
    url: `${API}/user/login`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ loginName: 'jsh', password: 'x' }),
  });
  const loggedInAt = Date.now();
  t.equal(login.json().data.token, 'fresh_63');
  await send(app, 'POST', '/user/addUser', 'fresh_63', { loginName: 'n1' });
  const [added] = of('/user/addUser');
  t.ok(added!.at - loggedInAt >= SPACING_MS - CLOCK_TOLERANCE_MS, `${added!.at - loggedInAt} ms after the login`);
  t.equal(upstream.count(`${API}/user/getUserSession`), 0, 'the session was known from its login');
});

test('a bill refused and saved again at once leaves when the number is free again', async (t) => {
  const { upstream, of } = await pacedBackend(t);
  const app = await gatewayTo(t, upstream);
  const refused = await send(app, 'POST', '/depotHead/addDepotHeadAndDetail', 'clerk-a_63', bill('XSCK001'));
  t.equal(refused.json().code, 8500018);
  // Fixed and saved again at once, with the same number.
  const saved = await send(app, 'POST', '/depotHead/addDepotHeadAndDetail', 'clerk-a_63', {
    ...bill('XSCK001'),
    rows: '[{"unitPrice":5}]',
  });
  t.equal(saved.statusCode, 200);
  const [first, again] = of('/depotHead/addDepotHeadAndDetail');
  t.ok(
    again!.at - first!.answeredAt >= BILL_NUMBER_GAP_MS - CLOCK_TOLERANCE_MS,
    `${again!.at - first!.answeredAt} ms after the refusal`,
  );
});

test('a write whose client leaves while it waits never reaches the backend, and holds nothing', async (t) => {
  const { upstream, of } = await pacedBackend(t, 300);
  const { app, url } = await listenTestApp({ upstreamUrl: upstream.url, writeSpacingMs: SPACING_MS });
  t.teardown(() => app.close());
  const post = (supplier: string, abandon = false) =>
    new Promise<number>((resolve) => {
      const req = httpRequest(
        `${url}${API}/supplier/add`,
        { method: 'POST', headers: { 'x-access-token': 'clerk-a_63', 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(JSON.stringify({ supplier }));
      if (abandon) setTimeout(() => req.destroy(), 100);
    });
  const first = post('first');
  await new Promise((resolve) => setTimeout(resolve, 50));
  await post('abandoned', true);
  t.equal(await first, 200);
  await new Promise((resolve) => setTimeout(resolve, SPACING_MS * 2));
  t.same(
    of('/supplier/add').map((a) => a.url),
    [`${API}/supplier/add`],
    'only the first write reached the backend',
  );
});

test('pacing off (WRITE_SPACING_MS=0): writes go at once and no session is asked for', async (t) => {
  const { upstream, arrivals } = await pacedBackend(t, 100);
  const app = await gatewayTo(t, upstream, { writeSpacingMs: 0 });
  await Promise.all([
    send(app, 'POST', '/supplier/add', 'clerk-a_63', { supplier: 'A' }),
    send(app, 'POST', '/supplier/add', 'clerk-a_63', { supplier: 'B' }),
  ]);
  t.ok(arrivals[1]!.at < arrivals[0]!.answeredAt);
  t.equal(upstream.count(`${API}/user/getUserSession`), 0);
});

test('two replicas sharing Redis pace one user as one gateway; without Redis each still delivers', async (t) => {
  const redis = await startRedisServer();
  t.teardown(() => redis.stop());
  const { upstream, of } = await pacedBackend(t);
  const one = await gatewayTo(t, upstream, { redisUrl: redis.url });
  const two = await gatewayTo(t, upstream, { redisUrl: redis.url });
  await Promise.all([
    send(one, 'POST', '/supplier/add', 'clerk-a_63', { supplier: 'A' }),
    new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
      send(two, 'POST', '/supplier/add', 'clerk-b_63', { supplier: 'B' }),
    ),
  ]);
  const [a, b] = of('/supplier/add');
  t.ok(b!.at - a!.answeredAt >= SPACING_MS - CLOCK_TOLERANCE_MS, `replica two waited ${b!.at - a!.answeredAt} ms`);

  await redis.stop();
  const answers = await Promise.all([
    send(one, 'POST', '/supplier/add', 'clerk-a_63', { supplier: 'C' }),
    send(one, 'POST', '/supplier/add', 'clerk-a_63', { supplier: 'D' }),
  ]);
  t.same(
    answers.map((r) => r.statusCode),
    [200, 200],
    'Redis gone: both writes still saved',
  );
  const [, , c, d] = of('/supplier/add');
  t.ok(d!.at - c!.answeredAt >= SPACING_MS - CLOCK_TOLERANCE_MS, 'and still paced within the replica');
});
