// The arithmetic and the wire shape of a financial bill, free of React: totals as the original modals compute them,
// the signs jshERP-boot expects (付款/转账/支出 heads are sent negative; the server negates 付款 items itself), the
// save body (`info` and `rows` as JSON text inside JSON), and the reading back of a saved bill into the form.
import type { MessageKey } from '../../lib/i18n/i18n';
import type { BillFormKind } from './financial-bill-kinds';
import { storedFiles } from '../../components/form-kit/stored-files';
import { round2 } from '../../lib/decimal-round';

/** One line of the detail grid as the form holds it; amounts are numbers or null while empty. */
export interface BillRow {
  key: string;
  billNumber?: string;
  needDebt?: number | null;
  finishDebt?: number | null;
  accountId?: number | null;
  inOutItemId?: number | null;
  eachAmount: number | null;
  /** The amount as typed while the number rule refuses it (letters, a barcode-looking run of digits); the save stops. */
  eachAmountText?: string;
  remark: string;
}

/** The head as the form holds it (billTime as 'YYYY-MM-DD HH:mm:ss' text). */
export interface BillHead {
  organId?: number | null;
  billTime: string;
  billNo: string;
  handsPersonId?: number | null;
  accountId?: number | null;
  discountMoney?: number | null;
  remark?: string | null;
  /** 附件: the stored paths (sent comma-joined in fileName); absent: the bill read back keeps its own. */
  fileName?: string[];
}

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Σ 本次收款 / 金额 of the rows (empty cells count 0). */
export function sumAmounts(rows: readonly BillRow[]): number {
  return round2(rows.reduce((s, r) => s + (r.eachAmount ?? 0), 0));
}

/** Σ of another numeric column (应收欠款, 已收欠款), for the grid's totals row. */
export function sumColumn(rows: readonly BillRow[], column: 'needDebt' | 'finishDebt'): number {
  return round2(rows.reduce((s, r) => s + (r[column] ?? 0), 0));
}

export interface BillTotals {
  /** 合计收款 / 合计付款 / 合计金额 (Σ of the rows). */
  totalPrice: number;
  /** 实际收款 … = Σ − 优惠金额 for 收款/付款; Σ for the others. */
  changeAmount: number;
}

export function billTotals(
  kind: BillFormKind,
  rows: readonly BillRow[],
  discountMoney: number | null | undefined,
): BillTotals {
  const totalPrice = sumAmounts(rows);
  const changeAmount = kind.discount ? round2(totalPrice - (discountMoney ?? 0)) : totalPrice;
  return { totalPrice, changeAmount };
}

let rowCount = 0;
/** A key for a new grid line (never sent: the server gives item ids). */
export function newRowKey(): string {
  rowCount += 1;
  return `row-${Date.now().toString(36)}-${rowCount}`;
}

export function emptyRow(): BillRow {
  return { key: newRowKey(), accountId: null, inOutItemId: null, eachAmount: null, remark: '' };
}

/** The first problem of the grid, as the original's cell rules word it; null when every line is complete. */
export function rowProblem(kind: BillFormKind, rows: readonly BillRow[]): MessageKey | null {
  if (rows.length === 0) return 'finance.rule.noRows';
  for (const row of rows) {
    if (kind.grid === 'account' && (row.accountId === null || row.accountId === undefined))
      return kind.columns.firstRequired ?? null;
    if (kind.grid === 'item' && (row.inOutItemId === null || row.inOutItemId === undefined))
      return kind.columns.firstRequired ?? null;
    if (row.eachAmount === null || row.eachAmount === undefined) return kind.columns.amountRequired;
  }
  return null;
}

/** A sales/purchase bill of the 选择单据 picker (GET /depotHead/debtList rows). */
export interface DebtBill {
  id: number;
  number: string;
  needDebt: number;
  finishDebt: number;
  debt: number;
}

/** Chosen bills become lines owing what is left on each; a bill with nothing left is dropped. */
export function rowsFromDebtBills(bills: readonly DebtBill[]): BillRow[] {
  return bills
    .filter((b) => Number(b.debt) !== 0)
    .map((b) => ({
      key: newRowKey(),
      billNumber: b.number,
      needDebt: toNumber(b.needDebt),
      finishDebt: toNumber(b.finishDebt),
      eachAmount: toNumber(b.debt),
      remark: '',
    }));
}

/** 选择期初: the opening balance as one line numbered QiChu. */
export function rowFromOpeningBalance(data: {
  needDebt?: unknown;
  finishDebt?: unknown;
  eachAmount?: unknown;
}): BillRow {
  return {
    key: newRowKey(),
    billNumber: 'QiChu',
    needDebt: toNumber(data.needDebt) ?? 0,
    finishDebt: toNumber(data.finishDebt),
    eachAmount: toNumber(data.eachAmount),
    remark: '',
  };
}

