// The option lists read while the browser is idle after the login are the very calls the pages make: the 采购入库
// list and its 新增 form then ask for none of them again, only for their rows and the bill number.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { optionListsFor, readOptionListsWhenIdle } from '../../app/idle-option-lists';
import { billListPage } from '../../features/bills/bill-list-page';
import type { MenuItem } from '../../lib/backend/types';
import { rememberIntro } from '../../lib/table/intro-cache';
import { storage, StorageKeys } from '../../lib/storage';
import {
  buttonNamed,
  formDialog,
  ONE_PURCHASE_IN_LIST,
  PURCHASE_IN_FORM_ANSWERS,
  scriptBackend,
} from '../helpers/form-page';
import { render } from '../helpers/render';
import { signIn } from '../helpers/session';

const user = userEvent.setup({ pointerEventsCheck: 0 });
const PurchaseInList = billListPage('purchaseIn');

const leaf = (id: number, text: string, url: string): MenuItem => ({
  id,
  text,
  url,
  component: `/bill/${url.split('/')[2]}`,
});
const PURCHASE_MENU: MenuItem[] = [
  {
    id: 1,
    text: '采购管理',
    url: '/bill',
    component: '/layouts/TabLayout',
    children: [leaf(2, '采购入库', '/bill/purchase_in')],
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  storage.remove(StorageKeys.buttonPermissions);
});

describe('option lists read while idle after the login', () => {
  it("are those of the menu's pages: a purchase clerk's menu reads no customers", () => {
    expect(optionListsFor(PURCHASE_MENU).map((l) => `${l.method} ${l.path}`)).toEqual([
      'post /supplier/findBySelect_sup',
      'get /depot/findDepotByCurrentUser',
      'get /user/getUserList',
      'get /account/getAccount',
    ]);
    expect(
      optionListsFor([{ id: 9, text: '商品信息', url: '/material/material', component: '/material/MaterialList' }]),
    ).toEqual([]);
  });

  it('are asked for at the first idle moment 300 ms after the menu came, ahead of a quick first click on a list', async () => {
    const api = scriptBackend({});
    signIn();
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    vi.useFakeTimers();
    const cancel = readOptionListsWhenIdle(PURCHASE_MENU);
    vi.advanceTimersByTime(299);
    expect(idle, 'not before the home page has had its own calls').toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(idle).toHaveLength(1);
    vi.useRealTimers();
    idle[0]!({ didTimeout: false, timeRemaining: () => 50 });
    expect(api.calls.length, 'the lists asked for').toBeGreaterThan(0);
    cancel();
  });

  it('then 采购入库 and its 新增 form ask for none of them again', async () => {
    const api = scriptBackend({
      'GET /depotHead/list': ONE_PURCHASE_IN_LIST,
      ...PURCHASE_IN_FORM_ANSWERS,
    });
    signIn();
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    readOptionListsWhenIdle(PURCHASE_MENU, 0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.calls).toHaveLength(0);
    for (const callback of idle) callback({ didTimeout: false, timeRemaining: () => 50 });
    expect(api.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      'GET /account/getAccount',
      'GET /depot/findDepotByCurrentUser',
      'GET /user/getUserList',
      'POST /supplier/findBySelect_sup',
    ]);

    rememberIntro(storage, 'CGRK', 1);
    storage.set(StorageKeys.buttonPermissions, [{ url: '/bill/purchase_in', btnStr: '1' }]);
    render(
      <App>
        <PurchaseInList />
      </App>,
    );
    await screen.findByText('CGRK00000000307');
    await user.click(buttonNamed('新增'));
    const dialog = await formDialog();
    await within(dialog).findByDisplayValue('CGRK00000000680');
    await waitFor(() => expect(within(dialog).getByText('现金')).toBeTruthy());
    for (const route of [
      'POST /supplier/findBySelect_sup',
      'GET /depot/findDepotByCurrentUser',
      'GET /user/getUserList',
      'GET /account/getAccount',
    ]) {
      expect(api.callsTo(route), route).toHaveLength(1);
    }
    expect(api.callsTo('GET /depotHead/list')).toHaveLength(1);
  });
});
