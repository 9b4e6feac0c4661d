// The bill form alone (no list around it), as 新增 opens it: totals, signs, validation, the bodies sent, Enter across
// the grid and a refused save keeping everything.
import { fireEvent, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FinancialBillForm, type BillFormTarget } from '../../../features/financial/components/financial-bill-form';
import {
  BILL_FORM_KINDS,
  type BillFormKind,
  type BillKindName,
} from '../../../features/financial/financial-bill-kinds';
import { emptyRow } from '../../../features/financial/financial-bill-math';
import { formDialog, scriptBackend, shownMessages, type Backend, type Handler } from '../../helpers/form-page';
import { signIn } from '../../helpers/session';
import { render } from '../../helpers/render';
import {
  button,
  byLabel,
  choose,
  chosen,
  gridTotal,
  infoOf,
  modalWith,
  optionRoutes,
  rowsOf,
  saved,
  type,
} from './financial-test-kit';

const ADD = 'POST /accountHead/addAccountHeadAndDetail';
const ACCOUNT_LABEL: Record<BillKindName, string> = {
  moneyIn: '收款账户',
  moneyOut: '付款账户',
  giro: '付款账户',
  itemIn: '收入账户',
  itemOut: '支出账户',
  advanceIn: '',
};
let backend: Backend;
afterEach(() => vi.unstubAllGlobals());

async function openForm(name: BillKindName, routes: Record<string, Handler>, canAudit = true) {
  backend = scriptBackend({ ...optionRoutes, ...routes });
  signIn();
  const kind: BillFormKind = BILL_FORM_KINDS[name];
  const target: BillFormTarget = {
    mode: 'add',
    head: { billTime: '2026-11-23 10:00:00', billNo: `${kind.prefixNo}00000000673`, discountMoney: 0, remark: '' },
    rows: kind.grid === 'debt' ? [] : [emptyRow()],
  };
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <App>
      <FinancialBillForm kind={kind} target={target} canAudit={canAudit} onClose={onClose} onSaved={onSaved} />
    </App>,
  );
  const dialog = await formDialog();
  // The default account arrives with the option lists.
  if (kind.account) await waitFor(() => expect(chosen(dialog, ACCOUNT_LABEL[name])).toContain('现金'));
  return { dialog, onSaved, onClose };
}

