import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SYSTEM_FORMS } from '../../../features/system/system-forms';
import { SYSTEM_VIEWS } from '../../../features/system/system-specs';
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
  shownMessages,
} from '../../helpers/form-page';

const view = SYSTEM_VIEWS.inOutItem;
const form = SYSTEM_FORMS.inOutItem;
const row = { id: 3, name: '房租', type: '支出', sort: '', remark: '', enabled: true };
const user = userEvent.setup({ pointerEventsCheck: 0 });

afterEach(() => vi.unstubAllGlobals());

describe('收支项目 form', () => {
  it('has no name check of its own: the server refuses a taken name+type and the form keeps the values', async () => {
    holdButtons(view.pageUrl, undefined);
    const backend = scriptBackend({
      'GET /inOutItem/list': () => listOf([row]),
      'PUT /inOutItem/update': () => ({ code: 3500003, data: { message: '该收支项目的名称已经存在，请修改！' } }),
    });
    await renderListPage(view, form);
    await user.click(linkNamed('编辑', rowWith('房租')));
    const dialog = await formDialog();
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '水电费' } });
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(shownMessages()).toContain('该收支项目的名称已经存在，请修改！'));
    expect(backend.calls.some((c) => c.path.includes('check'))).toBe(false);
    expect(backend.callsTo('PUT /inOutItem/update')[0]?.body).toEqual({ ...row, name: '水电费' });
    expect(within(dialog).getByLabelText('名称')).toHaveValue('水电费');

    backend.answer('PUT /inOutItem/update', () => ok);
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(shownMessages()).toContain('成功'));
  });
});
