// 更多操作 → 强制结单 on the order lists, as the original's batchForceClose: nothing selected gives 请选择一条记录！;
// a selection asks 确认强制结单 / 是否强制结单选中数据? and sends its ids as 'a,b,' then reloads; the backend's refusal
// (a bill not 部分) is shown in its words. 强制结单-以销定购 is there on the 销售订单 list only with 以销定购 on, and
// the menu not at all without the edit code.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billListPage } from '../../../features/bills/bill-list-page';
import { rememberIntro } from '../../../lib/table/intro-cache';
import { storage } from '../../../lib/storage';
import { render } from '../../helpers/render';
import { holdButtons, queryButton, scriptBackend, shownMessages } from '../../helpers/form-page';
import { signIn } from '../../helpers/session';

const orders = [
  {
    id: 501,
    number: 'XSDD00000000501',
    organName: '北京华联商厦',
    status: '3',
    purchaseStatus: '3',
    operTimeStr: '2026-11-20 09:00:00',
  },
  {
    id: 502,
    number: 'XSDD00000000502',
    organName: '北京华联商厦',
    status: '1',
    purchaseStatus: '0',
    operTimeStr: '2026-11-21 09:00:00',
  },
];

function backend(flag: '0' | '1') {
  return scriptBackend({
    'GET /depotHead/list': () => ({ code: 200, data: { rows: orders, total: orders.length } }),
    'POST /supplier/findBySelect_cus': () => [],
    'POST /supplier/findBySelect_sup': () => [],
    'GET /depot/findDepotByCurrentUser': () => ({ code: 200, data: [] }),
    'GET /user/getUserList': () => [],
    'GET /systemConfig/getCurrentInfo': () => ({ code: 200, data: { purchaseBySaleFlag: flag } }),
    // As DepotHeadService.batchForceClose: a bill not 部分 (3) refuses the whole batch with its number.
    'POST /depotHead/forceCloseBatch': (call) =>
      (call.body as { ids: string }).ids.includes('502')
        ? { code: 8500031, data: { message: '抱歉，单据:XSDD00000000502在该状态不能强制结单' } }
        : { code: 200, data: { message: '成功' } },
    'POST /depotHead/forceClosePurchaseBatch': () => ({ code: 200, data: { message: '成功' } }),
  });
}

async function renderList(name: 'saleOrder' | 'purchaseOrder', btnStr: string) {
  const pageUrl = name === 'saleOrder' ? '/bill/sale_order' : '/bill/purchase_order';
  rememberIntro(storage, name === 'saleOrder' ? 'XSDD' : 'CGDD', 1);
  holdButtons(pageUrl, btnStr);
  signIn();
  const List = billListPage(name);
  render(
    <App>
      <List />
    </App>,
  );
  await screen.findByText('XSDD00000000501');
}

const menuItem = (label: string) =>
  Array.from(document.querySelectorAll('.ant-dropdown-menu-item')).find((i) => i.textContent === label) as
    HTMLElement | undefined;

async function openMenu() {
  fireEvent.click(screen.getByTestId('bill-more-actions'));
  await waitFor(() => expect(menuItem('强制结单')).toBeTruthy());
}

function select(number: string) {
  fireEvent.click(screen.getByText(number).closest('tr')!.querySelector('.ant-checkbox-input')!);
}

async function confirm(title: string, hint: string) {
  const dialog = await waitFor(() => {
    const open = document.querySelector<HTMLElement>('.ant-modal-confirm');
    expect(open?.textContent).toContain(title);
    return open!;
  });
  expect(dialog.textContent, 'the menu item’s hint, read by keyboard users too').toContain(hint);
  expect(dialog.textContent).toContain('是否强制结单选中数据?');
  fireEvent.click(Array.from(dialog.querySelectorAll('button')).at(-1)!);
}

afterEach(() => vi.unstubAllGlobals());

describe('强制结单', () => {
  it('asks for a selection, confirms, sends the ids and reloads; the backend refusal is shown; 以销定购 has its own', async () => {
    const api = backend('1');
    await renderList('saleOrder', '1');
    await openMenu();
    expect(menuItem('强制结单-以销定购')).toBeTruthy();
    fireEvent.click(menuItem('强制结单')!);
    await waitFor(() => expect(shownMessages()).toContain('请选择一条记录！'));
    expect(api.callsTo('POST /depotHead/forceCloseBatch')).toHaveLength(0);

    select('XSDD00000000501');
    const listed = api.callsTo('GET /depotHead/list').length;
    await openMenu();
    fireEvent.click(menuItem('强制结单')!);
    await confirm('确认强制结单', '可将状态是部分销售的单据强制完成');
    await waitFor(() => expect(api.callsTo('POST /depotHead/forceCloseBatch')).toHaveLength(1));
    expect(api.callsTo('POST /depotHead/forceCloseBatch')[0]!.body).toEqual({ ids: '501,' });
    await waitFor(() => expect(api.callsTo('GET /depotHead/list').length).toBe(listed + 1));

    // The reload clears the selection, as the original's list does.
    await waitFor(() => expect(document.querySelectorAll('.ant-table-row .ant-checkbox-checked')).toHaveLength(0));
    select('XSDD00000000501');
    select('XSDD00000000502');
    await openMenu();
    fireEvent.click(menuItem('强制结单')!);
    await confirm('确认强制结单', '可将状态是部分销售的单据强制完成');
    await waitFor(() => expect(shownMessages()).toContain('抱歉，单据:XSDD00000000502在该状态不能强制结单'));
    expect(api.callsTo('POST /depotHead/forceCloseBatch')[1]!.body).toEqual({ ids: '501,502,' });
    expect(api.callsTo('GET /depotHead/list').length).toBe(listed + 1);

    await openMenu();
    fireEvent.click(menuItem('强制结单-以销定购')!);
    await confirm('确认强制结单(以销定购)', '可将状态是部分采购的单据强制完成');
    await waitFor(() => expect(api.callsTo('POST /depotHead/forceClosePurchaseBatch')).toHaveLength(1));
    expect(api.callsTo('POST /depotHead/forceClosePurchaseBatch')[0]!.body).toEqual({ ids: '501,502,' });
  });

  it('without 以销定购 only 强制结单; without the edit code no menu', async () => {
    backend('0');
    await renderList('saleOrder', '1');
    await openMenu();
    expect(menuItem('强制结单-以销定购')).toBeUndefined();
    cleanup();
    await renderList('purchaseOrder', '2');
    expect(screen.queryByTestId('bill-more-actions')).toBeNull();
    expect(queryButton('更多操作')).toBeUndefined();
  });
});
