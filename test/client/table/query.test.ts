import t from 'tap';
import { buildField, buildListQuery, buildSearch, DEFAULT_SORT } from '../../../client/lib/table/query.js';
import { sorterToSort, sortOrderFor } from '../../../client/lib/table/sort.js';

t.test('search drops empty filter values and trims text', async (t) => {
  t.equal(buildSearch({ number: ' CGRK1 ', remark: '', organId: null, depotId: undefined, status: '0', ids: [] }),
    '{"number":"CGRK1","status":"0"}');
  t.equal(buildSearch({}), '{}');
});

t.test('field begins id,, and lists every dataIndex', async (t) => {
  t.equal(buildField(['action', 'number', 'totalPrice']), 'id,,action,number,totalPrice');
  t.equal(buildField([]), 'id,');
});

t.test('list query has the original shape and drops empty params', async (t) => {
  const q = buildListQuery({
    filters: { type: '入库', number: '' }, sort: DEFAULT_SORT, dataIndexes: ['number'], currentPage: 2, pageSize: 20,
    columnFilters: { status: '', other: null },
  });
  t.same(q, {
    search: '{"type":"入库"}', column: 'createTime', order: 'desc', field: 'id,,number', currentPage: '2', pageSize: '20',
  });
  t.notOk('superQueryParams' in q);
  t.notOk('superQueryMatchType' in q);
});

t.test('a chosen sort also sends orderByColumn/isAsc (the server column); the default sort sends neither', async (t) => {
  const base = { filters: {}, dataIndexes: ['operTimeStr'], currentPage: 1, pageSize: 10 };
  const q = buildListQuery({ ...base, sort: { column: 'operTimeStr', order: 'asc' }, sortColumns: { operTimeStr: 'operTime' } });
  t.equal(q.orderByColumn, 'operTime');
  t.equal(q.isAsc, 'asc');
  t.equal(q.column, 'operTimeStr');
  t.equal(q.order, 'asc');
  const d = buildListQuery({ ...base, sort: { column: 'number', order: 'desc' } });
  t.equal(d.orderByColumn, 'number', 'without a mapping the dataIndex is the column');
  t.equal(d.isAsc, 'desc');
  const none = buildListQuery({ ...base, sort: DEFAULT_SORT });
  t.notOk('orderByColumn' in none);
  t.notOk('isAsc' in none);
});

t.test('super query is encodeURI(JSON) with match type defaulting to and', async (t) => {
  const sq = [{ field: 'name', rule: 'like', val: '张三' }];
  const q = buildListQuery({ filters: {}, sort: DEFAULT_SORT, dataIndexes: [], currentPage: 1, pageSize: 10, superQueryParams: sq });
  t.equal(q.superQueryParams, encodeURI(JSON.stringify(sq)));
  t.equal(q.superQueryMatchType, 'and');
  const q2 = buildListQuery({ filters: {}, sort: DEFAULT_SORT, dataIndexes: [], currentPage: 1, pageSize: 10, superQueryParams: sq, superQueryMatchType: 'or' });
  t.equal(q2.superQueryMatchType, 'or');
});

t.test('sort mapping: ascend → asc, descend → desc, cleared → createTime desc', async (t) => {
  t.same(sorterToSort('operTimeStr', 'ascend'), { column: 'operTimeStr', order: 'asc' });
  t.same(sorterToSort('totalPrice', 'descend'), { column: 'totalPrice', order: 'desc' });
  t.same(sorterToSort('totalPrice', null), { column: 'createTime', order: 'desc' });
  t.same(sorterToSort(undefined, undefined), { column: 'createTime', order: 'desc' });
  t.equal(sortOrderFor({ column: 'a', order: 'asc' }, 'a'), 'ascend');
  t.equal(sortOrderFor({ column: 'a', order: 'desc' }, 'a'), 'descend');
  t.equal(sortOrderFor({ column: 'a', order: 'desc' }, 'b'), null);
});
