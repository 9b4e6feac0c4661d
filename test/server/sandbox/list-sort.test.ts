// Table lists honour the paging helper's sort (orderByColumn + isAsc, as PageUtils.startPage reads them) and ignore
// the original client's column/order; an unsafe column or a missing direction fails like the backend's SQL.
import t from 'tap';
import { startStack } from './helpers.js';

type Row = Record<string, unknown>;
const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));

t.test('table list sort', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const jsh = await stack.login('jsh');
  const numbers = async (extra: string): Promise<string[]> => {
    const res = await stack.call('GET', `/depotHead/list?search=${q({ type: '入库', subType: '采购' })}&currentPage=1&pageSize=100${extra}`, { token: jsh.token });
    t.equal(res.status, 200);
    const body = res.json();
    t.equal(body.code, 200, extra);
    return (body.data.rows as Row[]).map((r) => String(r.number));
  };

  const plain = await numbers('');
  t.ok(plain.length >= 2, 'enough bills to tell an order');
  const ascending = [...plain].sort();
  t.same(await numbers('&orderByColumn=number&isAsc=asc'), ascending, 'ascending by bill number');
  t.same(await numbers('&orderByColumn=number&isAsc=desc'), [...ascending].reverse(), 'descending by bill number');
  t.same(await numbers('&column=number&order=asc'), plain, 'the original client\'s column/order change nothing');

  const byTime = async (isAsc: string) => {
    const res = await stack.call('GET', `/depotHead/list?search=${q({ type: '入库', subType: '采购' })}&currentPage=1&pageSize=100&orderByColumn=operTime&isAsc=${isAsc}`, { token: jsh.token });
    return (res.json().data.rows as Row[]).map((r) => String(r.operTimeStr));
  };
  const times = await byTime('asc');
  t.same(times, [...times].sort(), 'a date column orders by time');
  t.same(await byTime('desc'), [...times].reverse());

  // The page is cut after sorting: page 1 of size 1 is the smallest number.
  const first = await stack.call('GET', `/depotHead/list?search=${q({ type: '入库', subType: '采购' })}&currentPage=1&pageSize=1&orderByColumn=number&isAsc=asc`, { token: jsh.token });
  t.same((first.json().data.rows as Row[]).map((r) => r.number), [ascending[0]]);

  for (const bad of ['&orderByColumn=number;drop&isAsc=asc', '&orderByColumn=number', '&orderByColumn=noSuchColumn&isAsc=asc']) {
    const res = await stack.call('GET', `/depotHead/list?search=${q({})}&currentPage=1&pageSize=10${bad}`, { token: jsh.token });
    t.equal(res.status, 200, bad);
    t.same(res.json(), { code: 500, data: '未知异常' }, `${bad} fails like the backend's SQL`);
  }
});
