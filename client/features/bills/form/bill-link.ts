// A bill taken over from another (关联订单 / 关联单据 / 关联请购单, or 转采购订单 from the 请购单 list): what the new
// bill's head and lines become, without React.
import { num } from './bill-math';
import { emptyLine, linkedLines, type BillLine } from './bill-lines';
import type { BillFormKind } from './bill-form-kinds';
import { textOf } from '../../../lib/text-of';

export interface LinkedBill {
  /** Form values to set: the link field, and the party, discount, account, remark and 订金 the source gives. */
  values: Record<string, unknown>;
  lines: BillLine[];
}

/**
 * The source bill's list row and its getDetailList rows as this bill's head and lines. A 请购单 has no prices: its
 * lines are priced at the product's purchase price without tax, and it gives no party unless it has one.
 */
export function linkedBill(
  kind: BillFormKind,
  row: Record<string, unknown>,
  detail: readonly Record<string, unknown>[],
  defaultDepot: string,
  taxIncluded: boolean,
): LinkedBill {
  const field = kind.linkField ?? 'linkNumber';
  if (isSaleLink(kind, row)) {
    // 以销定购: the lines read with linkType=purchase carry no prices and count as done what earlier 采购订单 took
    // (finishPurchaseNumber); they are priced at the purchase price without tax. The customer is no supplier: the
    // party stays for the user to choose.
    const priced = detail.map((d) => ({
      ...d,
      finishNumber: d.finishPurchaseNumber ?? 0,
      unitPrice: d.purchaseDecimal ?? 0,
      taxRate: 0,
    }));
    return {
      values: { linkNumber: textOf(row.number), linkApply: '' },
      lines: withLine(linkedLines(kind, priced, defaultDepot, taxIncluded), kind, defaultDepot),
    };
  }
  if (field === 'linkApply') {
    const priced = detail.map((d) => ({ ...d, unitPrice: d.purchaseDecimal ?? 0, taxRate: 0 }));
    const party = row.organId == null ? {} : { organId: textOf(row.organId) };
    // One link at a time: the backend refuses a bill carrying both (8500029).
    return {
      values: { linkApply: textOf(row.number), linkNumber: '', ...party },
      lines: withLine(linkedLines(kind, priced, defaultDepot, taxIncluded), kind, defaultDepot),
    };
  }
  const isOrder = textOf(row.subType).endsWith('订单');
  return {
    values: {
      linkNumber: textOf(row.number),
      organId: row.organId == null ? undefined : textOf(row.organId),
      discount: num(row.discount),
      remark: textOf(row.remark),
      deposit: isOrder ? Math.max(0, Math.abs(num(row.changeAmount)) - num(row.finishDeposit)) : 0,
      ...(row.accountId == null ? {} : { accountId: textOf(row.accountId) }),
    },
    lines: withLine(linkedLines(kind, detail, defaultDepot, taxIncluded), kind, defaultDepot),
  };
}

/** 以销定购: a 销售订单 taken over by a 采购订单 (关联订单), read with linkType=purchase. */
export function isSaleLink(kind: BillFormKind, row: Record<string, unknown>): boolean {
  return kind.saleLinkSource !== undefined && textOf(row.subType) === kind.saleLinkSource.subType;
}

/**
 * What a bill taken over from another may no longer change, as the original: its lines can be deleted but none
 * added (no scan, no add, barcodes read-only); its party is fixed, except on the 采购订单, whose 请购单 or
 * 销售订单 names no supplier.
 */
export function linkLocks(
  kind: BillFormKind,
  linkNumber: unknown,
  linkApply: unknown,
): { linesLocked: boolean; partyLocked: boolean } {
  const linked = textOf(linkNumber) !== '' || textOf(linkApply) !== '';
  return {
    linesLocked: linked,
    partyLocked: linked && kind.saleLinkSource === undefined && kind.linkField !== 'linkApply',
  };
}

const withLine = (lines: BillLine[], kind: BillFormKind, defaultDepot: string): BillLine[] =>
  lines.length > 0 ? lines : [emptyLine(kind.depot ? defaultDepot : '')];
