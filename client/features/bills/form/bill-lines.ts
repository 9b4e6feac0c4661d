// The bill's lines and the save body, without React: a new line, a line from a looked-up barcode, a scan that
// adds or increments, loaded lines back from the detail, and the `{info, rows}` body (both JSON text) the
// backend's add/update reads.
import { columnTotals, num, recalcLine, signed, type LineAmounts, type MoneyBlock } from './bill-math';
import { round2 } from '../../../lib/decimal-round';
import type { BillFormKind } from './bill-form-kinds';
import { textOf } from '../../../lib/text-of';

export interface BillLine extends LineAmounts {
  /** Grid key: the depot-item id of a loaded line, a generated one for a new line. */
  key: string;
  barCode: string;
  name: string;
  standard: string;
  model: string;
  unit: string;
  sku: string;
  /** Stock in the line's depot, in the line's unit (informational). */
  stock: number | null;
  depotId: string;
  anotherDepotId: string;
  snList: string;
  batchNumber: string;
  expirationDate: string;
  /** 组合件 / 普通子件 (组装单, 拆卸单). */
  mType: string;
  remark: string;
  linkId: string;
  preNumber: string;
  finishNumber: string;
  enableSerialNumber: boolean;
  enableBatchNumber: boolean;
}

let lineCount = 0;
const newKey = () => `${Date.now()}${++lineCount}_tid`;

export function emptyLine(depotId = ''): BillLine {
  return {
    key: newKey(),
    barCode: '',
    name: '',
    standard: '',
    model: '',
    unit: '',
    sku: '',
    stock: null,
    depotId,
    anotherDepotId: '',
    snList: '',
    batchNumber: '',
    expirationDate: '',
    mType: '',
    remark: '',
    linkId: '',
    preNumber: '',
    finishNumber: '',
    enableSerialNumber: false,
    enableBatchNumber: false,
    operNumber: null,
    unitPrice: null,
    allPrice: null,
    taxRate: null,
    taxMoney: null,
    taxLastMoney: null,
  };
}

export const isBlankLine = (line: BillLine): boolean => line.barCode.trim() === '';

const numberOrNull = (v: unknown): number | null =>
  v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v);

/** One answer row of /material/getMaterialByBarCode (the fields the line takes). */
export type MaterialHit = Record<string, unknown>;

/** A barcode looked up: quantity 1 at the bill price, with the partner's tax; the line's depot kept when it has one. */
export function lineFromMaterial(hit: MaterialHit, line: BillLine, taxIncluded = false): BillLine {
  const price = numberOrNull(hit.billPrice);
  const filled: BillLine = {
    ...line,
    barCode: textOf(hit.mBarCode),
    name: textOf(hit.name),
    standard: textOf(hit.standard),
    model: textOf(hit.model),
    unit: textOf(hit.commodityUnit),
    sku: textOf(hit.sku),
    stock: numberOrNull(hit.stock),
    depotId: line.depotId || textOf(hit.depotId),
    enableSerialNumber: textOf(hit.enableSerialNumber) === '1',
    enableBatchNumber: textOf(hit.enableBatchNumber) === '1',
    operNumber: 1,
    unitPrice: price,
    taxRate: numberOrNull(hit.taxRate) ?? 0,
    allPrice: price,
    taxMoney: numberOrNull(hit.taxMoney),
    taxLastMoney: numberOrNull(hit.taxLastMoney),
    snList: '',
    batchNumber: '',
    expirationDate: '',
  };
  return price === null ? filled : recalcLine(filled, 'unitPrice', taxIncluded);
}

export interface ScanResult {
  lines: BillLine[];
  /** The line whose quantity takes the cursor. */
  index: number;
}

/**
 * A scanned barcode: the first line holding it gets one more; otherwise the material becomes a new line (in place
 * of a trailing empty line).
 */
export function applyScan(
  lines: readonly BillLine[],
  hit: MaterialHit,
  defaultDepot: string,
  taxIncluded = false,
): ScanResult {
  const code = textOf(hit.mBarCode);
  const at = lines.findIndex((l) => l.barCode === code);
  if (at >= 0) {
    const next = [...lines];
    next[at] = recalcLine({ ...lines[at]!, operNumber: num(lines[at]!.operNumber) + 1 }, 'operNumber', taxIncluded);
    return { lines: next, index: at };
  }
  const kept = lines.length > 0 && isBlankLine(lines[lines.length - 1]!) ? lines.slice(0, -1) : [...lines];
  const reused =
    lines.length > 0 && isBlankLine(lines[lines.length - 1]!) ? lines[lines.length - 1]! : emptyLine(defaultDepot);
  const line = lineFromMaterial(hit, { ...reused, depotId: reused.depotId || defaultDepot }, taxIncluded);
  return { lines: [...kept, line], index: kept.length };
}

