// The bill form's money block as form values: read from the fields, recomputed after the lines change (the original's
// automatic recalculation from the lines' total) and after a money field is typed (the others follow by the
// original's formulas, the typed one keeps its text). React-free; the formulas are bill-math.ts's.
import type { BillFormKind } from './bill-form-kinds';
import { billTotal, type BillLine } from './bill-lines';
import {
  moneyFromChangeAmount,
  moneyFromDeposit,
  moneyFromDiscountMoney,
  moneyFromOtherMoney,
  moneyFromTotal,
  num,
  retailChange,
  retailFromTotal,
  type MoneyBlock,
} from './bill-math';

export const MONEY_FIELDS = [
  'discount',
  'discountMoney',
  'discountLastMoney',
  'otherMoney',
  'deposit',
  'changeAmount',
  'debt',
  'getAmount',
  'backAmount',
] as const;

export function moneyOf(values: Record<string, unknown>): MoneyBlock {
  const m = {} as MoneyBlock;
  for (const f of MONEY_FIELDS) m[f] = num(values[f]);
  return m;
}

/** The money block after the lines changed: the original's automatic recalculation from the lines' total. */
export function moneyAfterLines(
  kind: BillFormKind,
  current: MoneyBlock,
  lines: readonly BillLine[],
  zeroChange: boolean,
): MoneyBlock {
  const total = billTotal(kind, lines);
  return kind.money === 'retail'
    ? retailFromTotal(current, total)
    : moneyFromTotal(current, total, { order: kind.money === 'order', zeroChange });
}

/** The other money fields after `field` was typed (null: nothing follows from it). */
export function moneyAfterTyped(
  kind: BillFormKind,
  field: string,
  all: Record<string, unknown>,
  lines: readonly BillLine[],
): Record<string, number> | null {
  if (!(MONEY_FIELDS as readonly string[]).includes(field)) return null;
  const m = moneyOf(all);
  const total = billTotal(kind, lines);
  const rules = { order: false, zeroChange: false };
  let next: MoneyBlock | null = null;
  if (kind.money === 'retail') next = field === 'getAmount' ? retailChange(m) : null;
  else if (field === 'discount') next = moneyFromTotal(m, total, { ...rules, order: kind.money === 'order' });
  else if (field === 'discountMoney')
    next = moneyFromDiscountMoney(m, total, { ...rules, order: kind.money === 'order' });
  else if (field === 'otherMoney') next = moneyFromOtherMoney(m);
  else if (field === 'deposit') next = moneyFromDeposit(m);
  else if (field === 'changeAmount') next = moneyFromChangeAmount(m);
  if (!next) return null;
  // Only what the formula changed: a field holding refused text (abc in 优惠率) keeps it until the user corrects it.
  const rest: Record<string, number> = {};
  for (const [key, value] of Object.entries(next) as [keyof MoneyBlock, number][])
    if (key !== field && value !== m[key]) rest[key] = value;
  return rest;
}
