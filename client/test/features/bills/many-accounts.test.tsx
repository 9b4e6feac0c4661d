// 多账户 as the original's ManyAccountModal: with multiAccountFlag on, 结算账户 offers 多账户; its dialog needs two or
// more accounts with amounts (and an amount for each account), their sum becomes 本次付款 and the rest the debt; the
// bill is sent with accountIdList / accountMoneyList as JSON arrays (amounts signed as 本次付款) and no accountId. A
// stored one opens on 多账户 with its accounts. Without the flag there is no 多账户.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BillTarget } from '../../../features/bills/form/bill-form';
import { manyAccountsOf } from '../../../features/bills/form/many-accounts';
import { closeSessionCalls } from '../../../lib/http';
import { renderBillForm } from '../../helpers/bill-form';
import { billOpening, PLAIN_SCREWDRIVER } from '../../helpers/bill-products';
import { scriptBackend, shownMessages } from '../../helpers/form-page';

function backend(flag: '0' | '1') {
  return scriptBackend({
    ...billOpening({
      accounts: [
        { id: 17, name: '现金', isDefault: true },
        { id: 18, name: '工商银行' },
      ],
      config: { multiAccountFlag: flag },
      number: '00000000801',
    }),
    'GET /material/getMaterialByBarCode': () => ({ code: 200, data: [PLAIN_SCREWDRIVER] }),
    'GET /depotHead/getDetailByNumber': () => ({
      code: 200,
      data: {
        id: 430,
        number: 'CGRK00000000430',
        type: '入库',
        subType: '采购',
        organId: 57,
        accountId: null,
        accountIdList: '17,18',
        accountMoneyList: '-20,-15',
        operTimeStr: '2026-11-22 10:00:00',
        changeAmount: -35,
        discountLastMoney: 45,
        otherMoney: 0,
        deposit: 0,
        status: '0',
        fileName: '',
      },
    }),
    'GET /depotItem/getDetailList': () => ({
      code: 200,
      data: {
        total: 1,
        rows: [
          {
            id: 941,
            barCode: '1000001',
            name: '螺丝刀套装',
            unit: '套',
            depotId: '14',
            operNumber: 1,
            unitPrice: 45,
            allPrice: 45,
            taxRate: 0,
            taxMoney: 0,
            taxLastMoney: 45,
          },
        ],
      },
    }),
    'POST /depotHead/addDepotHeadAndDetail': () => ({ code: 200, msg: '操作成功' }),
  });
}

async function openForm(target: BillTarget, number: string) {
  renderBillForm('purchaseIn', { target });
  await screen.findByDisplayValue(number);
}

async function choose(input: Element, option: string) {
  fireEvent.mouseDown(input);
  const shown = await waitFor(() => {
    const found = Array.from(
      document.querySelectorAll(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content',
      ),
    ).filter((o) => o.textContent === option);
    expect(found.length).toBeGreaterThan(0);
    return found.at(-1)!;
  });
  fireEvent.click(shown);
}

const dialog = () =>
  waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal')).find(
      (m) => m.querySelector('.ant-modal-title')?.textContent === '多账户结算',
    );
    expect(found).toBeTruthy();
    return found!;
  });
