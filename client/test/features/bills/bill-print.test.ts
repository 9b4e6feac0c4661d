import { describe, expect, it } from 'vitest';
import { billFormKind } from '../../../features/bills/form/bill-form-kinds';
import { printableBill } from '../../../features/bills/form/bill-print';
import { printSheetHtml } from '../../../components/print/print-bill';
import { t } from '../../../lib/i18n/i18n';

describe('a stock bill on the print sheet', () => {
  it('零售出库: a walk-in sale names no member; the till receipt shows 单据金额, what was taken (单据金额 + 找零, not stored) and 找零', () => {
    const head = { number: 'LSCK00000000700', operTimeStr: '2026-11-24 09:30:00', organName: null, accountName: '现金', changeAmount: 50, backAmount: 50, totalPrice: 50 };
    const lines = [{ depotName: '总仓库', barCode: '1000003', name: 'A4复印纸', unit: '包', operNumber: 2, unitPrice: 25, allPrice: 50 }];
    const sheet = printableBill(billFormKind('retailOut'), head, lines, t, '公司test');
    expect(sheet.head.map((f) => f.label)).toEqual(['单据编号', '单据日期', '结算账户']); // no member: no empty 会员 line
    expect(printableBill(billFormKind('retailOut'), { ...head, organName: '张先生' }, lines, t).head[2]).toEqual({ label: '会员', value: '张先生' });
    expect(sheet.totals).toEqual([
      { label: '合计 数量', value: '2' }, { label: '金额', value: '50.00' },
      { label: '单据金额', value: '50.00' }, { label: '收款金额', value: '100.00' }, { label: '找零', value: '50.00' },
    ]);
    const receipt = new DOMParser().parseFromString(printSheetHtml(sheet, 'receipt80'), 'text/html');
    expect(receipt.querySelector('.company')?.textContent).toBe('公司test');
    expect(Array.from(receipt.querySelectorAll('.totals .field')).map((f) => f.textContent)).toContain('收款金额100.00');
  });

  it('零售退货 names it 付款金额; other kinds carry no such line', () => {
    const back = printableBill(billFormKind('retailBack'), { changeAmount: -30, backAmount: 0 }, [], t);
    expect(back.totals.slice(-2)).toEqual([{ label: '付款金额', value: '30.00' }, { label: '找零', value: '0.00' }]);
    const sale = printableBill(billFormKind('saleOut'), { changeAmount: 30, debt: 0 }, [], t);
    expect(sale.totals.map((f) => f.label)).not.toContain('收款金额');
  });
});
