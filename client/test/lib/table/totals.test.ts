import { expect, it } from 'vitest';
import {
  buildTotalsRow,
  isTotalsRow,
  SUMMED_DATA_INDEXES,
  wantsTotalsRow,
  withTotalsRow,
} from '../../../lib/table/totals';

it('totals row only when rows exist and pageSize % 10 === 1', () => {
  expect(wantsTotalsRow(3, 11)).toBeTruthy();
  expect(wantsTotalsRow(1, 101)).toBeTruthy();
  expect(wantsTotalsRow(0, 11)).toBeFalsy();
  expect(wantsTotalsRow(3, 10)).toBeFalsy();
  expect(wantsTotalsRow(3, 20)).toBeFalsy();
});

it('sums summed columns with parseFloat to 2 decimals, falsy as 0, others "-"', () => {
  const rows = [
    { rowIndex: 1, materialName: 'a', inSum: '1.5', inSumPrice: 10, debt: null, remark: 'x' },
    { rowIndex: 2, materialName: 'b', inSum: '2.25', inSumPrice: '', debt: '3.333', remark: '' },
    { rowIndex: 3, materialName: 'c', inSum: 0, inSumPrice: '5.10元', debt: undefined, remark: 'y' },
  ];
  const row = buildTotalsRow(rows, ['rowIndex', 'materialName', 'inSum', 'inSumPrice', 'debt', 'remark']);
  expect(row).toEqual({
    rowIndex: '合计',
    materialName: '-',
    inSum: '3.75',
    inSumPrice: '15.10',
    debt: '3.33',
    remark: '-',
  });
  expect(isTotalsRow(row)).toBeTruthy();
});

it("sums at the backend's six decimals: no float noise, no negative zero", () => {
  const thirds = [{ currentStock: '1.666666' }, { currentStock: '1.666666' }, { currentStock: '1.666666' }];
  expect(buildTotalsRow(thirds, ['currentStock']).currentStock).toBe('5.00');
  const tenths = Array.from({ length: 3 }, () => ({ allPrice: 0.1 }));
  expect(buildTotalsRow(tenths, ['allPrice']).allPrice).toBe('0.30');
  const settled = [{ debt: '4.166667' }, { debt: '-4.166671' }];
  expect(buildTotalsRow(settled, ['debt']).debt).toBe('0.00');
  const halves = [{ debt: '0.0025' }, { debt: '0.0025' }];
  expect(buildTotalsRow(halves, ['debt']).debt, 'rounded once, at the end').toBe('0.01');
});

it('sum list is the original verbatim list', () => {
  expect(SUMMED_DATA_INDEXES.length).toBe(33);
  for (const k of ['initialStock', 'operNumber', 'allPrice', 'changeAmount', 'taxMoney', 'realNeedDebt', 'debt']) {
    expect(SUMMED_DATA_INDEXES.includes(k), k).toBeTruthy();
  }
  expect(SUMMED_DATA_INDEXES.includes('totalPrice')).toBeFalsy();
});

it('total is raised by ceil(total / (pageSize - 1)) when the row is added', () => {
  const rows = Array.from({ length: 10 }, (_, i) => ({ operNumber: i + 1 }));
  const out = withTotalsRow(rows, 25, 11, ['operNumber']);
  expect(out.rows.length).toBe(11);
  expect(out.rows[10]).toEqual({ rowIndex: '合计', operNumber: '55.00' });
  expect(out.total).toBe(25 + 3);
  const plain = withTotalsRow(rows, 25, 10, ['operNumber']);
  expect(plain.rows.length).toBe(10);
  expect(plain.total).toBe(25);
  const empty = withTotalsRow([], 0, 11, ['operNumber']);
  expect(empty).toEqual({ rows: [], total: 0 });
});