describe('收款单', () => {
  const openBills = [
    {
      id: 313,
      number: 'XSCK00000000313',
      organName: '苏州恒信建设工程有限公司',
      needDebt: 3960,
      finishDebt: 300,
      debt: 3660,
      operTimeStr: '2026-11-18 10:00:00',
    },
    {
      id: 330,
      number: 'XSCK00000000330',
      organName: '苏州恒信建设工程有限公司',
      needDebt: 500,
      finishDebt: 0,
      debt: 500,
      operTimeStr: '2026-11-20 10:00:00',
    },
  ];

  it('asks for the customer, takes the picked bills at what they still owe, totals with the discount; a refused save keeps everything', async () => {
    let answer: unknown = { code: 9500005, data: { message: '抱歉，单据编号已经存在' } };
    const { dialog, onSaved } = await openForm('moneyIn', {
      'GET /depotHead/debtList': () => ({ code: 200, data: { rows: openBills, total: 2, message: '成功' } }),
      [ADD]: () => answer,
    });
    expect(backend.callsTo('POST /supplier/findBySelect_cus')[0]!.body).toEqual({ limit: 1 });
    fireEvent.click(button('选择单据', dialog));
    await waitFor(() => expect(shownMessages()).toContain('请选择客户！'));
    fireEvent.click(button('保存（Ctrl+S）', dialog));
    await waitFor(() => expect(dialog.textContent).toContain('请选择客户!'));
    await waitFor(() => expect(shownMessages()).not.toContain('单据明细不能为空'));

    await choose(dialog, '客户', '苏州恒信建设工程有限公司');
    fireEvent.click(button('选择单据', dialog));
    const picker = await modalWith('请选择销售欠款单据');
    await waitFor(() => expect(picker.textContent).toContain('XSCK00000000330'));
    expect(JSON.parse(backend.callsTo('GET /depotHead/debtList')[0]!.query.get('search')!)).toMatchObject({
      organId: 61,
      type: '出库',
      subType: '销售',
      status: '',
    });
    for (const box of picker.querySelectorAll<HTMLInputElement>('tr.ant-table-row .ant-checkbox-input'))
      fireEvent.click(box);
    fireEvent.click(button('确定', picker));

    await waitFor(() => expect(byLabel(dialog, '本次收款 1')).toHaveValue('3660.00'));
    expect(byLabel(dialog, '本次收款 2')).toHaveValue('500.00');
    expect(gridTotal(dialog, 'needDebt')).toBe('4460');
    expect(gridTotal(dialog, 'finishDebt')).toBe('300');
    type(dialog, '本次收款 1', '1000');
    type(dialog, '优惠金额', '10.5');
    type(dialog, '备注 2', '尾款');
    await waitFor(() => expect(byLabel(dialog, '实际收款')).toHaveValue('1489.50'));
    expect(byLabel(dialog, '合计收款')).toHaveValue('1500');

    fireEvent.click(button('保存并审核', dialog));
    await waitFor(() => expect(shownMessages()).toContain('抱歉，单据编号已经存在'));
    const first = backend.callsTo(ADD)[0]!;
    expect(infoOf(first)).toMatchObject({
      organId: 61,
      billNo: 'SK00000000673',
      billTime: '2026-11-23 10:00:00',
      accountId: 17,
      type: '收款',
      totalPrice: 1500,
      discountMoney: 10.5,
      changeAmount: 1489.5,
      status: '1',
    });
    expect(infoOf(first)).not.toHaveProperty('id');
    expect(rowsOf(first)).toEqual([
      { billNumber: 'XSCK00000000313', needDebt: 3960, finishDebt: 300, eachAmount: 1000, remark: '' },
      { billNumber: 'XSCK00000000330', needDebt: 500, finishDebt: 0, eachAmount: 500, remark: '尾款' },
    ]);
    // Nothing typed is lost: the dialog stays with every value and line.
    expect(onSaved).not.toHaveBeenCalled();
    expect(byLabel(dialog, '本次收款 1')).toHaveValue('1000');
    expect(byLabel(dialog, '备注 2')).toHaveValue('尾款');
    expect(byLabel(dialog, '实际收款')).toHaveValue('1489.50');
    expect(chosen(dialog, '客户')).toContain('苏州恒信建设工程有限公司');

    answer = saved;
    type(dialog, '单据编号', 'SK00000000999');
    fireEvent.keyDown(byLabel(dialog, '单据编号'), { key: 's', ctrlKey: true });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(backend.callsTo(ADD)).toHaveLength(2);
    expect(infoOf(backend.callsTo(ADD)[1]!)).toMatchObject({ billNo: 'SK00000000999', totalPrice: 1500, status: '0' });
    await waitFor(() => expect(shownMessages()).toContain('操作成功'));
  });
  it('a reopened picker shows only the fresh answer, never the rows of its last opening', async () => {
    let owed = 3660;
    let late: Promise<void> = Promise.resolve();
    const { dialog } = await openForm('moneyIn', {
      'GET /depotHead/debtList': async () => {
        await late;
        return { code: 200, data: { rows: [{ ...openBills[0], debt: owed }], total: 1 } };
      },
    });
    await choose(dialog, '客户', '苏州恒信建设工程有限公司');
    fireEvent.click(button('选择单据', dialog));
    const picker = await modalWith('请选择销售欠款单据');
    await waitFor(() => expect(picker.textContent).toContain('3660'));
    fireEvent.click(button('取消', picker));

    // 100 of the bill was settled meanwhile; the next opening is answered late.
    owed = 3560;
    let answer = () => {};
    late = new Promise((resolve) => {
      answer = resolve;
    });
    fireEvent.click(button('选择单据', dialog));
    await waitFor(() => expect(backend.callsTo('GET /depotHead/debtList')).toHaveLength(2));
    const reopened = await modalWith('请选择销售欠款单据');
    expect(reopened.textContent).not.toContain('XSCK00000000313');
    answer();
    await waitFor(() => expect(reopened.textContent).toContain('3560'));
    expect(reopened.textContent).not.toContain('3660');
  });
});

