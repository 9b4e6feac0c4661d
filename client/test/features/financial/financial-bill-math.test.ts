import { describe, expect, it } from 'vitest';
import { round2 } from '../../../lib/decimal-round';
import { BILL_FORM_KINDS } from '../../../features/financial/financial-bill-kinds';
import {
  billNumberOf,
  billTotals,
  buildSaveBody,
  emptyRow,
  headFromDetail,
  rowFromOpeningBalance,
  rowProblem,
  rowsFromDebtBills,
  rowsFromDetail,
  sumAmounts,
  type BillRow,
} from '../../../features/financial/financial-bill-math';

const { moneyIn, moneyOut, advanceIn, giro, itemIn, itemOut } = BILL_FORM_KINDS;
const line = (eachAmount: number | null, extra: Partial<BillRow> = {}): BillRow => ({
  key: 'k',
  eachAmount,
  remark: '',
  ...extra,
});
const head = {
  organId: 58,
  billTime: '2026-11-23 10:00:00',
  billNo: ' SK00000000673 ',
  handsPersonId: 17,
  accountId: 18,
  discountMoney: 20,
  remark: 'r',
};

describe('totals', () => {
  it('sums the lines to two decimals, empty cells as 0', () => {
    expect(sumAmounts([line(0.1), line(0.2), line(null)])).toBe(0.3);
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-1.005)).toBe(-1.01);
  });

  it('收款/付款: actual = total − discount; the other kinds ignore any discount', () => {
    expect(billTotals(moneyIn, [line(100), line(50.5)], 20)).toEqual({ totalPrice: 150.5, changeAmount: 130.5 });
    expect(billTotals(moneyOut, [line(100)], null)).toEqual({ totalPrice: 100, changeAmount: 100 });
    expect(billTotals(giro, [line(100)], 20)).toEqual({ totalPrice: 100, changeAmount: 100 });
    expect(billTotals(itemOut, [line(2000), line(400)], 5)).toEqual({ totalPrice: 2400, changeAmount: 2400 });
  });
});

describe('save body signs', () => {
  const parse = (body: { info: string; rows: string }) => ({
    info: JSON.parse(body.info),
    rows: JSON.parse(body.rows),
  });

  it('收款 sends positive head amounts and its discount; rows carry the settled bill', () => {
    const rows = [line(150, { billNumber: 'XSCK00000000313', needDebt: 200, finishDebt: 50 })];
    const { info, rows: sent } = parse(buildSaveBody(moneyIn, head, rows, '0'));
    expect(info).toEqual({
      organId: 58,
      billTime: '2026-11-23 10:00:00',
      billNo: 'SK00000000673',
      handsPersonId: 17,
      remark: 'r',
      type: '收款',
      totalPrice: 150,
      changeAmount: 130,
      status: '0',
      accountId: 18,
      discountMoney: 20,
    });
    expect(sent).toEqual([
      { billNumber: 'XSCK00000000313', needDebt: 200, finishDebt: 50, eachAmount: 150, remark: '' },
    ]);
  });

  it('付款 sends the head negative and its items positive (the server negates them)', () => {
    const { info, rows } = parse(
      buildSaveBody(
        moneyOut,
        { ...head, discountMoney: 0 },
        [line(600, { billNumber: 'QiChu', needDebt: 800, finishDebt: 0 })],
        '1',
      ),
    );
    expect(info.totalPrice).toBe(-600);
    expect(info.changeAmount).toBe(-600);
    expect(info.discountMoney).toBe(0);
    expect(info.status).toBe('1');
    expect(rows[0].eachAmount).toBe(600);
  });

  it('转账 and 支出 send negative heads, 收入 and 收预付款 positive; only 收款/付款 send a discount, 收预付款 no account', () => {
    const giroBody = parse(buildSaveBody(giro, head, [line(1000, { accountId: 17 })], '0'));
    expect([giroBody.info.totalPrice, giroBody.info.changeAmount, giroBody.info.organId]).toEqual([-1000, -1000, null]);
    expect(giroBody.info).not.toHaveProperty('discountMoney');
    expect(giroBody.rows).toEqual([{ accountId: 17, eachAmount: 1000, remark: '' }]);

    const out = parse(
      buildSaveBody(itemOut, head, [line(2000, { inOutItemId: 25 }), line(400, { inOutItemId: 26 })], '0'),
    );
    expect([out.info.totalPrice, out.info.changeAmount]).toEqual([-2400, -2400]);
    expect(out.rows).toEqual([
      { inOutItemId: 25, eachAmount: 2000, remark: '' },
      { inOutItemId: 26, eachAmount: 400, remark: '' },
    ]);

    const income = parse(buildSaveBody(itemIn, head, [line(35.5, { inOutItemId: 21 })], '0'));
    expect([income.info.totalPrice, income.info.changeAmount]).toEqual([35.5, 35.5]);

    const advance = parse(buildSaveBody(advanceIn, head, [line(300, { accountId: 20 })], '0'));
    expect([advance.info.totalPrice, advance.info.changeAmount]).toEqual([300, 300]);
    expect(advance.info).not.toHaveProperty('accountId');
    expect(advance.info).not.toHaveProperty('discountMoney');
  });

  it('an edit sends the bill read back with the form over it, without the display-only fields', () => {
    const loaded = {
      id: 104,
      billNo: 'FK00000000104',
      organName: '广州安盾劳保用品厂',
      accountName: '现金',
      billTimeStr: 'x',
      tenantId: 63,
      fileName: 'a.pdf',
      source: '0',
    };
    const { info } = parse(buildSaveBody(moneyOut, head, [line(800)], '0', loaded));
    expect(info.id).toBe(104);
    expect(info.fileName).toBe('a.pdf');
    expect(info.billNo).toBe('SK00000000673');
    for (const field of ['organName', 'accountName', 'billTimeStr', 'tenantId']) expect(info).not.toHaveProperty(field);
  });
});

