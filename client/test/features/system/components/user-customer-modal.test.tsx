import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserCustomerModal } from '../../../../features/system/components/user-customer-modal';
import { dialogTitled, renderDialog } from '../../../helpers/action-dialog';
import { buttonNamed, listOf, ok, scriptBackend, shownMessages } from '../../../helpers/form-page';

const row = { id: 131, loginName: 'test123', username: '测试用户' };
const customers = listOf([
  { id: 58, supplier: '上海某公司' },
  { id: 52, supplier: '客户AAAA' },
  { id: 71, supplier: '客户BBBB' },
]);
afterEach(() => vi.unstubAllGlobals());

/** The selection checkbox of the customer row showing `name`. */
function rowBox(dialog: HTMLElement, name: string): HTMLInputElement {
  const tr = Array.from(dialog.querySelectorAll('tr')).find((r) =>
    Array.from(r.querySelectorAll('td')).some((c) => c.textContent === name),
  );
  if (!tr) throw new Error(`no customer ${name}`);
  return tr.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
}

describe('分配客户', () => {
  it("lists the customers with the user's granted ones checked and saves the checked ids as the UserCustomer row", async () => {
    const backend = scriptBackend({
      'GET /supplier/getAllCustomer': () => customers,
      'GET /supplier/getUserCustomerValue': () => ({ code: 200, data: [58] }),
      'GET /userBusiness/checkIsValueExist': () => ({ code: 200, data: { message: '成功', id: 40 } }),
      'PUT /userBusiness/update': () => ok,
    });
    const { onClose, onDone } = renderDialog(UserCustomerModal, row);
    const dialog = await dialogTitled('分配客户给：测试用户');
    await waitFor(() => expect(rowBox(dialog, '上海某公司')).toBeChecked());
    expect(rowBox(dialog, '客户AAAA')).not.toBeChecked();
    expect(backend.callsTo('GET /supplier/getUserCustomerValue')[0]?.query.toString()).toBe(
      'UBType=UserCustomer&UBKeyId=131',
    );
    fireEvent.click(rowBox(dialog, '客户BBBB'));
    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(backend.callsTo('GET /userBusiness/checkIsValueExist')[0]?.query.toString()).toBe(
      'type=UserCustomer&keyId=131',
    );
    expect(backend.callsTo('PUT /userBusiness/update')[0]?.body).toEqual({
      id: 40,
      type: 'UserCustomer',
      keyId: 131,
      value: [58, 71],
    });
    expect(onDone).toHaveBeenCalled();
  });

  it('starts unchecked for a user without a grant (data null); a refused save keeps the checks', async () => {
    const backend = scriptBackend({
      'GET /supplier/getAllCustomer': () => customers,
      'GET /supplier/getUserCustomerValue': () => ({ code: 200, data: null }),
      'GET /userBusiness/checkIsValueExist': () => ({ code: 200, data: { message: '成功' } }),
      'POST /userBusiness/add': () => ({ code: 500, data: { message: '服务内部错误' } }),
    });
    const { onClose } = renderDialog(UserCustomerModal, row);
    const dialog = await dialogTitled('分配客户给：测试用户');
    await waitFor(() => expect(buttonNamed('保存', dialog)).toBeEnabled());
    expect(rowBox(dialog, '上海某公司')).not.toBeChecked();
    fireEvent.click(rowBox(dialog, '客户AAAA'));
    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(shownMessages()).toContain('服务内部错误'));
    expect(backend.callsTo('POST /userBusiness/add')[0]?.body).toEqual({
      type: 'UserCustomer',
      keyId: 131,
      value: [52],
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(rowBox(dialog, '客户AAAA')).toBeChecked();
  });
});
