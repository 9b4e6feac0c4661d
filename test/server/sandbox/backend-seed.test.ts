// SANDBOX_SEED=backend: a sandbox that starts from the backend's own seed (jshERP-boot's docs/jsh_erp.sql) answers the
// reads a fresh jshERP-boot answers — its logins, its 9 products and 14 barcodes, 3 depots, 7 partners, no bills —
// and its stored stock goes the way the backend's does once a bill or 修正库存 recomputes it.
import t from 'tap';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { chinaNow, OK, q, SAVED, startStack, type Row } from './helpers.js';

t.test('SANDBOX_SEED: demo unless set, backend when asked, anything else refused with one line', async (t) => {
  t.equal(loadConfig({}).sandboxSeed, 'demo');
  t.equal(loadConfig({ SANDBOX_SEED: 'backend' }).sandboxSeed, 'backend');
  const refused = t.throws(() => loadConfig({ SANDBOX_SEED: 'real' })) as unknown;
  t.ok(refused instanceof ConfigError, 'a config error: the start stops with one line');
  t.equal((refused as ConfigError).variable, 'SANDBOX_SEED');
  t.equal((refused as Error).message, "SANDBOX_SEED: expected demo or backend, got 'real'");
});

t.test('the backend seed', async (t) => {
  // The dump's checkcode_flag is 1: the login asks for the captcha, which the helper reads and types.
  const stack = await startStack(t, { captcha: true, seed: 'backend' });
  const { call } = stack;
  const jsh = await stack.login('jsh');
  const get = async (path: string, token = jsh.token): Promise<Row> => (await call('GET', path, { token })).json();
  const list = async (path: string, search: Row, token = jsh.token): Promise<Row> =>
    (await get(`${path}?search=${q(search)}&currentPage=1&pageSize=50`, token)).data;

  t.test('its three logins, with the dump’s names, roles and menus', async (t) => {
    t.equal(jsh.data.msgTip, 'user can login');
    t.match(jsh.data.user, { id: 63, loginName: 'jsh', username: '测试用户', tenantId: 63 });
    const test123 = await stack.login('test123');
    t.match(test123.data.user, { id: 131, loginName: 'test123', tenantId: 63 });
    const admin = await stack.login('admin');
    t.match(admin.data.user, { id: 120, loginName: 'admin', tenantId: 0 });
    const menu = async (token: string, userId: number): Promise<number[]> =>
      (
        (await call('POST', '/function/findMenuByPNumber', { token, body: { pNumber: 0, userId } })).json() as Row[]
      ).map((m) => Number(m.id));
    t.ok((await menu(jsh.token, 63)).includes(1), 'the tenant owner has 系统管理 (function 1)');
    t.notOk((await menu(test123.token, 131)).includes(1), '销售代表 has not');
  });

  t.test('/material/list: the 9 products, their first barcodes and the stock the dump stored', async (t) => {
    const data = await list('/material/list', { materialParam: '' });
    t.equal(data.total, 9);
    t.same(
      (data.rows as Row[]).map((r) => [r.name, r.mBarCode, r.stock, r.categoryName ?? null]),
      [
        ['衣服', '1014', 5, null],
        ['商品200', '1009', 7, '目录2'],
        ['商品test1', '1000', 0, '目录1'],
        ['序列号商品测试', '1008', 0, '目录1'],
        ['商品17', '1006', 0, '目录2'],
        ['商品8', '1004', 0, null],
        ['商品3', '1003', 8, '目录1'],
        ['商品2', '1002', 0, '目录1'],
        ['商品1', '1001', 3, '目录1'],
      ],
    );
    t.equal((data.rows as Row[])[0]!.sku, '橙色,M', '衣服 lists its first barcode’s 多属性');
    // The bill picker lists every barcode row: 1000–1009 and 衣服's 1014–1017.
    const picker = await get(`/material/findBySelect?q=&mpList=&depotId=14&page=1&rows=50`);
    t.same((picker.rows as Row[]).map((r) => r.mBarCode).sort(), [
      '1000',
      '1001',
      '1002',
      '1003',
      '1004',
      '1005',
      '1006',
      '1007',
      '1008',
      '1009',
      '1014',
      '1015',
      '1016',
      '1017',
    ]);
  });

  t.test('depots 仓库1–3, accounts, partners and no bills', async (t) => {
    t.same(
      ((await get('/depot/getAllList')).data as Row[]).map((d) => [d.id, d.name, d.isDefault]),
      [
        [14, '仓库1', true],
        [15, '仓库2', false],
        [17, '仓库3', false],
      ],
    );
    const accounts = await list('/account/list', {});
    t.same(
      (accounts.rows as Row[]).map((a) => [a.name, a.initialAmount, a.currentAmount]),
      [
        ['账户2', 200, 200],
        ['账户1', 100, 100],
      ],
      'balances are the initial amounts: no bill moved them',
    );
    const partners = async (type: string): Promise<string[]> =>
      ((await list('/supplier/list', { type })).rows as Row[]).map((r) => String(r.supplier));
    t.same(await partners('供应商'), ['供应商5', '供应商3', '供应商1']);
    t.same(await partners('客户'), ['客户3', '客户2', '客户1']);
    t.same(await partners('会员'), ['12312666']);
    for (const [type, subType] of [
      ['入库', '采购'],
      ['出库', '销售'],
      ['出库', '零售'],
      ['其它', '采购订单'],
    ]) {
      t.same(await list('/depotHead/list', { type, subType }), { rows: [], total: 0 }, `no ${subType} bills`);
    }
    t.same(await list('/accountHead/list', { type: '收款' }), { rows: [], total: 0 }, 'no financial bills');
    t.equal((await get('/msg/getMsgCountByStatus?status=1')).data.count, 0, 'the dump’s one message is read');
  });

  t.test('a stored stock goes where the backend recomputes it: a bill line’s depot, 修正库存', async (t) => {
    const stockIn = (depotId: number, materialId: number): Promise<Row[]> =>
      get(`/material/getMaterialDepotStock?depotIds=&materialId=${materialId}`).then((r) =>
        (r.data.rows as Row[]).filter((row) => depotId === 0 || row.depotId === depotId),
      );
    const productStock = async (name: string): Promise<unknown> =>
      ((await list('/material/list', { materialParam: name })).rows as Row[]).find((r) => r.name === name)!.stock;
    t.same(
      (await stockIn(0, 568)).map((r) => [r.depotName, r.currentNumber]),
      [
        ['仓库1', 2],
        ['仓库2', 1],
      ],
    );
    // 商品1 into 仓库2: that depot's stock becomes what its opening stock (none) and the bills give; 仓库1 keeps 2.
    const info = {
      number: 'QTRK-SEED1',
      type: '入库',
      subType: '其它',
      operTime: chinaNow(stack),
      totalPrice: -44,
      status: '0',
    };
    const line = {
      barCode: '1001',
      unit: '个',
      operNumber: '4',
      unitPrice: 11,
      allPrice: 44,
      taxRate: 0,
      taxMoney: 0,
      taxLastMoney: 44,
      depotId: 15,
      id: 'row_tid-1',
    };
    t.same(
      await call('POST', '/depotHead/addDepotHeadAndDetail', {
        token: jsh.token,
        body: { info: JSON.stringify(info), rows: JSON.stringify([line]) },
      }).then((r) => r.json()),
      SAVED,
    );
    t.same(
      (await stockIn(0, 568)).map((r) => [r.depotName, r.currentNumber]),
      [
        ['仓库1', 2],
        ['仓库2', 4],
      ],
    );
    t.equal(await productStock('商品1'), 6);
    // 修正库存 of 商品200: its 7 in 仓库1 were never on a bill, so it reads 0.
    t.equal(await productStock('商品200'), 7);
    t.same(
      await call('POST', '/material/batchSetMaterialCurrentStock', { token: jsh.token, body: { ids: '588' } }).then(
        (r) => r.json(),
      ),
      OK,
    );
    t.equal(await productStock('商品200'), 0);
    t.equal(await productStock('商品3'), 8, 'another product keeps its stored stock');
  });
});
