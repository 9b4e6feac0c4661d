import { describe, expect, it } from 'vitest';
import { BILL_FORM_KINDS } from '../../../features/financial/financial-bill-kinds';
import { printableFinancialBill } from '../../../features/financial/financial-print';
import { t } from '../../../lib/i18n/i18n';

describe('a financial bill on the print sheet', () => {
  it('支出单: the party, the expense items with their amounts, the account and total; no discount', () => {
    const sheet = printableFinancialBill(
      BILL_FORM_KINDS.itemOut,
      {
        billNo: 'ZC00000000109',
        billTimeStr: '2026-11-22 15:00:00',
        organName: '广州安盾劳保用品厂[供应商]',
        handsPersonName: '小赵',
        accountName: '工商银行',
        totalPrice: 2400,
        changeAmount: 2400,
        remark: '仓库房租',
      },
      [
        { inOutItemName: '房租水电', eachAmount: 2000, remark: '' },
        { inOutItemName: '办公费用', eachAmount: 400, remark: '打印纸' },
      ],
      t,
      '华辰贸易',
    );
    expect(sheet.title).toBe('支出单');
    expect(sheet.company).toBe('华辰贸易');
    expect(sheet.head).toEqual([
      { label: '往来单位', value: '广州安盾劳保用品厂[供应商]' },
      { label: '单据日期', value: '2026-11-22 15:00:00' },
      { label: '单据编号', value: 'ZC00000000109' },
      { label: '财务人员', value: '小赵' },
    ]);
    expect(sheet.columns.map((c) => c.title)).toEqual(['#', '支出项目', '金额', '备注']);
    expect(sheet.rows.map((r) => [r.index, r.inOutItemName, r.eachAmount, r.remark])).toEqual([
      [1, '房租水电', '2,000.00', ''],
      [2, '办公费用', '400.00', '打印纸'],
    ]);
    expect(sheet.totals).toEqual([
      { label: '支出账户', value: '工商银行' },
      { label: '支出金额', value: '2,400.00' },
    ]);
    expect(sheet.footer).toEqual([{ label: '备注', value: '仓库房租' }]);
  });

  it('转账单 has no party and lists the receiving accounts; 收预付款 no head account', () => {
    const giro = printableFinancialBill(
      BILL_FORM_KINDS.giro,
      { billNo: 'ZZ1', accountName: '工商银行', changeAmount: 500 },
      [{ accountName: '支付宝', eachAmount: 500 }],
      t,
    );
    expect(giro.head.map((f) => f.label)).toEqual(['单据日期', '单据编号', '财务人员']);
    expect(giro.columns.map((c) => c.key)).toEqual(['index', 'accountName', 'eachAmount', 'remark']);
    expect(giro.rows[0]).toMatchObject({ accountName: '支付宝', eachAmount: '500.00' });
    expect(giro.totals).toEqual([
      { label: '付款账户', value: '工商银行' },
      { label: '实付金额', value: '500.00' },
    ]);
    expect(giro.company).toBeUndefined();

    const advance = printableFinancialBill(
      BILL_FORM_KINDS.advanceIn,
      { billNo: 'SYF1', organName: '张先生', totalPrice: 300, changeAmount: 300 },
      [],
      t,
    );
    expect(advance.totals).toEqual([
      { label: '合计金额', value: '300.00' },
      { label: '收款金额', value: '300.00' },
    ]);
    expect(advance.head[0]).toEqual({ label: '付款会员', value: '张先生' });
  });
});
