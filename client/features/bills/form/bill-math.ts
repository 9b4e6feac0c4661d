// The bill form's arithmetic, with the original client's formulas and the backend's rounding (lib/decimal-round.ts:
// BigDecimal HALF_UP on the decimal text, where the original's toFixed turned 1.005 into 1.00): a line recomputes from
// the cell the user edited; the money block recomputes from the lines' total or from the money field typed. The server
// stores what it receives, so these numbers are the bill.
import { round2, round4, roundProduct } from '../../../lib/decimal-round';

/** A number from a cell or field: '' and junk are 0. */
export const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(String(v ?? '').trim());
  return Number.isFinite(n) ? n : 0;
};

export interface LineAmounts {
  operNumber: number | null;
  unitPrice: number | null;
  allPrice: number | null;
  taxRate: number | null;
  taxMoney: number | null;
  taxLastMoney: number | null;
}

/** The cells whose edit recomputes the others. */
export type AmountCell = 'operNumber' | 'unitPrice' | 'allPrice' | 'taxRate' | 'taxLastMoney';

/** 税额 and 价税合计 from 金额: prices without tax add it; prices including tax (materialPriceTaxFlag) carve it out. */
function withTax<T extends LineAmounts>(line: T, allPrice: number, taxIncluded: boolean): T {
  const rate = num(line.taxRate);
  if (taxIncluded) {
    const withoutTax = round2(allPrice / (1 + rate * 0.01));
    return { ...line, allPrice, taxMoney: roundProduct(withoutTax, rate, 2, 2), taxLastMoney: allPrice };
  }
  const taxMoney = roundProduct(rate, allPrice, 2, 2);
  return { ...line, allPrice, taxMoney, taxLastMoney: round2(allPrice + taxMoney) };
}

/** A line after the user changed `cell` (the cell's new value already in `line`). */
export function recalcLine<T extends LineAmounts>(line: T, cell: AmountCell, taxIncluded = false): T {
  const qty = num(line.operNumber);
  switch (cell) {
    case 'operNumber':
    case 'unitPrice':
      return withTax(line, roundProduct(num(line.unitPrice), qty, 2), taxIncluded);
    case 'allPrice': {
      const allPrice = num(line.allPrice);
      return withTax({ ...line, unitPrice: qty ? round4(allPrice / qty) : line.unitPrice }, allPrice, taxIncluded);
    }
    case 'taxRate':
      return withTax(line, num(line.allPrice), taxIncluded);
    case 'taxLastMoney': {
      const last = num(line.taxLastMoney);
      const r = num(line.taxRate) * 0.01;
      if (taxIncluded) {
        const taxMoney = r ? roundProduct(round2(last / (1 + r)), num(line.taxRate), 2, 2) : 0;
        return { ...line, allPrice: last, unitPrice: qty ? round4(last / qty) : line.unitPrice, taxMoney };
      }
      if (r === 0)
        return { ...line, allPrice: last, unitPrice: qty ? round4(last / qty) : line.unitPrice, taxMoney: 0 };
      const unitPrice = qty ? round4(last / qty / (1 + r)) : num(line.unitPrice);
      const allPrice = roundProduct(unitPrice, qty, 2);
      return { ...line, unitPrice, allPrice, taxMoney: round2(last - allPrice) };
    }
  }
}

export interface ColumnTotals {
  operNumber: number;
  allPrice: number;
  taxMoney: number;
  taxLastMoney: number;
}

/** The grid's column totals: Σ of the cells, to two decimals. */
export function columnTotals(lines: readonly Partial<LineAmounts>[]): ColumnTotals {
  const sum = (key: keyof LineAmounts) => round2(lines.reduce((s, l) => s + num(l[key]), 0));
  return {
    operNumber: sum('operNumber'),
    allPrice: sum('allPrice'),
    taxMoney: sum('taxMoney'),
    taxLastMoney: sum('taxLastMoney'),
  };
}

