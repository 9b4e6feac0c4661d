// The retail forms' head and money labels as the original words them: 零售出库 names the member 会员卡号, asks the
// 收款类型 and settles to a 收款账户; 零售退货 pays from a 付款账户 and has no 收款类型; a wholesale bill keeps 结算账户.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BillKindName } from '../../../features/bills/form/bill-form-kinds';
import { renderBillForm } from '../../helpers/bill-form';
import { scriptBackend } from '../../helpers/form-page';

function open(name: BillKindName, number: string) {
  scriptBackend({
    'POST /supplier/findBySelect_retail': () => [{ id: 90, supplier: '张先生', advanceIn: 0 }],
    'POST /supplier/findBySelect_cus': () => [{ id: 58, supplier: '北京华联商厦' }],
    'GET /depot/findDepotByCurrentUser': () => ({
      code: 200,
      data: [{ id: 14, depotName: '总仓库', isDefault: true }],
    }),
    'GET /account/getAccount': () => ({
      code: 200,
      data: { accountList: [{ id: 17, name: '现金', isDefault: true }] },
    }),
    'GET /person/getPersonByNumType': () => [],
    'GET /systemConfig/getCurrentInfo': () => ({ code: 200, data: {} }),
    'GET /sequence/buildNumber': () => ({ code: 200, data: { defaultNumber: number } }),
  });
  renderBillForm(name);
}

const labels = () =>
  Array.from(document.querySelectorAll('.bill-form .ant-form-item-label label')).map((l) => l.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('retail form labels', () => {
  it('零售出库: 会员卡号, 收款类型, 收款账户', async () => {
    open('retailOut', '00000000801');
    await screen.findByDisplayValue('LSCK00000000801');
    expect(labels()).toEqual(
      expect.arrayContaining(['会员卡号', '收款类型', '收款账户', '单据金额', '收款金额', '找零']),
    );
    expect(labels()).not.toContain('结算账户');
  });

  it('零售退货: 会员卡号 and 付款账户, no 收款类型', async () => {
    open('retailBack', '00000000802');
    await screen.findByDisplayValue('LSTH00000000802');
    expect(labels()).toEqual(expect.arrayContaining(['会员卡号', '付款账户', '付款金额']));
    expect(labels()).not.toContain('收款类型');
    expect(labels()).not.toContain('结算账户');
  });

  it('销售出库 keeps 客户 and 结算账户', async () => {
    open('saleOut', '00000000803');
    await screen.findByDisplayValue('XSCK00000000803');
    expect(labels()).toEqual(expect.arrayContaining(['客户', '结算账户']));
  });
});
