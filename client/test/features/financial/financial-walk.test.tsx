// The financial form walks as the stock bill form: head → 选择单据 (Enter presses it) → the grid → account and
// amounts → 备注 (Enter walks on, no newline saved) → 附件; a date typed in 单据日期 is kept on Enter.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FinancialBillForm } from '../../../features/financial/components/financial-bill-form';
import { BILL_FORM_KINDS } from '../../../features/financial/financial-bill-kinds';
import { formDialog, scriptBackend, shownMessages } from '../../helpers/form-page';
import { signIn } from '../../helpers/session';
import { render } from '../../helpers/render';
import { button, byLabel, choose, chosen, infoOf, modalWith, optionRoutes, saved } from './financial-test-kit';

const ADD = 'POST /accountHead/addAccountHeadAndDetail';
afterEach(() => vi.unstubAllGlobals());

const enter = () => fireEvent.keyDown(document.activeElement!, { key: 'Enter' });

describe('收款单 by Enter', () => {
  it('head → 选择单据 → grid → 收款账户 → 优惠金额 → 备注 → 附件; the typed date and a one-line remark are saved', async () => {
    const backend = scriptBackend({
      ...optionRoutes,
      'GET /depotHead/debtList': () => ({
        code: 200,
        data: {
          total: 1,
          rows: [
            {
              id: 313,
              number: 'XSCK00000000313',
              organName: '苏州恒信建设工程有限公司',
              needDebt: 500,
              finishDebt: 0,
              debt: 500,
              operTimeStr: '2026-11-18 10:00:00',
            },
          ],
        },
      }),
      [ADD]: () => saved,
    });
    signIn();
    const kind = BILL_FORM_KINDS.moneyIn;
    const onSaved = vi.fn();
    render(
      <App>
        <FinancialBillForm
          kind={kind}
          canAudit={false}
          onClose={vi.fn()}
          onSaved={onSaved}
          target={{
            mode: 'add',
            head: { billTime: '2026-11-23 10:00:00', billNo: 'SK00000000673', discountMoney: 0, remark: '' },
            rows: [],
          }}
        />
      </App>,
    );
    const dialog = await formDialog();
    await waitFor(() => expect(chosen(dialog, '收款账户')).toContain('现金'));
    await choose(dialog, '客户', '苏州恒信建设工程有限公司');
    const date = dialog.querySelector<HTMLInputElement>('.ant-picker input')!;
    date.focus();
    fireEvent.change(date, { target: { value: '2026-10-02 08:00:00' } });
    enter();
    expect(document.activeElement).toBe(byLabel(dialog, '单据编号'));
    enter();
    expect(document.activeElement).toBe(byLabel(dialog, '财务人员'));
    enter();
    expect((document.activeElement?.textContent ?? '').replace(/\s/g, '')).toBe('选择单据');
    // Enter on 选择单据 presses it; the picked bill's line takes the cursor.
    fireEvent.click(document.activeElement!);
    const picker = await modalWith('请选择销售欠款单据');
    await waitFor(() => expect(picker.textContent).toContain('XSCK00000000313'));
    fireEvent.click(picker.querySelector<HTMLInputElement>('tr.ant-table-row .ant-checkbox-input')!);
    fireEvent.click(button('确定', picker));
    await waitFor(() => expect(document.activeElement).toBe(byLabel(dialog, '本次收款 1')));
    enter();
    expect(document.activeElement).toBe(byLabel(dialog, '备注 1'));
    enter();
    expect(document.activeElement).toBe(byLabel(dialog, '收款账户'));
    enter();
    expect(document.activeElement).toBe(byLabel(dialog, '优惠金额'));
    enter();
    const remark = document.activeElement as HTMLTextAreaElement;
    expect(remark.tagName).toBe('TEXTAREA');
    fireEvent.change(remark, { target: { value: '现金收讫' } });
    enter();
    expect(document.activeElement?.closest('.ant-upload')).not.toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: 's', ctrlKey: true });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(infoOf(backend.callsTo(ADD)[0]!)).toMatchObject({
      billTime: '2026-10-02 08:00:00',
      remark: '现金收讫',
      accountId: 17,
    });
  });
});

describe("支出单 on the form kit's save", () => {
  it('no 单据编号 sends nothing and takes the cursor; Esc asks; a refusal keeps the lines; Ctrl+S twice and a click while saving send one bill', async () => {
    const backend = scriptBackend({ ...optionRoutes, [ADD]: () => ({ code: 500, data: { message: '单据编号重复' } }) });
    signIn();
    const onSaved = vi.fn();
    render(
      <App>
        <FinancialBillForm
          kind={BILL_FORM_KINDS.itemOut}
          canAudit={false}
          onClose={vi.fn()}
          onSaved={onSaved}
          target={{
            mode: 'add',
            head: { billTime: '2026-11-23 10:00:00', billNo: '', discountMoney: 0, remark: '' },
            rows: [],
          }}
        />
      </App>,
    );
    const dialog = await formDialog();
    fireEvent.click(button('新增行', dialog));
    await choose(dialog, '支出项目 1', '房租水电');
    fireEvent.change(byLabel(dialog, '金额 1'), { target: { value: '2000' } });
    const amount = byLabel(dialog, '金额 1');
    fireEvent.keyDown(amount, { key: 's', ctrlKey: true });
    await waitFor(() => expect(document.activeElement).toBe(byLabel(dialog, '单据编号')));
    await waitFor(() => expect(screen.getByText('请输入单据编号!')).toBeInTheDocument());
    expect(backend.callsTo(ADD)).toHaveLength(0);
    // Esc on the changed bill asks, 继续编辑 in hand; keeping it keeps every line.
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    const keep = await screen.findByRole('button', { name: '继续编辑' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    fireEvent.click(keep);
    fireEvent.change(byLabel(dialog, '单据编号'), { target: { value: 'ZC00000000673' } });
    fireEvent.keyDown(amount, { key: 's', ctrlKey: true });
    await waitFor(() => expect(shownMessages()).toContain('单据编号重复'));
    expect(onSaved).not.toHaveBeenCalled();
    expect(byLabel(dialog, '金额 1')).toHaveValue('2000');
    expect(chosen(dialog, '支出项目 1')).toContain('房租水电');
    expect(byLabel(dialog, '单据编号')).toHaveValue('ZC00000000673');

    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    backend.answer(ADD, async () => {
      await held;
      return saved;
    });
    // Seconds pass on the test's clock: a second save sent late would be seen.
    vi.useFakeTimers({ toFake: ['setTimeout'], shouldAdvanceTime: true });
    try {
      fireEvent.keyDown(amount, { key: 's', ctrlKey: true });
      fireEvent.keyDown(amount, { key: 's', ctrlKey: true });
      await vi.advanceTimersByTimeAsync(1_000);
      await waitFor(() => expect(backend.callsTo(ADD)).toHaveLength(2));
      fireEvent.click(button('保存（Ctrl+S）', dialog));
      release();
      await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
      await vi.advanceTimersByTimeAsync(3_000);
      expect(backend.callsTo(ADD)).toHaveLength(2);
      expect(onSaved).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
