// A form-kit form (结算账户's edit) keeps what is typed as its page's draft; the page offers it back when it shows
// again, 恢复 reopens the same record with the typed values, and the save clears the draft.
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftKey } from '../../../components/form-kit/form-draft';
import { SYSTEM_FORMS } from '../../../features/system/system-forms';
import { SYSTEM_VIEWS } from '../../../features/system/system-specs';
import { STORAGE_PREFIX } from '../../../lib/storage';
import {
  buttonNamed,
  formDialog,
  holdButtons,
  linkNamed,
  listOf,
  ok,
  renderListPage,
  rowWith,
  scriptBackend,
  type Backend,
} from '../../helpers/form-page';

const view = SYSTEM_VIEWS.account;
const form = SYSTEM_FORMS.account;
const row = {
  id: 17,
  name: '招商银行',
  serialNo: '6225',
  initialAmount: 1000,
  currentAmount: 1200,
  sort: '1',
  remark: '',
  isDefault: false,
  enabled: true,
};
const stored = () => localStorage.getItem(`${STORAGE_PREFIX}${draftKey(63, view.pageKey)}`);

let backend: Backend;
beforeEach(() => {
  localStorage.clear();
  holdButtons(view.pageUrl, undefined);
  backend = scriptBackend({
    'GET /account/list': () => listOf([row]),
    'GET /account/checkIsNameExist': () => ({ code: 200, data: { message: '成功', status: false } }),
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
});
