// Every form, row-action and look-up path of the system and basic-data pages, fed missing, malformed and wrongly
// typed input: each answer is the backend's HTTP 200 envelope (or its bare array), and none comes from a handler
// fault (the sandbox logs 'sandbox handler failed' when code it did not mean to fail throws).
import t from 'tap';
import { hostileSandbox, sweepHostile } from './helpers.js';

const WRITES: [string, string][] = [
  ['POST', '/user/addUser'],
  ['PUT', '/user/updateUser'],
  ['POST', '/user/batchSetStatus'],
  ['POST', '/user/resetPwd'],
  ['POST', '/role/add'],
  ['PUT', '/role/update'],
  ['POST', '/role/batchSetStatus'],
  ['POST', '/userBusiness/add'],
  ['PUT', '/userBusiness/update'],
  ['POST', '/userBusiness/updateBtnStr'],
  ['POST', '/userBusiness/updateOneValueByKeyIdAndType'],
  ['POST', '/organization/add'],
  ['PUT', '/organization/update'],
  ['POST', '/person/add'],
  ['PUT', '/person/update'],
  ['POST', '/person/batchSetStatus'],
  ['POST', '/depot/add'],
  ['PUT', '/depot/update'],
  ['POST', '/depot/updateIsDefault'],
  ['POST', '/depot/batchSetStatus'],
  ['POST', '/account/add'],
  ['PUT', '/account/update'],
  ['POST', '/account/updateIsDefault'],
  ['POST', '/account/batchSetStatus'],
  ['POST', '/unit/add'],
  ['PUT', '/unit/update'],
  ['POST', '/unit/batchSetStatus'],
  ['POST', '/supplier/add'],
  ['PUT', '/supplier/update'],
  ['POST', '/supplier/batchSetStatus'],
  ['POST', '/supplier/batchSetAdvanceIn'],
  ['POST', '/inOutItem/add'],
  ['PUT', '/inOutItem/update'],
  ['POST', '/inOutItem/batchSetStatus'],
  ['POST', '/systemConfig/add'],
  ['PUT', '/systemConfig/update'],
  ['POST', '/platformConfig/add'],
  ['PUT', '/platformConfig/update'],
  ['POST', '/platformConfig/updatePlatformConfigByKey'],
  ['POST', '/tenant/add'],
  ['PUT', '/tenant/update'],
  ['POST', '/tenant/batchSetStatus'],
  ['POST', '/function/add'],
  ['PUT', '/function/update'],
  ['POST', '/dict/type/add'],
  ['PUT', '/dict/type/update'],
  ['POST', '/dict/data/add'],
  ['PUT', '/dict/data/update'],
];

const QUERIES: [string, string][] = [
  ['DELETE', '/user/delete'],
  ['DELETE', '/user/deleteBatch'],
  ['GET', '/user/getUserWithChecked'],
  ['DELETE', '/role/delete'],
  ['DELETE', '/role/deleteBatch'],
  ['GET', '/role/checkIsNameExist'],
  ['GET', '/userBusiness/checkIsValueExist'],
  ['GET', '/function/findRoleFunction'],
  ['GET', '/function/findRoleFunctionsById'],
  ['DELETE', '/organization/delete'],
  ['DELETE', '/organization/deleteBatch'],
  ['GET', '/organization/findById'],
  ['GET', '/organization/info'],
  ['GET', '/organization/checkIsNameExist'],
  ['GET', '/organization/getOrganizationTree'],
  ['DELETE', '/person/delete'],
  ['DELETE', '/person/deleteBatch'],
  ['GET', '/person/getPersonByType'],
  ['GET', '/person/getPersonByNumType'],
  ['DELETE', '/depot/delete'],
  ['DELETE', '/depot/deleteBatch'],
  ['GET', '/depot/findUserDepot'],
  ['DELETE', '/account/delete'],
  ['DELETE', '/account/deleteBatch'],
  ['DELETE', '/unit/delete'],
  ['DELETE', '/unit/deleteBatch'],
  ['DELETE', '/supplier/delete'],
  ['DELETE', '/supplier/deleteBatch'],
  ['GET', '/supplier/checkIsNameAndTypeExist'],
  ['GET', '/supplier/getUserCustomerValue'],
  ['DELETE', '/inOutItem/delete'],
  ['DELETE', '/inOutItem/deleteBatch'],
  ['GET', '/inOutItem/findBySelect'],
  ['GET', '/systemConfig/checkIsNameExist'],
  ['DELETE', '/platformConfig/delete'],
  ['DELETE', '/platformConfig/deleteBatch'],
  ['DELETE', '/tenant/delete'],
  ['DELETE', '/tenant/deleteBatch'],
  ['GET', '/tenant/checkIsNameExist'],
  ['DELETE', '/function/delete'],
  ['DELETE', '/function/deleteBatch'],
  ['GET', '/function/info'],
  ['GET', '/function/checkIsNameExist'],
  ['GET', '/function/checkIsNumberExist'],
  ['DELETE', '/dict/type/delete'],
  ['DELETE', '/dict/type/deleteBatch'],
  ['GET', '/dict/type/abc'],
  ['GET', '/dict/data/abc'],
  ['DELETE', '/dict/data/a,b'],
  ['GET', '/dict/data/type/x'],
];

