import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYSTEM_FORMS } from '../../../features/system/system-forms';
import { SYSTEM_VIEWS } from '../../../features/system/system-specs';
import {
  buttonNamed,
  formDialog,
  holdButtons,
  linkNamed,
  listOf,
  nameCheck,
  ok,
  popconfirmOk,
  renderListPage,
  rowWith,
  scriptBackend,
  selectOption,
  type Backend,
} from '../../helpers/form-page';

const view = SYSTEM_VIEWS.depot;
const form = SYSTEM_FORMS.depot;
const row = {
  id: 14,
  name: '仓库1',
  address: '',
  warehousing: 0.5,
  truckage: 10,
  principal: 63,
  principalName: '测试用户',
  sort: '1',
  remark: '',
  isDefault: true,
  enabled: true,
};
const user = userEvent.setup({ pointerEventsCheck: 0 });

let backend: Backend;
beforeEach(() => {
  holdButtons(view.pageUrl, undefined);
  backend = scriptBackend({
    'GET /depot/list': () => listOf([row]),
    'GET /depot/checkIsNameExist': nameCheck('仓库1'),
    'GET /user/getUserList': () => [
      { id: 63, userName: '测试用户' },
      { id: 131, userName: '张三' },
    ],
    'POST /depot/add': () => ok,
    'POST /depot/updateIsDefault': () => ok,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('仓库 form', () => {
  it('checks the name (名称已经存在), the length (2–30), offers the users as 负责人 and sends the depot', async () => {
    await renderListPage(view, form);
    await user.click(buttonNamed('新增'));
    const dialog = await formDialog();
    const name = within(dialog).getByLabelText('仓库名称');
    fireEvent.change(name, { target: { value: '仓库1' } });
    await waitFor(() => expect(within(dialog).getByText('名称已经存在')).toBeInTheDocument());
    expect(backend.callsTo('GET /depot/checkIsNameExist').map((c) => [c.query.get('name'), c.query.get('id')])).toEqual(
      [['仓库1', '0']],
    );
    fireEvent.change(name, { target: { value: 'x'.repeat(31) } });
    await waitFor(() => expect(within(dialog).getByText('长度在 2 到 30 个字符')).toBeInTheDocument());
    fireEvent.change(name, { target: { value: '二号仓' } });
    await waitFor(() => expect(within(dialog).queryByText('长度在 2 到 30 个字符')).toBeNull());
    expect(within(dialog).getByText('元/天/KG')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('仓储费'), { target: { value: '0.5' } });
    fireEvent.change(within(dialog).getByLabelText('搬运费'), { target: { value: '10' } });
    await user.click(within(dialog).getByLabelText('负责人'));
    await user.click(await selectOption('张三'));
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('POST /depot/add')).toHaveLength(1));
    expect(backend.callsTo('POST /depot/add')[0]?.body).toEqual({
      name: '二号仓',
      address: null,
      warehousing: 0.5,
      truckage: 10,
      principal: 131,
      sort: null,
      remark: null,
    });
  });

  it('设为默认 posts the row id to /depot/updateIsDefault', async () => {
    await renderListPage(view, form);
    await user.click(linkNamed('设为默认', rowWith('仓库1')));
    await user.click(await popconfirmOk('确定设为默认吗?'));
    await waitFor(() => expect(backend.callsTo('POST /depot/updateIsDefault')[0]?.body).toEqual({ id: 14 }));
  });
});