/** 组装单/拆卸单: the first line is the assembled product, every other a component. */
export function assemblyTypes(lines: readonly BillLine[]): BillLine[] {
  return lines.map((l, i) => ({ ...l, mType: i === 0 ? '组合件' : '普通子件' }));
}

/** A line of /depotItem/getDetailList (linkType=basic) back in the grid. */
export function lineFromDetail(row: Record<string, unknown>): BillLine {
  return {
    ...emptyLine(),
    key: textOf(row.id) || newKey(),
    barCode: textOf(row.barCode),
    name: textOf(row.name),
    standard: textOf(row.standard),
    model: textOf(row.model),
    unit: textOf(row.unit),
    sku: textOf(row.sku),
    stock: numberOrNull(row.stock),
    depotId: textOf(row.depotId),
    anotherDepotId: textOf(row.anotherDepotId),
    snList: textOf(row.snList),
    batchNumber: textOf(row.batchNumber),
    expirationDate: textOf(row.expirationDate),
    mType: textOf(row.mType),
    remark: textOf(row.remark),
    linkId: textOf(row.linkId),
    enableSerialNumber: textOf(row.enableSerialNumber) === '1',
    enableBatchNumber: textOf(row.enableBatchNumber) === '1',
    operNumber: numberOrNull(row.operNumber),
    unitPrice: numberOrNull(row.unitPrice),
    allPrice: numberOrNull(row.allPrice),
    taxRate: numberOrNull(row.taxRate),
    taxMoney: numberOrNull(row.taxMoney),
    taxLastMoney: numberOrNull(row.taxLastMoney),
  };
}

/** T: the total the money block starts from — Σ 价税合计, or Σ 金额 on bills without tax columns. */
export function billTotal(kind: BillFormKind, lines: readonly BillLine[]): number {
  const totals = columnTotals(lines);
  return kind.tax ? totals.taxLastMoney : totals.allPrice;
}

export interface BillHead {
  id?: unknown;
  number: string;
  defaultNumber: string;
  /** yyyy-MM-dd HH:mm:ss */
  operTime: string;
  organId: string;
  accountId: string;
  salesMan: string[];
  payType: string;
  linkNumber: string;
  /** 关联请购单 (采购订单). */
  linkApply?: string;
  remark: string;
  /** 附件: the stored upload paths. */
  fileName?: readonly string[];
  /** 多账户: the accounts and their (unsigned) amounts, accountId then empty. */
  manyAccounts?: { ids: readonly string[]; amounts: readonly number[] };
}

/** The add/update body: `info` and `rows` are JSON text, amounts signed by the kind, `status` '0' (or '1': 保存并审核). */
export function billBody(
  kind: BillFormKind,
  head: BillHead,
  money: MoneyBlock,
  lines: readonly BillLine[],
  status: '0' | '1',
): { info: string; rows: string } {
  const used = lines.filter((l) => !isBlankLine(l));
  const sum = round2(used.reduce((s, l) => s + num(l.allPrice), 0));
  const info: Record<string, unknown> = {
    type: kind.type,
    subType: kind.subType,
    defaultNumber: head.defaultNumber,
    number: head.number.trim(),
    operTime: head.operTime,
    remark: head.remark,
    fileName: (head.fileName ?? []).join(','),
    status,
    // 请购单 lines have no price: the original's sum is NaN, which JSON writes as null.
    totalPrice: kind.price ? signed(sum, kind.negate) : null,
  };
  if (head.id !== undefined && head.id !== null && head.id !== '') info.id = head.id;
  if (kind.party !== 'none') info.organId = head.organId === '' ? '' : Number(head.organId);
  const linkField = kind.linkField ?? 'linkNumber';
  if (kind.linkTitle && head[linkField]) info[linkField] = head[linkField];
  // 以销定购: a 采购订单 taken from a 销售订单 keeps it in linkNumber (never beside a linkApply: 8500029).
  if (kind.saleLinkSource && head.linkNumber) info.linkNumber = head.linkNumber;
  if (kind.salesMan) info.salesMan = head.salesMan.join(',');
  if (kind.money !== 'none') {
    info.accountId = head.accountId === '' ? '' : Number(head.accountId);
    info.changeAmount = signed(money.changeAmount, kind.negate);
    // 多账户 as the original: JSON arrays, the amounts signed as 本次付款 (changeListFmtMinus), no accountId.
    const many = head.manyAccounts && head.manyAccounts.ids.length > 0 ? head.manyAccounts : null;
    if (many) info.accountId = '';
    info.accountIdList = many ? JSON.stringify(many.ids.map(Number)) : '';
    info.accountMoneyList = many ? JSON.stringify(many.amounts.map((a) => signed(a, kind.negate))) : '';
  }
  if (kind.money === 'order' || kind.money === 'full') {
    Object.assign(info, {
      discount: money.discount,
      discountMoney: money.discountMoney,
      discountLastMoney: money.discountLastMoney,
    });
  }
  if (kind.money === 'full')
    Object.assign(info, {
      otherMoney: money.otherMoney,
      debt: money.debt,
      ...(money.deposit ? { deposit: money.deposit } : {}),
    });
  if (kind.money === 'retail') Object.assign(info, { payType: head.payType || '现付', backAmount: money.backAmount });
  const rows = used.map((l) => {
    const row: Record<string, unknown> = {
      barCode: l.barCode,
      unit: l.unit,
      operNumber: num(l.operNumber),
      remark: l.remark,
      sku: l.sku,
      linkId: l.linkId,
      preNumber: l.preNumber,
      finishNumber: l.finishNumber,
      // The orders keep no depot on their lines.
      depotId: kind.depot ? l.depotId : '',
    };
    if (kind.price) Object.assign(row, { unitPrice: l.unitPrice ?? '', allPrice: l.allPrice ?? '' });
    if (kind.tax)
      Object.assign(row, { taxRate: l.taxRate ?? 0, taxMoney: l.taxMoney ?? 0, taxLastMoney: l.taxLastMoney ?? '' });
    if (kind.anotherDepot) row.anotherDepotId = l.anotherDepotId;
    if (kind.assembly) row.mType = l.mType;
    if (kind.serials !== 'none')
      Object.assign(row, { snList: l.snList, batchNumber: l.batchNumber, expirationDate: l.expirationDate });
    return row;
  });
  return { info: JSON.stringify(info), rows: JSON.stringify(rows) };
}