describe('lines', () => {
  it('picked bills owe what is left on each; a settled bill is dropped', () => {
    const rows = rowsFromDebtBills([
      { id: 313, number: 'XSCK00000000313', needDebt: 3960, finishDebt: 300, debt: 3660 },
      { id: 314, number: 'XSCK00000000314', needDebt: 3000, finishDebt: 3000, debt: 0 },
    ]);
    expect(rows.map(({ key: _k, ...r }) => r)).toEqual([
      { billNumber: 'XSCK00000000313', needDebt: 3960, finishDebt: 300, eachAmount: 3660, remark: '' },
    ]);
  });

  it('the opening balance becomes one QiChu line', () => {
    const { key: _k, ...row } = rowFromOpeningBalance({ needDebt: 2000, finishDebt: 500, eachAmount: 1500 });
    expect(row).toEqual({ billNumber: 'QiChu', needDebt: 2000, finishDebt: 500, eachAmount: 1500, remark: '' });
  });

  it('reads saved lines back per grid', () => {
    const detail = [
      {
        accountId: 17,
        accountName: '现金',
        inOutItemId: 25,
        inOutItemName: '房租水电',
        billNumber: 'QiChu',
        needDebt: 800,
        finishDebt: 0,
        eachAmount: 800,
        remark: 'x',
      },
    ];
    const strip = (rows: BillRow[]) => rows.map(({ key: _k, ...r }) => r);
    expect(strip(rowsFromDetail(moneyOut, detail))).toEqual([
      { billNumber: 'QiChu', needDebt: 800, finishDebt: 0, eachAmount: 800, remark: 'x' },
    ]);
    expect(strip(rowsFromDetail(giro, detail))).toEqual([{ accountId: 17, eachAmount: 800, remark: 'x' }]);
    expect(strip(rowsFromDetail(itemOut, detail))).toEqual([{ inOutItemId: 25, eachAmount: 800, remark: 'x' }]);
  });

  it('names the first incomplete cell as the original grid does', () => {
    expect(rowProblem(moneyIn, [])).toBe('finance.rule.noRows');
    expect(rowProblem(moneyIn, [line(null, { billNumber: 'X' })])).toBe('finance.rule.thisReceive');
    expect(rowProblem(moneyOut, [line(null, { billNumber: 'X' })])).toBe('finance.rule.thisPay');
    expect(rowProblem(giro, [emptyRow()])).toBe('finance.rule.rowAccount');
    expect(rowProblem(giro, [line(null, { accountId: 17 })])).toBe('finance.rule.amount');
    expect(rowProblem(itemIn, [line(5)])).toBe('finance.rule.incomeItem');
    expect(rowProblem(itemOut, [line(5, { inOutItemId: 24 })])).toBeNull();
  });
});

describe('head', () => {
  it('a bill read back fills the form; a new number is prefix + sequence', () => {
    expect(
      headFromDetail({
        organId: 58,
        billTimeStr: '2026-11-20 14:00:00',
        billNo: 'SK1',
        handsPersonId: null,
        accountId: 18,
        discountMoney: null,
        remark: null,
        fileName: null,
      }),
    ).toEqual({
      organId: 58,
      billTime: '2026-11-20 14:00:00',
      billNo: 'SK1',
      handsPersonId: null,
      accountId: 18,
      discountMoney: 0,
      remark: '',
      fileName: [],
    });
    expect(
      headFromDetail({ billTimeStr: '', billNo: 'SK2', fileName: 'financial/63/a_1.pdf,financial/63/b_2.png' })
        .fileName,
    ).toEqual(['financial/63/a_1.pdf', 'financial/63/b_2.png']);
    expect(billNumberOf('ZZ', '00000000673')).toBe('ZZ00000000673');
    expect(billNumberOf('ZZ', undefined)).toBe('');
  });
});
