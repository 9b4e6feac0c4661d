// 部门, 系统配置 and the platform admin's 平台参数, 租户, 菜单管理 through the gateway: the tree and its delete rule,
// the full-column department edit, the auto-saving config row, and admin-only writes answering 服务内部错误 to others.
import t from 'tap';
import { MD5_123456, startStack } from './helpers.js';

type Row = Record<string, unknown>;
const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));
const OK = { code: 200, data: { message: '成功' } };
const FAILED = { code: 500, data: { message: '服务内部错误' } };
const UNKNOWN = { code: 500, data: '未知异常' };

interface OrgNode {
  id: number;
  title: string;
  children: OrgNode[];
}
const shape = (nodes: OrgNode[]): unknown[] => nodes.map((n) => [n.title, shape(n.children)]);

t.test('system and platform writes', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call } = stack;
  const jsh = await stack.login('jsh');
  const admin = await stack.login('admin');
  const token = jsh.token;
  const tree = async (id = '') =>
    (await call('GET', `/organization/getOrganizationTree?id=${id}`, { token })).json() as OrgNode[];

  t.test(
    '部门: add a child, the tree and findById show it, edit overwrites all five columns, delete rules',
    async (t) => {
      t.match((await tree())[0], {
        id: 12,
        key: 12,
        value: 12,
        title: '测试部门',
        attributes: '001',
        state: 'open',
        checked: false,
      });
      const add = await call('POST', '/organization/add', {
        token,
        body: { orgAbr: '华东区', orgNo: '003', parentId: 12, sort: '9', remark: '新区' },
      });
      t.same(add.json(), OK);
      t.same(shape(await tree()), [
        [
          '测试部门',
          [
            ['部门1', [['部门2', []]]],
            ['华东区', []],
          ],
        ],
      ]);
      const id = (await tree())[0]!.children.find((c) => c.title === '华东区')!.id;
      t.same((await call('GET', `/organization/findById?id=${id}`, { token })).json(), {
        code: 200,
        data: {
          id,
          orgAbr: '华东区',
          parentId: 12,
          orgParentName: '测试部门',
          orgNo: '003',
          sort: '9',
          remark: '新区',
        },
      });
      t.same(
        shape(await tree('13')),
        [['测试部门', [['华东区', []]]]],
        "the edit form's parent select leaves the node and its subtree out",
      );
      const check = async (name: string, self: number) =>
        (
          await call('GET', `/organization/checkIsNameExist?name=${encodeURIComponent(name)}&id=${self}`, { token })
        ).json().data.status;
      t.equal(await check('华东区', 0), true);
      t.equal(await check('华东区', id), false);
      t.same((await call('PUT', '/organization/update', { token, body: { id, orgAbr: '华东大区' } })).json(), OK);
      t.same(
        (await call('GET', `/organization/findById?id=${id}`, { token })).json().data,
        {
          id,
          orgAbr: '华东大区',
          parentId: null,
          orgNo: null,
          sort: null,
          remark: null,
        },
        'omitted columns become NULL, and the node moved to the root',
      );
      t.same(shape(await tree()).length, 2);
      t.same((await call('DELETE', '/organization/delete?id=12', { token })).json(), {
        code: 11000006,
        data: { message: '该部门存在下级不允许删除' },
      });
      t.same(
        (await call('DELETE', '/organization/deleteBatch?ids=13,14,', { token })).json(),
        { code: 11000006, data: { message: '该部门存在下级不允许删除' } },
        '13 has a child (14)',
      );
      t.same((await call('DELETE', '/organization/delete?id=14', { token })).json(), OK);
      t.same((await call('DELETE', `/organization/deleteBatch?ids=${id},`, { token })).json(), OK);
      t.same(shape(await tree()), [['测试部门', [['部门1', []]]]]);
      t.same((await call('DELETE', '/organization/delete?id=99999', { token })).json(), FAILED, 'no such department');
      t.same(
        (await call('POST', '/organization/add', { token, body: { orgAbr: '坏', parentId: 'top' } })).json(),
        UNKNOWN,
      );
    },
  );

  t.test('getAllOrganizationTreeByUser: the tree for a 全部数据 role, nothing for 个人数据', async (t) => {
    t.same(
      shape((await call('GET', '/organization/getAllOrganizationTreeByUser', { token })).json()),
      shape(await tree()),
    );
    const test123 = await stack.login('test123');
    t.same((await call('GET', '/organization/getAllOrganizationTreeByUser', { token: test123.token })).json(), []);
  });

  t.test(
    '系统配置: update by id, the page and getCurrentInfo read it back; a new tenant adds its first row',
    async (t) => {
      const current = (await call('GET', '/systemConfig/getCurrentInfo', { token })).json().data;
      t.same(
        (
          await call('PUT', '/systemConfig/update', {
            token,
            body: { ...current, companyName: '宁波华辰', customerFlag: '1', unknownKey: 'x' },
          })
        ).json(),
        OK,
      );
      const after = (await call('GET', '/systemConfig/getCurrentInfo', { token })).json().data;
      t.match(after, {
        id: current.id,
        companyName: '宁波华辰',
        customerFlag: '1',
        companyContacts: current.companyContacts,
      });
      t.notOk('unknownKey' in after);
      const listed = (
        await call('GET', `/systemConfig/list?search=${q({ companyName: '' })}&currentPage=1&pageSize=10`, { token })
      ).json().data.rows;
      t.equal(listed[0].companyName, '宁波华辰');
      t.same(
        (await call('PUT', '/systemConfig/update', { token, body: { companyName: 'x' } })).json(),
        FAILED,
        'no id',
      );
      t.same(
        (await call('POST', '/user/registerUser', { body: { loginName: 'shop7', password: MD5_123456 } })).json().code,
        200,
      );
      const shop = await stack.login('shop7');
      t.same((await call('GET', '/systemConfig/getCurrentInfo', { token: shop.token })).json(), {
        code: 200,
        data: null,
      });
      t.same(
        (
          await call('POST', '/systemConfig/add', {
            token: shop.token,
            body: { companyName: '七号店', depotFlag: '0' },
          })
        ).json(),
        OK,
      );
      t.match((await call('GET', '/systemConfig/getCurrentInfo', { token: shop.token })).json().data, {
        companyName: '七号店',
        depotFlag: '0',
        customerFlag: null,
      });
      t.equal(
        (await call('GET', '/systemConfig/getCurrentInfo', { token })).json().data.companyName,
        '宁波华辰',
        'tenants keep their own row',
      );
      // The page's 多级审核 switch shows only with the workflow plugin (the gateway keeps /plugin/** closed by default).
      const plugin = await stack.direct('GET', '/jshERP-boot/plugin/checkByPluginId?pluginIds=workflow', {
        'x-access-token': token,
      });
      t.same(plugin.json(), { code: 200, data: false });
      const ledger = await stack.direct(
        'GET',
        '/jshERP-boot/plugin/checkByPluginId?pluginIds=workflow,general-ledger',
        { 'x-access-token': token },
      );
      t.same(ledger.json(), { code: 200, data: true });
    },
  );

  t.test('平台参数: admin only; the login page reads the new value', async (t) => {
    const rows = (
      await call('GET', `/platformConfig/list?search=${q({})}&currentPage=1&pageSize=50`, { token: admin.token })
    ).json().data.rows as Row[];
    const register = rows.find((r) => r.platformKey === 'register_flag')!;
    t.same(
      (await call('PUT', '/platformConfig/update', { token, body: { ...register, platformValue: '0' } })).json(),
      FAILED,
      'jsh is not admin',
    );
    t.same(
      (
        await call('PUT', '/platformConfig/update', { token: admin.token, body: { ...register, platformValue: '0' } })
      ).json(),
      OK,
    );
    t.equal((await call('GET', '/platformConfig/getPlatform/registerFlag')).text, '0');
    t.same(
      (
        await call('POST', '/platformConfig/add', {
          token: admin.token,
          body: { platformKey: 'demo_key', platformKeyInfo: '演示', platformValue: '1' },
        })
      ).json(),
      OK,
    );
    const added = (await call('GET', '/platformConfig/getInfoByKey?platformKey=demo_key', { token })).json().data;
    t.match(added, { platformKey: 'demo_key', platformValue: '1' });
    t.same((await call('DELETE', `/platformConfig/delete?id=${String(added.id)}`, { token })).json(), FAILED);
    t.same(
      (await call('DELETE', `/platformConfig/deleteBatch?ids=${String(added.id)},`, { token: admin.token })).json(),
      OK,
    );
    t.same(
      (await call('GET', '/platformConfig/getInfoByKey?platformKey=demo_key', { token })).json().data.id,
      null,
      'a hard delete',
    );
  });

  t.test('租户: add (any caller), login-name rules, admin-only update and enable/disable', async (t) => {
    const add = (body: Row, as = admin.token) => call('POST', '/tenant/add', { token: as, body });
    t.same(
      (
        await add({
          loginName: 'shop1',
          userNumLimit: 5,
          expireTime: '2099-01-01 00:00:00',
          remark: 'wx',
          password: MD5_123456,
        })
      ).json(),
      OK,
    );
    const list = async () =>
      (await call('GET', `/tenant/list?search=${q({})}&currentPage=1&pageSize=50`, { token: admin.token })).json().data
        .rows as Row[];
    const tenant = (await list()).find((r) => r.loginName === 'shop1')!;
    t.match(tenant, {
      userNumLimit: 5,
      type: '0',
      enabled: true,
      remark: 'wx',
      expireTimeStr: '2099-01-01 00:00:00',
      userCount: 1,
      roleId: 10,
      roleName: '租户',
    });
    const owner = await stack.login('shop1');
    t.equal(owner.data.user.tenantId, owner.data.user.id, 'the new user owns the new tenant');
    const menu = (
      await call('POST', '/function/findMenuByPNumber', {
        token: owner.token,
        body: { pNumber: 0, userId: owner.data.user.id },
      })
    ).json() as Row[];
    t.ok(menu.length > 1, "with the 租户 role's menu");
    t.same((await add({ loginName: 'shop1', password: MD5_123456 })).json(), {
      code: 500003,
      data: { message: '登录名在本系统已存在' },
    });
    t.same(
      (await add({ password: MD5_123456 })).json(),
      { code: 301, data: { message: '数据写入异常' } },
      'no login name',
    );
    t.same(
      (await add({ loginName: 'admin', password: MD5_123456 })).json(),
      { code: 500003, data: { message: '登录名在本系统已存在' } },
      'the name check comes first',
    );
    t.same(
      (await add({ loginName: 'shop2', password: MD5_123456 }, token)).json(),
      OK,
      'the service has no admin check on add',
    );
    t.match(
      (await list()).find((r) => r.loginName === 'shop2'),
      { userNumLimit: 1000000 },
    );
    const check = (await call('GET', `/tenant/checkIsNameExist?name=shop1&id=0`, { token: admin.token })).json();
    t.same(check, { code: 200, data: { status: true, message: '成功' } });
    const update = {
      id: tenant.id,
      tenantId: tenant.tenantId,
      loginName: 'shop1',
      userNumLimit: 8,
      type: '1',
      roleId: 10,
      expireTime: '2099-02-17 23:19:17',
      remark: '',
    };
    t.same((await call('PUT', '/tenant/update', { token, body: update })).json(), FAILED, 'jsh is not admin');
    t.same((await call('PUT', '/tenant/update', { token: admin.token, body: { ...update, roleId: 16 } })).json(), OK);
    t.match(
      (await list()).find((r) => r.id === tenant.id),
      { roleId: 16, roleName: '销售经理' },
      "the owner's role is rewritten",
    );
    t.same((await call('PUT', '/tenant/update', { token: admin.token, body: update })).json(), OK);
    t.match(
      (await list()).find((r) => r.id === tenant.id),
      { userNumLimit: 8, type: '1', expireTimeStr: '2099-02-17 23:19:17' },
    );
    t.same(
      (await call('PUT', '/tenant/update', { token: admin.token, body: { ...update, userNumLimit: null } })).json(),
      { code: 301, data: { message: '数据写入异常' } },
    );
    t.same(
      (
        await call('POST', '/tenant/batchSetStatus', { token, body: { status: 0, ids: `${String(tenant.id)},` } })
      ).json(),
      FAILED,
    );
    t.same(
      (
        await call('POST', '/tenant/batchSetStatus', {
          token: admin.token,
          body: { status: 0, ids: `${String(tenant.id)},` },
        })
      ).json(),
      OK,
    );
    const blocked = await call('POST', '/user/login', { body: { loginName: 'shop1', password: MD5_123456 } });
    t.same(blocked.json(), { code: 200, data: { msgTip: 'tenant is black' } });
    t.same(
      (
        await call('POST', '/tenant/batchSetStatus', {
          token: admin.token,
          body: { status: 1, ids: `${String(tenant.id)},` },
        })
      ).json(),
      OK,
    );
    t.ok((await stack.login('shop1')).token);
  });

  t.test('菜单管理: admin-only writes; a new enabled leaf appears in the role tree', async (t) => {
    const fn = {
      number: '030199',
      name: '报表X',
      parentNumber: '0301',
      url: '/report/x',
      component: '/report/X',
      sort: '9999',
      pushBtn: '3',
      icon: 'profile',
      enabled: true,
    };
    t.same((await call('POST', '/function/add', { token, body: fn })).json(), FAILED, 'jsh is not admin');
    t.same((await call('POST', '/function/add', { token: admin.token, body: fn })).json(), OK);
    const list = async () =>
      (
        await call('GET', `/function/list?search=${q({ name: '报表X' })}&currentPage=1&pageSize=10`, {
          token: admin.token,
        })
      ).json().data.rows as Row[];
    const row = (await list())[0]!;
    t.match(row, { number: '030199', parentNumber: '0301', state: false, type: '电脑版', enabled: true, pushBtn: '3' });
    const info = (await call('GET', `/function/info?id=${String(row.id)}`, { token: admin.token })).json();
    t.match(info, { code: 200, data: { message: '成功', info: { id: row.id, number: '030199' } } });
    t.equal(
      (await call('GET', `/function/checkIsNumberExist?number=030199&id=0`, { token: admin.token })).json().data.status,
      true,
    );
    t.equal(
      (
        await call('GET', `/function/checkIsNameExist?name=${encodeURIComponent('报表X')}&id=${String(row.id)}`, {
          token: admin.token,
        })
      ).json().data.status,
      false,
    );
    const roleTree = (
      await call('GET', '/function/findRoleFunction?UBType=RoleFunctions&UBKeyId=10', { token: admin.token })
    ).json();
    const reports = (roleTree[0].children as Row[]).find((n) => n.id === 198)!;
    t.ok((reports.children as Row[]).some((n) => n.id === row.id && n.checked === false));
    t.same((await call('PUT', '/function/update', { token: admin.token, body: { ...row, name: '报表Y' } })).json(), OK);
    t.same((await call('DELETE', `/function/delete?id=${String(row.id)}`, { token })).json(), FAILED);
    t.same((await call('DELETE', `/function/deleteBatch?ids=${String(row.id)},`, { token: admin.token })).json(), OK);
    t.same(await list(), []);
  });
});
