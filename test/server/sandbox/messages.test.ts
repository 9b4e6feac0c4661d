// Messages: lists, counts, read marks, and raising a new notice.
import t from 'tap';
import { startStack } from './helpers.js';

const MSG_KEYS = [
  'id',
  'msgTitle',
  'msgContent',
  'createTime',
  'type',
  'userId',
  'status',
  'tenantId',
  'deleteFlag',
  'createTimeStr',
];
const search = (o: unknown): string => encodeURIComponent(JSON.stringify(o));

t.test('messages', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call } = stack;
  const jsh = await stack.login('jsh');
  const test123 = await stack.login('test123');
  const admin = await stack.login('admin');

  t.test('GET /msg/list: example C exactly; only the caller’s, newest first; admin empty; POST 未知异常', async (t) => {
    const c = (
      await call('GET', `/msg/list?search=${search({ name: '标题' })}&currentPage=1&pageSize=5`, { token: jsh.token })
    ).json();
    t.same(c, {
      code: 200,
      data: {
        rows: [
          {
            id: 2,
            msgTitle: '标题1',
            msgContent: '内容1',
            createTime: '2019-09-09T16:11:39.000+0000',
            type: '类型1',
            userId: 63,
            status: '2',
            tenantId: 63,
            deleteFlag: '0',
            createTimeStr: '2019-09-10 00:11:39',
          },
        ],
        total: 1,
      },
    });
    const all = (
      await call('GET', `/msg/list?search=${search({ name: '' })}&currentPage=1&pageSize=10`, { token: jsh.token })
    ).json();
    t.ok(all.data.total >= 5, 'seeded notices for jsh');
    for (const row of all.data.rows) {
      t.same(Object.keys(row), MSG_KEYS);
      t.equal(row.userId, 63);
    }
    const times = all.data.rows.map((r: { createTime: string }) => Date.parse(r.createTime.replace('+0000', 'Z')));
    t.same(
      times,
      [...times].sort((a: number, b: number) => b - a),
      'create_time desc',
    );
    const page2 = (
      await call('GET', `/msg/list?search=${search({})}&currentPage=2&pageSize=2`, { token: jsh.token })
    ).json();
    t.equal(page2.data.rows.length, 2);
    t.equal(page2.data.rows[0].id, all.data.rows[2].id, 'paging');
    t.equal(page2.data.total, all.data.total, 'total counts all matches');
    t.same(
      (await call('GET', `/msg/list?search=${search({})}&currentPage=1&pageSize=10`, { token: admin.token })).json(),
      { code: 200, data: { rows: [], total: 0 } },
    );
    t.same((await call('POST', '/msg/list', { token: jsh.token, body: { search: '{}' } })).json(), {
      code: 500,
      data: '未知异常',
    });
  });

  t.test('getMsgByStatus: unread only, id desc, limited fields; counts', async (t) => {
    const unread = (await call('GET', '/msg/getMsgByStatus?status=1', { token: jsh.token })).json();
    t.equal(unread.code, 200);
    t.ok(unread.data.length >= 3, 'a handful of unread notices for jsh');
    const ids = unread.data.map((m: { id: number }) => m.id);
    t.same(
      ids,
      [...ids].sort((a: number, b: number) => b - a),
      'id desc',
    );
    for (const m of unread.data) {
      t.same(Object.keys(m), MSG_KEYS);
      t.match(m, { status: '1', createTime: null, userId: null, tenantId: null, deleteFlag: null });
      t.match(m.createTimeStr, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      t.type(m.msgTitle, 'string');
    }
    const count = (await call('GET', '/msg/getMsgCountByStatus?status=1', { token: jsh.token })).json();
    t.same(count, { code: 200, data: { count: unread.data.length } });
    t.same((await call('GET', '/msg/getMsgCountByStatus?status=1', { token: admin.token })).json(), {
      code: 200,
      data: { count: null },
    });
    t.same((await call('GET', '/msg/getMsgByStatus?status=1', { token: admin.token })).json(), { code: 200, data: [] });
    t.same(
      (await call('GET', '/msg/getMsgByStatus', { token: jsh.token })).json(),
      { code: 500, data: '未知异常' },
      'status is required',
    );
    t.ok(
      (await call('GET', '/msg/getMsgByStatus?status=1', { token: test123.token })).json().data.length >= 1,
      'test123 has unread notices too',
    );
  });

  t.test('batchUpdateStatus marks read; bad ids → 获取数据失败', async (t) => {
    const before = (await call('GET', '/msg/getMsgByStatus?status=1', { token: jsh.token })).json().data;
    const [first, second] = before;
    const res = await call('POST', '/msg/batchUpdateStatus', {
      token: jsh.token,
      body: { ids: `${first.id},${second.id}`, status: '2' },
    });
    t.same(res.json(), { code: 200, data: '更新成功' });
    const after = (await call('GET', '/msg/getMsgByStatus?status=1', { token: jsh.token })).json().data;
    t.equal(after.length, before.length - 2);
    const single = await call('POST', '/msg/batchUpdateStatus', {
      token: jsh.token,
      body: { ids: first.id, status: '1' },
    });
    t.same(single.json(), { code: 200, data: '更新成功' }, 'a single numeric id works too');
    t.same((await call('POST', '/msg/batchUpdateStatus', { token: jsh.token, body: { status: '2' } })).json(), {
      code: 500,
      data: '获取数据失败',
    });
  });

  t.test('add raises a notice that arrives; delete and deleteBatch remove it', async (t) => {
    const before = (await call('GET', '/msg/getMsgCountByStatus?status=1', { token: test123.token })).json().data.count;
    const add = await call('POST', '/msg/add', {
      token: jsh.token,
      body: { msgTitle: '到货通知', msgContent: '采购入库单已到货，请验收。', type: '系统通知', userId: 131 },
    });
    t.same(add.json(), { code: 200, data: { message: '成功' } });
    const unread = (await call('GET', '/msg/getMsgByStatus?status=1', { token: test123.token })).json().data;
    t.equal(unread.length, before + 1);
    t.match(unread[0], { msgTitle: '到货通知', status: '1', type: '系统通知' }, 'newest id first');
    const listed = (
      await call('GET', `/msg/list?search=${search({ name: '到货' })}&currentPage=1&pageSize=10`, {
        token: test123.token,
      })
    ).json();
    t.equal(listed.data.total, 1);
    t.match(listed.data.rows[0], { userId: 131, tenantId: 63, status: '1', deleteFlag: '0' });
    t.ok(
      stack.now().getTime() - Date.parse(listed.data.rows[0].createTime.replace('+0000', 'Z')) < 60_000,
      'createTime is now',
    );

    const id = unread[0].id;
    t.same((await call('DELETE', `/msg/delete?id=${id}`, { token: test123.token })).json(), {
      code: 200,
      data: { message: '成功' },
    });
    t.same(
      (await call('DELETE', `/msg/delete?id=${id}`, { token: test123.token })).json(),
      { code: 500, data: { message: '服务内部错误' } },
      'already deleted',
    );
    await call('POST', '/msg/add', {
      token: jsh.token,
      body: { msgTitle: 'A', msgContent: 'a', type: 't', userId: 131 },
    });
    await call('POST', '/msg/add', {
      token: jsh.token,
      body: { msgTitle: 'B', msgContent: 'b', type: 't', userId: 131 },
    });
    const two = (await call('GET', '/msg/getMsgByStatus?status=1', { token: test123.token })).json().data.slice(0, 2);
    t.same((await call('DELETE', `/msg/deleteBatch?ids=${two[0].id},${two[1].id},`, { token: test123.token })).json(), {
      code: 200,
      data: { message: '成功' },
    });
    t.equal(
      (await call('GET', '/msg/getMsgCountByStatus?status=1', { token: test123.token })).json().data.count,
      before,
    );
  });

  t.test('readAllMsg reads every message of the tenant (not only the caller’s)', async (t) => {
    t.same((await call('POST', '/msg/readAllMsg', { token: jsh.token })).json(), { code: 200, data: '操作成功!' });
    t.equal((await call('GET', '/msg/getMsgCountByStatus?status=1', { token: jsh.token })).json().data.count, 0);
    t.equal((await call('GET', '/msg/getMsgCountByStatus?status=1', { token: test123.token })).json().data.count, 0);
  });
});
