// Basic-data writes through the gateway (经手人, 仓库, 结算账户, 多单位, 客户/供应商/会员, 收支项目): each write shows in
// the list and the look-ups that read it; the backend's refusals come back in its envelopes, never as a 500.
import t from 'tap';
import { MD5_123456, startStack } from './helpers.js';

type Row = Record<string, unknown>;
const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));
const OK = { code: 200, data: { message: '成功' } };
const FAILED = { code: 500, data: { message: '服务内部错误' } };
const UNKNOWN = { code: 500, data: '未知异常' };
const IN_USE = { code: 601, data: { message: '检测到存在依赖数据，不能删除！' } };

t.test('basic-data writes', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call } = stack;
  const jsh = await stack.login('jsh');
  const token = jsh.token;
  const rows = async (path: string, search: unknown = {}, as = token): Promise<Row[]> =>
    (await call('GET', `${path}?search=${q(search)}&currentPage=1&pageSize=100`, { token: as })).json().data.rows;
  const byName = async (path: string, field: string, name: string, search: unknown = {}) =>
    (await rows(path, search)).find((r) => r[field] === name);

  t.test('经手人: add, update, type look-ups, in-use delete, bad bodies', async (t) => {
    t.same(
      (await call('POST', '/person/add', { token, body: { name: '李四', type: '财务员', sort: '1' } })).json(),
      OK,
    );
    const li = (await byName('/person/list', 'name', '李四'))!;
    t.match(li, { type: '财务员', enabled: true, tenantId: 63, deleteFlag: '0' });
    const finance = (
      await call('GET', `/person/getPersonByType?type=${encodeURIComponent('财务员')}`, { token })
    ).json();
    t.equal(finance.code, 200);
    t.ok((finance.data.personList as Row[]).some((p) => p.id === li.id));
    t.same((await call('PUT', '/person/update', { token, body: { ...li, type: '销售员' } })).json(), OK);
    const sales = (await call('GET', '/person/getPersonByNumType?type=1', { token })).json() as Row[];
    t.ok(
      sales.some((p) => p.value === String(li.id) && p.text === '李四'),
      'type 1 = 销售员, value as a string',
    );
    t.same((await call('GET', '/person/getPersonByNumType', { token })).json(), UNKNOWN, 'type is required');
    t.same((await call('DELETE', '/person/delete?id=17', { token })).json(), IN_USE, '小赵 handles financial bills');
    t.ok(await byName('/person/list', 'name', '小赵'), 'the refused delete removed nothing');
    t.same((await call('DELETE', `/person/deleteBatch?ids=${String(li.id)},`, { token })).json(), OK);
    t.notOk(await byName('/person/list', 'name', '李四'));
    t.same(
      (await call('POST', '/person/add', { token, body: { name: '王五', enabled: 'maybe' } })).json(),
      UNKNOWN,
      'a value of the wrong type',
    );
    t.same((await call('POST', '/person/add', { token, body: ['王五'] })).json(), UNKNOWN, 'not a JSON object');
    t.same(
      (await call('PUT', '/person/update', { token, body: { name: '无编号' } })).json(),
      FAILED,
      'no id: nothing updated',
    );
    t.same((await call('DELETE', '/person/delete?id=abc', { token })).json(), UNKNOWN);
    t.same(
      (await call('POST', '/person/add', { token, body: { name: '小李', type: '销售员' } })).json(),
      OK,
      'names are checked by the form only',
    );
  });

  t.test('仓库: add grants the depot to its creator, 设为默认, in-use delete', async (t) => {
    t.same(
      (
        await call('POST', '/depot/add', {
          token,
          body: {
            name: '二号仓',
            address: '',
            warehousing: '0.5',
            truckage: '10',
            principal: 131,
            sort: '4',
            remark: '',
          },
        })
      ).json(),
      OK,
    );
    const depot = (await byName('/depot/list', 'name', '二号仓'))!;
    t.match(depot, {
      type: 0,
      enabled: true,
      isDefault: false,
      principal: 131,
      principalName: 'test123',
      warehousing: 0.5,
      tenantId: 63,
    });
    const tree = (await call('GET', '/depot/findUserDepot?UBType=UserDepot&UBKeyId=63', { token })).json();
    t.match(tree, [{ id: 0, title: '仓库列表' }]);
    t.ok(
      (tree[0].children as Row[]).some((d) => d.id === depot.id && d.checked === true),
      'auto-granted to jsh',
    );
    t.same(
      (await call('POST', '/depot/add', { token, body: { address: '无名' } })).json(),
      { code: 301, data: { message: '数据写入异常' } },
      'no name',
    );
    t.same(
      (await call('POST', '/depot/add', { token, body: { name: '总仓库', remark: '重名' } })).json(),
      OK,
      'depot names may repeat',
    );
    const twin = (await rows('/depot/list')).find((d) => d.remark === '重名')!;
    const tree2 = (await call('GET', '/depot/findUserDepot?UBType=UserDepot&UBKeyId=63', { token })).json()[0]
      .children as Row[];
    t.notOk(tree2.find((d) => d.id === twin.id)!.checked, 'the grant went to the first 总仓库, not the new one');
    t.same((await call('DELETE', `/depot/delete?id=${String(twin.id)}`, { token })).json(), OK);
    t.same((await call('POST', '/depot/updateIsDefault', { token, body: { id: depot.id } })).json(), OK);
    const defaults = (await rows('/depot/list')).filter((d) => d.isDefault).map((d) => d.id);
    t.same(defaults, [depot.id], 'one default per tenant');
    const select = (await call('GET', '/depot/findDepotByCurrentUser', { token })).json().data as Row[];
    t.equal(select.find((d) => d.id === depot.id)!.isDefault, true);
    t.same(
      (await call('POST', '/depot/updateIsDefault', { token, body: { id: 99999 } })).json(),
      OK,
      'always 成功, even for an unknown id',
    );
    t.same((await call('DELETE', '/depot/delete?id=14', { token })).json(), IN_USE, '总仓库 has bill lines');
    t.same((await call('DELETE', `/depot/delete?id=${String(depot.id)}`, { token })).json(), OK);
    t.same(
      (await call('PUT', '/depot/update', { token, body: { id: 15, warehousing: 'cheap' } })).json(),
      UNKNOWN,
      'BigDecimal from text',
    );
    t.same((await call('PUT', '/depot/update', { token, body: { id: 15, remark: '北仑' } })).json(), OK);
    t.match(
      await byName('/depot/list', 'name', '东区仓库'),
      { remark: '北仑', address: '宁波市北仑区明州路66号' },
      'a selective update',
    );
  });

  t.test('结算账户: add, getAccount, findBySelect, 设为默认, in-use delete', async (t) => {
    t.same(
      (
        await call('POST', '/account/add', {
          token,
          body: { name: '招商银行', serialNo: '6225', initialAmount: '1000', sort: '5', remark: '' },
        })
      ).json(),
      OK,
    );
    const account = (await byName('/account/list', 'name', '招商银行'))!;
    t.match(account, { initialAmount: 1000, currentAmount: 1000, enabled: true, isDefault: false });
    const list = (await call('GET', '/account/getAccount', { token })).json();
    t.ok((list.data.accountList as Row[]).some((a) => a.id === account.id));
    const select = (await call('GET', '/account/findBySelect', { token })).json() as Row[];
    t.ok(select.some((a) => a.Id === account.id && a.AccountName === '招商银行'));
    t.same((await call('POST', '/account/updateIsDefault', { token, body: { id: account.id } })).json(), OK);
    t.same(
      (await rows('/account/list')).filter((a) => a.isDefault).map((a) => a.id),
      [account.id],
    );
    t.same((await call('PUT', '/account/update', { token, body: { id: account.id, initialAmount: 1500 } })).json(), OK);
    t.match(await byName('/account/list', 'name', '招商银行'), { initialAmount: 1500, currentAmount: 1500 });
    t.same((await call('DELETE', '/account/deleteBatch?ids=17,', { token })).json(), IN_USE);
    t.same((await call('DELETE', `/account/delete?id=${String(account.id)}`, { token })).json(), OK);
    t.notOk(
      (await call('GET', '/account/getAccount', { token }))
        .json()
        .data.accountList.some((a: Row) => a.id === account.id),
    );
  });

  t.test("a new tenant's first depot and account become its defaults", async (t) => {
    t.same((await call('POST', '/user/registerUser', { body: { loginName: 'shop9', password: MD5_123456 } })).json(), {
      code: 200,
      msg: '操作成功',
    });
    const shop = await stack.login('shop9');
    t.same((await call('POST', '/depot/add', { token: shop.token, body: { name: '门店' } })).json(), OK);
    t.same((await call('POST', '/depot/add', { token: shop.token, body: { name: '后仓' } })).json(), OK);
    t.same((await rows('/depot/list', {}, shop.token)).map((d) => [d.name, d.isDefault]).sort(), [
      ['后仓', false],
      ['门店', true],
    ]);
    t.same((await call('POST', '/account/add', { token: shop.token, body: { name: '现金' } })).json(), OK);
    t.match((await rows('/account/list', {}, shop.token))[0], { name: '现金', isDefault: true, initialAmount: 0 });
    t.notOk(
      (await rows('/depot/list')).some((d) => d.name === '门店'),
      "jsh does not see another tenant's depot",
    );
  });

  t.test('多单位: the server names the unit from the ratios as sent; ratio 2/3 cleared when absent', async (t) => {
    const add = (body: Row) => call('POST', '/unit/add', { token, body });
    t.same(
      (
        await add({
          basicUnit: '瓶',
          otherUnit: '箱',
          ratio: '12',
          otherUnitTwo: '',
          ratioTwo: '',
          otherUnitThree: '',
          ratioThree: '',
        })
      ).json(),
      OK,
    );
    t.same(
      (
        await add({
          basicUnit: '罐',
          otherUnit: '箱',
          ratio: '12.000',
          otherUnitTwo: '托',
          ratioTwo: '240',
          otherUnitThree: '柜',
          ratioThree: '4800',
        })
      ).json(),
      OK,
    );
    const bottle = (await byName('/unit/list', 'name', '瓶/(箱=12瓶)'))!;
    t.match(bottle, { basicUnit: '瓶', otherUnit: '箱', ratio: 12, ratioTwo: null, enabled: true });
    const can = (await byName('/unit/list', 'name', '罐/(箱=12.000罐)/(托=240罐)/(柜=4800罐)'))!;
    t.ok(can, 'three units, the ratio text kept as typed');
    t.same(
      (await add({ basicUnit: '包', otherUnit: '箱' })).json(),
      { code: 301, data: { message: '数据写入异常' } },
      'no ratio',
    );
    t.same(
      (
        await call('PUT', '/unit/update', {
          token,
          body: { id: can.id, basicUnit: '罐', otherUnit: '箱', ratio: 24, otherUnitTwo: '', otherUnitThree: '' },
        })
      ).json(),
      OK,
    );
    t.match(
      (await rows('/unit/list')).find((u) => u.id === can.id),
      { name: '罐/(箱=24罐)', ratio: 24, ratioTwo: null, ratioThree: null },
    );
    const all = (await call('GET', '/unit/getAllList', { token })).json();
    t.equal(all.code, 200);
    t.ok((all.data as Row[]).some((u) => u.id === bottle.id));
    t.same((await call('DELETE', `/unit/delete?id=${String(bottle.id)}`, { token })).json(), OK);
  });

  t.test('客户/供应商/会员: the customer auto-grant and its duplicate-name failure; in-use delete', async (t) => {
    const add = (body: Row, as = token) => call('POST', '/supplier/add', { token: as, body });
    const customer = {
      supplier: '上海某公司',
      contacts: '王',
      telephone: '',
      phoneNum: '',
      email: '',
      fax: '',
      beginNeedGet: '100',
      taxNum: '',
      taxRate: 13,
      bankName: '',
      accountNumber: '',
      address: '',
      sort: '',
      description: '',
      type: '客户',
    };
    t.same((await add(customer)).json(), OK);
    const row = (await byName('/supplier/list', 'supplier', '上海某公司', { type: '客户' }))!;
    t.match(row, { type: '客户', enabled: true, creator: 63, beginNeedGet: 100, allNeedGet: 100, taxRate: 13 });
    const granted = (
      await call('GET', '/supplier/getUserCustomerValue?UBType=UserCustomer&UBKeyId=63', { token })
    ).json();
    t.equal(granted.code, 200);
    t.ok((granted.data as number[]).includes(row.id as number), 'granted to its creator');
    t.same(
      (await add(customer)).json(),
      { code: 301, data: { message: '数据写入异常' } },
      'a second customer of that name fails',
    );
    t.equal(
      (await rows('/supplier/list', { type: '客户' })).filter((s) => s.supplier === '上海某公司').length,
      1,
      'and is not inserted',
    );
    t.same(
      (await add({ type: '客户' })).json(),
      { code: 301, data: { message: '数据写入异常' } },
      'a customer without a name',
    );
    t.same(
      (await add({ type: '供应商', contacts: '无名' })).json(),
      { code: 301, data: { message: '数据写入异常' } },
      'the name is NOT NULL',
    );
    t.same((await add({ supplier: '重名供应商', type: '供应商' })).json(), OK);
    t.same((await add({ supplier: '重名供应商', type: '供应商' })).json(), OK, 'vendors may share a name');
    t.same((await add({ supplier: '上海某公司', type: '供应商' })).json(), OK, 'so may a vendor and a customer');
    const check = async (name: string, type: string, id: unknown) =>
      (
        await call(
          'GET',
          `/supplier/checkIsNameAndTypeExist?name=${encodeURIComponent(name)}&type=${encodeURIComponent(type)}&id=${String(id)}`,
          { token },
        )
      ).json();
    t.same(await check('上海某公司', '客户', 0), { code: 200, data: { status: true, message: '成功' } });
    t.same(await check('上海某公司', '会员', 0), { code: 200, data: { status: false, message: '成功' } });
    t.same(await check('上海某公司', '客户', row.id), { code: 200, data: { status: false, message: '成功' } });
    const cus = (await call('POST', '/supplier/findBySelect_cus', { token, body: {} })).json() as Row[];
    t.ok(
      cus.some((c) => c.id === row.id),
      'the bill forms can pick it',
    );
    const all = (await call('GET', '/supplier/getAllCustomer', { token })).json();
    t.ok((all.data.rows as Row[]).some((c) => c.id === row.id && c.supplier === '上海某公司'));
    // test123's new customer is granted to them and to the tenant owner.
    const test123 = await stack.login('test123');
    t.same((await add({ supplier: '代表的客户', type: '客户' }, test123.token)).json(), OK);
    const mine = (await byName('/supplier/list', 'supplier', '代表的客户', { type: '客户' }))!;
    for (const userId of [131, 63]) {
      const value = (
        await call('GET', `/supplier/getUserCustomerValue?UBType=UserCustomer&UBKeyId=${userId}`, { token })
      ).json().data as number[];
      t.ok(value.includes(mine.id as number), `granted to user ${userId}`);
    }
    t.same((await call('PUT', '/supplier/update', { token, body: { ...row, beginNeedGet: '250' } })).json(), OK);
    t.match(
      (await rows('/supplier/list', { type: '客户' })).find((s) => s.id === row.id),
      { beginNeedGet: 250, allNeedGet: 250 },
      '期末应收 follows',
    );
    t.same(
      (await call('PUT', '/supplier/update', { token, body: { ...row, beginNeedGet: null, contacts: '李' } })).json(),
      OK,
    );
    t.match(
      (await rows('/supplier/list', { type: '客户' })).find((s) => s.id === row.id),
      { beginNeedGet: 0, allNeedGet: 0, contacts: '李' },
      'a cleared 期初应收 is 0',
    );
    t.same((await call('DELETE', '/supplier/delete?id=58', { token })).json(), IN_USE, 'a customer with bills');
    t.same((await call('DELETE', `/supplier/delete?id=${String(row.id)}`, { token })).json(), OK);
    t.same((await call('POST', '/supplier/batchSetAdvanceIn', { token, body: { ids: '66,' } })).json(), OK);
    t.type((await rows('/supplier/list', { type: '会员' })).find((s) => s.id === 66)!.advanceIn, 'number');
  });

  t.test('收支项目: name and type unique on add and update (3500003); findBySelect by type', async (t) => {
    t.same(
      (
        await call('POST', '/inOutItem/add', { token, body: { name: '房租', type: '支出', sort: '', remark: '' } })
      ).json(),
      OK,
    );
    t.same((await call('POST', '/inOutItem/add', { token, body: { name: '房租', type: '支出' } })).json(), {
      code: 3500003,
      data: { message: '该收支项目的名称已经存在，请修改！' },
    });
    t.same(
      (await call('POST', '/inOutItem/add', { token, body: { name: '房租', type: '收入' } })).json(),
      OK,
      'the same name of the other type',
    );
    const rent = (await byName('/inOutItem/list', 'name', '房租', { type: '支出' }))!;
    t.same(
      (await call('PUT', '/inOutItem/update', { token, body: { ...rent, name: '快递费' } })).json().code,
      3500003,
      '快递费 is a 支出 already',
    );
    t.same(
      (await call('PUT', '/inOutItem/update', { token, body: { ...rent, remark: '门店' } })).json(),
      OK,
      'its own name is no conflict',
    );
    const out = (await call('GET', '/inOutItem/findBySelect?type=out', { token })).json() as Row[];
    t.ok(out.some((i) => i.id === rent.id && i.name === '房租'));
    t.notOk(
      out.some((i) => i.name === '利息收入'),
      'out = 支出 only',
    );
    t.same((await call('GET', '/inOutItem/findBySelect', { token })).json(), UNKNOWN, 'type is required');
    t.same(
      (
        await call('POST', '/inOutItem/batchSetStatus', { token, body: { status: false, ids: `${String(rent.id)},` } })
      ).json(),
      OK,
    );
    t.same(
      (
        await call('POST', '/inOutItem/batchSetStatus', {
          token,
          body: { status: 'maybe', ids: `${String(rent.id)},` },
        })
      ).json(),
      UNKNOWN,
    );
    t.same(
      (await call('GET', `/inOutItem/checkIsNameExist?name=${encodeURIComponent('房租')}`, { token })).json(),
      UNKNOWN,
      'id is required',
    );
    t.notOk(
      ((await call('GET', '/inOutItem/findBySelect?type=out', { token })).json() as Row[]).some(
        (i) => i.id === rent.id,
      ),
      'a disabled item leaves the select',
    );
    t.same((await call('DELETE', `/inOutItem/delete?id=${String(rent.id)}`, { token })).json(), OK);
  });

  t.test('writes land in the operation log', async (t) => {
    const log = (await rows('/log/list', {}, token)).map((l) => [l.operation, l.content]);
    for (const entry of [
      ['经手人', '新增李四'],
      ['仓库', '新增二号仓'],
      ['账户', '新增招商银行'],
      ['多单位', '新增瓶/(箱=12瓶)'],
      ['商家', '新增上海某公司'],
      ['收支项目', '新增房租'],
      ['收支项目', '更新状态'],
      ['经手人', '删除[李四]'],
    ]) {
      t.ok(
        log.some(([op, content]) => op === entry[0] && content === entry[1]),
        entry.join(' '),
      );
    }
  });
});
