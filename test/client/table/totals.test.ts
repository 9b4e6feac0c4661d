import t from 'tap';
import { buildTotalsRow, isTotalsRow, SUMMED_DATA_INDEXES, wantsTotalsRow, withTotalsRow } from '../../../client/lib/table/totals.js';

t.test('totals row only when rows exist and pageSize % 10 === 1', async (t) => {
  t.ok(wantsTotalsRow(3, 11));
  t.ok(wantsTotalsRow(1, 101));
  t.notOk(wantsTotalsRow(0, 11));
  t.notOk(wantsTotalsRow(3, 10));
  t.notOk(wantsTotalsRow(3, 20));
});

t.test('sums summed columns with parseFloat to 2 decimals, falsy as 0, others "-"', async (t) => {
  const rows = [
    { rowIndex: 1, materialName: 'a', inSum: '1.5', inSumPrice: 10, debt: null, remark: 'x' },
    { rowIndex: 2, materialName: 'b', inSum: '2.25', inSumPrice: '', debt: '3.333', remark: '' },
    { rowIndex: 3, materialName: 'c', inSum: 0, inSumPrice: '5.10元', debt: undefined, remark: 'y' },
  ];
  const row = buildTotalsRow(rows, ['rowIndex', 'materialName', 'inSum', 'inSumPrice', 'debt', 'remark']);
  t.same(row, { rowIndex: '合计', materialName: '-', inSum: '3.75', inSumPrice: '15.10', debt: '3.33', remark: '-' });
  t.ok(isTotalsRow(row));
});

t.test('sum list is the original verbatim list', async (t) => {
  t.equal(SUMMED_DATA_INDEXES.length, 33);
  for (const k of ['initialStock', 'operNumber', 'allPrice', 'changeAmount', 'taxMoney', 'realNeedDebt', 'debt']) {
    t.ok(SUMMED_DATA_INDEXES.includes(k), k);
  }
  t.notOk(SUMMED_DATA_INDEXES.includes('totalPrice'));
});

t.test('total is raised by ceil(total / (pageSize - 1)) when the row is added', async (t) => {
  const rows = Array.from({ length: 10 }, (_, i) => ({ operNumber: i + 1 }));
  const out = withTotalsRow(rows, 25, 11, ['operNumber']);
  t.equal(out.rows.length, 11);
  t.same(out.rows[10], { rowIndex: '合计', operNumber: '55.00' });
  t.equal(out.total, 25 + 3);
  const plain = withTotalsRow(rows, 25, 10, ['operNumber']);
  t.equal(plain.rows.length, 10);
  t.equal(plain.total, 25);
  const empty = withTotalsRow([], 0, 11, ['operNumber']);
  t.same(empty, { rows: [], total: 0 });
});
