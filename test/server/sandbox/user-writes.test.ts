// 用户管理 and 角色管理 writes through the gateway: the user form's checks and their codes, the tenant's user limit,
// role writes and look-ups, userBusiness (分配菜单, 分配按钮, 分配仓库) and what a role's new menu and buttons give
// its user at the next login.
import t from 'tap';
import { MD5_123456, startStack } from './helpers.js';

type Row = Record<string, unknown>;
const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));
const OK = { code: 200, data: { message: '成功' } };
const FAILED = { code: 500, data: { message: '服务内部错误' } };
const UNKNOWN = { code: 500, data: '未知异常' };
const STANDARD_SUCCESS = { code: 200, msg: '操作成功' };

t.test('user and role writes', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call } = stack;
  const jsh = await stack.login('jsh');
  const admin = await stack.login('admin');
  const users = async (): Promise<Row[]> =>
    (await call('GET', `/user/list?search=${q({})}&currentPage=1&pageSize=100`, { token: jsh.token })).json().data.rows;
  const userByLogin = async (loginName: string): Promise<Row | undefined> =>
    (await users()).find((u) => u.loginName === loginName);
  const addUser = (body: Row, token = jsh.token) => call('POST', '/user/addUser', { token, body });

  t.test('addUser: 操作成功, the list shows role and department, the new user logs in', async (t) => {
    const res = await addUser({
      loginName: 'zhang',
      password: MD5_123456,
      username: '张三',
      roleId: 17,
      orgaId: 13,
      position: '销售',
      leaderFlag: '0',
      phonenum: '13800000000',
      email: 'z@example.com',
      userBlngOrgaDsplSeq: '3',
      description: '',
    });
    t.same(res.json(), STANDARD_SUCCESS);
    t.match(await userByLogin('zhang'), {
      username: '张三',
      roleId: 17,
      roleName: '销售代表',
      orgaId: 13,
      orgAbr: '部门1',
      userBlngOrgaDsplSeq: '3',
      status: 0,
      tenantId: 63,
    });
    const login = await stack.login('zhang');
    t.equal(login.data.user.tenantId, 63);
    const zhang = (await userByLogin('zhang'))!;
    const info = (await call('GET', `/user/info?id=${String(zhang.id)}`, { token: jsh.token })).json();
    t.match(info, {
      code: 200,
      data: { message: '成功', info: { id: zhang.id, loginName: 'zhang', username: '张三', tenantId: 63 } },
    });
    t.notOk('password' in info.data.info, 'no password hash');
    const names = (await call('GET', '/user/getUserList', { token: jsh.token })).json().map((u: Row) => u.userName);
    t.ok(names.includes('张三'), "the depot form's principal select lists the new user");
  });

  t.test(
    'addUser refusals: taken login name, admin, role without department, missing role, second leader, bad types',
    async (t) => {
      t.same((await addUser({ loginName: 'jsh', password: MD5_123456, username: 'x', roleId: 16 })).json(), {
        code: 500003,
        data: { message: '登录名在本系统已存在' },
      });
      t.same(
        (await addUser({ loginName: 'JSH', password: MD5_123456, username: 'x', roleId: 16 })).json().code,
        500003,
        'login names compare without case',
      );
      t.same((await addUser({ loginName: 'admin', password: MD5_123456, username: 'x', roleId: 16 })).json(), {
        code: 500005,
        data: { message: '此用户名限制使用' },
      });
      const deptRole = await call('POST', '/role/add', {
        token: jsh.token,
        body: { name: '部门主管', type: '本部门数据', priceLimit: '', description: '', sort: '' },
      });
      t.same(deptRole.json(), OK);
      const deptRoleId = ((await call('GET', '/role/allList', { token: jsh.token })).json() as Row[]).find(
        (r) => r.name === '部门主管',
      )!.id;
      // checkRoleAndOrg runs unless Objects.equals(id, tenantId): with the tenant's id sent, as the original client
      // sends it.
      t.same(
        (
          await addUser({ loginName: 'li', password: MD5_123456, username: '李', roleId: deptRoleId, tenantId: 63 })
        ).json(),
        { code: 500013, data: { message: '当前角色的数据类型是本部门数据，所以必须选择部门' } },
      );
      t.same(
        (await addUser({ loginName: 'li', password: MD5_123456, username: '李', tenantId: 63 })).json(),
        UNKNOWN,
        "no role: the backend's NullPointerException",
      );
      t.same(
        (await addUser({ loginName: 'li0', password: MD5_123456, username: '李零', roleId: deptRoleId })).json(),
        STANDARD_SUCCESS,
        'sent without a tenantId (null, null): the role and department are not checked',
      );
      t.same(
        (
          await addUser({
            loginName: 'boss1',
            password: MD5_123456,
            username: '经理1',
            roleId: 16,
            orgaId: 14,
            leaderFlag: '1',
          })
        ).json(),
        STANDARD_SUCCESS,
      );
      t.same(
        (
          await addUser({
            loginName: 'boss2',
            password: MD5_123456,
            username: '经理2',
            roleId: 16,
            orgaId: 14,
            leaderFlag: '1',
          })
        ).json(),
        { code: 500009, data: { message: '抱歉，当前部门已经存在经理' } },
      );
      t.notOk(await userByLogin('boss2'), 'the refused user was not added');
      t.same(
        (await addUser({ loginName: 'li', password: MD5_123456, username: '李', roleId: 'seventeen' })).json(),
        UNKNOWN,
      );
      t.same(
        (await addUser({ loginName: 'li', password: MD5_123456, roleId: 17 })).json(),
        { code: 301, data: { message: '数据写入异常' } },
        'username is NOT NULL',
      );
      t.same(
        (
          await call('POST', '/user/addUser', {
            token: jsh.token,
            rawBody: 'not json',
            headers: { 'content-type': 'application/json' },
          })
        ).json(),
        UNKNOWN,
      );
      t.same(
        (await addUser({ loginName: 'x1', password: MD5_123456, username: 'x', roleId: 16 }, admin.token)).json(),
        UNKNOWN,
        'admin has no tenant row to count against',
      );
    },
  );

  t.test('the tenant user limit: 500004 on add (disabled users count), 500006 on enable', async (t) => {
    const tenants = (
      await call('GET', `/tenant/list?search=${q({})}&currentPage=1&pageSize=10`, { token: admin.token })
    ).json().data.rows as Row[];
    const tenant = tenants.find((r) => r.tenantId === 63)!;
    const count = (await users()).length;
    const setLimit = (limit: number) =>
      call('PUT', '/tenant/update', {
        token: admin.token,
        body: { id: tenant.id, tenantId: 63, loginName: 'jsh', userNumLimit: limit, type: '1' },
      });
    t.same((await setLimit(count)).json(), OK);
    t.same((await addUser({ loginName: 'over', password: MD5_123456, username: '超限', roleId: 17 })).json(), {
      code: 500004,
      data: { message: '用户录入数量超出限制，请联系平台管理员' },
    });
    const zhang = (await userByLogin('zhang'))!;
    t.same(
      (
        await call('POST', '/user/batchSetStatus', {
          token: jsh.token,
          body: { status: 2, ids: `${String(zhang.id)},` },
        })
      ).json(),
      OK,
    );
    t.equal((await userByLogin('zhang'))!.status, 2);
    t.same(
      (await addUser({ loginName: 'over', password: MD5_123456, username: '超限', roleId: 17 })).json().code,
      500004,
      'a disabled user still counts',
    );
    // Enabling counts the selected users on top of the enabled ones: 1 + (count − 1) > count − 1.
    t.same((await setLimit(count - 1)).json(), OK);
    t.same(
      (
        await call('POST', '/user/batchSetStatus', {
          token: jsh.token,
          body: { status: 0, ids: `${String(zhang.id)},` },
        })
      ).json(),
      { code: 500006, data: { message: '启用的用户数量超出限制，请联系平台管理员' } },
    );
    t.same((await setLimit(2000)).json(), OK);
    t.same(
      (
        await call('POST', '/user/batchSetStatus', {
          token: jsh.token,
          body: { status: 0, ids: `${String(zhang.id)},` },
        })
      ).json(),
      OK,
    );
    t.equal((await userByLogin('zhang'))!.status, 0);
    t.same(
      (await call('POST', '/user/batchSetStatus', { token: jsh.token, body: { status: 2, ids: '63,' } })).json(),
      OK,
      'the owner is skipped, yet 成功',
    );
    t.equal((await userByLogin('jsh'))!.status, 0);
  });

  t.test('updateUser, resetPwd, delete', async (t) => {
    const zhang = (await userByLogin('zhang'))!;
    t.same(
      (
        await call('PUT', '/user/updateUser', {
          token: jsh.token,
          body: { ...zhang, username: '张三丰', roleId: 16, orgaId: 12 },
        })
      ).json(),
      STANDARD_SUCCESS,
    );
    t.match(await userByLogin('zhang'), { username: '张三丰', roleName: '销售经理', orgAbr: '测试部门' });
    t.same(
      (await call('PUT', '/user/updateUser', { token: jsh.token, body: { ...zhang, loginName: 'test123' } })).json()
        .code,
      500003,
    );
    const second = await call('PUT', '/user/updateUser', {
      token: jsh.token,
      body: { ...zhang, username: '改名', orgaId: 14, leaderFlag: '1' },
    });
    t.same(second.json(), { code: 500009, data: { message: '抱歉，当前部门已经存在经理' } }, 'boss1 leads 部门2');
    t.match(await userByLogin('zhang'), { username: '张三丰', orgAbr: '测试部门' }, 'the refused edit changed nothing');
    t.same(
      (
        await call('PUT', '/user/updateUser', { token: jsh.token, body: { ...zhang, id: 99999, loginName: 'nobody' } })
      ).json(),
      { code: 500002, data: { message: '修改用户信息失败' } },
    );
    const reset = await call('POST', '/user/resetPwd', {
      token: jsh.token,
      body: { id: zhang.id, password: 'e99a18c428cb38d5f260853678922e03' },
    });
    t.same(reset.json(), { code: 200, data: { message: '操作成功' } });
    t.ok((await stack.login('zhang', 'e99a18c428cb38d5f260853678922e03')).token, 'the new password logs in');
    t.same(
      (await call('POST', '/user/resetPwd', { token: admin.token, body: { id: 120, password: MD5_123456 } })).json(),
      { code: 500, data: { message: '操作失败' } },
    );
    t.same(
      (await call('POST', '/user/resetPwd', { token: jsh.token, body: { id: 99999, password: MD5_123456 } })).json(),
      UNKNOWN,
    );
    t.same(
      (await call('POST', '/user/resetPwd', { token: jsh.token, body: { id: zhang.id } })).json(),
      { code: 301, data: { message: '数据写入异常' } },
      'no password',
    );
    t.same((await call('DELETE', '/user/delete?id=63', { token: jsh.token })).json(), {
      code: 500008,
      data: { message: '抱歉，租户不能被删除' },
    });
    t.same((await call('DELETE', `/user/deleteBatch?ids=${String(zhang.id)},`, { token: jsh.token })).json(), OK);
    t.notOk(await userByLogin('zhang'));
    t.same(
      (await call('DELETE', `/user/delete?id=${String(zhang.id)}`, { token: jsh.token })).json(),
      OK,
      'the UPDATE still finds the deleted row',
    );
    t.same((await call('DELETE', '/user/delete?id=99999', { token: jsh.token })).json(), {
      code: 500001,
      data: { message: '删除用户信息失败' },
    });
    t.same(
      (await call('DELETE', '/user/delete?id=120', { token: jsh.token })).json().code,
      500001,
      "another tenant's user",
    );
    const login = await call('POST', '/user/login', {
      body: { loginName: 'zhang', password: 'e99a18c428cb38d5f260853678922e03' },
    });
    t.same(login.json(), { code: 200, data: { msgTip: 'user is not exist' } });
    const log = (
      await call('GET', `/log/list?search=${q({ operation: '用户' })}&currentPage=1&pageSize=50`, { token: jsh.token })
    ).json().data.rows as Row[];
    t.ok(
      log.some((l) => l.content === '删除[zhang]'),
      'the delete is in the operation log',
    );
  });

  t.test(
    'roles: add, allList, name check, update, enable/disable, delete; tenantRoleList for admin only',
    async (t) => {
      t.same(
        (
          await call('POST', '/role/add', {
            token: jsh.token,
            body: { name: '仓管', type: '个人数据', priceLimit: '4,7', description: '', sort: '2' },
          })
        ).json(),
        OK,
      );
      const list = async () =>
        (await call('GET', `/role/list?search=${q({})}&currentPage=1&pageSize=50`, { token: jsh.token })).json().data
          .rows as Row[];
      const role = (await list()).find((r) => r.name === '仓管')!;
      t.match(role, { type: '个人数据', enabled: true, tenantId: 63, priceLimitStr: '屏蔽单据采购价,屏蔽库存成本价' });
      const allList = async () => (await call('GET', '/role/allList', { token: jsh.token })).json() as Row[];
      t.ok(
        (await allList()).some((r) => r.id === role.id),
        'the user form can pick it',
      );
      t.ok(
        (await allList()).every((r) => r.tenantId === 63),
        "only the tenant's roles",
      );
      const check = async (name: string, id: unknown) =>
        (
          await call('GET', `/role/checkIsNameExist?name=${encodeURIComponent(name)}&id=${String(id)}`, {
            token: jsh.token,
          })
        ).json();
      t.same(await check('仓管', 0), { code: 200, data: { status: true, message: '成功' } });
      t.same(await check('仓管', role.id), { code: 200, data: { status: false, message: '成功' } });
      t.same(
        (await call('POST', '/role/add', { token: jsh.token, body: { name: '仓管', type: '个人数据' } })).json(),
        OK,
        'the server does not enforce role names',
      );
      t.same(
        (await call('PUT', '/role/update', { token: jsh.token, body: { ...role, description: '管仓库' } })).json(),
        OK,
      );
      t.equal((await list()).find((r) => r.id === role.id)!.description, '管仓库');
      t.same(
        (
          await call('POST', '/role/batchSetStatus', {
            token: jsh.token,
            body: { status: false, ids: `${String(role.id)},` },
          })
        ).json(),
        OK,
      );
      t.notOk(
        (await allList()).some((r) => r.id === role.id),
        'a disabled role leaves the select',
      );
      t.same((await call('DELETE', `/role/delete?id=${String(role.id)}`, { token: jsh.token })).json(), OK);
      t.notOk((await list()).some((r) => r.id === role.id));
      t.same(
        (await call('DELETE', '/role/delete?id=10', { token: jsh.token })).json(),
        FAILED,
        "a platform role is not the tenant's",
      );
      const tenantRoles = await call('GET', '/role/tenantRoleList', { token: admin.token });
      t.ok((tenantRoles.json() as Row[]).some((r) => r.id === 10));
      t.notOk((tenantRoles.json() as Row[]).some((r) => r.id === 4 || r.tenantId !== null));
      const forJsh = await call('GET', '/role/tenantRoleList', { token: jsh.token });
      t.equal(forJsh.status, 200);
      t.equal(forJsh.text, '', 'null for anyone but admin: an empty body');
    },
  );

  t.test("分配菜单 and 分配按钮 change the role user's menu and buttons at the next login", async (t) => {
    t.same(
      (await call('POST', '/role/add', { token: jsh.token, body: { name: '零售员', type: '个人数据' } })).json(),
      OK,
    );
    const roleId = ((await call('GET', '/role/allList', { token: jsh.token })).json() as Row[]).find(
      (r) => r.name === '零售员',
    )!.id as number;
    t.same(
      (await addUser({ loginName: 'retail', password: MD5_123456, username: '零售员甲', roleId })).json(),
      STANDARD_SUCCESS,
    );
    const retailId = (await userByLogin('retail'))!.id as number;
    const menuOf = async () => {
      const { token } = await stack.login('retail');
      const menu = (
        await call('POST', '/function/findMenuByPNumber', { token, body: { pNumber: 0, userId: retailId } })
      ).json() as Row[];
      const buttons = (await call('GET', '/user/getUserBtnByCurrentUser', { token })).json().data.userBtn as Row[];
      return { menu: menu.map((n) => [n.id, ((n.children ?? []) as Row[]).map((c) => c.id)]), buttons };
    };
    t.same((await menuOf()).menu, [[0, []]], 'no functions yet: only 首页');

    // 分配按钮 before any 分配菜单: no RoleFunctions row to update.
    const noRow = await call('POST', '/userBusiness/updateBtnStr', { token: jsh.token, body: { roleId, btnStr: '' } });
    t.same(noRow.json(), { code: 400, data: null });
    t.same((await call('GET', `/function/findRoleFunctionsById?roleId=${roleId}`, { token: jsh.token })).json(), {
      code: 400,
      data: null,
    });

    const exists = async () =>
      (
        await call('GET', `/userBusiness/checkIsValueExist?type=RoleFunctions&keyId=${roleId}`, { token: jsh.token })
      ).json();
    t.same(await exists(), { code: 200, data: { message: '成功' } }, 'no id when there is no row');
    t.same(
      (
        await call('POST', '/userBusiness/add', { token: jsh.token, body: { type: 'RoleFunctions', keyId: roleId } })
      ).json(),
      { code: 301, data: { message: '数据写入异常' } },
      'no value',
    );
    t.same(
      (
        await call('POST', '/userBusiness/add', {
          token: jsh.token,
          body: { type: 'RoleFunctions', keyId: roleId, value: [0, 225, 210] },
        })
      ).json(),
      OK,
    );
    const ubId = (await exists()).data.id;
    t.type(ubId, 'number');
    t.same(
      (await menuOf()).menu,
      [
        [0, []],
        [225, [210]],
      ],
      '零售管理 › 零售出库',
    );

    const tree = (
      await call('GET', `/function/findRoleFunction?UBType=RoleFunctions&UBKeyId=${roleId}`, { token: jsh.token })
    ).json();
    t.match(tree, [{ id: 0, key: 0, value: 0, title: '功能列表', attributes: '功能列表' }]);
    const retailNode = (tree[0].children as Row[]).find((n) => n.id === 225)!;
    t.notOk('checked' in retailNode, 'parents carry no checked');
    t.same(
      (retailNode.children as Row[]).map((c) => [c.id, c.checked]),
      [
        [210, true],
        [211, false],
      ],
    );
    t.notOk(
      (tree[0].children as Row[]).some((n) => n.title === '系统管理'),
      'a tenant never sees 系统管理',
    );

    t.same(
      (
        await call('PUT', '/userBusiness/update', {
          token: jsh.token,
          body: { id: ubId, type: 'RoleFunctions', keyId: roleId, value: [225, 210, 211, 32, 241] },
        })
      ).json(),
      OK,
    );
    t.same(
      (await menuOf()).menu,
      [
        [0, []],
        [225, [210, 211]],
        [32, [241]],
      ],
      'the new assignment shows at the next login',
    );

    const btn = JSON.stringify([
      { funId: 210, btnStr: '1,3' },
      { funId: 241, btnStr: '1' },
    ]);
    t.same(
      (await call('POST', '/userBusiness/updateBtnStr', { token: jsh.token, body: { roleId, btnStr: btn } })).json(),
      { code: 200, data: '成功' },
    );
    t.same((await menuOf()).buttons, [
      { url: '/bill/retail_out', btnStr: '1,3' },
      { url: '/bill/purchase_order', btnStr: '1' },
    ]);
    const pushRows = (
      await call('GET', `/function/findRoleFunctionsById?roleId=${roleId}`, { token: jsh.token })
    ).json();
    t.equal(pushRows.code, 200);
    // Ordered by the functions' sort column (采购订单 0335 before 零售出库 0405).
    t.same(
      pushRows.data.rows.map((r: Row) => [r.id, r.pushBtn, r.btnStr]),
      [
        [241, '1,2,3,7', '1'],
        [210, '1,2,3,7', '1,3'],
        [211, '1,2,3,7', null],
      ],
    );
    t.same((await call('POST', '/userBusiness/updateBtnStr', { token: jsh.token, body: { btnStr: btn } })).json(), {
      code: 500,
      data: '更新权限失败',
    });
  });

  t.test('分配仓库 / 分配用户: userBusiness upserts and the trees that show them', async (t) => {
    // 分配用户 of depot 15: only test123 holds it now; jsh's [14][15] loses [15].
    const res = await call('POST', '/userBusiness/updateOneValueByKeyIdAndType', {
      token: jsh.token,
      body: { type: 'UserDepot', keyIds: [131], oneValue: 15 },
    });
    t.same(res.json(), { code: 200, data: '成功' });
    const usersTree = (
      await call('GET', '/user/getUserWithChecked?UBType=UserDepot&UBValue=15', { token: jsh.token })
    ).json();
    t.match(usersTree, [{ id: 0, title: '用户列表', attributes: '用户列表' }]);
    const checked = (usersTree[0].children as Row[]).filter((c) => c.checked).map((c) => c.id);
    t.same(checked, [131]);
    t.ok((usersTree[0].children as Row[]).some((c) => c.title === 'jsh(测试用户)'));
    const depotsOf = async (userId: number) =>
      (
        (await call('GET', `/depot/findUserDepot?UBType=UserDepot&UBKeyId=${userId}`, { token: jsh.token })).json()[0]
          .children as Row[]
      )
        .filter((d) => d.checked)
        .map((d) => d.id);
    t.same(await depotsOf(63), [14]);
    t.same(await depotsOf(131), [15]);
    // 分配仓库 of a user: the generic upsert, value as an array of numbers.
    const existing = (
      await call('GET', '/userBusiness/checkIsValueExist?type=UserDepot&keyId=131', { token: jsh.token })
    ).json().data.id;
    t.same(
      (
        await call('PUT', '/userBusiness/update', {
          token: jsh.token,
          body: { id: existing, type: 'UserDepot', keyId: '131', value: [14, 17] },
        })
      ).json(),
      OK,
    );
    t.same((await depotsOf(131)).sort(), [14, 17]);
    // With 分配仓库权限 on, test123's depot select follows the grant.
    const config = (await call('GET', '/systemConfig/getCurrentInfo', { token: jsh.token })).json().data;
    t.same(
      (await call('PUT', '/systemConfig/update', { token: jsh.token, body: { ...config, depotFlag: '1' } })).json(),
      OK,
    );
    const test123 = await stack.login('test123');
    const depots = (await call('GET', '/depot/findDepotByCurrentUser', { token: test123.token })).json().data as Row[];
    t.same(depots.map((d) => d.id).sort(), [14, 17]);
    t.same(
      (
        await call('POST', '/userBusiness/updateOneValueByKeyIdAndType', {
          token: jsh.token,
          body: { type: 'UserDepot', oneValue: 15 },
        })
      ).json(),
      { code: 500, data: '更新权限失败' },
    );
  });
});