/** What is wrong with the lines before anything is sent: the original grid's rules, first failure wins. */
export type LineProblem = 'bill.rule.noLines' | 'bill.rule.depot' | 'bill.rule.barCode' | 'bill.rule.quantity';

export function lineProblem(
  kind: BillFormKind,
  lines: readonly BillLine[],
): { problem: LineProblem; index: number } | null {
  const used = lines.map((l, i) => ({ l, i })).filter(({ l }) => !isBlankLine(l) || l.operNumber !== null);
  if (used.length === 0) return { problem: 'bill.rule.noLines', index: 0 };
  for (const { l, i } of used) {
    if (kind.depot && !l.depotId) return { problem: 'bill.rule.depot', index: i };
    if (!l.barCode.trim()) return { problem: 'bill.rule.barCode', index: i };
    if (l.operNumber === null || String(l.operNumber) === '') return { problem: 'bill.rule.quantity', index: i };
  }
  return null;
}

/** The lines whose quantity is above their depot's stock (an outbound bill would be refused unless negative stock is allowed). */
export function shortOfStock(line: BillLine): boolean {
  return line.stock !== null && !isBlankLine(line) && num(line.operNumber) > line.stock;
}

/**
 * The lines of a linked bill (its getDetailList rows) as this bill's lines: each remembers its source line (linkId,
 * 原数量, 已完成). An order gives what is left of each line and drops finished ones; a return takes every line as it was.
 */
export function linkedLines(
  kind: BillFormKind,
  rows: readonly Record<string, unknown>[],
  defaultDepot: string,
  taxIncluded = false,
): BillLine[] {
  const isReturn = kind.subType.endsWith('退货');
  const out: BillLine[] = [];
  for (const row of rows) {
    const source = lineFromDetail(row);
    const pre = num(row.preNumber ?? row.operNumber);
    const finished = num(row.finishNumber);
    const operNumber = !isReturn && finished > 0 ? pre - finished : pre;
    if (operNumber <= 0) continue;
    const line: BillLine = {
      ...source,
      key: emptyLine().key,
      linkId: textOf(row.id),
      preNumber: String(pre),
      finishNumber: String(finished),
      depotId: kind.depot ? source.depotId || defaultDepot : '',
      operNumber,
    };
    out.push(line.unitPrice === null ? line : recalcLine(line, 'unitPrice', taxIncluded));
  }
  return out;
}

/**
 * Which of the optional line columns the grid shows: 序列号 when a line is a serial product, 批号 and 有效期 when one
 * is a batch product (on the kinds that take them at all); an empty or ordinary bill shows neither.
 */
export function gridColumns(
  kind: Pick<BillFormKind, 'serials'>,
  anySerial: boolean,
  anyBatch: boolean,
): { serial: boolean; batch: boolean } {
  return { serial: kind.serials !== 'none' && anySerial, batch: kind.serials !== 'none' && anyBatch };
}
