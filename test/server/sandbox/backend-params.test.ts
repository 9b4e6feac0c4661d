// The sandbox against jshERP-boot's declared parameters (shared/backend-params.json, read from the controllers by
// scripts/backend-params.ts): it serves only what a controller maps, with the controller's methods, and refuses
// what Spring's argument resolution refuses — as the backend's GlobalExceptionHandler answers it, HTTP 200
// {"code":500,"data":"未知异常"}.
import t from 'tap';
import backendParams from '../../../shared/backend-params.json' with { type: 'json' };
import { indexRoutes, judgeCall, type BackendParamTable, type BackendRoute } from '../../../shared/backend-params.js';
import { buildSandbox, type RecordedCall } from '../../../server/sandbox/app.js';
import { assertBackendAccepts, refusedCalls } from '../../support/wire-guard.js';
import { API, hostileSandbox } from './helpers.js';

const table = backendParams as BackendParamTable;
const UNKNOWN = { code: 500, data: '未知异常' };
const route = (path: string): BackendRoute => {
  const found = table.routes.find((r) => r.path === path);
  if (!found) throw new Error(`the table has no ${path}`);
  return found;
};

/** Routes the backend does not map, served on purpose (docs/sandbox.md). */
const SANDBOX_ONLY: Record<string, string> = {
  'GET /jshERP-boot/sys/user/getCurrentUserDeparts':
    'the department switch, a sandbox-only demo (the shell handles the backend’s 404)',
  'PUT /jshERP-boot/sys/selectDepart': 'the department switch, a sandbox-only demo',
};

t.test('the table reads the controllers as Spring does', async (t) => {
  t.match(table.source, { repository: 'jishenghua/jshERP', commit: /^[0-9a-f]{40}$/ });
  t.ok(table.routes.length > 300, `${table.routes.length} mappings`);
  // `@RequestParam Long id`: the Java name, required.
  t.same(route('/account/checkIsNameExist').params, [
    { name: 'id', type: 'Long', required: true },
    { name: 'name', type: 'String', required: false },
  ]);
  // `value = Constants.PAGE_SIZE, required = false`, `required = false, defaultValue = "false"`, `@RequestParam("materialId") Long mId`.
  t.match(route('/depotItem/findDetailByDepotIdsAndMaterialId').params, [
    { name: 'pageSize', type: 'Integer', required: false },
    { name: 'currentPage', type: 'Integer', required: false },
    {},
    {},
    {},
    {},
    {},
    {},
    { name: 'stockPriceFlag', type: 'Boolean', required: false, defaultValue: 'false' },
    { name: 'materialId', type: 'Long', required: true },
  ]);
  t.match(route('/organization/getOrganizationTree'), {
    methods: ['GET'],
    params: [{ name: 'id', type: 'Long', required: true }],
    body: null,
  });
  // A method-level @RequestMapping without `method`: any method.
  t.same(route('/materialCategory/getMaterialCategoryTree').methods, []);
  t.same(route('/dict/data/{dictCodes}'), {
    ...route('/dict/data/{dictCodes}'),
    methods: ['DELETE'],
    pathVariables: [{ name: 'dictCodes', type: 'Long[]' }],
  });
  t.equal(route('/depotHead/addDepotHeadAndDetail').body, 'DepotHeadVo4Body');
  t.equal(route('/account/add').body, 'JSONObject');
  t.same(route('/account/add').params, [], 'HttpServletRequest is no parameter');
  t.match(route('/supplier/importVendor').params, [{ name: 'file', type: 'MultipartFile', required: false }]);
});

