// Every financial path fed missing, malformed and wrongly typed input: each answer is the backend's HTTP 200
// envelope, none comes from a handler fault (the sandbox logs 'sandbox handler failed' when code it did not mean to
// fail throws), and the seeded bills survive.
import t from 'tap';
import { API, hostileSandbox, sweepHostile } from './helpers.js';

const WRITES: [string, string][] = [
  ['POST', '/accountHead/addAccountHeadAndDetail'],
  ['PUT', '/accountHead/updateAccountHeadAndDetail'],
  ['POST', '/accountHead/batchSetStatus'],
];

const QUERIES: [string, string][] = [
  ['DELETE', '/accountHead/delete'],
  ['DELETE', '/accountHead/deleteBatch'],
  ['GET', '/accountHead/getDetailByNumber'],
  ['GET', '/accountItem/getDetailList'],
  ['GET', '/sequence/buildNumber'],
  ['GET', '/account/listWithBalance'],
  ['GET', '/account/findAccountInOutList'],
  ['GET', '/supplier/getBeginNeedByOrganId'],
  ['GET', '/depotHead/debtList'],
  ['GET', '/depotHead/getNeedCount'],
  ['GET', '/account/getStatistics'],
];

const head = { billNo: 'SK77777777777', type: '转账', accountId: 18, status: '0', billTime: '2026-01-01 10:00:00' };
const BAD_BODIES: (string | undefined)[] = [
  undefined,
  '',
  'not json',
  '[]',
  '"text"',
  '42',
  'null',
  '{}',
  JSON.stringify({ info: 5, rows: true, status: [], ids: {} }),
  JSON.stringify({ info: 'null', rows: 'null', status: '1', ids: ',' }),
  JSON.stringify({ info: '[1]', rows: '[1,2]', status: '0', ids: '1,,2' }),
  JSON.stringify({ info: JSON.stringify({ ...head, id: 'x' }), rows: '[{}]' }),
  JSON.stringify({ info: JSON.stringify({ ...head, totalPrice: {}, billTime: 'soon' }), rows: '["{}"]' }),
  JSON.stringify({ info: JSON.stringify(head), rows: JSON.stringify([{ accountId: 999999, eachAmount: 1 }]) }),
  JSON.stringify({
    info: JSON.stringify({ ...head, id: 100, status: null }),
    rows: JSON.stringify([{ billNumber: 5, needDebt: [], eachAmount: '' }]),
  }),
  JSON.stringify({ info: JSON.stringify({ ...head, id: 100, type: '收预付款', organId: 'x' }), rows: '"not rows"' }),
  JSON.stringify({ status: '1', ids: '100,abc' }),
  JSON.stringify({ status: 1, ids: 100 }),
];

const BAD_QUERIES = [
  '',
  '?id=',
  '?id=abc',
  '?ids=a,b',
  '?ids=',
  '?ids=,',
  '?billNo=',
  '?headerId=x',
  '?headerId=-1',
  '?name=&serialNo=&currentPage=x&pageSize=-1',
  '?currentPage=1&pageSize=10&accountId=x&initialAmount=1',
  '?currentPage=1&pageSize=10&accountId=18&initialAmount=abc',
  '?currentPage=0&pageSize=0&accountId=18&initialAmount=0&beginTime=not-a-day&endTime=2026-13-45',
  '?organId=',
  '?organId=x',
  '?search=%7Bbad&currentPage=1&pageSize=10',
  '?search=%7B%22organId%22%3A%22x%22%2C%22beginTime%22%3A%22soon%22%7D&currentPage=1&pageSize=10',
  '?type=',
  '?type=customer',
];

t.test('hostile input on the financial paths: envelopes only, no handler fault', async (t) => {
  const { app, lines, tokens } = await hostileSandbox(t, ['jsh', 'admin'] as const);

  const check = async (
    who: keyof typeof tokens,
    method: string,
    url: string,
    payload: string | undefined,
  ): Promise<void> => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      payload,
      headers: {
        'x-access-token': tokens[who],
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
    });
    const label = `${who} ${method} ${url} ${payload ?? '(no body)'}`;
    if (res.statusCode !== 200) t.fail(`${label}: HTTP ${res.statusCode}`);
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      t.fail(`${label}: not JSON: ${res.body.slice(0, 80)}`);
      return;
    }
    if (typeof (body as { code?: unknown }).code !== 'number') t.fail(`${label}: no code in ${res.body.slice(0, 120)}`);
  };

  const calls = await sweepHostile(
    ['jsh', 'admin'] as const,
    { writes: WRITES, queries: QUERIES },
    { bodies: BAD_BODIES, queries: BAD_QUERIES },
    check,
  );
  const faults = lines.filter((l) => l.includes('sandbox handler failed'));
  t.same(
    faults.map((l) => JSON.parse(l).err?.message),
    [],
    `no handler fault in ${calls} calls`,
  );
  // The seeded bills are all still there and readable.
  const detail = await app.inject({
    method: 'GET',
    url: `${API}/accountHead/getDetailByNumber?billNo=SK00000000100`,
    headers: { 'x-access-token': tokens.jsh },
  });
  t.match(JSON.parse(detail.body), { code: 200, data: { id: 100, type: '收款', totalPrice: 300 } });
});
