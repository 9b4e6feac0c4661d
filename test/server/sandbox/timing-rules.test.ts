// jshERP-boot's two run-time rules on writes close together, as the sandbox imitates them, reached directly (no
// gateway, so no pacing in front): the same-second rule (LogService.insertLog ends every session of the user from
// that address) in MySQL's rounding and MariaDB's truncating form, and the 2 s bill-number key
// (DepotHeadService.checkExistByRedis).
import { test, type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../../../server/sandbox/app.js';
import type { LogTimeStorage } from '../../../server/sandbox/store.js';
import { API, MD5_123456 } from './helpers.js';

async function sandbox(t: Test, logTime: LogTimeStorage): Promise<FastifyInstance> {
  const app = await buildSandbox({ captcha: false, timingRules: true, logTime });
  t.teardown(() => app.close());
  return app;
}

async function login(app: FastifyInstance, loginName = 'jsh'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `${API}/user/login`,
    payload: { loginName, password: MD5_123456 },
  });
  return res.json().data.token as string;
}

const call = (app: FastifyInstance, token: string, method: string, path: string, payload?: unknown) =>
  app.inject({
    method: method as 'POST',
    url: API + path,
    headers: { 'x-access-token': token },
    payload: payload as never,
  });

const alive = async (app: FastifyInstance, token: string): Promise<boolean> =>
  (await call(app, token, 'GET', '/user/getUserSession')).statusCode === 200;

/** Waits until the wall clock's milliseconds within the second are in [from, to). */
async function atFraction(from: number, to: number): Promise<void> {
  for (;;) {
    const ms = Date.now() % 1000;
    if (ms >= from && ms < to) return;
    await new Promise((resolve) => setTimeout(resolve, ms < from ? from - ms : 1000 - ms + from));
  }
}

let serial = 0;
const vendor = () => ({ supplier: `节奏供应商${process.pid}-${++serial}`, type: '供应商', enabled: true });

for (const logTime of ['round', 'truncate'] as const) {
  test(`${logTime}: two writes of one module in one second end every session of that user from that address`, async (t) => {
    const app = await sandbox(t, logTime);
    const token = await login(app);
    const other = await login(app);
    const elsewhere = await app.inject({
      method: 'POST',
      url: `${API}/user/login`,
      payload: { loginName: 'jsh', password: MD5_123456 },
      remoteAddress: '127.0.0.9',
    });
    await atFraction(0, 300);
    const first = await call(app, token, 'POST', '/supplier/add', vendor());
    const second = await call(app, token, 'POST', '/supplier/add', vendor());
    t.equal(first.json().code, 200);
    t.equal(second.json().code, 200, 'the second write itself is saved and answered');
    const refused = await call(app, token, 'GET', '/user/getUserSession');
    t.equal(refused.statusCode, 500);
    t.equal(refused.body, 'loginOut');
    t.notOk(await alive(app, other), "the user's other session from that address ended too");
    t.ok(await alive(app, elsewhere.json().data.token), 'a session of the user from another address is kept');
  });
}

test('writes of two modules in one second keep the session', async (t) => {
  const app = await sandbox(t, 'round');
  const token = await login(app);
  await atFraction(0, 300);
  t.equal((await call(app, token, 'POST', '/supplier/add', vendor())).json().code, 200);
  t.equal(
    (await call(app, token, 'POST', '/person/add', { name: `节奏经手人${serial}`, type: '业务员' })).json().code,
    200,
  );
  t.ok(await alive(app, token));
});

test("rounding reaches into the next second: a row written at .6 is stored as the next second's", async (t) => {
  const rounding = await sandbox(t, 'round');
  const truncating = await sandbox(t, 'truncate');
  const tokens = { round: await login(rounding), truncate: await login(truncating) };
  // Wait until the login's own row is well in the past.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await atFraction(600, 700);
  await call(rounding, tokens.round, 'POST', '/supplier/add', vendor());
  await call(truncating, tokens.truncate, 'POST', '/supplier/add', vendor());
  // 1.05 s later: the next second by the wall clock, past the first row's second when it is truncated.
  await new Promise((resolve) => setTimeout(resolve, 1_050));
  await call(rounding, tokens.round, 'POST', '/supplier/add', vendor());
  await call(truncating, tokens.truncate, 'POST', '/supplier/add', vendor());
  t.notOk(await alive(rounding, tokens.round), 'MySQL: rounded to the second the next write falls in');
  t.ok(await alive(truncating, tokens.truncate), 'MariaDB: truncated, a second apart');
});

test("the login's own row: a 用户 write in the login's second ends the session", async (t) => {
  const app = await sandbox(t, 'round');
  await atFraction(0, 300);
  const token = await login(app);
  const added = await call(app, token, 'POST', '/user/addUser', {
    loginName: `pace${process.pid}${++serial}`,
    username: '节奏用户',
    roleId: 4,
  });
  t.equal(added.statusCode, 200);
  t.notOk(await alive(app, token));
});

test('a bill number saved is held for 2 s, refused saves included, on add and on update', async (t) => {
  const app = await sandbox(t, 'round');
  const token = await login(app);
  const number = `XSCK${Date.now()}`;
  // No lines: refused after the number's key is set.
  const body = {
    info: JSON.stringify({ number, type: '出库', subType: '销售', operTime: '2026-12-01 10:00:00' }),
    rows: '[]',
  };
  const first = (await call(app, token, 'POST', '/depotHead/addDepotHeadAndDetail', body)).json();
  t.not(first.code, 200, 'refused for what the bill lacks');
  t.not(first.code, 8500032);
  const again = (await call(app, token, 'POST', '/depotHead/addDepotHeadAndDetail', body)).json();
  t.same(again, { code: 8500032, data: { message: '抱歉，请不要频繁提交单据' } }, 'refused for frequency');
  const update = (
    await call(app, token, 'PUT', '/depotHead/updateDepotHeadAndDetail', {
      ...body,
      info: JSON.stringify({ id: 1, number, status: '0' }),
    })
  ).json();
  t.equal(update.code, 8500032, 'an update of that number within 2 s too');
  await new Promise((resolve) => setTimeout(resolve, 2_050));
  const later = (await call(app, token, 'POST', '/depotHead/addDepotHeadAndDetail', body)).json();
  t.equal(later.code, first.code, 'after 2 s the save is judged on its content again');
  const otherUser = await login(app, 'test123');
  const byOther = (await call(app, otherUser, 'POST', '/depotHead/addDepotHeadAndDetail', body)).json();
  t.not(byOther.code, 8500032, "the key is the user's: another user's save of the number is judged on its content");
});
