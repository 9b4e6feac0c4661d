// The calls each basic-data controller declares alike (server/sandbox/resource-actions.ts) and the select look-ups the
// table pages load.
import t from 'tap';
import { readXls } from '../../../server/sandbox/xls.js';
import { startStack } from './helpers.js';

type Row = Record<string, unknown>;
const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));

t.test('resource actions and lookups', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call } = stack;
  const jsh = await stack.login('jsh');
  const rows = async (path: string, search: unknown = {}) =>
    (await call('GET', `${path}?search=${q(search)}&currentPage=1&pageSize=100`, { token: jsh.token })).json().data
      .rows as Row[];

  t.test('batchSetStatus audits bills and disables goods; returnJson bodies', async (t) => {
    const bills = await rows('/depotHead/list', { type: '入库', subType: '采购', status: '0' });
    const ids = bills.map((b) => b.id).join(',') + ',';
    const res = await call('POST', '/depotHead/batchSetStatus', { token: jsh.token, body: { status: '1', ids } });
    t.same(res.json(), { code: 200, data: { message: '成功' } });
    t.same(
      await rows('/depotHead/list', { type: '入库', subType: '采购', status: '0' }),
      [],
      'no unaudited purchase-in bill left',
    );
    const goods = await rows('/material/list');
    const off = await call('POST', '/material/batchSetStatus', {
      token: jsh.token,
      body: { status: false, ids: String(goods[0]!.id) },
    });
    t.same(off.json(), { code: 200, data: { message: '成功' } });
    t.equal((await rows('/material/list', { enabled: '0' })).length, 1);
    // No ids: StringUtil.strToLongList(null) is a NullPointerException.
    t.same((await call('POST', '/material/batchSetStatus', { token: jsh.token, body: { status: true } })).json(), {
      code: 500,
      data: '未知异常',
    });
    t.same(
      (
        await call('POST', '/material/batchSetStatus', { token: jsh.token, body: { status: true, ids: '99999,' } })
      ).json(),
      { code: 500, data: { message: '服务内部错误' } },
    );
  });

  t.test('delete and deleteBatch: returnStr, rows disappear from the list', async (t) => {
    const people = await rows('/person/list');
    t.same((await call('DELETE', `/person/delete?id=${String(people[0]!.id)}`, { token: jsh.token })).json(), {
      code: 200,
      data: { message: '成功' },
    });
    t.equal((await rows('/person/list')).length, people.length - 1);
    // The soft delete's UPDATE still matches the deleted row (the driver counts found rows): 成功 again.
    t.same((await call('DELETE', `/person/delete?id=${String(people[0]!.id)}`, { token: jsh.token })).json(), {
      code: 200,
      data: { message: '成功' },
    });
    t.same((await call('DELETE', '/person/delete?id=99999', { token: jsh.token })).json(), {
      code: 500,
      data: { message: '服务内部错误' },
    });
    // 其他收入 is on no financial bill; the other income items are.
    const unused = (await rows('/inOutItem/list', { type: '收入' })).filter((i) => i.name === '其他收入');
    const res = await call('DELETE', `/inOutItem/deleteBatch?ids=${unused.map((i) => i.id).join(',')},`, {
      token: jsh.token,
    });
    t.same(res.json(), { code: 200, data: { message: '成功' } });
    t.same(
      (await rows('/inOutItem/list', { type: '收入' })).map((i) => i.name).sort(),
      ['利息收入', '租金收入'].sort(),
    );
    t.same(
      (await call('DELETE', '/person/delete', { token: jsh.token })).json(),
      { code: 500, data: '未知异常' },
      'id is required',
    );
    // Another tenant's row is out of reach.
    t.same((await call('DELETE', '/account/delete?id=30', { token: jsh.token })).json(), {
      code: 500,
      data: { message: '服务内部错误' },
    });
  });

  t.test('info (fastjson: nulls left out, createTime as epoch millis) and checkIsNameExist', async (t) => {
    const info = (await call('GET', '/depotHead/info?id=300', { token: jsh.token })).json();
    t.equal(info.code, 200);
    t.equal(info.data.message, '成功');
    t.match(info.data.info, { id: 300, number: 'QGD00000000300' });
    t.type(info.data.info.createTime, 'number');
    t.notOk('linkNumber' in info.data.info, 'null linkNumber omitted');
    t.same((await call('GET', '/depotHead/info?id=999999', { token: jsh.token })).json(), {
      code: 500,
      data: { message: '服务内部错误' },
    });
    const exists = (
      await call('GET', `/depot/checkIsNameExist?id=0&name=${encodeURIComponent('总仓库')}`, { token: jsh.token })
    ).json();
    t.same(exists, { code: 200, data: { status: true, message: '成功' } });
    const self = (
      await call('GET', `/depot/checkIsNameExist?id=14&name=${encodeURIComponent('总仓库')}`, { token: jsh.token })
    ).json();
    t.same(self, { code: 200, data: { status: false, message: '成功' } });
  });

  t.test('user batchSetStatus bans a user, who then gets user is black', async (t) => {
    const res = await call('POST', '/user/batchSetStatus', { token: jsh.token, body: { status: 2, ids: '131' } });
    t.same(res.json(), { code: 200, data: { message: '成功' } });
    const login = await call('POST', '/user/login', {
      body: { loginName: 'test123', password: 'e10adc3949ba59abbe56e057f20f883e' },
    });
    t.same(login.json(), { code: 200, data: { msgTip: 'user is black' } });
    await call('POST', '/user/batchSetStatus', { token: jsh.token, body: { status: 0, ids: '131' } });
  });

  t.test('select lookups: partners (POST, bare arrays), depots, users, department tree', async (t) => {
    const sup = (await call('POST', '/supplier/findBySelect_sup', { token: jsh.token, body: {} })).json();
    t.ok(Array.isArray(sup) && sup.length >= 2);
    t.same(Object.keys(sup[0]), ['id', 'supplier']);
    const cus = (await call('POST', '/supplier/findBySelect_cus', { token: jsh.token, body: {} })).json();
    t.ok(
      cus.every((c: Row) => !sup.some((s: Row) => s.id === c.id)),
      'customers are not suppliers',
    );
    const retail = (await call('POST', '/supplier/findBySelect_retail', { token: jsh.token, body: {} })).json();
    t.same(Object.keys(retail[0]), ['id', 'supplier', 'advanceIn']);
    const organ = (await call('POST', '/supplier/findBySelect_organ', { token: jsh.token, body: {} })).json();
    t.equal(organ.length, sup.length + cus.length);
    const depots = (await call('GET', '/depot/findDepotByCurrentUser', { token: jsh.token })).json();
    t.equal(depots.code, 200);
    t.same(Object.keys(depots.data[0]), ['id', 'depotName', 'isDefault']);
    t.ok(
      depots.data.every((d: Row) => d.id !== 30),
      'only tenant 63 depots',
    );
    const users = (await call('GET', '/user/getUserList', { token: jsh.token })).json();
    t.same(users, [
      { id: 63, userName: '测试用户' },
      { id: 131, userName: 'test123' },
    ]);
    const tree = (await call('GET', '/organization/getOrganizationTree?id=', { token: jsh.token })).json();
    t.match(tree, [
      {
        id: 12,
        key: 12,
        title: '测试部门',
        attributes: '001',
        children: [{ id: 13, title: '部门1', children: [{ id: 14, title: '部门2' }] }],
      },
    ]);
  });
});

