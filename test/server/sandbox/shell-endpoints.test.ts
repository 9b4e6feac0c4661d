// The other calls the shell makes: platform getters, settings, tenant info,
// password change, and the sandbox-only department pair.
import t from 'tap';
import { MD5_123456, startStack } from './helpers.js';

const SYSTEM_CONFIG_KEYS = [
  'id',
  'companyName',
  'companyContacts',
  'companyAddress',
  'companyTel',
  'companyFax',
  'companyPostCode',
  'saleAgreement',
  'depotFlag',
  'customerFlag',
  'minusStockFlag',
  'purchaseBySaleFlag',
  'multiLevelApprovalFlag',
  'multiBillType',
  'forceApprovalFlag',
  'updateUnitPriceFlag',
  'overLinkBillFlag',
  'inOutManageFlag',
  'multiAccountFlag',
  'moveAvgPriceFlag',
  'auditPrintFlag',
  'zeroChangeAmountFlag',
  'customerStaticPriceFlag',
  'materialPriceTaxFlag',
  'tenantId',
  'deleteFlag',
];

t.test('shell endpoints', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call } = stack;
  const jsh = await stack.login('jsh');
  const admin = await stack.login('admin');

  t.test('getPlatform/*: open, bare strings as application/json', async (t) => {
    const cases: [string, string][] = [
      ['name', '管伊佳ERP'],
      ['url', 'http://www.gyjerp.com/'],
      ['checkcodeFlag', '0'],
      ['registerFlag', '1'],
      ['appVersion', ''],
    ];
    for (const [path, body] of cases) {
      const res = await call('GET', `/platformConfig/getPlatform/${path}`);
      t.equal(res.status, 200, path);
      t.match(res.headers['content-type'], /^application\/json/, path);
      t.equal(res.text, body, path);
    }
  });

  t.test('getInfoByKey: token required; row, aliOss/weixin → null, unknown → all-null object', async (t) => {
    const cases: [string, unknown][] = [
      ['pay_fee_url', { id: 6, platformKey: 'pay_fee_url', platformKeyInfo: '租户续费地址', platformValue: '' }],
      ['aliOss_endpoint', null],
      ['weixinAppid', null],
      ['no_such_key', { id: null, platformKey: null, platformKeyInfo: null, platformValue: null }],
    ];
    for (const [key, data] of cases) {
      const res = await call('GET', `/platformConfig/getInfoByKey?platformKey=${key}`, { token: jsh.token });
      t.equal(res.status, 200, key);
      t.same(res.json(), { code: 200, data }, key);
    }
    t.same(
      (await call('GET', '/platformConfig/getInfoByKey', { token: jsh.token })).json(),
      { code: 500, data: '未知异常' },
      'missing platformKey',
    );
    t.equal((await call('GET', '/platformConfig/getInfoByKey?platformKey=pay_fee_url')).text, 'loginOut');
  });

  t.test('systemConfig/getCurrentInfo: the tenant row with every key (strings but id/tenantId)', async (t) => {
    for (const token of [jsh.token, admin.token]) {
      const body = (await call('GET', '/systemConfig/getCurrentInfo', { token })).json();
      t.equal(body.code, 200);
      t.same(Object.keys(body.data), SYSTEM_CONFIG_KEYS);
      t.match(body.data, {
        id: 11,
        companyName: '公司test',
        tenantId: 63,
        multiLevelApprovalFlag: '0',
        companyFax: null,
      });
      for (const key of SYSTEM_CONFIG_KEYS.filter(
        (k) => !['id', 'tenantId', 'companyFax', 'companyPostCode'].includes(k),
      )) {
        t.type(body.data[key], 'string', key);
      }
    }
  });

  t.test('infoWithTenant: jsh tenant row; admin has none', async (t) => {
    t.same((await call('GET', '/user/infoWithTenant', { token: jsh.token })).json(), {
      code: 200,
      data: { type: '1', expireTime: '2099-02-17', userCurrentNum: 2, userNumLimit: 2000, tenantId: 63 },
    });
    t.same((await call('GET', '/user/infoWithTenant', { token: admin.token })).json(), {
      code: 200,
      data: { type: null, expireTime: '', userCurrentNum: 3, userNumLimit: null, tenantId: null },
    });
  });

  t.test('infoWithTenant on an expired tenant still answers 200 but ends the session', async (t) => {
    const { token } = await stack.login('test123');
    const tenant = stack.sandbox.app.sandbox.state.tenants[0]!;
    const keep = tenant.expire_time;
    tenant.expire_time = new Date(stack.sandbox.app.sandbox.state.clock.ms() - 1000);
    try {
      const res = await call('GET', '/user/infoWithTenant', { token });
      t.equal(res.json().code, 200);
      t.equal((await call('GET', '/user/getUserSession', { token })).text, 'loginOut');
    } finally {
      tenant.expire_time = keep;
    }
  });

  t.test('materialProperty/getAllList: the dump has none', async (t) => {
    t.same((await call('GET', '/materialProperty/getAllList', { token: jsh.token })).json(), { code: 200, data: [] });
  });

  t.test('PUT /user/updatePwd: status 2, 3, 1; POST is 未知异常; the new password logs in', async (t) => {
    const { token, data } = await stack.login('test123');
    const userId = data.user.id;
    const newHash = 'fcea920f7412b5da7be0cf42b8c93759'; // md5('1234567')
    const put = (body: unknown) => call('PUT', '/user/updatePwd', { token, body });
    t.same((await put({ userId, oldpassword: 'ffffffffffffffffffffffffffffffff', password: newHash })).json(), {
      code: 200,
      data: { status: 2, message: '原始密码输入错误' },
    });
    t.same((await put({ userId: 99999, oldpassword: MD5_123456, password: newHash })).json(), {
      code: 500,
      data: { status: 3, message: '操作失败' },
    });
    t.same(
      (
        await call('POST', '/user/updatePwd', { token, body: { userId, oldpassword: MD5_123456, password: newHash } })
      ).json(),
      { code: 500, data: '未知异常' },
    );
    t.same(
      (
        await put({ userId, oldpassword: MD5_123456.toUpperCase(), password: newHash, confirmPassword: 'ignored' })
      ).json(),
      { code: 200, data: { status: 1, message: '修改成功' } },
    );
    const old = await call('POST', '/user/login', { body: { loginName: 'test123', password: MD5_123456 } });
    t.same(old.json(), { code: 200, data: { msgTip: 'user password error' } });
    const fresh = await call('POST', '/user/login', { body: { loginName: 'test123', password: newHash } });
    t.equal(fresh.json().data.msgTip, 'user can login');
    t.equal(fresh.json().data.pwdSimple, false);
  });

  t.test('sandbox-only departments: Jeecg Result shapes from the fixture organisations', async (t) => {
    const list = (await call('GET', '/sys/user/getCurrentUserDeparts', { token: jsh.token })).json();
    t.match(list, { success: true, code: 200 });
    t.same(list.result.list, [
      { id: '12', departName: '测试部门', orgCode: '001' },
      { id: '13', departName: '部门1', orgCode: 'jg1' },
      { id: '14', departName: '部门2', orgCode: '12' },
    ]);
    t.equal(list.result.orgCode, '001', "jsh's own department (orga_user_rel) is current");
    const select = (
      await call('PUT', '/sys/selectDepart', { token: jsh.token, body: { orgCode: 'jg1', username: 'jsh' } })
    ).json();
    t.match(select, { success: true, result: { userInfo: { loginName: 'jsh', orgCode: 'jg1', password: null } } });
    t.equal((await call('GET', '/sys/user/getCurrentUserDeparts', { token: jsh.token })).json().result.orgCode, 'jg1');
    const bad = (await call('PUT', '/sys/selectDepart', { token: jsh.token, body: { orgCode: 'nope' } })).json();
    t.equal(bad.success, false);
    t.same((await call('GET', '/sys/user/getCurrentUserDeparts', { token: admin.token })).json().result, {
      list: [],
      orgCode: null,
    });
  });
});