describe('转账单 and 支出单', () => {
  it('转账: incomplete lines are named, the target account chosen, the head sent negative; no 保存并审核 without the audit code', async () => {
    const { dialog, onSaved } = await openForm('giro', { [ADD]: () => saved }, false);
    expect(Array.from(dialog.querySelectorAll('button')).some((b) => b.textContent?.includes('保存并审核'))).toBe(
      false,
    );
    fireEvent.click(button('保存（Ctrl+S）', dialog));
    await waitFor(() => expect(shownMessages()).toContain('账户名称不能为空'));
    await choose(dialog, '账户名称 1', '工商银行');
    fireEvent.click(button('保存（Ctrl+S）', dialog));
    await waitFor(() => expect(shownMessages()).toContain('金额不能为空'));
    type(dialog, '金额 1', '1000');
    await waitFor(() => expect(byLabel(dialog, '实付金额')).toHaveValue('1000.00'));
    fireEvent.click(button('保存（Ctrl+S）', dialog));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const call = backend.callsTo(ADD)[0]!;
    expect(infoOf(call)).toMatchObject({
      type: '转账',
      billNo: 'ZZ00000000673',
      accountId: 17,
      organId: null,
      totalPrice: -1000,
      changeAmount: -1000,
    });
    expect(rowsOf(call)).toEqual([{ accountId: 18, eachAmount: 1000, remark: '' }]);
  });

  it('支出: two expense items, Enter walks across the grid, a removed line leaves the totals, both lines sent', async () => {
    const { dialog, onSaved } = await openForm('itemOut', { [ADD]: () => saved });
    expect(backend.callsTo('GET /inOutItem/findBySelect')[0]!.query.get('type')).toBe('out');
    await choose(dialog, '支出项目 1', '房租水电');
    type(dialog, '金额 1', '2000');
    fireEvent.click(button('新增行', dialog));
    await choose(dialog, '支出项目 2', '办公费用');
    type(dialog, '金额 2', '400.5');
    await waitFor(() => expect(byLabel(dialog, '支出金额')).toHaveValue('2400.50'));
    expect(gridTotal(dialog, 'eachAmount')).toBe('2400.5');

    const amount = byLabel(dialog, '金额 1');
    amount.focus();
    fireEvent.keyDown(amount, { key: 'Enter' });
    expect(document.activeElement).toBe(byLabel(dialog, '备注 1'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(document.activeElement).toBe(byLabel(dialog, '支出项目 2'));

    fireEvent.click(byLabel(dialog, '删除行 2'));
    await waitFor(() => expect(byLabel(dialog, '支出金额')).toHaveValue('2000.00'));
    fireEvent.click(button('新增行', dialog));
    await choose(dialog, '支出项目 2', '快递费');
    type(dialog, '金额 2', '86');
    fireEvent.click(button('保存（Ctrl+S）', dialog));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const call = backend.callsTo(ADD)[0]!;
    expect(infoOf(call)).toMatchObject({
      type: '支出',
      billNo: 'ZC00000000673',
      totalPrice: -2086,
      changeAmount: -2086,
    });
    expect(infoOf(call)).not.toHaveProperty('discountMoney');
    expect(rowsOf(call)).toEqual([
      { inOutItemId: 25, eachAmount: 2000, remark: '' },
      { inOutItemId: 24, eachAmount: 86, remark: '' },
    ]);
  });
});