t.test('Spring’s verdicts on calls', async (t) => {
  const index = indexRoutes(table);
  const judge = (method: string, url: string) => {
    const u = new URL(url, 'http://x');
    return judgeCall(index, method, u.pathname, Object.fromEntries(u.searchParams));
  };
  t.match(
    judge('GET', '/organization/getOrganizationTree?id='),
    { kind: 'ok' },
    'an empty Long is null, which Spring 5.0 accepts',
  );
  t.match(judge('GET', '/organization/getOrganizationTree?id=%201%20'), { kind: 'ok' }, 'whitespace is trimmed');
  t.match(judge('GET', '/organization/getOrganizationTree'), { kind: 'refused', reason: /'id' \(Long\) is missing/ });
  t.match(judge('GET', '/organization/getOrganizationTree?id=abc'), { kind: 'refused', reason: /'abc' is no Long/ });
  t.match(judge('GET', '/organization/getOrganizationTree?id=9223372036854775808'), {
    kind: 'refused',
    reason: /out of Long/,
  });
  t.match(judge('POST', '/organization/getOrganizationTree?id='), { kind: 'refused', reason: /POST is not mapped/ });
  t.match(judge('GET', '/organization/nope'), { kind: 'unmapped' });
  t.match(
    judge('GET', '/dict/data/list'),
    { kind: 'ok', route: { path: '/dict/data/list' } },
    'an exact path before a template',
  );
  t.match(judge('GET', '/dict/data/12'), { kind: 'ok', route: { path: '/dict/data/{dictCode}' } });
  t.match(judge('GET', '/dict/data/x'), { kind: 'refused', reason: /dictCode/ });
  t.match(judge('DELETE', '/dict/data/1,2'), { kind: 'ok' });
  t.match(judge('GET', '/systemConfig/static/bill/63/a.png'), { kind: 'ok' });
  t.match(
    judge('GET', '/depotItem/findDetailByDepotIdsAndMaterialId?materialId=1&stockPriceFlag='),
    { kind: 'ok' },
    "'' takes the default",
  );
  t.match(judge('GET', '/depotItem/findDetailByDepotIdsAndMaterialId?materialId=1&stockPriceFlag=maybe'), {
    kind: 'refused',
  });
});

t.test('every sandbox route stands for a backend mapping with the same method', async (t) => {
  const { app } = await hostileSandbox(t, []);
  const unknown = app.sandbox.routes
    .filter((r) => r.method !== 'HEAD' && !r.backend && !SANDBOX_ONLY[`${r.method} ${r.url}`])
    .map((r) => {
      const other = table.routes.find((b) => b.path === r.url.slice(API.length).replace(/:(\w+)/g, '{$1}'));
      return `${r.method} ${r.url}: ${other ? `the backend maps it for ${other.methods.join('/') || 'any method'}` : 'no controller maps it'}`;
    });
  t.same(unknown, [], 'routes the table does not know');
  for (const key of Object.keys(SANDBOX_ONLY))
    t.ok(
      app.sandbox.routes.some((r) => `${r.method} ${r.url}` === key),
      `${key} still served`,
    );
});

/** The report pages' list calls, and the department tree, with every parameter the backend requires. */
const REPORT_CALLS: [string, Record<string, string>][] = [
  [
    '/depotHead/findInOutDetail',
    {
      currentPage: '1',
      pageSize: '11',
      number: '',
      materialParam: '',
      beginTime: '2020-01-01',
      endTime: '2030-12-31',
      type: '入库',
      remark: '',
    },
  ],
  [
    '/depotHead/findInOutMaterialCount',
    {
      currentPage: '1',
      pageSize: '11',
      materialParam: '',
      beginTime: '2020-01-01',
      endTime: '2030-12-31',
      type: '出库',
    },
  ],
  [
    '/depotHead/findAllocationDetail',
    {
      currentPage: '1',
      pageSize: '11',
      number: '',
      materialParam: '',
      beginTime: '2020-01-01',
      endTime: '2030-12-31',
      subType: '调拨',
      remark: '',
    },
  ],
  [
    '/depotHead/getStatementAccount',
    { currentPage: '1', pageSize: '11', beginTime: '2020-01-01', endTime: '2030-12-31', supplierType: '客户' },
  ],
  [
    '/depotItem/buyIn',
    { currentPage: '1', pageSize: '11', beginTime: '2020-01-01', endTime: '2030-12-31', materialParam: '' },
  ],
  [
    '/depotItem/saleOut',
    { currentPage: '1', pageSize: '11', beginTime: '2020-01-01', endTime: '2030-12-31', materialParam: '' },
  ],
  [
    '/depotItem/retailOut',
    { currentPage: '1', pageSize: '11', beginTime: '2020-01-01', endTime: '2030-12-31', materialParam: '' },
  ],
  [
    '/depotItem/getInOutStock',
    { currentPage: '1', pageSize: '11', beginTime: '2020-01-01', endTime: '2030-12-31', materialParam: '' },
  ],
  ['/depotItem/getInOutStockCountMoney', { beginTime: '2020-01-01', endTime: '2030-12-31', materialParam: '' }],
  // mpList is optional to Spring, but DepotItemService.findStockWarningCount splits it: without it the report fails
  // (获取数据失败), as the original client never lets happen.
  ['/depotItem/findStockWarningCount', { currentPage: '1', pageSize: '11', materialParam: '', mpList: '' }],
  ['/material/getListWithStock', { currentPage: '1', pageSize: '11', materialParam: '', zeroStock: '0' }],
  ['/organization/getOrganizationTree', { id: '' }],
];

