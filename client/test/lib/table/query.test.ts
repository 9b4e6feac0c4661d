import { expect, it } from 'vitest';
import { buildField, buildListQuery, buildSearch, DEFAULT_SORT } from '../../../lib/table/query';
import { sorterToSort, sortOrderFor } from '../../../lib/table/sort';

it('search drops empty filter values and trims text', () => {
  expect(buildSearch({ number: ' CGRK1 ', remark: '', organId: null, depotId: undefined, status: '0', ids: [] })).toBe(
    '{"number":"CGRK1","status":"0"}',
  );
  expect(buildSearch({})).toBe('{}');
});

it('field begins id,, and lists every dataIndex', () => {
  expect(buildField(['action', 'number', 'totalPrice'])).toBe('id,,action,number,totalPrice');
  expect(buildField([])).toBe('id,');
});

it('list query has the original shape and drops empty params', () => {
  const q = buildListQuery({
    filters: { type: '入库', number: '' },
    sort: DEFAULT_SORT,
    dataIndexes: ['number'],
    currentPage: 2,
    pageSize: 20,
    columnFilters: { status: '', other: null },
  });
  expect(q).toEqual({
    search: '{"type":"入库"}',
    column: 'createTime',
    order: 'desc',
    field: 'id,,number',
    currentPage: '2',
    pageSize: '20',
  });
  expect('superQueryParams' in q).toBeFalsy();
  expect('superQueryMatchType' in q).toBeFalsy();
});

it('a chosen sort also sends orderByColumn/isAsc (the server column); the default sort sends neither', () => {
  const base = { filters: {}, dataIndexes: ['operTimeStr'], currentPage: 1, pageSize: 10 };
  const q = buildListQuery({
    ...base,
    sort: { column: 'operTimeStr', order: 'asc' },
    sortColumns: { operTimeStr: 'operTime' },
  });
  expect(q.orderByColumn).toBe('operTime');
  expect(q.isAsc).toBe('asc');
  expect(q.column).toBe('operTimeStr');
  expect(q.order).toBe('asc');
  const d = buildListQuery({ ...base, sort: { column: 'number', order: 'desc' } });
  expect(d.orderByColumn, 'without a mapping the dataIndex is the column').toBe('number');
  expect(d.isAsc).toBe('desc');
  const none = buildListQuery({ ...base, sort: DEFAULT_SORT });
  expect('orderByColumn' in none).toBe(false);
  expect('isAsc' in none).toBe(false);
});

it('super query is encodeURI(JSON) with match type defaulting to and', () => {
  const sq = [{ field: 'name', rule: 'like', val: '张三' }];
  const q = buildListQuery({
    filters: {},
    sort: DEFAULT_SORT,
    dataIndexes: [],
    currentPage: 1,
    pageSize: 10,
    superQueryParams: sq,
  });
  expect(q.superQueryParams).toBe(encodeURI(JSON.stringify(sq)));
  expect(q.superQueryMatchType).toBe('and');
  const q2 = buildListQuery({
    filters: {},
    sort: DEFAULT_SORT,
    dataIndexes: [],
    currentPage: 1,
    pageSize: 10,
    superQueryParams: sq,
    superQueryMatchType: 'or',
  });
  expect(q2.superQueryMatchType).toBe('or');
});

it('sort mapping: ascend → asc, descend → desc, cleared → createTime desc', () => {
  expect(sorterToSort('operTimeStr', 'ascend')).toEqual({ column: 'operTimeStr', order: 'asc' });
  expect(sorterToSort('totalPrice', 'descend')).toEqual({ column: 'totalPrice', order: 'desc' });
  expect(sorterToSort('totalPrice', null)).toEqual({ column: 'createTime', order: 'desc' });
  expect(sorterToSort(undefined, undefined)).toEqual({ column: 'createTime', order: 'desc' });
  expect(sortOrderFor({ column: 'a', order: 'asc' }, 'a')).toBe('ascend');
  expect(sortOrderFor({ column: 'a', order: 'desc' }, 'a')).toBe('descend');
  expect(sortOrderFor({ column: 'a', order: 'desc' }, 'b')).toBe(null);
});
