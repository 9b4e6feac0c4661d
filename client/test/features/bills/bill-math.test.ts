// The bill form's arithmetic against the original client's formulas, including the contract's worked 采购入库
// example (supplier tax 13 %, 10 套 @45 and 20 包 @18, 其它费用 20, 本次付款 900).
import { describe, expect, it } from 'vitest';
import { round2 } from '../../../lib/decimal-round';
import {
  columnTotals,
  debtOnOpen,
  EMPTY_MONEY,
  MONEY_PATTERN,
  moneyFromChangeAmount,
  moneyFromDeposit,
  moneyFromDiscountMoney,
  moneyFromOtherMoney,
  moneyFromTotal,
  recalcLine,
  retailChange,
  retailFromTotal,
  signed,
} from '../../../features/bills/form/bill-math';

const line = (over: Partial<Parameters<typeof recalcLine>[0]> = {}) => ({
  operNumber: 1,
  unitPrice: 0,
  allPrice: 0,
  taxRate: 0,
  taxMoney: 0,
  taxLastMoney: 0,
  ...over,
});
const plain = { order: false, zeroChange: false };

describe('line formulas', () => {
  it('rounds as the backend (BigDecimal HALF_UP on the decimal values), not as toFixed on binary ones', () => {
    // 1 × 1.005: toFixed(2) gave 1.00; 3 × 2.675 is 8.025 in decimal, 8.02499… in binary.
    expect(recalcLine(line({ operNumber: 1, unitPrice: 1.005 }), 'unitPrice').allPrice).toBe(1.01);
    expect(recalcLine(line({ operNumber: 3, unitPrice: 2.675 }), 'operNumber').allPrice).toBe(8.03);
    expect(recalcLine(line({ operNumber: 100, unitPrice: 4.35 }), 'operNumber').allPrice).toBe(435);
    // 税额 = 13 % of 0.5 = 0.065 → 0.07; 价税合计 = 0.57.
    expect(recalcLine(line({ operNumber: 1, unitPrice: 0.5, taxRate: 13 }), 'unitPrice')).toMatchObject({
      allPrice: 0.5,
      taxMoney: 0.07,
      taxLastMoney: 0.57,
    });
  });

  it('quantity or price: amount, tax and total (the worked example)', () => {
    expect(recalcLine(line({ operNumber: 10, unitPrice: 45, taxRate: 13 }), 'operNumber')).toMatchObject({
      allPrice: 450,
      taxMoney: 58.5,
      taxLastMoney: 508.5,
    });
    expect(recalcLine(line({ operNumber: 20, unitPrice: 18, taxRate: 13 }), 'unitPrice')).toMatchObject({
      allPrice: 360,
      taxMoney: 46.8,
      taxLastMoney: 406.8,
    });
  });

  it('amount typed: the unit price follows to four decimals', () => {
    expect(recalcLine(line({ operNumber: 3, allPrice: 100, taxRate: 0 }), 'allPrice')).toMatchObject({
      unitPrice: 33.3333,
      allPrice: 100,
      taxMoney: 0,
      taxLastMoney: 100,
    });
  });

  it('tax rate typed: tax from the current amount', () => {
    expect(recalcLine(line({ operNumber: 2, unitPrice: 50, allPrice: 100, taxRate: 6 }), 'taxRate')).toMatchObject({
      allPrice: 100,
      taxMoney: 6,
      taxLastMoney: 106,
    });
  });

  it('total typed: price without tax, amount and tax back from it; rate 0 makes the total the amount', () => {
    expect(recalcLine(line({ operNumber: 10, taxRate: 13, taxLastMoney: 508.5 }), 'taxLastMoney')).toMatchObject({
      unitPrice: 45,
      allPrice: 450,
      taxMoney: 58.5,
    });
    expect(recalcLine(line({ operNumber: 4, taxRate: 0, taxLastMoney: 10 }), 'taxLastMoney')).toMatchObject({
      unitPrice: 2.5,
      allPrice: 10,
      taxMoney: 0,
    });
  });

  it('prices including tax carve the tax out of the amount', () => {
    expect(recalcLine(line({ operNumber: 1, unitPrice: 113, taxRate: 13 }), 'unitPrice', true)).toMatchObject({
      allPrice: 113,
      taxMoney: 13,
      taxLastMoney: 113,
    });
  });

  it('column totals are sums to two decimals', () => {
    expect(
      columnTotals([
        { operNumber: 0.1, allPrice: 0.1 },
        { operNumber: 0.2, allPrice: 0.2 },
      ]),
    ).toEqual({
      operNumber: 0.3,
      allPrice: 0.3,
      taxMoney: 0,
      taxLastMoney: 0,
    });
  });
});

