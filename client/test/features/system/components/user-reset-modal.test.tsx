import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserResetModal } from '../../../../features/system/components/user-reset-modal';
import { dialogTitled, renderDialog } from '../../../helpers/action-dialog';
import { buttonNamed, scriptBackend, shownMessages } from '../../../helpers/form-page';

const row = { id: 131, loginName: 'test123', username: '测试用户' };
afterEach(() => vi.unstubAllGlobals());

describe('重置密码', () => {
  it('holds the new password to the user rule, sends its md5 to /user/resetPwd and says 重置密码成功！', async () => {
    const backend = scriptBackend({ 'POST /user/resetPwd': () => ({ code: 200, data: { message: '操作成功' } }) });
    const { onClose, onDone } = renderDialog(UserResetModal, row);
    const dialog = await dialogTitled('请输入test123的新密码');
    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(within(dialog).getByText('请输入新密码!')).toBeInTheDocument());
    const field = within(dialog).getByLabelText('新密码');
    expect(field).toHaveAttribute('placeholder', '请输入新密码');
    fireEvent.change(field, { target: { value: 'abcdef' } });
    await waitFor(() =>
      expect(within(dialog).getByText('用户密码至少要有数字和小写字母，并且长度至少6位!')).toBeInTheDocument(),
    );
    expect(backend.callsTo('POST /user/resetPwd')).toHaveLength(0);
    fireEvent.change(field, { target: { value: '123456a' } });
    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(backend.callsTo('POST /user/resetPwd').map((c) => c.body)).toEqual([
      { id: 131, password: '9cbf8a4dcb8e30682b927f352d6559a0' /* md5 of 123456a */ },
    ]);
    expect(onDone).toHaveBeenCalled();
    await waitFor(() => expect(shownMessages()).toContain('重置密码成功！'));
  });

  it('keeps the dialog and the typed password when the backend refuses (操作失败)', async () => {
    scriptBackend({ 'POST /user/resetPwd': () => ({ code: 500, data: { message: '操作失败' } }) });
    const { onClose, onDone } = renderDialog(UserResetModal, { ...row, loginName: 'admin' });
    const dialog = await dialogTitled('请输入admin的新密码');
    fireEvent.change(within(dialog).getByLabelText('新密码'), { target: { value: 'abc123' } });
    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(shownMessages()).toContain('操作失败'));
    expect(onClose).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText('新密码')).toHaveValue('abc123');
  });
});