const BAD_BODIES: (string | undefined)[] = [
  undefined,
  '',
  'not json',
  '[]',
  '"text"',
  '42',
  'null',
  '{}',
  JSON.stringify({
    id: 'abc',
    ids: 5,
    status: 'maybe',
    roleId: 'x',
    orgaId: [],
    keyIds: 'x',
    keyId: {},
    value: { a: 1 },
    btnStr: 5,
    oneValue: 'x',
  }),
  JSON.stringify({
    id: {},
    name: { a: 1 },
    type: [1],
    parentId: 'x',
    userNumLimit: 'x',
    expireTime: 'not a date',
    ratio: 'x',
    initialAmount: 'x',
    enabled: 'x',
  }),
  JSON.stringify({
    id: 1.5,
    ids: ',,',
    status: null,
    loginName: null,
    password: null,
    tenantId: 'x',
    platformKey: 7,
    number: null,
    warehousing: [],
  }),
  JSON.stringify({
    id: 131,
    loginName: 'test123',
    roleId: 99999,
    orgaUserRelId: 'x',
    keyIds: [null, 'x'],
    btnStr: '{not json',
    supplier: null,
    type: '客户',
  }),
];

const BAD_QUERIES = [
  '',
  '?id=',
  '?id=abc',
  '?ids=a,b',
  '?ids=',
  '?id=-1&ids=-1,&name=&type=&UBType=&UBKeyId=&UBValue=&roleId=x&number=',
  '?id=1e3&roleId=&keyId=&type=%E5%AE%A2%E6%88%B7',
];

t.test('hostile input on the write and look-up paths: envelopes only, no handler fault', async (t) => {
  const { app, lines, tokens, login } = await hostileSandbox(t, ['jsh', 'admin', 'test123'] as const);

  const check = async (who: string, method: string, url: string, payload: string | undefined): Promise<void> => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      payload,
      headers: {
        'x-access-token': tokens[who as keyof typeof tokens],
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
    });
    const label = `${who} ${method} ${url} ${payload ?? '(no body)'}`;
    if (res.statusCode !== 200) t.fail(`${label}: HTTP ${res.statusCode}`);
    if (res.body === '') return; // tenantRoleList's null: the one empty answer, covered elsewhere
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      t.fail(`${label}: not JSON: ${res.body.slice(0, 80)}`);
      return;
    }
    if (!Array.isArray(body) && typeof (body as { code?: unknown }).code !== 'number')
      t.fail(`${label}: no code in ${res.body.slice(0, 120)}`);
  };

  const calls = await sweepHostile(
    Object.keys(tokens),
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
  // The seeded demo users are still there and still log in.
  t.ok(await login('jsh'));
  t.ok(await login('test123'));
});