t.test('exports: Excel workbooks of the filtered rows', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { token } = await stack.login('jsh');
  // The controller reads plain parameters, `type` required (the original sends its queryParam).
  t.same((await stack.call('GET', `/supplier/exportExcel?search=${q({ type: '供应商' })}`, { token })).json(), {
    code: 500,
    data: '未知异常',
  });
  // The partner and product exports are .xls in their imports' layout (test/server/sandbox/excel-import.test.ts).
  const sheetOf = async (path: string): Promise<string> => {
    const res = await stack.gateway.inject({
      method: 'GET',
      url: `/jshERP-boot${path}`,
      headers: { 'x-access-token': token },
    });
    t.equal(res.statusCode, 200);
    t.match(res.headers['content-disposition'], /^attachment;filename=.+\.xls$/);
    const sheet = readXls(res.rawPayload);
    return Array.from({ length: sheet.rows }, (_, r) => sheet.content(r, 0)).join('\n');
  };
  const vendors = await sheetOf(
    `/supplier/exportExcel?${new URLSearchParams({ supplier: '', type: '供应商', telephone: '', phonenum: '' })}`,
  );
  t.match(vendors, /上海世达工具有限公司/);
  t.notMatch(vendors, /宁波华辰贸易有限公司/, 'customers are not in the vendor export');
  const goods = await sheetOf('/material/exportExcel?materialParam=%E7%94%B5%E8%84%91');
  t.match(goods, /笔记本电脑/);
  t.notMatch(goods, /劳保手套/);
  const report = await stack.call('POST', '/systemConfig/exportExcelByParam', {
    token,
    body: {
      title: '进货统计',
      head: '条码,名称,金额',
      tip: '单据日期：2026-01-01~2026-03-31',
      list: [['1000001', '螺丝刀<套装>', 1260]],
    },
  });
  t.match(report.text, /<Data ss:Type="String">螺丝刀&lt;套装&gt;<\/Data>/, 'text is escaped');
  t.match(report.text, /<Data ss:Type="Number">1260<\/Data>/);
  t.same((await stack.call('POST', '/systemConfig/exportExcelByParam', { token, body: { title: 'x' } })).json(), {
    code: 500,
    data: '未知异常',
  });
});
