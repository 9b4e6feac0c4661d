import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoleFunctionModal } from '../../../../features/system/components/role-function-modal';
import { checkboxOf, dialogTitled, isChecked, renderDialog, treeNode } from '../../../helpers/action-dialog';
import { buttonNamed, ok, scriptBackend, shownMessages } from '../../../helpers/form-page';

const row = { id: 16, name: '仓管' };
const functions = [
  {
    id: 0,
    key: 0,
    value: 0,
    title: '功能列表',
    attributes: '功能列表',
    children: [
      {
        id: 1,
        key: 1,
        value: 1,
        title: '零售管理',
        attributes: '零售管理',
        children: [
          { id: 13, key: 13, value: 13, title: '零售出库', attributes: '零售出库', checked: true },
          { id: 14, key: 14, value: 14, title: '零售退货', attributes: '零售退货', checked: false },
        ],
      },
      { id: 243, key: 243, value: 243, title: '报表查询', attributes: '报表查询', checked: false },
    ],
  },
];
const title = '分配菜单给：仓管【分配之后请继续分配按钮】';
afterEach(() => vi.unstubAllGlobals());

/** Picks an entry of the 树操作 menu. */
async function treeAction(dialog: HTMLElement, label: string) {
  fireEvent.click(buttonNamed('树操作', dialog));
  const item = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-dropdown-menu-item')).find(
      (i) => i.textContent === label,
    );
    expect(found).toBeDefined();
    return found!;
  });
  fireEvent.click(item);
}

describe('分配菜单', () => {
  it("loads the role's functions checked; parents follow their children; saves the ids through userBusiness/add", async () => {
    const backend = scriptBackend({
      'GET /function/findRoleFunction': () => functions,
      'GET /userBusiness/checkIsValueExist': () => ({ code: 200, data: { message: '成功' } }),
      'POST /userBusiness/add': () => ok,
    });
    const { onClose, onDone } = renderDialog(RoleFunctionModal, row);
    const dialog = await dialogTitled(title);
    await waitFor(() => expect(isChecked(treeNode('零售出库', dialog))).toBe(true));
    expect(backend.callsTo('GET /function/findRoleFunction')[0]?.query.toString()).toBe(
      'UBType=RoleFunctions&UBKeyId=16',
    );
    expect(isChecked(treeNode('零售管理', dialog))).toBe(false);
    fireEvent.click(checkboxOf(treeNode('零售退货', dialog)));
    expect(isChecked(treeNode('零售管理', dialog))).toBe(true);
    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = backend.callsTo('POST /userBusiness/add')[0]?.body as { type: string; keyId: number; value: number[] };
    expect(body).toMatchObject({ type: 'RoleFunctions', keyId: 16 });
    expect([...body.value].sort((a, b) => a - b)).toEqual([1, 13, 14]);
    expect(onDone).toHaveBeenCalled();
  });

  it('树操作: 取消全选, then 取消关联 checks a parent alone; a refused save keeps the checks', async () => {
    const backend = scriptBackend({
      'GET /function/findRoleFunction': () => functions,
      'GET /userBusiness/checkIsValueExist': () => ({ code: 200, data: { message: '成功', id: 32 } }),
      'PUT /userBusiness/update': () => ({ code: 500, data: { message: '服务内部错误' } }),
    });
    const { onClose } = renderDialog(RoleFunctionModal, row);
    const dialog = await dialogTitled(title);
    await waitFor(() => expect(isChecked(treeNode('零售出库', dialog))).toBe(true));
    await treeAction(dialog, '全部勾选');
    await waitFor(() => expect(isChecked(treeNode('报表查询', dialog))).toBe(true));
    await treeAction(dialog, '取消全选');
    await waitFor(() => expect(isChecked(treeNode('零售出库', dialog))).toBe(false));
    await treeAction(dialog, '取消关联');
    fireEvent.click(checkboxOf(treeNode('零售管理', dialog)));
    await waitFor(() => expect(isChecked(treeNode('零售管理', dialog))).toBe(true));
    expect(isChecked(treeNode('零售出库', dialog))).toBe(false);
    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(shownMessages()).toContain('服务内部错误'));
    expect(backend.callsTo('PUT /userBusiness/update')[0]?.body).toEqual({
      id: 32,
      type: 'RoleFunctions',
      keyId: 16,
      value: [1],
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(isChecked(treeNode('零售管理', dialog))).toBe(true);
  });
});
