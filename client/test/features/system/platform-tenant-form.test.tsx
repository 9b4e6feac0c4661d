import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYSTEM_FORMS } from '../../../features/system/system-forms';
import { SYSTEM_VIEWS } from '../../../features/system/system-specs';
import {
  buttonNamed,
  dialogGone,
  formDialog,
  holdButtons,
  linkNamed,
  listOf,
  ok,
  queryButton,
  queryLink,
  renderListPage,
  rowWith,
  scriptBackend,
  shownMessages,
  type Backend,
} from '../../helpers/form-page';

const user = userEvent.setup({ pointerEventsCheck: 0 });
let backend: Backend;
afterEach(() => vi.unstubAllGlobals());

describe('平台参数 form (admin)', () => {
  const view = SYSTEM_VIEWS.platformConfig;
  const row = { id: 7, platformKey: 'register_flag', platformKeyInfo: '注册启用标记', platformValue: '1' };
  beforeEach(() => {
    holdButtons(view.pageUrl, undefined);
    backend = scriptBackend({
      'GET /platformConfig/list': () => listOf([row]),
      'PUT /platformConfig/update': () => ok,
    });
  });

  it('only edits: no 新增; the name is read-only and the update sends the record with the new value', async () => {
    await renderListPage(view, SYSTEM_FORMS.platformConfig);
    expect(queryButton('新增')).toBeUndefined();
    await user.click(linkNamed('编辑', rowWith('注册启用标记')));
    const dialog = await formDialog();
    expect(within(dialog).getByLabelText('配置名称')).toHaveAttribute('readonly');
    fireEvent.change(within(dialog).getByLabelText('配置值'), { target: { value: '0' } });
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('PUT /platformConfig/update')).toHaveLength(1));
    expect(backend.callsTo('PUT /platformConfig/update')[0]?.body).toEqual({ ...row, platformValue: '0' });
    await dialogGone();
  });

  it('a refused save (not admin) keeps the dialog and shows 服务内部错误', async () => {
    backend.answer('PUT /platformConfig/update', () => ({ code: 500, data: { message: '服务内部错误' } }));
    await renderListPage(view, SYSTEM_FORMS.platformConfig);
    await user.click(linkNamed('编辑', rowWith('注册启用标记')));
    const dialog = await formDialog();
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(shownMessages()).toContain('服务内部错误'));
    expect(dialog.isConnected).toBe(true);
  });
});

describe('租户 form (admin)', () => {
  const view = SYSTEM_VIEWS.tenant;
  const row = {
    id: 13,
    tenantId: 63,
    loginName: 'jsh',
    userNumLimit: 2000,
    type: '1',
    enabled: true,
    roleId: 10,
    roleName: '租户',
    expireTime: '2099-02-17',
    expireTimeStr: '2099-02-17 23:19:17',
    createTimeStr: '2021-02-17 23:19:17',
    remark: '',
  };
  beforeEach(() => {
    holdButtons(view.pageUrl, undefined);
    backend = scriptBackend({
      'GET /tenant/list': () => listOf([row]),
      // Taken: jsh, by another record than its own (id 13).
      'GET /tenant/checkIsNameExist': (c) => ({
        code: 200,
        data: { message: '成功', status: c.query.get('name') === 'jsh' && c.query.get('id') !== '13' },
      }),
      'GET /role/tenantRoleList': () => [
        { id: 10, name: '租户' },
        { id: 18, name: '高级租户' },
      ],
      'POST /tenant/add': () => ok,
      'PUT /tenant/update': () => ok,
    });
  });

  it('adds with the rules, the name check and the initial password 123456 as md5; role and type only on edit', async () => {
    await renderListPage(view, SYSTEM_FORMS.tenant);
    expect(queryButton('删除')).toBeUndefined();
    expect(queryLink('删除', rowWith('jsh'))).toBeUndefined();
    await user.click(buttonNamed('新增'));
    const dialog = await formDialog();
    expect(within(dialog).getByText('初始密码：123456')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('租户角色')).toBeNull();
    expect(within(dialog).queryByLabelText('租户类型')).toBeNull();
    expect(within(dialog).getByPlaceholderText('请输入备注（微信号）')).toBeInTheDocument();
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(within(dialog).getByText('请输入登录名称!')).toBeInTheDocument());
    const loginName = within(dialog).getByLabelText('登录名称');
    fireEvent.change(loginName, { target: { value: 'jsh' } });
    await waitFor(() => expect(within(dialog).getByText('登录名称已经存在')).toBeInTheDocument());
    fireEvent.change(loginName, { target: { value: 's' } });
    await waitFor(() => expect(within(dialog).getByText('长度在 2 到 30 个字符')).toBeInTheDocument());
    fireEvent.change(loginName, { target: { value: 'shop1' } });
    fireEvent.change(within(dialog).getByLabelText('用户数量限制'), { target: { value: '5' } });
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('POST /tenant/add')).toHaveLength(1));
    expect(backend.callsTo('POST /tenant/add')[0]?.body).toEqual({
      loginName: 'shop1',
      userNumLimit: 5,
      expireTime: '',
      remark: null,
      password: 'e10adc3949ba59abbe56e057f20f883e',
    });
    await dialogGone();
  });

  it('edits limit, role, type and expiry (with its time) and sends the tenant record', async () => {
    await renderListPage(view, SYSTEM_FORMS.tenant);
    await user.click(linkNamed('编辑', rowWith('jsh')));
    const dialog = await formDialog();
    expect(within(dialog).getByLabelText('登录名称')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('到期时间')).toHaveValue('2099-02-17 23:19:17');
    fireEvent.change(within(dialog).getByLabelText('用户数量限制'), { target: { value: '30' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('租户角色'));
    fireEvent.click(
      await waitFor(() => {
        const option = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find(
          (o) => o.textContent === '高级租户',
        );
        expect(option).toBeDefined();
        return option!;
      }),
    );
    fireEvent.mouseDown(within(dialog).getByLabelText('租户类型'));
    fireEvent.click(
      await waitFor(() => {
        const option = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find(
          (o) => o.textContent === '试用租户',
        );
        expect(option).toBeDefined();
        return option!;
      }),
    );
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('PUT /tenant/update')).toHaveLength(1));
    expect(backend.callsTo('PUT /tenant/update')[0]?.body).toEqual({
      id: 13,
      tenantId: 63,
      loginName: 'jsh',
      userNumLimit: 30,
      type: '0',
      roleId: 18,
      expireTime: '2099-02-17 23:19:17',
      remark: '',
    });
    await dialogGone();
  });
});
