import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DepotUserModal } from '../../../../features/system/components/depot-user-modal';
import { checkboxOf, dialogTitled, isChecked, renderDialog, treeNode } from '../../../helpers/action-dialog';
import { buttonNamed, scriptBackend, shownMessages } from '../../../helpers/form-page';

const row = { id: 14, name: '仓库1' };
const users = [
  {
    id: 0,
    key: 0,
    value: 0,
    title: '用户列表',
    attributes: '用户列表',
    children: [
      { id: 63, key: 63, value: 63, title: 'jsh(jsh)', attributes: 'jsh', checked: true },
      { id: 131, key: 131, value: 131, title: 'test123(测试用户)', attributes: 'test123' },
      { id: 132, key: 132, value: 132, title: 'zhang(张三)', attributes: 'zhang' },
    ],
  },
];
afterEach(() => vi.unstubAllGlobals());

describe('仓库 分配用户', () => {
  it('loads the users holding the depot checked and saves the checked users as keyIds of the depot (保存成功)', async () => {
    const backend = scriptBackend({
      'GET /user/getUserWithChecked': () => users,
      'POST /userBusiness/updateOneValueByKeyIdAndType': () => ({ code: 200, data: '成功' }),
    });
    const { onClose, onDone } = renderDialog(DepotUserModal, row);
    const dialog = await dialogTitled('分配用户给：仓库1');
    await waitFor(() => expect(isChecked(treeNode('jsh(jsh)', dialog))).toBe(true));
    expect(isChecked(treeNode('test123(测试用户)', dialog))).toBe(false);
    expect(backend.callsTo('GET /user/getUserWithChecked')[0]?.query.toString()).toBe('UBType=UserDepot&UBValue=14');
    fireEvent.click(checkboxOf(treeNode('test123(测试用户)', dialog)));
    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(shownMessages()).toContain('保存成功'));
    const body = backend.callsTo('POST /userBusiness/updateOneValueByKeyIdAndType')[0]?.body as { keyIds: number[] };
    expect(body).toMatchObject({ type: 'UserDepot', oneValue: 14 });
    expect([...body.keyIds].sort((a, b) => a - b)).toEqual([63, 131]);
    expect(onClose).toHaveBeenCalled();
    expect(onDone).toHaveBeenCalled();
  });

  it('keeps the dialog and its checks when the backend answers 更新权限失败', async () => {
    scriptBackend({
      'GET /user/getUserWithChecked': () => users,
      'POST /userBusiness/updateOneValueByKeyIdAndType': () => ({ code: 500, data: '更新权限失败' }),
    });
    const { onClose } = renderDialog(DepotUserModal, row);
    const dialog = await dialogTitled('分配用户给：仓库1');
    await waitFor(() => expect(isChecked(treeNode('jsh(jsh)', dialog))).toBe(true));
    fireEvent.click(checkboxOf(treeNode('zhang(张三)', dialog)));
    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(shownMessages()).toContain('更新权限失败'));
    expect(onClose).not.toHaveBeenCalled();
    expect(isChecked(treeNode('zhang(张三)', dialog))).toBe(true);
    expect(isChecked(treeNode('jsh(jsh)', dialog))).toBe(true);
  });
});
