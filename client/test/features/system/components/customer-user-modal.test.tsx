import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomerUserModal } from '../../../../features/system/components/customer-user-modal';
import { checkboxOf, dialogTitled, isChecked, renderDialog, treeNode } from '../../../helpers/action-dialog';
import { buttonNamed, scriptBackend, shownMessages } from '../../../helpers/form-page';

const row = { id: 58, supplier: '上海某公司', type: '客户' };
const users = [
  {
    id: 0,
    key: 0,
    value: 0,
    title: '用户列表',
    attributes: '用户列表',
    children: [
      { id: 63, key: 63, value: 63, title: 'jsh(jsh)', attributes: 'jsh', checked: true },
      { id: 131, key: 131, value: 131, title: 'test123(测试用户)', attributes: 'test123', checked: true },
    ],
  },
];
afterEach(() => vi.unstubAllGlobals());

describe('客户 分配用户', () => {
  it("saves the checked users as the customer's UserCustomer holders (保存成功); a refusal keeps the checks", async () => {
    const backend = scriptBackend({
      'GET /user/getUserWithChecked': () => users,
      'POST /userBusiness/updateOneValueByKeyIdAndType': () => ({ code: 500, data: '更新权限失败' }),
    });
    const { onClose, onDone } = renderDialog(CustomerUserModal, row);
    const dialog = await dialogTitled('分配用户给：上海某公司');
    await waitFor(() => expect(isChecked(treeNode('test123(测试用户)', dialog))).toBe(true));
    expect(backend.callsTo('GET /user/getUserWithChecked')[0]?.query.toString()).toBe('UBType=UserCustomer&UBValue=58');
    fireEvent.click(checkboxOf(treeNode('test123(测试用户)', dialog)));
    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(shownMessages()).toContain('更新权限失败'));
    expect(onClose).not.toHaveBeenCalled();
    expect(isChecked(treeNode('test123(测试用户)', dialog))).toBe(false);

    backend.answer('POST /userBusiness/updateOneValueByKeyIdAndType', () => ({ code: 200, data: '成功' }));
    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(shownMessages()).toContain('保存成功'));
    expect(backend.callsTo('POST /userBusiness/updateOneValueByKeyIdAndType').map((c) => c.body)).toEqual([
      { type: 'UserCustomer', keyIds: [63], oneValue: 58 },
      { type: 'UserCustomer', keyIds: [63], oneValue: 58 },
    ]);
    expect(onClose).toHaveBeenCalled();
    expect(onDone).toHaveBeenCalled();
  });
});
