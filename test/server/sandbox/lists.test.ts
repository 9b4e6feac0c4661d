// Every list endpoint of the catalogue (server/sandbox/list-resources.ts), table-driven, through the gateway:
// TableDataInfo envelope, tenant filtering, name-like search keys, PageHelper paging, the report totals.
import t from 'tap';
import { LIST_RESOURCES } from '../../../server/sandbox/list-resources.js';
import { formatDate } from '../../../server/sandbox/wire.js';
import { startStack } from './helpers.js';

type Row = Record<string, unknown>;
const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));

/** Lists not filtered by tenant (global tables) or with their own caller filter. */
// 扩展字段别名 lists three rows the service builds (no tenant column set) with the tenant's saved aliases.
const GLOBAL_LISTS = new Set([
  '/tenant/list',
  '/platformConfig/list',
  '/dict/type/list',
  '/function/list',
  '/materialProperty/list',
]);
/** Lists whose service answers null (→ 未知异常) for anyone but admin. */
const ADMIN_LISTS = new Set(['/tenant/list', '/platformConfig/list', '/function/list']);

/** Columns (dataIndex) the original views display, per bill/financial kind. */
const BILL_COLUMNS = [
  'organName',
  'number',
  'linkNumber',
  'materialsList',
  'operTimeStr',
  'userName',
  'materialCount',
  'totalPrice',
  'discount',
  'discountMoney',
  'discountLastMoney',
  'otherMoney',
  'deposit',
  'changeAmount',
  'debt',
  'accountName',
  'remark',
  'status',
];
const FINANCIAL_COLUMNS = [
  'organName',
  'billNo',
  'billTimeStr',
  'userName',
  'handsPersonName',
  'accountName',
  'totalPrice',
  'discountMoney',
  'changeAmount',
  'remark',
  'status',
];

const BILL_KINDS: [string, string][] = [
  ['其它', '请购单'],
  ['其它', '采购订单'],
  ['入库', '采购'],
  ['出库', '采购退货'],
  ['其它', '销售订单'],
  ['出库', '销售'],
  ['入库', '销售退货'],
  ['出库', '零售'],
  ['入库', '零售退货'],
  ['入库', '其它'],
  ['出库', '其它'],
  ['出库', '调拨'],
  ['其它', '组装单'],
  ['其它', '拆卸单'],
];
const FINANCIAL_KINDS = ['收入', '支出', '收款', '付款', '转账', '收预付款'];

