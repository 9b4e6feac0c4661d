// The totals row of the original tableAddTotalRow: added when the page size ends in 1.

export const TOTALS_ROW_KEY = '合计';

/** Money and quantity columns the original sums (verbatim list). */
export const SUMMED_DATA_INDEXES: readonly string[] = [
  'initialStock',
  'currentStock',
  'currentStockPrice',
  'currentWeight',
  'initialAmount',
  'thisMonthAmount',
  'currentAmount',
  'inSum',
  'inSumPrice',
  'inOutSumPrice',
  'outSum',
  'outSumPrice',
  'outInSumPrice',
  'operNumber',
  'allPrice',
  'numSum',
  'priceSum',
  'prevSum',
  'thisSum',
  'thisAllPrice',
  'changeAmount',
  'taxMoney',
  'currentNumber',
  'lowCritical',
  'highCritical',
  'preNeed',
  'debtMoney',
  'backMoney',
  'allNeed',
  'needDebt',
  'realNeedDebt',
  'finishDebt',
  'debt',
];

const SUMMED = new Set(SUMMED_DATA_INDEXES);

export function wantsTotalsRow(rowCount: number, pageSize: number): boolean {
  return rowCount > 0 && pageSize % 10 === 1;
}

export type Row = Record<string, unknown>;

/**
 * The row itself: `{rowIndex:'合计'}`, sums (2 decimals) for summed columns, '-' for the others. Summed are the
 * original's money and quantity keys plus `summed`, the page's own money and quantity columns.
 */
export function buildTotalsRow(
  rows: readonly Row[],
  dataIndexes: readonly string[],
  summed: readonly string[] = [],
): Row {
  const totals: Row = { rowIndex: TOTALS_ROW_KEY };
  const extra = new Set(summed);
  for (const dataIndex of dataIndexes) {
    if (dataIndex === 'rowIndex') continue;
    if (SUMMED.has(dataIndex) || extra.has(dataIndex)) {
      // Summed in millionths, the backend's decimal(24,6): 1.666666 three times is 4.999998, shown 5.00, not float noise.
      let millionths = 0;
      for (const row of rows) {
        const value = row[dataIndex];
        const n = value ? parseFloat(String(value)) : 0;
        millionths += Number.isNaN(n) ? 0 : Math.round(n * 1e6);
      }
      totals[dataIndex] = (millionths / 1e6).toFixed(2).replace(/^-(0\.00)$/, '$1');
    } else {
      totals[dataIndex] = '-';
    }
  }
  return totals;
}

/**
 * Rows and total as shown: when the page size ends in 1 and there are rows, the totals row is appended and the
 * total is raised by one per page (Math.ceil(total / (pageSize - 1))) so the pager keeps pageSize-1 data rows a page.
 */
export function withTotalsRow(
  rows: readonly Row[],
  total: number,
  pageSize: number,
  dataIndexes: readonly string[],
  summed: readonly string[] = [],
): { rows: Row[]; total: number } {
  if (!wantsTotalsRow(rows.length, pageSize)) return { rows: [...rows], total };
  return {
    rows: [...rows, buildTotalsRow(rows, dataIndexes, summed)],
    total: total + Math.ceil(total / (pageSize - 1)),
  };
}

export function isTotalsRow(row: Row): boolean {
  return row.rowIndex === TOTALS_ROW_KEY;
}
