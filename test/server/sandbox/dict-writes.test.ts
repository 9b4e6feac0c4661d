// 字典管理 through the gateway: types and values, AjaxResult answers (success is code 0), the type-in-use refusal,
// the unique dict type, and validation failures answered as 未知异常.
import t from 'tap';
import { startStack } from './helpers.js';

type Row = Record<string, unknown>;
const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));
const OK = { code: 200, data: { message: '成功' } };
const UNKNOWN = { code: 500, data: '未知异常' };

t.test('dictionary types and values', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call } = stack;
  const { token } = await stack.login('admin');
  const types = async (search: unknown = {}) =>
    (await call('GET', `/dict/type/list?search=${q(search)}&currentPage=1&pageSize=50`, { token })).json().data
      .rows as Row[];
  const values = async (dictType: string) =>
    (await call('GET', `/dict/data/list?search=${q({ dictType })}&currentPage=1&pageSize=50`, { token })).json().data
      .rows as Row[];

  t.test("types: add, unique dict type, validation, update renames the values' type", async (t) => {
    t.match((await types())[0], {
      dictId: 1,
      dictType: 'pay_type',
      createBy: 'admin',
      createTime: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
    });
    t.same(
      (
        await call('POST', '/dict/type/add', {
          token,
          body: { dictName: '单位类型', dictType: 'unit_kind', status: '0', remark: '' },
        })
      ).json(),
      OK,
    );
    const added = (await types({ dictType: 'unit_kind' }))[0]!;
    t.match(added, { dictName: '单位类型', status: '0', createBy: 'admin' });
    t.same(
      (await call('POST', '/dict/type/add', { token, body: { dictName: '重复', dictType: 'unit_kind' } })).json(),
      { code: 500, data: { message: "新增字典'重复'失败，字典类型已存在" } },
    );
    t.same(
      (await call('POST', '/dict/type/add', { token, body: { dictName: '坏类型', dictType: 'Unit-Kind' } })).json(),
      UNKNOWN,
      'the pattern',
    );
    t.same(
      (await call('POST', '/dict/type/add', { token, body: { dictType: 'no_name' } })).json(),
      UNKNOWN,
      'a blank name',
    );
    const info = (await call('GET', `/dict/type/${String(added.dictId)}`, { token })).json();
    t.match(info, { code: 0, msg: '操作成功', data: { dictId: added.dictId, dictType: 'unit_kind' } });
    t.same(
      (await call('GET', '/dict/type/99999', { token })).json(),
      { code: 0, msg: '操作成功' },
      'no data key when none',
    );
    t.same(
      (
        await call('POST', '/dict/data/add', {
          token,
          body: { dictLabel: '个', dictValue: 'ge', dictType: 'unit_kind', dictSort: 2 },
        })
      ).json(),
      OK,
    );
    t.same(
      (
        await call('POST', '/dict/data/add', {
          token,
          body: { dictLabel: '箱', dictValue: 'xiang', dictType: 'unit_kind', dictSort: 1 },
        })
      ).json(),
      OK,
    );
    t.same(
      (
        await call('POST', '/dict/data/add', { token, body: { dictLabel: '', dictValue: 'x', dictType: 'unit_kind' } })
      ).json(),
      UNKNOWN,
    );
    t.same(
      (await values('unit_kind')).map((v) => v.dictLabel),
      ['箱', '个'],
      'by dict_sort',
    );
    t.same((await call('PUT', '/dict/type/update', { token, body: { ...added, dictType: 'unit_kind2' } })).json(), OK);
    t.same((await values('unit_kind2')).length, 2, 'the values follow the renamed type');
    t.same(
      (await call('PUT', '/dict/type/update', { token, body: { ...added, dictId: 1, dictType: 'unit_kind2' } })).json(),
      { code: 500, data: { message: "修改字典'单位类型'失败，字典类型已存在" } },
    );
    const select = (await call('GET', '/dict/data/type/unit_kind2', { token })).json();
    t.same(
      select.data.map((v: Row) => v.dictValue),
      ['xiang', 'ge'],
    );
    t.same((await call('GET', '/dict/data/type/nothing_here', { token })).json(), {
      code: 0,
      msg: '操作成功',
      data: [],
    });
    t.same(
      (await call('GET', '/dict/type/optionselect', { token })).json().data.map((d: Row) => d.dictType),
      ['pay_type', 'bill_status', 'person_type', 'old_bill_type', 'unit_kind2'],
    );
  });

  t.test('values: update, delete; a type with values cannot be deleted (12500001)', async (t) => {
    const type = (await types({ dictType: 'unit_kind2' }))[0]!;
    t.same((await call('DELETE', `/dict/type/delete?id=${String(type.dictId)}`, { token })).json(), {
      code: 12500001,
      data: { message: '单位类型已分配,不能删除' },
    });
    const [first, second] = await values('unit_kind2');
    t.same((await call('PUT', '/dict/data/update', { token, body: { ...first, dictLabel: '大箱' } })).json(), OK);
    t.equal((await values('unit_kind2'))[0]!.dictLabel, '大箱');
    t.same((await call('DELETE', `/dict/data/deleteBatch?ids=${String(first!.dictCode)},`, { token })).json(), OK);
    t.same((await call('DELETE', `/dict/data/${String(second!.dictCode)}`, { token })).json(), {
      code: 0,
      msg: '操作成功',
    });
    t.same(await values('unit_kind2'), []);
    t.same((await call('DELETE', `/dict/type/deleteBatch?ids=${String(type.dictId)},`, { token })).json(), OK);
    t.notOk((await types()).some((d) => d.dictId === type.dictId));
    t.same(
      (await call('DELETE', `/dict/type/delete?id=${String(type.dictId)}`, { token })).json(),
      UNKNOWN,
      'a deleted type is not found',
    );
    t.same((await call('DELETE', '/dict/type/refreshCache', { token })).json(), { code: 0, msg: '操作成功' });
  });
});
