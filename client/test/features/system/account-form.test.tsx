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
  nameCheck,
  ok,
  popconfirmOk,
  queryLink,
  renderListPage,
  rowWith,
  scriptBackend,
  shownMessages,
  type Backend,
} from '../../helpers/form-page';
import { ACCOUNT_ROW } from '../../helpers/system-rows';

const view = SYSTEM_VIEWS.account;
const form = SYSTEM_FORMS.account;
const row = ACCOUNT_ROW;
const user = userEvent.setup({ pointerEventsCheck: 0 });

let backend: Backend;
beforeEach(() => {
  holdButtons(view.pageUrl, undefined);
  backend = scriptBackend({
    'GET /account/list': () => listOf([row]),
    'GET /account/checkIsNameExist': nameCheck('工商银行'),
    'PUT /account/update': () => ok,
    'POST /account/updateIsDefault': () => ok,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('结算账户 form', () => {
  it('edits from the row: the name check sends the record id, the update sends the whole record with the changes', async () => {
    await renderListPage(view, form);
    await user.click(linkNamed('编辑', rowWith('招商银行')));
    const dialog = await formDialog();
    expect(within(dialog).getByLabelText('名称')).toHaveValue('招商银行');
    expect(within(dialog).getByLabelText('期初金额')).toHaveValue('1000');
    const name = within(dialog).getByLabelText('名称');
    fireEvent.change(name, { target: { value: '工商银行' } });
    await waitFor(() => expect(within(dialog).getByText('名称已经存在')).toBeInTheDocument());
    const check = backend.callsTo('GET /account/checkIsNameExist').at(-1);
    expect(check?.query.get('id')).toBe('17');
    expect(check?.query.get('name')).toBe('工商银行');

    fireEvent.change(name, { target: { value: '工商银行2' } });
    await waitFor(() => expect(within(dialog).queryByText('名称已经存在')).toBeNull());
    fireEvent.change(within(dialog).getByLabelText('编号'), { target: { value: '  6226  ' } });
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('PUT /account/update')).toHaveLength(1));
    expect(backend.callsTo('PUT /account/update')[0]?.body).toEqual({
      ...row,
      name: '工商银行2',
      serialNo: '6226',
      initialAmount: 1000,
      sort: '1',
      remark: '',
    });
    await dialogGone();
  });

  it('设为默认 asks 确定设为默认吗? and posts the id, then reloads; without the edit code it is not offered', async () => {
    await renderListPage(view, form);
    const lists = backend.callsTo('GET /account/list').length;
    await user.click(linkNamed('设为默认', rowWith('招商银行')));
    await user.click(await popconfirmOk('确定设为默认吗?'));
    await waitFor(() => expect(backend.callsTo('POST /account/updateIsDefault')).toHaveLength(1));
    expect(backend.callsTo('POST /account/updateIsDefault')[0]?.body).toEqual({ id: 17 });
    await waitFor(() => expect(shownMessages()).toContain('成功'));
    await waitFor(() => expect(backend.callsTo('GET /account/list').length).toBe(lists + 1));
  });

  it('设为默认 shows the backend reason when refused', async () => {
    backend.answer('POST /account/updateIsDefault', () => ({ code: 500, data: { message: '服务内部错误' } }));
    await renderListPage(view, form);
    await user.click(linkNamed('设为默认', rowWith('招商银行')));
    await user.click(await popconfirmOk('确定设为默认吗?'));
    await waitFor(() => expect(shownMessages()).toContain('服务内部错误'));
  });

  it('hides 设为默认 without the edit code', async () => {
    holdButtons(view.pageUrl, '3,4');
    await renderListPage(view, form);
    expect(queryLink('设为默认', rowWith('招商银行'))).toBeUndefined();
  });
});
