import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RolePushBtnModal } from '../../../../features/system/components/role-push-btn-modal';
import { dialogTitled, renderDialog } from '../../../helpers/action-dialog';
import { buttonNamed, queryButton, scriptBackend, shownMessages } from '../../../helpers/form-page';

const row = { id: 16, name: '仓管' };
const functions = {
  code: 200,
  data: {
    total: 2,
    rows: [
      { id: 13, name: '用户管理', pushBtn: '1', btnStr: '1' },
      { id: 23, name: '采购入库', pushBtn: '1,2,3,7', btnStr: null },
    ],
  },
};
afterEach(() => vi.unstubAllGlobals());

/** The checkbox labelled `label` in the row of function `name`. */
function box(dialog: HTMLElement, name: string, label: string): HTMLInputElement {
  const tr = Array.from(dialog.querySelectorAll('tr')).find((r) =>
    Array.from(r.querySelectorAll('td')).some((c) => c.textContent === name),
  );
  if (!tr) throw new Error(`no row ${name}`);
  const wrapper = Array.from(tr.querySelectorAll('label')).find((l) => l.textContent === label);
  if (!wrapper) throw new Error(`no ${label} in ${name}`);
  return wrapper.querySelector('input')!;
}

describe('分配按钮', () => {
  it("shows each function's offered codes checked as the role holds them and saves them as the btnStr JSON", async () => {
    const backend = scriptBackend({
      'GET /function/findRoleFunctionsById': () => functions,
      'POST /userBusiness/updateBtnStr': () => ({ code: 200, data: '成功' }),
    });
    const { onClose, onDone } = renderDialog(RolePushBtnModal, row);
    const dialog = await dialogTitled('分配按钮给：仓管');
    await waitFor(() => expect(box(dialog, '用户管理', '编辑')).toBeChecked());
    expect(backend.callsTo('GET /function/findRoleFunctionsById')[0]?.query.toString()).toBe('roleId=16');
    expect(() => box(dialog, '用户管理', '审核')).toThrow();
    for (const label of ['编辑', '审核', '反审核', '导出']) expect(box(dialog, '采购入库', label)).not.toBeChecked();
    fireEvent.click(box(dialog, '采购入库', '审核'));
    fireEvent.click(buttonNamed('全选-导出', dialog));
    expect(box(dialog, '采购入库', '导出')).toBeChecked();
    expect(queryButton('全取消-导出', dialog)).toBeDefined();
    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(backend.callsTo('POST /userBusiness/updateBtnStr')[0]?.body).toEqual({
      roleId: 16,
      btnStr: JSON.stringify([
        { funId: 13, btnStr: '1' },
        { funId: 23, btnStr: '2,3' },
      ]),
    });
    expect(onDone).toHaveBeenCalled();
  });

  it('全选 / 全取消 set and clear every offered code; a refused save (更新权限失败) keeps the checks', async () => {
    const backend = scriptBackend({
      'GET /function/findRoleFunctionsById': () => functions,
      'POST /userBusiness/updateBtnStr': () => ({ code: 500, data: '更新权限失败' }),
    });
    const { onClose } = renderDialog(RolePushBtnModal, row);
    const dialog = await dialogTitled('分配按钮给：仓管');
    await waitFor(() => expect(box(dialog, '用户管理', '编辑')).toBeChecked());
    fireEvent.click(buttonNamed('全选', dialog));
    expect(box(dialog, '采购入库', '反审核')).toBeChecked();
    fireEvent.click(buttonNamed('全取消', dialog));
    expect(box(dialog, '用户管理', '编辑')).not.toBeChecked();
    fireEvent.click(box(dialog, '采购入库', '编辑'));
    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(shownMessages()).toContain('更新权限失败'));
    expect(backend.callsTo('POST /userBusiness/updateBtnStr')[0]?.body).toEqual({
      roleId: 16,
      btnStr: JSON.stringify([{ funId: 23, btnStr: '1' }]),
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(box(dialog, '采购入库', '编辑')).toBeChecked();
  });

  it("warns 获取数据失败 and offers no save when the role's grant cannot be read", async () => {
    scriptBackend({ 'GET /function/findRoleFunctionsById': () => ({ code: 500, data: '获取数据失败' }) });
    renderDialog(RolePushBtnModal, row);
    const dialog = await dialogTitled('分配按钮给：仓管');
    await waitFor(() => expect(shownMessages()).toContain('获取数据失败'));
    expect(buttonNamed('保存', dialog)).toBeDisabled();
  });
});
