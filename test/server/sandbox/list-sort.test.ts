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
    const res = await stack.call(
      'GET',
      `/depotHead/list?search=${q({ type: '入库', subType: '采购' })}&currentPage=1&pageSize=100${extra}`,
      { token: jsh.token },
    );
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
  t.same(await numbers('&column=number&order=asc'), plain, "the original client's column/order change nothing");

  const byTime = async (isAsc: string) => {
    const res = await stack.call(
      'GET',
      `/depotHead/list?search=${q({ type: '入库', subType: '采购' })}&currentPage=1&pageSize=100&orderByColumn=operTime&isAsc=${isAsc}`,
      { token: jsh.token },
    );
    return (res.json().data.rows as Row[]).map((r) => String(r.operTimeStr));
  };
  const times = await byTime('asc');
  t.same(times, [...times].sort(), 'a date column orders by time');
  t.same(await byTime('desc'), [...times].reverse());

  // The page is cut after sorting: page 1 of size 1 is the smallest number.
  const first = await stack.call(
    'GET',
    `/depotHead/list?search=${q({ type: '入库', subType: '采购' })}&currentPage=1&pageSize=1&orderByColumn=number&isAsc=asc`,
    { token: jsh.token },
  );
  t.same(
    (first.json().data.rows as Row[]).map((r) => r.number),
    [ascending[0]],
  );

  for (const bad of [
    '&orderByColumn=number;drop&isAsc=asc',
    '&orderByColumn=number',
    '&orderByColumn=noSuchColumn&isAsc=asc',
  ]) {
    const res = await stack.call('GET', `/depotHead/list?search=${q({})}&currentPage=1&pageSize=10${bad}`, {
      token: jsh.token,
    });
    t.equal(res.status, 200, bad);
    t.same(res.json(), { code: 500, data: '未知异常' }, `${bad} fails like the backend's SQL`);
  }
});

t.test('a sort by a computed column sees it on every row, not only the page', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const jsh = await stack.login('jsh');
  const list = async (path: string, search: unknown, extra: string): Promise<Row[]> => {
    const res = await stack.call('GET', `${path}?search=${q(search)}&currentPage=1&pageSize=100${extra}`, {
      token: jsh.token,
    });
    t.equal(res.json().code, 200, `${path}${extra}`);
    return res.json().data.rows as Row[];
  };
  // Stock and balances are computed per row; the whole list must hold them before it is ordered and cut.
  const products = await list('/material/list', {}, '');
  t.ok(new Set(products.map((p) => p.currentStock)).size >= 2, 'products with different stock');
  const byStock = (await list('/material/list', {}, '&orderByColumn=currentStock&isAsc=desc')).map(
    (p) => p.currentStock as number,
  );
  t.same(
    byStock,
    [...byStock].sort((a, b) => b - a),
    'products by current stock, descending',
  );
  const topOne = await stack.call(
    'GET',
    `/material/list?search=${q({})}&currentPage=1&pageSize=1&orderByColumn=currentStock&isAsc=desc`,
    { token: jsh.token },
  );
  t.same(
    (topOne.json().data.rows as Row[]).map((p) => p.currentStock),
    [byStock[0]],
    'page 1 of size 1 is the largest stock',
  );

  const customers = (await list('/supplier/list', { type: '客户' }, '&orderByColumn=allNeedGet&isAsc=asc')).map(
    (c) => c.allNeedGet as number,
  );
  t.ok(customers.length >= 2 && customers.every((n) => typeof n === 'number'), 'every customer has its 期末应收');
  t.same(
    customers,
    [...customers].sort((a, b) => a - b),
    'customers by 期末应收, ascending',
  );
});
