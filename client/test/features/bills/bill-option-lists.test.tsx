// The option lists of a bill are the session's (lib/session-options): the 采购入库 list's filters and its 新增
// form share them, a second 新增 asks for none again, and a supplier saved on the 供应商信息 tab makes the next
// form (and the list's 供应商 filter) ask for the suppliers once more — and only for them.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListView } from '../../../components/table-page/list-view';
import { billListPage } from '../../../features/bills/bill-list-page';
import { SYSTEM_FORMS } from '../../../features/system/system-forms';
import { SYSTEM_VIEWS } from '../../../features/system/system-specs';
import { rememberIntro } from '../../../lib/table/intro-cache';
import { storage, StorageKeys } from '../../../lib/storage';
import {
  buttonNamed,
  formDialog,
  listOf,
  nameCheck,
  ok,
  PURCHASE_IN_FORM_ANSWERS,
  scriptBackend,
  ONE_PURCHASE_IN_LIST,
} from '../../helpers/form-page';
import { render } from '../../helpers/render';
import { signIn } from '../../helpers/session';

const user = userEvent.setup({ pointerEventsCheck: 0 });
const PurchaseInList = billListPage('purchaseIn');
const OPTION_LISTS = [
  'POST /supplier/findBySelect_sup',
  'GET /depot/findDepotByCurrentUser',
  'GET /account/getAccount',
  'GET /user/getUserList',
  'GET /systemConfig/getCurrentInfo',
];

afterEach(() => {
  vi.unstubAllGlobals();
  storage.remove(StorageKeys.buttonPermissions);
});

function backend() {
  return scriptBackend({
    'GET /depotHead/list': ONE_PURCHASE_IN_LIST,
    ...PURCHASE_IN_FORM_ANSWERS,
    'GET /supplier/list': () => listOf([]),
    'GET /supplier/checkIsNameAndTypeExist': nameCheck(),
    'POST /supplier/add': () => ok,
  });
}

/** The 采购入库 list and the 供应商信息 list, open side by side as two tabs of the shell. */
async function renderTabs() {
  rememberIntro(storage, 'CGRK', 1);
  rememberIntro(storage, SYSTEM_VIEWS.vendor.pageKey, 1);
  storage.set(StorageKeys.buttonPermissions, [
    { url: '/bill/purchase_in', btnStr: '1' },
    { url: SYSTEM_VIEWS.vendor.pageUrl, btnStr: '1' },
  ]);
  signIn();
  render(
    <App>
      <section data-testid="bills">
        <PurchaseInList />
      </section>
      <section data-testid="vendors">
        <ListView spec={{ ...SYSTEM_VIEWS.vendor, form: SYSTEM_FORMS.vendor }} />
      </section>
    </App>,
  );
  await screen.findByText('CGRK00000000307');
}

async function openAndCloseBillForm() {
  await user.click(buttonNamed('新增', screen.getByTestId('bills')));
  const dialog = await formDialog();
  await within(dialog).findByDisplayValue('CGRK00000000680');
  await user.click(buttonNamed('取消', dialog));
  await waitFor(() => expect(document.querySelector('.ant-modal:not(.ant-modal-confirm) form')).toBeNull());
}

describe("the bill form's option lists", () => {
  it('open the list → 新增 → close → 新增 again: each option list is asked for once, a bill number for each form', async () => {
    const api = backend();
    await renderTabs();
    await openAndCloseBillForm();
    await openAndCloseBillForm();
    for (const route of OPTION_LISTS) expect(api.callsTo(route), route).toHaveLength(1);
    // The one the list drew ahead, then one drawn behind each form for the next.
    await waitFor(() => expect(api.callsTo('GET /sequence/buildNumber')).toHaveLength(3));
  });

  it('a supplier saved on another tab makes the next 新增 ask for the suppliers again, and for nothing else', async () => {
    const api = backend();
    await renderTabs();
    await openAndCloseBillForm();
    expect(api.callsTo('POST /supplier/findBySelect_sup')).toHaveLength(1);

    await user.click(buttonNamed('新增', screen.getByTestId('vendors')));
    const vendorForm = await formDialog();
    fireEvent.change(within(vendorForm).getByLabelText('名称'), { target: { value: '天津某公司' } });
    await waitFor(() => expect(api.callsTo('GET /supplier/checkIsNameAndTypeExist').length).toBeGreaterThan(0));
    await user.click(buttonNamed('保存', vendorForm));
    await waitFor(() => expect(api.callsTo('POST /supplier/add')).toHaveLength(1));
    // The 供应商 filter on screen re-reads the list at once; the next form takes that answer.
    await waitFor(() => expect(api.callsTo('POST /supplier/findBySelect_sup')).toHaveLength(2));

    await openAndCloseBillForm();
    expect(api.callsTo('POST /supplier/findBySelect_sup')).toHaveLength(2);
    for (const route of OPTION_LISTS.slice(1)) expect(api.callsTo(route), route).toHaveLength(1);
  });
});