t.test(
  'a missing or ill-typed parameter on every report path and the department tree: 未知异常, as the backend',
  async (t) => {
    const { app, tokens } = await hostileSandbox(t, ['jsh'] as const);
    const get = async (path: string, query: Record<string, string>) => {
      const res = await app.inject({
        method: 'GET',
        url: `${API}${path}?${new URLSearchParams(query)}`,
        headers: { 'x-access-token': tokens.jsh },
      });
      return { status: res.statusCode, body: JSON.parse(res.body) as unknown };
    };
    for (const [path, query] of REPORT_CALLS) {
      const backend = route(path);
      const declared = backend.params
        .filter((p) => p.required)
        .map((p) => p.name)
        .sort();
      t.same(
        Object.keys(query)
          .filter((k) => backend.params.find((p) => p.name === k)?.required)
          .sort(),
        declared,
        `${path}: the query holds every required parameter`,
      );
      const full = await get(path, query);
      t.equal(full.status, 200, `${path} answers`);
      t.not((full.body as { code?: unknown }).code, 500, `${path} with every required parameter is no 未知异常`);
      if (path === '/organization/getOrganizationTree')
        t.ok(Array.isArray(full.body) && full.body.length > 0, '?id= is the whole tree');
      else t.match(full.body, { code: 200 }, `${path} with every required parameter: code 200`);
      for (const name of declared) {
        const { [name]: _dropped, ...without } = query;
        t.same(await get(path, without), { status: 200, body: UNKNOWN }, `${path} without ${name}`);
      }
      for (const param of backend.params.filter((p) => /^(Long|Integer)$/.test(p.type))) {
        t.same(
          await get(path, { ...query, [param.name]: 'x1' }),
          { status: 200, body: UNKNOWN },
          `${path} with ${param.name}=x1 (${param.type})`,
        );
      }
    }
  },
);

t.test('every GET the sandbox serves refuses the absence of each required parameter', async (t) => {
  const { app, tokens } = await hostileSandbox(t, ['jsh'] as const);
  let checked = 0;
  for (const r of app.sandbox.routes) {
    if (r.method !== 'GET' || !r.backend || r.url.includes(':') || r.url.includes('*')) continue;
    for (const param of r.backend.params.filter((p) => p.required)) {
      const others = Object.fromEntries(
        r.backend.params
          .filter((p) => p !== param && p.required)
          .map((p) => [p.name, /^(Long|Integer)$/.test(p.type) ? '1' : 'x']),
      );
      const res = await app.inject({
        method: 'GET',
        url: `${r.url}?${new URLSearchParams(others)}`,
        headers: { 'x-access-token': tokens.jsh },
      });
      t.same(
        { status: res.statusCode, body: JSON.parse(res.body) as unknown },
        { status: 200, body: UNKNOWN },
        `${r.url} without ${param.name}`,
      );
      checked++;
    }
  }
  t.ok(checked > 100, `${checked} calls`);
});

t.test('the wire guard names each recorded call the backend would refuse, and lets the others through', async (t) => {
  const calls: RecordedCall[] = [];
  const app = await buildSandbox({ captcha: false, recordCall: (call) => calls.push(call) });
  t.teardown(() => app.close());
  for (const url of [
    '/organization/getOrganizationTree?id=',
    '/organization/getOrganizationTree',
    '/serialNumber/list?currentPage=1',
    '/sys/user/getCurrentUserDeparts',
    '/depotItem/buyIn?currentPage=1&pageSize=x',
  ]) {
    await app.inject({ method: 'GET', url: `${API}${url}` });
  }
  await app.inject({ method: 'POST', url: `${API}/organization/getOrganizationTree?id=` });
  t.equal(calls.length, 6, 'every call recorded, refused by the filter or not');
  t.same(refusedCalls(calls), [
    "GET /jshERP-boot/organization/getOrganizationTree: required parameter 'id' (Long) is missing",
    'GET /jshERP-boot/serialNumber/list?currentPage=1: no controller maps the path (Spring’s 404)',
    "GET /jshERP-boot/depotItem/buyIn?currentPage=1&pageSize=x: parameter 'pageSize': 'x' is no Integer",
    'POST /jshERP-boot/organization/getOrganizationTree?id=: POST is not mapped (the backend maps GET)',
  ]);
  t.throws(
    () => assertBackendAccepts(calls, 'this test'),
    /wire guard \(this test\): 4 call\(s\) jshERP-boot would refuse/,
  );
  t.doesNotThrow(() => assertBackendAccepts(calls.slice(0, 1), 'this test'));
});
