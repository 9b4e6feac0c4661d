// 进销存统计 over the caller's depots (DepotItemController.parseListByDepotIds): with no depot chosen and more than 20
// depots held, jshERP-boot refuses the report and its totals with 510 请选择仓库，再进行查询 (a message the shell shows);
// a chosen depot answers. Met on a real backend whose tests had left more than 20 depots.
import t from 'tap';
import { startStack } from './helpers.js';

t.test('进销存统计 without a depot, the caller holding more than 20: 510 请选择仓库，再进行查询', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { token } = await stack.login('jsh');
  const report = (depotIds: string) =>
    `/depotItem/getInOutStock?currentPage=1&pageSize=10&depotIds=${depotIds}&beginTime=2026-01-01&endTime=2026-12-31&materialParam=`;
  const totals = (depotIds: string) =>
    `/depotItem/getInOutStockCountMoney?depotIds=${depotIds}&endTime=2026-12-31&materialParam=`;
  const get = async (path: string) => (await stack.call('GET', path, { token })).json();

  t.equal((await get(report(''))).code, 200, 'with the few depots of the seed it answers');
  const depots = async () => (await get('/depot/findDepotByCurrentUser')).data as Array<{ id: number }>;
  for (let n = (await depots()).length; n <= 20; n++) {
    const added = await stack.call('POST', '/depot/add', { token, body: { name: `分仓${n}`, sort: '', remark: '' } });
    t.equal(added.json().code, 200, `depot ${n + 1} added`);
  }
  t.ok((await depots()).length > 20, 'more than 20 depots held');
  const refusal = { code: 510, data: '请选择仓库，再进行查询' };
  t.same(await get(report('')), refusal, 'the report is refused');
  t.same(await get(totals('')), refusal, 'and its totals');
  const [first] = await depots();
  t.equal((await get(report(String(first!.id)))).code, 200, 'a chosen depot answers');
  t.equal((await get(totals(String(first!.id)))).code, 200, 'its totals too');
});
