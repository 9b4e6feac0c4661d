// A form-kit form (结算账户's edit) keeps what is typed as its page's draft; the page offers it back when it shows
// again, 恢复 reopens the same record with the typed values, and the save clears the draft; a password is never kept.
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftKey } from '../../../lib/draft-keys';
import { SYSTEM_FORMS } from '../../../features/system/system-forms';
import { SYSTEM_VIEWS } from '../../../features/system/system-specs';
import { STORAGE_PREFIX } from '../../../lib/storage';
import {
  buttonNamed,
  formDialog,
  holdButtons,
  linkNamed,
  listOf,
  nameCheck,
  ok,
  renderListPage,
  rowWith,
  scriptBackend,
  type Backend,
} from '../../helpers/form-page';
import { ACCOUNT_ROW } from '../../helpers/system-rows';

const view = SYSTEM_VIEWS.account;
const form = SYSTEM_FORMS.account;
const row = ACCOUNT_ROW;
const stored = () => localStorage.getItem(`${STORAGE_PREFIX}${draftKey(63, 63, view.pageKey)}`);

let backend: Backend;
beforeEach(() => {
  localStorage.clear();
  holdButtons(view.pageUrl, undefined);
  backend = scriptBackend({
    'GET /account/list': () => listOf([row]),
    'GET /account/checkIsNameExist': nameCheck(),
    'PUT /account/update': () => ok,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('form-kit drafts', () => {
  it('keeps the typed values, offers them back on the page, restores the same record and clears on save', async () => {
    const first = await renderListPage(view, form);
    fireEvent.click(linkNamed('编辑', rowWith('招商银行')));
    const dialog = await formDialog();
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: '月底对账' } });
    await waitFor(() => expect(stored()).toContain('月底对账'));
    first.unmount();

    await renderListPage(view, form);
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm .ant-modal-title')?.textContent).toBe('恢复未保存的内容？'),
    );
    fireEvent.click(buttonNamed('恢复', document.querySelector('.ant-modal-confirm') as HTMLElement));
    const restored = await waitFor(() => {
      const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal')).find(
        (m) => m.querySelector('form') && within(m).queryByDisplayValue('月底对账'),
      );
      expect(found).toBeDefined();
      return found!;
    });
    expect(within(restored).getByLabelText('名称')).toHaveValue('招商银行');
    fireEvent.click(buttonNamed('保存', restored));
    await waitFor(() => expect(backend.callsTo('PUT /account/update')).toHaveLength(1));
    expect(backend.callsTo('PUT /account/update')[0]?.body).toMatchObject({ id: 17, remark: '月底对账' });
    await waitFor(() => expect(stored()).toBeNull());
  });

  it("a typed password is never kept: the user form's draft holds the name, not the password, and restores it empty", async () => {
    const users = SYSTEM_VIEWS.user;
    holdButtons(users.pageUrl, undefined);
    scriptBackend({
      'GET /user/list': () => listOf([]),
      'GET /organization/getOrganizationTreeByUser': () => [],
      'GET /role/allList': () => [{ id: 10, name: '销售' }],
      'GET /user/checkIsNameExist': nameCheck(),
    });
    const userDraft = () => localStorage.getItem(`${STORAGE_PREFIX}${draftKey(63, 63, users.pageKey)}`);
    const first = await renderListPage(users, SYSTEM_FORMS.user);
    fireEvent.click(buttonNamed('新增'));
    const dialog = await formDialog();
    fireEvent.change(within(dialog).getByLabelText('登录名称'), { target: { value: 'till2' } });
    fireEvent.change(within(dialog).getByLabelText('用户密码'), { target: { value: 'Geheim#4711' } });
    fireEvent.change(within(dialog).getByLabelText('用户姓名'), { target: { value: '收银二号' } });
    await waitFor(() => expect(userDraft()).toContain('收银二号'));
    for (let i = 0; i < localStorage.length; i++)
      expect(localStorage.getItem(localStorage.key(i)!), localStorage.key(i)!).not.toContain('Geheim#4711');
    first.unmount();

    await renderListPage(users, SYSTEM_FORMS.user);
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).not.toBeNull());
    fireEvent.click(buttonNamed('恢复', document.querySelector('.ant-modal-confirm') as HTMLElement));
    const restored = await waitFor(() => {
      const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal')).find(
        (m) => m.querySelector('form') && within(m).queryByDisplayValue('收银二号'),
      );
      expect(found).toBeDefined();
      return found!;
    });
    expect(within(restored).getByLabelText('登录名称')).toHaveValue('till2');
    expect(within(restored).getByLabelText('用户密码')).toHaveValue('');
  });
});
