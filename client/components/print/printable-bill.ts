// What a printed bill shows, independent of the bill kind: the stock bills and the financial bills each map a
// saved bill to this shape and hand it to printBill (print-bill.ts). Every text is already translated and
// formatted by the caller; the print sheet only lays it out.
import { formatAmount, quantityText } from '../../lib/number-format';

export interface PrintField {
  label: string;
  value: string;
}

export interface PrintColumn {
  key: string;
  title: string;
  /** Money and quantity columns are right-aligned. */
  align?: 'left' | 'right';
  /**
   * Its part in a till receipt line (`name`, then `quantity unit × price = amount`). Without it the usual keys are
   * recognised (name / materialName, operNumber, unit, unitPrice, allPrice); other columns are left off the receipt.
   */
  receipt?: 'name' | 'quantity' | 'unit' | 'price' | 'amount';
  /** A code or number (barcode, bill number): never broken across lines. */
  code?: boolean;
}

export interface PrintableBill {
  /** The company name (systemConfig companyName), printed above the title. */
  company?: string;
  /** The company's address and phone (systemConfig companyAddress / companyTel), printed under its name. */
  address?: string;
  phone?: string;
  /** The logo printed beside the company name (an image URL). */
  logo?: string;
  /** The bill kind, e.g. 采购入库单. */
  title: string;
  /** The bill number, for the print job's name. */
  number: string;
  /** Head fields in display order, translated by the caller: number, date, party, depot, account, handler… */
  head: PrintField[];
  columns: PrintColumn[];
  rows: Array<Record<string, string | number | null | undefined>>;
  /** Totals and amounts under the grid (合计, 优惠后金额, 本次付款…). */
  totals: PrintField[];
  /** Signatures and remarks at the foot (制单人, 审核人, 备注). */
  footer: PrintField[];
  /** A bill handed to a customer or member: its receipt ends with a thank-you (a supplier's or an internal one not). */
  thanks?: boolean;
}

/** A4 portrait for every bill; an 80 mm or a 58 mm roll for a till receipt. */
export type PrintLayout = 'a4' | 'receipt80' | 'receipt58';

export const PRINT_LAYOUTS: readonly PrintLayout[] = ['a4', 'receipt80', 'receipt58'];

/** Money on every sheet: two decimals in the page's language (28.8 prints as 28.80, 1234.5 as 1,234.50 or 1.234,50). */
export function printMoney(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? formatAmount(n) : String(value);
}

/** A quantity in the page's language with the user's decimals (12.000 and 12 both print 12; 1.5 stays 1.5). */
export function printQuantity(value: unknown): string {
  return quantityText(value);
}