const okOf = (modal: HTMLElement) =>
  Array.from(modal.querySelectorAll('.ant-modal-footer button')).at(-1) as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('多账户', () => {
  it("the dialog's rules, as the original", () => {
    expect(manyAccountsOf([{ id: '17', amount: 20 }, {}, {}])).toEqual({ refused: 'bill.manyAccountsTwo' });
    expect(manyAccountsOf([{ id: '17', amount: 20 }, { id: '18' }, {}])).toEqual({
      refused: 'bill.manyAccountsTwo',
    });
    expect(manyAccountsOf([{ id: '17', amount: 20 }, { id: '18', amount: 15 }, { id: '19' }])).toEqual({
      refused: 'bill.manyAccountsAmount',
    });
    expect(manyAccountsOf([{ id: '17', amount: 20 }, { id: '18', amount: 15.5 }, {}])).toEqual({
      ids: ['17', '18'],
      amounts: [20, 15.5],
      sum: 35.5,
    });
  });

  it('settles a 采购入库 over two accounts: the sum is 本次付款, the rest owed, sent as the original sends it', async () => {
    const api = backend('1');
    await openForm({ mode: 'add' }, 'CGRK00000000801');
    await choose(document.querySelector('input#organId')!, '上海世达工具有限公司');
    const scan = screen.getByPlaceholderText('扫描或输入条码后回车');
    fireEvent.change(scan, { target: { value: '1000001' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    await waitFor(() =>
      expect(document.querySelector<HTMLInputElement>('.bill-grid [aria-label="数量 1"]')?.value).toBe('1'),
    );

    await choose(document.querySelector('input#accountId')!, '多账户');
    const modal = await dialog();
    await choose(within(modal).getByLabelText('结算账户1'), '现金');
    fireEvent.change(within(modal).getAllByPlaceholderText('请输入金额')[0]!, { target: { value: '20' } });
    await choose(within(modal).getByLabelText('结算账户2'), '工商银行');
    fireEvent.click(okOf(modal));
    await waitFor(() => expect(shownMessages()).toContain('抱歉，多账户结算必须选择两个以上账户和金额！'));
    fireEvent.change(within(modal).getAllByPlaceholderText('请输入金额')[1]!, { target: { value: '15' } });
    fireEvent.click(okOf(modal));
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('input#changeAmount')?.value).toBe('35'));
    expect(document.querySelector<HTMLInputElement>('input#debt')?.value).toBe('10');
    expect(screen.getByText('多账户明细')).toBeTruthy();

    fireEvent.keyDown(document.querySelector('input#changeAmount')!, { key: 's', ctrlKey: true });
    await waitFor(() => expect(api.callsTo('POST /depotHead/addDepotHeadAndDetail')).toHaveLength(1));
    const info = JSON.parse(
      (api.callsTo('POST /depotHead/addDepotHeadAndDetail')[0]!.body as { info: string }).info,
    ) as Record<string, unknown>;
    expect(info).toMatchObject({
      accountId: '',
      accountIdList: '[17,18]',
      accountMoneyList: '[-20,-15]',
      changeAmount: -35,
      debt: 10,
    });
  });

  it('a stored multi-account bill opens on 多账户 with its accounts; without the flag there is no 多账户', async () => {
    backend('1');
    await openForm({ mode: 'edit', row: { number: 'CGRK00000000430' } }, 'CGRK00000000430');
    await waitFor(() =>
      expect(document.querySelector('input#accountId')!.closest('.ant-select')!.textContent).toContain('多账户'),
    );
    fireEvent.click(screen.getByText('多账户明细'));
    const modal = await dialog();
    expect(Array.from(modal.querySelectorAll('.ant-select')).map((s) => s.textContent)).toEqual([
      '现金',
      '工商银行',
      '请选择结算账户',
    ]);
    expect(
      within(modal)
        .getAllByPlaceholderText<HTMLInputElement>('请输入金额')
        .map((i) => i.value),
    ).toEqual(['20', '15', '']);
    vi.unstubAllGlobals();
    cleanup();
    closeSessionCalls(); // another session: its system configuration is asked for again

    backend('0');
    await openForm({ mode: 'add' }, 'CGRK00000000801');
    fireEvent.mouseDown(document.querySelector('input#accountId')!);
    await waitFor(() =>
      expect(
        Array.from(document.querySelectorAll('.ant-select-item-option-content')).map((o) => o.textContent),
      ).toContain('工商银行'),
    );
    expect(
      Array.from(document.querySelectorAll('.ant-select-item-option-content')).map((o) => o.textContent),
    ).not.toContain('多账户');
  });
});
