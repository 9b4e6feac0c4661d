import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserDepotModal } from '../../../../features/system/components/user-depot-modal';
import { checkboxOf, dialogTitled, isChecked, renderDialog, treeNode } from '../../../helpers/action-dialog';
import { buttonNamed, ok, scriptBackend, shownMessages } from '../../../helpers/form-page';

const row = { id: 131, loginName: 'test123', username: '测试用户' };
const depots = [
  {
    id: 0,
    key: 0,
    value: 0,
    title: '仓库列表',
    attributes: '仓库列表',
    children: [
      { id: 14, key: 14, value: 14, title: '仓库1', attributes: '仓库1', checked: true },
      { id: 15, key: 15, value: 15, title: '仓库2', attributes: '仓库2', checked: false },
      { id: 16, key: 16, value: 16, title: '仓库3', attributes: '仓库3', checked: false },
    ],
  },
];
afterEach(() => vi.unstubAllGlobals());

describe('分配仓库', () => {
  it("loads the user's depots checked and updates the UserDepot row with the checked ids as numbers", async () => {
    const backend = scriptBackend({
      'GET /depot/findUserDepot': () => depots,
      'GET /userBusiness/checkIsValueExist': () => ({ code: 200, data: { message: '成功', id: 32 } }),
      'PUT /userBusiness/update': () => ok,
    });
    const { onClose, onDone } = renderDialog(UserDepotModal, row);
    const dialog = await dialogTitled('分配仓库给：测试用户');
    await waitFor(() => expect(isChecked(treeNode('仓库1', dialog))).toBe(true));
    expect(isChecked(treeNode('仓库2', dialog))).toBe(false);
    expect(backend.callsTo('GET /depot/findUserDepot')[0]?.query.toString()).toBe('UBType=UserDepot&UBKeyId=131');
    fireEvent.click(checkboxOf(treeNode('仓库3', dialog)));
    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(backend.callsTo('GET /userBusiness/checkIsValueExist')[0]?.query.toString()).toBe(
      'type=UserDepot&keyId=131',
    );
    const body = backend.callsTo('PUT /userBusiness/update')[0]?.body as { value: unknown[] };
    expect(body).toMatchObject({ id: 32, type: 'UserDepot', keyId: 131 });
    expect([...body.value].sort()).toEqual([14, 16]);
    expect(onDone).toHaveBeenCalled();
  });

  it('adds the row when the user has none; a refused save keeps the dialog and its checks', async () => {
    const backend = scriptBackend({
      'GET /depot/findUserDepot': () => depots,
      'GET /userBusiness/checkIsValueExist': () => ({ code: 200, data: { message: '成功' } }),
      'POST /userBusiness/add': () => ({ code: 301, data: { message: '数据写入异常' } }),
    });
    const { onClose } = renderDialog(UserDepotModal, row);
    const dialog = await dialogTitled('分配仓库给：测试用户');
    await waitFor(() => expect(isChecked(treeNode('仓库1', dialog))).toBe(true));
    fireEvent.click(checkboxOf(treeNode('仓库1', dialog)));
    fireEvent.click(checkboxOf(treeNode('仓库2', dialog)));
    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(shownMessages()).toContain('数据写入异常'));
    expect(backend.callsTo('POST /userBusiness/add')[0]?.body).toEqual({ type: 'UserDepot', keyId: 131, value: [15] });
    expect(onClose).not.toHaveBeenCalled();
    expect(isChecked(treeNode('仓库1', dialog))).toBe(false);
    expect(isChecked(treeNode('仓库2', dialog))).toBe(true);
  });

  it('offers no save while the tree failed to load (an empty grant would wipe the old one)', async () => {
    scriptBackend({ 'GET /depot/findUserDepot': () => ({ code: 500, data: '未知异常' }) });
    renderDialog(UserDepotModal, row);
    const dialog = await dialogTitled('分配仓库给：测试用户');
    await waitFor(() => expect(shownMessages()).toContain('未知异常'));
    expect(buttonNamed('保存', dialog)).toBeDisabled();
  });
});
