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
  ok,
  queryLink,
  renderListPage,
  rowWith,
  scriptBackend,
  shownMessages,
  type Backend,
} from '../../helpers/form-page';

const view = SYSTEM_VIEWS.organization;
const form = SYSTEM_FORMS.organization;
const tree = [
  { id: 1, key: 1, value: 1, title: '总部', attributes: '001' },
  { id: 5, key: 5, value: 5, title: '销售部', attributes: '002' },
];
const user = userEvent.setup({ pointerEventsCheck: 0 });

let backend: Backend;
beforeEach(() => {
  holdButtons(view.pageUrl, undefined);
  backend = scriptBackend({
    'GET /organization/getOrganizationTree': (c) => (c.query.get('id') === '5' ? [tree[0]] : tree),
    'GET /organization/findById': () => ({
      code: 200,
      data: { id: 5, orgAbr: '销售部', parentId: 1, orgParentName: '总部', orgNo: '002', sort: '1', remark: '华北' },
    }),
    'GET /organization/checkIsNameExist': (c) => ({
      code: 200,
      data: { message: '成功', status: c.query.get('name') === '总部' },
    }),
    'POST /organization/add': () => ok,
    'PUT /organization/update': () => ok,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('部门 form', () => {
  it('edits the record read by findById, offers parents without itself, and sends all five columns', async () => {
    await renderListPage(view, form);
    await user.click(linkNamed('编辑', rowWith('销售部')));
    const dialog = await formDialog();
    expect(backend.callsTo('GET /organization/findById')[0]?.query.get('id')).toBe('5');
    expect(within(dialog).getByLabelText('名称')).toHaveValue('销售部');
    expect(within(dialog).getByLabelText('编号')).toHaveValue('002');
    await waitFor(() =>
      expect(backend.callsTo('GET /organization/getOrganizationTree').some((c) => c.query.get('id') === '5')).toBe(
        true,
      ),
    );
    await waitFor(() =>
      expect(dialog.querySelector('.ant-select-content')?.textContent ?? dialog.textContent).toContain('总部'),
    );
    fireEvent.change(within(dialog).getByLabelText('编号'), { target: { value: '' } });
    const save = buttonNamed('保存', dialog);
    await user.click(save);
    await waitFor(() => expect(within(dialog).getByText('请输入编码!')).toBeInTheDocument());
    // The refused save is over once the button is no longer busy; a press during it is ignored.
    await waitFor(() => expect(save.className).not.toContain('ant-btn-loading'));
    fireEvent.change(within(dialog).getByLabelText('编号'), { target: { value: '009' } });
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('PUT /organization/update')).toHaveLength(1));
    expect(backend.callsTo('PUT /organization/update')[0]?.body).toEqual({
      id: 5,
      orgAbr: '销售部',
      orgNo: '009',
      parentId: 1,
      sort: '1',
      remark: '华北',
    });
    await dialogGone();
  });

  it('添加下级 opens an add form under the row; the name check matches 名称已经存在', async () => {
    await renderListPage(view, form);
    await user.click(linkNamed('添加下级', rowWith('总部')));
    const dialog = await formDialog();
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '总部' } });
    await waitFor(() => expect(within(dialog).getByText('名称已经存在')).toBeInTheDocument());
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '华东区' } });
    fireEvent.change(within(dialog).getByLabelText('编号'), { target: { value: '003' } });
    await waitFor(() => expect(within(dialog).queryByText('名称已经存在')).toBeNull());
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('POST /organization/add')).toHaveLength(1));
    expect(backend.callsTo('POST /organization/add')[0]?.body).toEqual({
      orgAbr: '华东区',
      orgNo: '003',
      parentId: 1,
      sort: '',
      remark: '',
    });
    await waitFor(() => expect(shownMessages()).toContain('成功'));
  });

  it('without the edit code there is no 添加下级', async () => {
    holdButtons(view.pageUrl, '3');
    await renderListPage(view, form);
    expect(queryLink('添加下级')).toBeUndefined();
  });
});
