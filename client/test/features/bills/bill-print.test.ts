import { afterEach, describe, expect, it } from 'vitest';
import { billFormKind } from '../../../features/bills/form/bill-form-kinds';
import { printableBill } from '../../../features/bills/form/bill-print';
import { printSheetHtml } from '../../../components/print/print-bill';
import { languageLoaders, setLanguage, t } from '../../../lib/i18n/i18n';
import deDE from '../../../lib/i18n/de-DE';

describe('a stock bill on the print sheet', () => {
  afterEach(() => setLanguage('zh-CN'));

  it('prints its date as the page language writes dates (Chinese as the original)', async () => {
    const head = { number: 'CGRK00000000001', operTimeStr: '2026-11-24 09:30:00' };
    expect(printableBill(billFormKind('purchaseIn'), head, [], t).head[1]?.value).toBe('2026-11-24 09:30:00');
    languageLoaders['de-DE'] = async () => ({ default: deDE });
    await setLanguage('de-DE');
    const sheet = printableBill(billFormKind('purchaseIn'), head, [], t);
    expect(sheet.head[1]).toEqual({ label: 'Belegdatum', value: '24.11.2026, 09:30:00' });
  });

  it('零售出库: a walk-in sale names no member; the till receipt shows 单据金额, what was taken (单据金额 + 找零, not stored) and 找零', () => {
    const head = {
      number: 'LSCK00000000700',
      operTimeStr: '2026-11-24 09:30:00',
      organName: null,
      accountName: '现金',
      changeAmount: 50,
      backAmount: 50,
      totalPrice: 50,
    };
    const lines = [
      {
        depotName: '总仓库',
        barCode: '1000003',
        name: 'A4复印纸',
        unit: '包',
        operNumber: 2,
        unitPrice: 25,
        allPrice: 50,
      },
    ];
    const sheet = printableBill(billFormKind('retailOut'), head, lines, t, '公司test');
    expect(sheet.head.map((f) => f.label)).toEqual(['单据编号', '单据日期', '收款账户']); // no member: no empty 会员卡号 line
    expect(printableBill(billFormKind('retailOut'), { ...head, organName: '张先生' }, lines, t).head[2]).toEqual({
      label: '会员卡号',
      value: '张先生',
    });
    expect(sheet.totals).toEqual([
      { label: '合计 数量', value: '2' },
      { label: '金额', value: '50.00' },
      { label: '单据金额', value: '50.00' },
      { label: '收款金额', value: '100.00' },
      { label: '找零', value: '50.00' },
    ]);
    const receipt = new DOMParser().parseFromString(printSheetHtml(sheet, 'receipt80'), 'text/html');
    expect(receipt.querySelector('.company')?.textContent).toBe('公司test');
    expect(Array.from(receipt.querySelectorAll('.totals .field')).map((f) => f.textContent)).toContain(
      '收款金额100.00',
    );
  });

  it('零售退货 names it 付款金额 and its account 付款账户; other kinds carry no such line', () => {
    const back = printableBill(
      billFormKind('retailBack'),
      { changeAmount: -30, backAmount: 0, accountName: '现金' },
      [],
      t,
    );
    expect(back.totals.slice(-2)).toEqual([
      { label: '付款金额', value: '30.00' },
      { label: '找零', value: '0.00' },
    ]);
    expect(back.head).toContainEqual({ label: '付款账户', value: '现金' });
    const sale = printableBill(billFormKind('saleOut'), { changeAmount: 30, debt: 0 }, [], t);
    expect(sale.totals.map((f) => f.label)).not.toContain('收款金额');
  });
});

describe('a 采购订单 on the print sheet', () => {
  it('names the 请购单 and, for 以销定购, the 销售订单 it was taken from; other accounts stay 结算账户', () => {
    const sheet = printableBill(
      billFormKind('purchaseOrder'),
      { number: 'CGDD1', linkApply: '', linkNumber: 'XSDD00000000501', accountName: '现金' },
      [],
      t,
    );
    expect(sheet.head).toContainEqual({ label: '关联订单', value: 'XSDD00000000501' });
    expect(sheet.head).toContainEqual({ label: '结算账户', value: '现金' });
    expect(sheet.head.map((f) => f.label)).not.toContain('关联请购单');
  });
});

describe('numbers on the sheet and in the detail (one PrintableBill serves both)', () => {
  it('prints money with two decimals and quantities without float noise; the receipt line carries the unit', () => {
    const lines = [
      {
        barCode: '1000007',
        name: '矿泉水',
        unit: '瓶',
        operNumber: 24,
        unitPrice: 1.2,
        allPrice: 28.8,
        taxRate: 13,
        taxMoney: 3.744,
        taxLastMoney: 32.544,
      },
      {
        barCode: '1000008',
        name: '矿泉水',
        unit: '箱',
        operNumber: '1.000',
        unitPrice: '28',
        allPrice: '28',
        taxRate: 0,
        taxMoney: 0,
        taxLastMoney: 28,
      },
    ];
    const sheet = printableBill(
      billFormKind('purchaseIn'),
      { number: 'CGRK00000000307', discountMoney: 0, discountLastMoney: 316.8 },
      lines,
      t,
    );
    expect(sheet.rows[0]).toMatchObject({
      operNumber: '24',
      unitPrice: '1.20',
      allPrice: '28.80',
      taxRate: '13',
      taxMoney: '3.74',
      taxLastMoney: '32.54',
    });
    expect(sheet.rows[1]).toMatchObject({ operNumber: '1', unitPrice: '28.00', allPrice: '28.00', unit: '箱' });
    expect(sheet.totals).toContainEqual({ label: '优惠后金额', value: '316.80' });
    expect(sheet.columns.find((c) => c.key === 'barCode')?.code).toBe(true);
    const receipt = new DOMParser().parseFromString(printSheetHtml(sheet, 'receipt58'), 'text/html');
    expect(Array.from(receipt.querySelectorAll('.line .calc')).map((c) => c.textContent)).toEqual([
      '24 瓶 × 1.20= 28.80',
      '1 箱 × 28.00= 28.00',
    ]);
    expect(receipt.querySelector('.thanks'), "a supplier's bill thanks no one").toBeNull();
  });

  it("a customer's or member's receipt thanks them; a supplier's or an internal bill does not", () => {
    type Name = Parameters<typeof billFormKind>[0];
    const thanked = (name: Name) => printableBill(billFormKind(name), { number: 'X' }, [], t).thanks === true;
    const customers: Name[] = ['saleOut', 'saleBack', 'retailOut', 'retailBack'];
    const others: Name[] = ['purchaseIn', 'purchaseBack', 'otherIn', 'allocationOut'];
    expect(customers.filter(thanked)).toEqual(customers);
    expect(others.filter(thanked)).toEqual([]);
  });
});