t.test('list endpoints', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call } = stack;
  const jsh = await stack.login('jsh');
  const admin = await stack.login('admin');
  const test123 = await stack.login('test123');
  const list = async (path: string, token: string, search: unknown = {}, page = 1, size = 100) => {
    const res = await call('GET', `${path}?search=${q(search)}&currentPage=${page}&pageSize=${size}`, { token });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res.json();
  };

  t.test('every table list answers TableDataInfo with tenant-filtered rows', async (t) => {
    for (const resource of LIST_RESOURCES) {
      if (resource.kind !== 'table') continue;
      const token = ADMIN_LISTS.has(resource.path) ? admin.token : jsh.token;
      const res = await call('GET', `${resource.path}?search=${q({})}&currentPage=1&pageSize=100`, { token });
      t.equal(res.status, 200, resource.path);
      const body = res.json();
      t.same(Object.keys(body), ['code', 'data'], resource.path);
      t.equal(body.code, 200, resource.path);
      t.same(Object.keys(body.data), ['rows', 'total'], resource.path);
      t.ok(Array.isArray(body.data.rows), resource.path);
      t.equal(body.data.total, body.data.rows.length, `${resource.path} total counts the rows`);
      t.ok(body.data.rows.length >= 1, `${resource.path} has rows`);
      if (!GLOBAL_LISTS.has(resource.path)) {
        for (const row of body.data.rows as Row[])
          if ('tenantId' in row) t.equal(row.tenantId, 63, `${resource.path} row ${String(row.id)} is tenant 63`);
      }
    }
  });

  t.test('name-like search keys filter (LIKE, case-insensitive), total over all matches', async (t) => {
    for (const resource of LIST_RESOURCES) {
      if (resource.kind !== 'table') continue;
      const token = ADMIN_LISTS.has(resource.path) ? admin.token : jsh.token;
      const rows = (await list(resource.path, token)).data.rows as Row[];
      for (const filter of resource.search) {
        if (filter.op !== 'like') continue;
        const sample = rows.find((r) =>
          filter.fields.some((f) => typeof r[f] === 'string' && (r[f] as string).length >= 2),
        );
        if (!sample) continue;
        const field = filter.fields.find(
          (f) => typeof sample[f] === 'string' && (sample[f] as string).length >= 2,
        ) as string;
        const needle = (sample[field] as string).slice(0, 2);
        const found = (await list(resource.path, token, { [filter.key]: ` ${needle} ` })).data;
        t.ok(found.total >= 1, `${resource.path} ${filter.key}=${needle} finds the sample`);
        t.ok(found.total <= rows.length);
        for (const r of found.rows as Row[]) {
          t.ok(
            filter.fields.some((f) =>
              String(r[f] ?? '')
                .toLowerCase()
                .includes(needle.toLowerCase()),
            ),
            `${resource.path} ${filter.key} row matches`,
          );
        }
      }
    }
  });

  t.test('empty search values are absent; a bad search is 未知异常', async (t) => {
    const all = (await list('/account/list', jsh.token)).data.total;
    t.equal((await list('/account/list', jsh.token, { name: '', serialNo: '  ' })).data.total, all);
    const bad = await call('GET', '/account/list?search=%7Bname&currentPage=1&pageSize=10', { token: jsh.token });
    t.same(bad.json(), { code: 500, data: '未知异常' });
    const noParams = (await call('GET', '/account/list', { token: jsh.token })).json();
    t.equal(noParams.data.rows.length, Math.min(10, all), 'defaults currentPage 1, pageSize 10');
  });

  t.test('paging: PageHelper reasonable clamps the page into range', async (t) => {
    const all = (await list('/depotHead/list', jsh.token)).data.rows as Row[];
    const last = (await list('/depotHead/list', jsh.token, {}, 999, 5)).data;
    const lastStart = Math.floor((all.length - 1) / 5) * 5;
    t.same(
      last.rows.map((r: Row) => r.id),
      all.slice(lastStart).map((r) => r.id),
      'page past the end → last page',
    );
    t.equal(last.total, all.length);
    const first = (await list('/depotHead/list', jsh.token, {}, 0, 5)).data;
    t.same(
      first.rows.map((r: Row) => r.id),
      all.slice(0, 5).map((r) => r.id),
      'page 0 → first page',
    );
  });

  t.test('tenant filter: admin (suffix 0) sees every tenant; jsh only tenant 63', async (t) => {
    const adminAccounts = (await list('/account/list', admin.token)).data.rows as Row[];
    t.ok(
      adminAccounts.some((r) => r.tenantId === 150),
      'admin sees the other tenant',
    );
    const jshAccounts = (await list('/account/list', jsh.token)).data.rows as Row[];
    t.notOk(jshAccounts.some((r) => r.tenantId === 150));
    t.same(
      await list('/function/list', jsh.token),
      { code: 500, data: '未知异常' },
      'function list: null list for non-admin',
    );
    t.same(
      await list('/tenant/list', jsh.token),
      { code: 500, data: '未知异常' },
      'tenant list: null list for non-admin',
    );
    t.same(
      await list('/platformConfig/list', jsh.token),
      { code: 500, data: '未知异常' },
      'platform config list: null list for non-admin',
    );
  });

  t.test('example A: /user/list as jsh', async (t) => {
    const body = await list('/user/list', jsh.token, { loginName: '' }, 1, 10);
    t.equal(body.data.total, 2);
    const [owner, member] = body.data.rows;
    t.match(owner, {
      id: 63,
      loginName: 'jsh',
      username: '测试用户',
      orgaId: 12,
      orgAbr: '测试部门',
      userBlngOrgaDsplSeq: '15',
      orgaUserRelId: 11,
      roleId: 10,
      roleName: '租户',
      userType: '租户',
      leaderFlagStr: '否',
    });
    t.match(member, {
      id: 131,
      loginName: 'test123',
      orgaId: 13,
      orgAbr: '部门1',
      userBlngOrgaDsplSeq: '2',
      orgaUserRelId: 10,
      roleId: 17,
      roleName: '销售代表',
      userType: '普通',
    });
    for (const key of ['password', 'ismanager', 'department', 'weixinOpenId', 'deleteFlag'])
      t.equal(owner[key], null, `${key} not selected`);
  });

  t.test('example B: /role/list as jsh', async (t) => {
    const body = await list('/role/list', jsh.token, {}, 1, 10);
    t.equal(body.data.total, 2);
    t.same(body.data.rows[0], {
      id: 17,
      name: '销售代表',
      type: '个人数据',
      priceLimit: null,
      value: null,
      description: 'rrr',
      enabled: true,
      sort: null,
      tenantId: 63,
      deleteFlag: '0',
      priceLimitStr: null,
    });
    t.match(body.data.rows[1], { id: 16, name: '销售经理', type: '全部数据', description: 'ddd' });
    t.equal((await list('/role/list', admin.token)).data.total, 4, 'admin also sees the roles without a tenant');
  });

  t.test(
    'bills: each kind has rows with the columns its view shows; roleType 个人数据 limits to own bills',
    async (t) => {
      for (const [type, subType] of BILL_KINDS) {
        const answer = await list('/depotHead/list', jsh.token, { type, subType });
        if (!answer.data) t.fail(JSON.stringify(answer));
        const rows = answer.data.rows as Row[];
        t.ok(rows.length >= 2, `${type}/${subType} rows`);
        for (const row of rows) {
          t.match(row, { type, subType }, `${type}/${subType}`);
          for (const col of BILL_COLUMNS) t.ok(col in row, `${type}/${subType} has ${col}`);
          t.type(row.totalPrice, 'number');
          t.type(row.materialCount, 'number');
          t.match(row.operTimeStr as string, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        }
      }
      const own = (await list('/depotHead/list', test123.token, { roleType: '个人数据' })).data.rows as Row[];
      t.ok(own.length >= 1);
      t.ok(
        own.every((r) => r.creator === 131),
        'only test123’s own bills',
      );
      const withDebt = (await list('/depotHead/list', jsh.token, { hasDebt: '1' })).data.rows as Row[];
      t.ok(withDebt.length >= 1 && withDebt.every((r) => (r.debt as number) > 0), 'hasDebt 1');
    },
  );

  t.test('financial bills: each type has rows with the view columns', async (t) => {
    for (const type of FINANCIAL_KINDS) {
      const rows = (await list('/accountHead/list', jsh.token, { type })).data.rows as Row[];
      t.ok(rows.length >= 2, `${type} rows`);
      for (const row of rows) {
        t.equal(row.type, type);
        for (const col of FINANCIAL_COLUMNS) t.ok(col in row, `${type} has ${col}`);
      }
    }
  });

  t.test('partners: supplier/customer/member by search.type', async (t) => {
    for (const type of ['供应商', '客户', '会员']) {
      const rows = (await list('/supplier/list', jsh.token, { type })).data.rows as Row[];
      t.ok(rows.length >= 2, type);
      t.ok(
        rows.every((r) => r.type === type),
        type,
      );
    }
  });

  t.test('reports: flat params, rows with the view columns, totals equal to the row sums', async (t) => {
    const today = stack.now();
    const range = {
      beginTime: formatDate(new Date(today.getTime() - 90 * 24 * 3600 * 1000)),
      endTime: formatDate(today),
    };
    // The text filters the backend requires, sent empty as the original client sends them.
    const blank = (...names: string[]): Record<string, string> => Object.fromEntries(names.map((n) => [n, '']));
    // 销售统计 and 零售统计 answer alike: sold out, taken back in, the net.
    const outStatistics = {
      params: { ...range, ...blank('materialParam') },
      columns: [
        'barCode',
        'materialName',
        'materialUnit',
        'outSum',
        'outSumPrice',
        'inSum',
        'inSumPrice',
        'outInSumPrice',
      ],
      totals: [['realityPriceTotal', 'outInSumPrice']] as [string, string][],
    };
    const cases: { path: string; params: Record<string, string>; columns: string[]; totals: [string, string][] }[] = [
      {
        path: '/material/getListWithStock',
        params: { ...blank('materialParam'), zeroStock: '0' },
        columns: [
          'mBarCode',
          'name',
          'standard',
          'model',
          'color',
          'categoryName',
          'position',
          'unitName',
          'purchaseDecimal',
          'initialStock',
          'currentStock',
          'currentStockPrice',
          'currentWeight',
        ],
        totals: [
          ['currentStock', 'currentStock'],
          ['currentStockPrice', 'currentStockPrice'],
          ['currentWeight', 'currentWeight'],
        ],
      },
      {
        path: '/depotItem/getInOutStock',
        params: { ...range, ...blank('materialParam') },
        columns: [
          'barCode',
          'materialName',
          'materialStandard',
          'materialModel',
          'otherField1',
          'otherField2',
          'otherField3',
          'unitName',
          'unitPrice',
          'prevSum',
          'inSum',
          'outSum',
          'thisSum',
          'thisAllPrice',
        ],
        totals: [],
      },
      {
        path: '/depotItem/buyIn',
        params: { ...range, ...blank('materialParam') },
        columns: [
          'barCode',
          'materialName',
          'materialStandard',
          'materialModel',
          'otherField1',
          'otherField2',
          'otherField3',
          'materialUnit',
          'inSum',
          'inSumPrice',
          'outSum',
          'outSumPrice',
          'inOutSumPrice',
        ],
        totals: [['realityPriceTotal', 'inOutSumPrice']],
      },
      { path: '/depotItem/saleOut', ...outStatistics },
      { path: '/depotItem/retailOut', ...outStatistics },
      {
        path: '/depotHead/findInOutDetail',
        params: { ...range, ...blank('materialParam', 'number', 'remark'), type: '入库' },
        columns: [
          'number',
          'barCode',
          'mname',
          'standard',
          'model',
          'mUnit',
          'operNumber',
          'unitPrice',
          'allPrice',
          'taxRate',
          'taxMoney',
          'sname',
          'dname',
          'operTime',
          'newRemark',
        ],
        totals: [
          ['operNumberTotal', 'operNumber'],
          ['allPriceTotal', 'allPrice'],
        ],
      },
      {
        path: '/depotHead/findInOutDetail',
        params: { ...range, ...blank('materialParam', 'number', 'remark'), type: '出库' },
        columns: ['number', 'mname', 'operNumber', 'allPrice', 'sname', 'dname'],
        totals: [
          ['operNumberTotal', 'operNumber'],
          ['allPriceTotal', 'allPrice'],
        ],
      },
      {
        path: '/depotHead/findInOutMaterialCount',
        params: { ...range, ...blank('materialParam'), type: '入库' },
        columns: ['barCode', 'mName', 'standard', 'model', 'categoryName', 'materialUnit', 'numSum', 'priceSum'],
        totals: [
          ['numSumTotal', 'numSum'],
          ['priceSumTotal', 'priceSum'],
        ],
      },
      {
        path: '/depotHead/findInOutMaterialCount',
        params: { ...range, ...blank('materialParam'), type: '出库' },
        columns: ['barCode', 'mName', 'numSum', 'priceSum'],
        totals: [
          ['numSumTotal', 'numSum'],
          ['priceSumTotal', 'priceSum'],
        ],
      },
      {
        path: '/depotHead/findAllocationDetail',
        params: { ...range, ...blank('materialParam', 'number', 'remark'), subType: '调拨' },
        columns: [
          'number',
          'barCode',
          'mname',
          'mUnit',
          'operNumber',
          'unitPrice',
          'allPrice',
          'dname',
          'sname',
          'operTime',
          'newRemark',
        ],
        totals: [
          ['operNumberTotal', 'operNumber'],
          ['allPriceTotal', 'allPrice'],
        ],
      },
      {
        path: '/depotHead/getStatementAccount',
        params: { ...range, supplierType: '客户' },
        columns: [
          'supplier',
          'contacts',
          'telephone',
          'phoneNum',
          'email',
          'preNeed',
          'debtMoney',
          'backMoney',
          'allNeed',
        ],
        totals: [
          ['firstMoney', 'preNeed'],
          ['lastMoney', 'allNeed'],
        ],
      },
      {
        path: '/depotHead/getStatementAccount',
        params: { ...range, supplierType: '供应商' },
        columns: ['supplier', 'preNeed', 'debtMoney', 'backMoney', 'allNeed'],
        totals: [
          ['firstMoney', 'preNeed'],
          ['lastMoney', 'allNeed'],
        ],
      },
      {
        path: '/depotItem/findStockWarningCount',
        params: { ...blank('materialParam'), mpList: '' },
        columns: [
          'depotName',
          'barCode',
          'mname',
          'mstandard',
          'mmodel',
          'motherField1',
          'materialUnit',
          'currentNumber',
          'lowSafeStock',
          'highSafeStock',
          'lowCritical',
          'highCritical',
        ],
        totals: [],
      },
    ];
    for (const c of cases) {
      const qs = new URLSearchParams({ ...c.params, currentPage: '1', pageSize: '100' }).toString();
      const res = await call('GET', `${c.path}?${qs}`, { token: jsh.token });
      t.equal(res.status, 200, c.path);
      const body = res.json();
      t.equal(body.code, 200, c.path);
      const rows = body.data.rows as Row[];
      t.ok(rows.length >= 1, `${c.path} ${JSON.stringify(c.params)} has rows`);
      t.equal(body.data.total, rows.length, `${c.path} total`);
      for (const col of c.columns) t.ok(col in (rows[0] ?? {}), `${c.path} has ${col}`);
      for (const [total, column] of c.totals) {
        t.type(body.data[total], 'number', `${c.path} ${total}`);
        const sum = Math.round(rows.reduce((s, r) => s + Number(r[column] ?? 0), 0) * 100) / 100;
        t.equal(body.data[total], sum, `${c.path} ${total} = Σ ${column}`);
      }
      const missing = await call('GET', `${c.path}?currentPage=1`, { token: jsh.token });
      t.same(missing.json(), { code: 500, data: '未知异常' }, `${c.path} without its required params`);
    }
    const stock = await call(
      'GET',
      `/depotItem/getInOutStock?${new URLSearchParams({ ...range, ...blank('materialParam'), currentPage: '1', pageSize: '100' })}`,
      { token: jsh.token },
    );
    const money = (
      await call(
        'GET',
        `/depotItem/getInOutStockCountMoney?${new URLSearchParams({ ...range, ...blank('materialParam') })}`,
        { token: jsh.token },
      )
    ).json();
    const thisSum = (stock.json().data.rows as Row[]).reduce((s, r) => s + (r.thisSum as number), 0);
    t.equal(money.data.totalStock, thisSum, 'getInOutStockCountMoney totalStock');
    const stats = (await call('GET', '/account/getStatistics?name=&serialNo=', { token: jsh.token })).json();
    const accounts = (await list('/account/list', jsh.token)).data.rows as Row[];
    // AccountService.priceFormat's text of the totals, to 2 places.
    t.equal(
      Number(stats.data.allCurrentAmount),
      Math.round(accounts.reduce((s, r) => s + (r.currentAmount as number), 0) * 100) / 100,
    );
    t.type(stats.data.allMonthAmount, 'string');
  });

  t.test('report paging is a plain offset', async (t) => {
    const qs = (page: number) =>
      new URLSearchParams({
        beginTime: '2000-01-01',
        endTime: '2100-01-01',
        type: '入库',
        materialParam: '',
        number: '',
        remark: '',
        currentPage: String(page),
        pageSize: '3',
      });
    const p1 = (await call('GET', `/depotHead/findInOutDetail?${qs(1)}`, { token: jsh.token })).json().data;
    const p2 = (await call('GET', `/depotHead/findInOutDetail?${qs(2)}`, { token: jsh.token })).json().data;
    t.equal(p1.rows.length, 3);
    t.notSame(p1.rows[0], p2.rows[0]);
    t.equal(p1.total, p2.total);
    t.same(
      (await call('GET', `/depotHead/findInOutDetail?${qs(999)}`, { token: jsh.token })).json().data.rows,
      [],
      'no clamping',
    );
  });

  t.test('/plugin/list (sandbox direct: the gateway forbids plugin admin by default)', async (t) => {
    const through = await call('GET', '/plugin/list?currentPage=1&pageSize=10', { token: admin.token });
    t.equal(through.status, 403);
    const res = await stack.direct('GET', '/jshERP-boot/plugin/list?currentPage=1&pageSize=10', {
      'x-access-token': admin.token,
    });
    const body = res.json();
    t.equal(body.code, 200);
    t.ok(body.data.rows.length >= 1);
    t.type(body.data.rows[0].pluginDescriptor.pluginId, 'string');
  });
});