export interface MoneyBlock {
  discount: number;
  discountMoney: number;
  discountLastMoney: number;
  otherMoney: number;
  deposit: number;
  changeAmount: number;
  debt: number;
  /** Retail: 收款金额 (typed, never stored) and 找零. */
  getAmount: number;
  backAmount: number;
}

export const EMPTY_MONEY: MoneyBlock = {
  discount: 0,
  discountMoney: 0,
  discountLastMoney: 0,
  otherMoney: 0,
  deposit: 0,
  changeAmount: 0,
  debt: 0,
  getAmount: 0,
  backAmount: 0,
};

export interface MoneyRules {
  /** Orders (采购订单/销售订单): the automatic recalculations keep 订金 at 0; the user types it. */
  order: boolean;
  /** 零收付款 (zeroChangeAmountFlag on 采购入库/采购退货/销售出库/销售退货): the amount goes to 欠款 instead. */
  zeroChange: boolean;
}

/** changeAmount from 优惠后金额 + 其它费用 − 扣除订金, debt 0, then the order and 零收付款 rules. */
function settle(m: MoneyBlock, rules: MoneyRules): MoneyBlock {
  let changeAmount = round2(m.discountLastMoney + m.otherMoney);
  if (m.deposit) changeAmount -= m.deposit;
  let debt = 0;
  if (rules.order) changeAmount = 0;
  if (rules.zeroChange) {
    debt = changeAmount;
    changeAmount = 0;
  }
  return { ...m, changeAmount, debt };
}

/** The lines changed (or 优惠率 was typed): 优惠金额 and 优惠后金额 from the rate over T, then the payment. */
export function moneyFromTotal(m: MoneyBlock, total: number, rules: MoneyRules): MoneyBlock {
  const discountMoney = roundProduct(m.discount, total, 2, 2);
  return settle({ ...m, discountMoney, discountLastMoney: round2(total - discountMoney) }, rules);
}

/** 付款/收款/退款优惠 typed: the rate follows the amount. */
export function moneyFromDiscountMoney(m: MoneyBlock, total: number, rules: MoneyRules): MoneyBlock {
  const discount = total ? round2((m.discountMoney / total) * 100) : 0;
  return settle({ ...m, discount, discountLastMoney: round2(total - m.discountMoney) }, rules);
}

/** 其它费用 typed. */
export function moneyFromOtherMoney(m: MoneyBlock): MoneyBlock {
  return { ...m, changeAmount: round2(m.discountLastMoney + m.otherMoney - m.deposit), debt: 0 };
}

/** 扣除订金 typed. */
export function moneyFromDeposit(m: MoneyBlock): MoneyBlock {
  return { ...m, changeAmount: round2(m.discountLastMoney + m.otherMoney - m.deposit), debt: 0 };
}

/** 本次付款/收款/退款 (or 订金) typed: what is left unpaid. */
export function moneyFromChangeAmount(m: MoneyBlock): MoneyBlock {
  return { ...m, debt: round2(m.discountLastMoney + m.otherMoney - m.changeAmount - m.deposit) };
}

/** A bill opened for editing: the debt from the stored (absolute) amounts. */
export function debtOnOpen(m: MoneyBlock): number {
  return round2(m.discountLastMoney + m.otherMoney - m.deposit - m.changeAmount);
}

/** Retail: the lines changed — 单据金额 = 收款金额 = Σ 金额, 找零 0. */
export function retailFromTotal(m: MoneyBlock, total: number): MoneyBlock {
  return { ...m, changeAmount: total, getAmount: total, backAmount: 0 };
}

/** Retail: 收款金额 typed — 找零. */
export function retailChange(m: MoneyBlock): MoneyBlock {
  return { ...m, backAmount: round2(m.getAmount - m.changeAmount) };
}

/** The money pattern of 本次付款/收款 and 欠款: non-negative, at most four decimals. */
export const MONEY_PATTERN = /^(([0-9][0-9]*)|([0]\.\d{0,4}|[0-9][0-9]*\.\d{0,4}))$/;

/** Money leaving the company is sent negative: a value stays if already negative, else 0 − value. */
export const signed = (value: number, negate: boolean): number => (negate ? (value < 0 ? value : 0 - value) : value);
