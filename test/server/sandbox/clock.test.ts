// The sandbox's one clock: SANDBOX_CLOCK's parsing and refusal, and a sandbox started at a fixed moment dating its seed,
// its statistics, its bills and its logs from that moment rather than from the machine's time.
import t from 'tap';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { parseClockStart } from '../../../server/lib/clock-start.js';
import { buildSandbox } from '../../../server/sandbox/app.js';
import { createClock } from '../../../server/sandbox/clock.js';
import { API, chinaTimeText, MD5_123456 } from './helpers.js';

t.test('SANDBOX_CLOCK: ISO date-times, China time without a zone, typos refused', async (t) => {
  t.equal(parseClockStart('2027-01-01T00:00:05+08:00')?.toISOString(), '2026-12-31T16:00:05.000Z');
  t.equal(parseClockStart('2027-01-01 00:00:05')?.toISOString(), '2026-12-31T16:00:05.000Z', 'no zone: China time');
  t.equal(parseClockStart('2028-02-29')?.toISOString(), '2028-02-28T16:00:00.000Z', 'a day alone starts at midnight');
  t.equal(parseClockStart('2028-02-29T12:00:00Z')?.toISOString(), '2028-02-29T12:00:00.000Z');
  t.equal(parseClockStart(''), undefined);
  t.equal(parseClockStart(undefined), undefined);
  t.throws(() => parseClockStart('2027-02-29'), /not a calendar date-time/, 'no 29 February in 2027');
  t.throws(() => parseClockStart('2027-13-01'), /not a calendar date-time/);
  t.throws(() => parseClockStart('tomorrow'), /not an ISO date-time/);

  t.equal(
    loadConfig({ SANDBOX_CLOCK: '2027-01-01T00:00:05+08:00' }).sandboxClock?.toISOString(),
    '2026-12-31T16:00:05.000Z',
  );
  t.equal(loadConfig({}).sandboxClock, null, 'the real time by default');
  const refused = t.throws(() => loadConfig({ SANDBOX_CLOCK: '2027-02-30' })) as unknown;
  t.ok(refused instanceof ConfigError, 'a config error: one line at start');
  t.match((refused as Error).message, /^SANDBOX_CLOCK: /);
});

t.test('a fixed clock starts where it is set and runs on at the real pace', async (t) => {
  const start = new Date('2028-02-29T23:59:59+08:00');
  const clock = createClock(start);
  const first = clock.ms();
  t.ok(first - start.getTime() >= 0 && first - start.getTime() < 1000);
  await new Promise((resolve) => setTimeout(resolve, 20));
  t.ok(clock.ms() - first >= 15, 'time moves on');
  t.ok(Math.abs(createClock().ms() - Date.now()) < 50, 'no start: the real time');
});

t.test('a sandbox started at 2027-01-01 00:00:05 China time', async (t) => {
  const start = new Date('2027-01-01T00:00:05+08:00');
  const app = await buildSandbox({ captcha: false, clock: start });
  t.teardown(() => app.close());
  const login = JSON.parse(
    (
      await app.inject({
        method: 'POST',
        url: `${API}/user/login`,
        payload: { loginName: 'jsh', password: MD5_123456 },
      })
    ).body,
  );
  const token = login.data.token as string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const get = async (path: string): Promise<any> =>
    JSON.parse((await app.inject({ method: 'GET', url: `${API}${path}`, headers: { 'x-access-token': token } })).body);
  const state = app.sandbox.state;

  const times = state.tables.depotHead!.filter((h) => h.tenantId === 63).map((h) => (h.operTime as Date).getTime());
  t.ok(Math.max(...times) <= state.clock.ms(), "no seeded bill lies ahead of the sandbox's now");
  t.ok(Math.max(...times) > start.getTime() - 86_400_000, 'the newest is of the last day');
  t.ok(
    times.some((ms) => chinaTimeText(new Date(ms)).startsWith('2026-12')),
    'older ones fall in the previous year',
  );

  // Five seconds into the year, this year, this month and today are the same span; yesterday is 2026-12-31.
  const stats = (await get('/depotHead/getBuyAndSaleStatistics')).data;
  for (const kind of ['Buy', 'Sale', 'RetailSale']) {
    t.equal(stats[`year${kind}`], stats[`today${kind}`], `今年 = 今日 (${kind})`);
    t.equal(stats[`month${kind}`], stats[`today${kind}`], `本月 = 今日 (${kind})`);
  }
  const yesterday = state.tables.depotHead!.filter(
    (h) => h.tenantId === 63 && h.deleteFlag !== '1' && chinaTimeText(h.operTime as Date).startsWith('2026-12-31'),
  );
  t.ok(yesterday.length > 0, 'the seed has bills on 2026-12-31');
  t.not(stats.yesterdaySale + stats.yesterdayBuy + stats.yesterdayRetailSale, 0, 'and 昨日 counts them');

  const months = (await get('/depotItem/buyOrSalePrice')).data.buyPriceList.map((p: { x: string }) => p.x);
  t.same(
    months,
    ['2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01'],
    "the chart's six months end in the clock's month",
  );

  const log = (await get(`/log/list?search=${encodeURIComponent(JSON.stringify({}))}&currentPage=1&pageSize=1`)).data
    .rows[0];
  t.match(log, { content: '登录jsh' });
  t.match(log.createTimeStr, /^2027-01-01 00:00:/, "the login is logged at the clock's time");
});

t.test('a sandbox started on a leap day', async (t) => {
  const app = await buildSandbox({ captcha: false, clock: new Date('2028-02-29T12:00:00+08:00') });
  t.teardown(() => app.close());
  const login = JSON.parse(
    (
      await app.inject({
        method: 'POST',
        url: `${API}/user/login`,
        payload: { loginName: 'jsh', password: MD5_123456 },
      })
    ).body,
  );
  const chart = JSON.parse(
    (
      await app.inject({
        method: 'GET',
        url: `${API}/depotItem/buyOrSalePrice`,
        headers: { 'x-access-token': login.data.token },
      })
    ).body,
  );
  t.same(
    chart.data.salePriceList.map((p: { x: string }) => p.x),
    ['2027-09', '2027-10', '2027-11', '2027-12', '2028-01', '2028-02'],
  );
  const days = new Set(
    app.sandbox.state.tables
      .depotHead!.filter((h) => h.tenantId === 63)
      .map((h) => chinaTimeText(h.operTime as Date).slice(0, 10)),
  );
  t.ok(days.has('2028-02-29') && days.has('2028-02-28'), 'bills of today and of yesterday, 28 February');
  t.notOk(
    [...days].some((d) => d > '2028-02-29'),
    'none after today',
  );
});