describe('money block', () => {
  it('the worked example: T 915.30, 其它费用 20, 本次付款 900 → 欠款 35.3', () => {
    const total = round2(508.5 + 406.8);
    let m = moneyFromTotal(EMPTY_MONEY, total, plain);
    expect(m).toMatchObject({ discountMoney: 0, discountLastMoney: 915.3, changeAmount: 915.3, debt: 0 });
    m = moneyFromOtherMoney({ ...m, otherMoney: 20 });
    expect(m.changeAmount).toBe(935.3);
    m = moneyFromChangeAmount({ ...m, changeAmount: 900 });
    expect(m.debt).toBe(35.3);
  });

  it('优惠率 and 优惠金额 follow each other', () => {
    expect(moneyFromTotal({ ...EMPTY_MONEY, discount: 10 }, 200, plain)).toMatchObject({
      discountMoney: 20,
      discountLastMoney: 180,
      changeAmount: 180,
    });
    expect(moneyFromDiscountMoney({ ...EMPTY_MONEY, discountMoney: 50 }, 200, plain)).toMatchObject({
      discount: 25,
      discountLastMoney: 150,
      changeAmount: 150,
      debt: 0,
    });
  });

  it('a deposit is deducted from the payment', () => {
    const m = moneyFromTotal({ ...EMPTY_MONEY, deposit: 30 }, 100, plain);
    expect(m.changeAmount).toBe(70);
    expect(moneyFromDeposit({ ...m, deposit: 40 }).changeAmount).toBe(60);
  });

  it('orders keep 订金 at 0 on recalculation; 零收付款 moves the amount to 欠款', () => {
    expect(moneyFromTotal(EMPTY_MONEY, 100, { order: true, zeroChange: false })).toMatchObject({
      discountLastMoney: 100,
      changeAmount: 0,
    });
    expect(moneyFromTotal(EMPTY_MONEY, 100, { order: false, zeroChange: true })).toMatchObject({
      changeAmount: 0,
      debt: 100,
    });
  });

  it('retail: 单据金额 = 收款金额 = T, and 找零 from what was handed over', () => {
    const m = retailFromTotal(EMPTY_MONEY, 87.5);
    expect(m).toMatchObject({ changeAmount: 87.5, getAmount: 87.5, backAmount: 0 });
    expect(retailChange({ ...m, getAmount: 100 }).backAmount).toBe(12.5);
  });

  it('an edited bill reopens with its debt from the stored absolute amounts', () => {
    expect(debtOnOpen({ ...EMPTY_MONEY, discountLastMoney: 915.3, otherMoney: 20, changeAmount: 900 })).toBe(35.3);
  });

  it('signs: money leaving the company is sent negative, never doubly', () => {
    expect(signed(810, true)).toBe(-810);
    expect(signed(-5, true)).toBe(-5);
    expect(signed(810, false)).toBe(810);
  });

  it('the money pattern refuses negatives and a fifth decimal', () => {
    expect(MONEY_PATTERN.test('35.3')).toBe(true);
    expect(MONEY_PATTERN.test('0.1234')).toBe(true);
    expect(MONEY_PATTERN.test('-1')).toBe(false);
    expect(MONEY_PATTERN.test('1.23456')).toBe(false);
  });
});
