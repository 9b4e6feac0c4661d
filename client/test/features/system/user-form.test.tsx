import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYSTEM_FORMS } from '../../../features/system/system-forms';
import { SYSTEM_VIEWS } from '../../../features/system/system-specs';
import {
  buttonNamed,
  formDialog,
  holdButtons,
  linkNamed,
  listOf,
  renderListPage,
  rowWith,
  scriptBackend,
  selectOption,
  shownMessages,
  type Backend,
} from '../../helpers/form-page';

const view = SYSTEM_VIEWS.user;
const form = SYSTEM_FORMS.user;
const row = {
  id: 131,
  loginName: 'test123',
  username: '测试用户',
  roleId: 17,
  roleName: '销售',
  orgaId: 5,
  orgAbr: '销售部',
  orgaUserRelId: 9,
  tenantId: 63,
  status: 0,
  leaderFlag: '0',
  position: '',
  email: '',
  phonenum: '',
  description: '',
};
const user = userEvent.setup({ pointerEventsCheck: 0 });
const done = { code: 200, msg: '操作成功' };

let backend: Backend;
beforeEach(() => {
  holdButtons(view.pageUrl, undefined);
  backend = scriptBackend({
    'GET /user/list': () => listOf([row]),
    'GET /role/allList': () => [
      { id: 17, name: '销售' },
      { id: 18, name: '仓管' },
    ],
    'GET /organization/getOrganizationTree': () => [{ id: 5, key: 5, value: 5, title: '销售部' }],
    'POST /user/addUser': () => done,
    'PUT /user/updateUser': () => done,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('用户管理 form', () => {
  it('asks for login name, password (digits and lowercase, 6+), name and role; sends the password as md5', async () => {
    await renderListPage(view, form);
    await user.click(buttonNamed('新增'));
    const dialog = await formDialog();
    await user.click(buttonNamed('保存', dialog));
    for (const text of ['请输入登录名称!', '请输入用户密码!', '请输入用户姓名!', '请选择角色!']) {
      await waitFor(() => expect(within(dialog).getByText(text)).toBeInTheDocument());
    }
    fireEvent.change(within(dialog).getByLabelText('登录名称'), { target: { value: ' zhang ' } });
    fireEvent.change(within(dialog).getByLabelText('用户密码'), { target: { value: 'abcdef' } });
    await waitFor(() =>
      expect(within(dialog).getByText('用户密码至少要有数字和小写字母，并且长度至少6位!')).toBeInTheDocument(),
    );
    fireEvent.change(within(dialog).getByLabelText('用户密码'), { target: { value: '123456a' } });
    fireEvent.change(within(dialog).getByLabelText('用户姓名'), { target: { value: '张三' } });
    await user.click(within(dialog).getByLabelText('角色'));
    await user.click(await selectOption('仓管'));
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('POST /user/addUser')).toHaveLength(1));
    expect(backend.callsTo('POST /user/addUser')[0]?.body).toMatchObject({
      loginName: 'zhang',
      password: '9cbf8a4dcb8e30682b927f352d6559a0' /* md5 of 123456a */,
      username: '张三',
      roleId: 18,
    });
    await waitFor(() => expect(shownMessages()).toContain('操作成功'));
  });

  it('edits without the password, keeps the login name, and sends the whole row back', async () => {
    await renderListPage(view, form);
    await user.click(linkNamed('编辑', rowWith('test123')));
    const dialog = await formDialog();
    expect(within(dialog).queryByLabelText('用户密码')).toBeNull();
    expect(within(dialog).getByLabelText('登录名称')).toHaveAttribute('readonly');
    fireEvent.change(within(dialog).getByLabelText('职位'), { target: { value: '经理助理' } });
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('PUT /user/updateUser')).toHaveLength(1));
    expect(backend.callsTo('PUT /user/updateUser')[0]?.body).toMatchObject({ ...row, position: '经理助理' });
  });

  it("shows the tenant's user limit (500004) on add and keeps the dialog with what was typed", async () => {
    backend.answer('POST /user/addUser', () => ({
      code: 500004,
      data: { message: '用户录入数量超出限制，请联系平台管理员' },
    }));
    await renderListPage(view, form);
    await user.click(buttonNamed('新增'));
    const dialog = await formDialog();
    fireEvent.change(within(dialog).getByLabelText('登录名称'), { target: { value: 'over' } });
    fireEvent.change(within(dialog).getByLabelText('用户密码'), { target: { value: '123456a' } });
    fireEvent.change(within(dialog).getByLabelText('用户姓名'), { target: { value: '超限' } });
    await user.click(within(dialog).getByLabelText('角色'));
    await user.click(await selectOption('销售'));
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(shownMessages()).toContain('用户录入数量超出限制，请联系平台管理员'));
    expect(backend.callsTo('POST /user/addUser')).toHaveLength(1);
    expect(within(dialog).getByLabelText('登录名称')).toHaveValue('over');
    expect(document.body.contains(dialog)).toBe(true);
  });
});