/** GET /accountItem/getDetailList rows (already un-signed by the server) back into grid lines. */
export function rowsFromDetail(kind: BillFormKind, detail: readonly Record<string, unknown>[]): BillRow[] {
  return detail.map((d) => {
    const row: BillRow = {
      key: newRowKey(),
      eachAmount: toNumber(d.eachAmount),
      remark: typeof d.remark === 'string' ? d.remark : '',
    };
    if (kind.grid === 'debt') {
      row.billNumber = typeof d.billNumber === 'string' ? d.billNumber : 'QiChu';
      row.needDebt = toNumber(d.needDebt);
      row.finishDebt = toNumber(d.finishDebt);
    } else if (kind.grid === 'account') {
      row.accountId = toNumber(d.accountId);
    } else {
      row.inOutItemId = toNumber(d.inOutItemId);
    }
    return row;
  });
}

/** A line as the server reads it: only the columns of the kind's grid. */
function rowOnWire(kind: BillFormKind, row: BillRow): Record<string, unknown> {
  const amount = row.eachAmount ?? 0;
  if (kind.grid === 'debt') {
    return {
      billNumber: row.billNumber ?? '',
      needDebt: row.needDebt ?? 0,
      finishDebt: row.finishDebt ?? 0,
      eachAmount: amount,
      remark: row.remark,
    };
  }
  if (kind.grid === 'account') return { accountId: row.accountId, eachAmount: amount, remark: row.remark };
  return { inOutItemId: row.inOutItemId, eachAmount: amount, remark: row.remark };
}

export interface SaveBody {
  info: string;
  rows: string;
}

/**
 * POST /accountHead/addAccountHeadAndDetail (no id) or PUT …/updateAccountHeadAndDetail (`loaded` is the bill read
 * back by getDetailByNumber: its id and every field travel back, the form's values over them). Totals are computed
 * from the rows here, never taken from the screen; 付款/转账/支出 send them negative.
 */
export function buildSaveBody(
  kind: BillFormKind,
  head: BillHead,
  rows: readonly BillRow[],
  status: '0' | '1',
  loaded?: Record<string, unknown>,
): SaveBody {
  const { totalPrice, changeAmount } = billTotals(kind, rows, head.discountMoney);
  const sign = kind.negativeHead ? -1 : 1;
  const info: Record<string, unknown> = {
    ...(loaded ?? {}),
    organId: kind.party ? (head.organId ?? null) : null,
    billTime: head.billTime,
    billNo: head.billNo.trim(),
    handsPersonId: head.handsPersonId ?? null,
    remark: head.remark ?? '',
    type: kind.type,
    totalPrice: round2(sign * totalPrice),
    changeAmount: round2(sign * changeAmount),
    status,
  };
  if (kind.account) info.accountId = head.accountId ?? null;
  if (kind.discount) info.discountMoney = head.discountMoney ?? 0;
  if (head.fileName !== undefined) info.fileName = head.fileName.join(',');
  // The bill read back carries display fields (names, billTimeStr) the server ignores; the id is what matters.
  for (const field of [
    'organName',
    'handsPersonName',
    'accountName',
    'userName',
    'billTimeStr',
    'tenantId',
    'deleteFlag',
    'creator',
  ]) {
    delete info[field];
  }
  return { info: JSON.stringify(info), rows: JSON.stringify(rows.map((r) => rowOnWire(kind, r))) };
}

/** The head of a bill read back (getDetailByNumber, amounts already positive) as the form's values. */
export function headFromDetail(detail: Record<string, unknown>): BillHead {
  return {
    organId: toNumber(detail.organId),
    billTime: typeof detail.billTimeStr === 'string' ? detail.billTimeStr : '',
    billNo: typeof detail.billNo === 'string' ? detail.billNo : '',
    handsPersonId: toNumber(detail.handsPersonId),
    accountId: toNumber(detail.accountId),
    discountMoney: toNumber(detail.discountMoney) ?? 0,
    remark: typeof detail.remark === 'string' ? detail.remark : '',
    fileName: storedFiles(detail.fileName),
  };
}

/** 新增's bill number: the prefix and the sequence's 11 digits (SK00000000673). */
export function billNumberOf(prefixNo: string, defaultNumber: unknown): string {
  return typeof defaultNumber === 'string' && defaultNumber !== '' ? `${prefixNo}${defaultNumber}` : '';
}
