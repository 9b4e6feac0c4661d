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
  renderListPage,
  rowWith,
  scriptBackend,
  type Backend,
} from '../../helpers/form-page';

const view = SYSTEM_VIEWS.function;
const form = SYSTEM_FORMS.function;
const row = {
  id: 31,
  number: '010206',
  name: '经手人管理',
  parentNumber: '0102',
  parentName: '基础资料',
  url: '/system/person',
  component: '/system/PersonList',
  state: false,
  sort: '0230',
  enabled: true,
  type: '电脑版',
  pushBtn: '1',
  icon: 'profile',
};
const TREE = [
  {
    id: 0,
    key: 0,
    value: 0,
    title: '功能列表',
    children: [
      {
        id: 24,
        key: 24,
        value: 24,
        title: '基础资料',
        children: [{ id: 31, key: 31, value: 31, title: '经手人管理' }],
      },
      { id: 1, key: 1, value: 1, title: '系统管理' },
    ],
  },
];
const INFO: Record<string, { number: string; name: string }> = {
  24: { number: '0102', name: '基础资料' },
  1: { number: '0001', name: '系统管理' },
};
const user = userEvent.setup({ pointerEventsCheck: 0 });

let backend: Backend;
beforeEach(() => {
  holdButtons(view.pageUrl, undefined);
  backend = scriptBackend({
    'GET /function/list': () => listOf([row]),
    'GET /function/findRoleFunction': () => TREE,
    'GET /function/info': (c) => ({
      code: 200,
      data: { info: { id: Number(c.query.get('id')), ...INFO[c.query.get('id') ?? ''] }, message: '成功' },
    }),
    'GET /function/checkIsNumberExist': (c) => ({
      code: 200,
      data: { message: '成功', status: c.query.get('number') === '010206' && c.query.get('id') !== '31' },
    }),
    'GET /function/checkIsNameExist': nameCheck(),
    'POST /function/add': () => ok,
    'PUT /function/update': () => ok,
  });
});
afterEach(() => vi.unstubAllGlobals());

async function pickParent(dialog: HTMLElement, title: string): Promise<void> {
  fireEvent.mouseDown(within(dialog).getByLabelText('上级名称'));
  const node = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-tree-node-content-wrapper')).find(
      (n) => n.textContent === title,
    );
    expect(found).toBeDefined();
    return found!;
  });
  fireEvent.click(node);
}

describe('菜单管理 form (admin)', () => {
  it('adds: the required messages, the number check, the parent picked in the tree fills 上级编号; enabled by default', async () => {
    await renderListPage(view, form);
    await user.click(buttonNamed('新增'));
    const dialog = await formDialog();
    await user.click(buttonNamed('保存', dialog));
    for (const text of [
      '请输入编号!',
      '请输入名称!',
      '请输入上级编号!',
      '请输入链接!',
      '请输入组件!',
      '请输入排序!',
      '请输入图标!',
    ]) {
      await waitFor(() => expect(within(dialog).getByText(text)).toBeInTheDocument());
    }
    fireEvent.change(within(dialog).getByLabelText('编号'), { target: { value: '010206' } });
    await waitFor(() => expect(within(dialog).getByText('编号已经存在！')).toBeInTheDocument());
    expect(backend.callsTo('GET /function/checkIsNumberExist').at(-1)?.query.get('id')).toBe('0');
    fireEvent.change(within(dialog).getByLabelText('编号'), { target: { value: '010299' } });
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '报表X' } });
    await pickParent(dialog, '系统管理');
    await waitFor(() => expect(within(dialog).getByLabelText('上级编号')).toHaveValue('0001'));
    expect(within(dialog).getByLabelText('上级编号')).toHaveAttribute('readonly');
    expect(backend.callsTo('GET /function/findRoleFunction')[0]?.query.get('UBType')).toBe('RoleFunctions');
    fireEvent.change(within(dialog).getByLabelText('链接'), { target: { value: '/report/x' } });
    fireEvent.change(within(dialog).getByLabelText('组件'), { target: { value: '/report/X' } });
    fireEvent.change(within(dialog).getByLabelText('排序'), { target: { value: '0801' } });
    fireEvent.change(within(dialog).getByLabelText('图标'), { target: { value: 'profile' } });
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('POST /function/add')).toHaveLength(1));
    expect(backend.callsTo('POST /function/add')[0]?.body).toEqual({
      number: '010299',
      name: '报表X',
      parentNumber: '0001',
      url: '/report/x',
      component: '/report/X',
      sort: '0801',
      pushBtn: '',
      icon: 'profile',
      enabled: true,
    });
    await dialogGone();
  });

  it('edits: the root as parent sets 上级编号 0; the update sends the record with the changes and no parent name', async () => {
    await renderListPage(view, form);
    await user.click(linkNamed('编辑', rowWith('经手人管理')));
    const dialog = await formDialog();
    expect(within(dialog).getByLabelText('上级编号')).toHaveValue('0102');
    await pickParent(dialog, '功能列表');
    await waitFor(() => expect(within(dialog).getByLabelText('上级编号')).toHaveValue('0'));
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('PUT /function/update')).toHaveLength(1));
    const { parentName: _shown, ...record } = row;
    expect(backend.callsTo('PUT /function/update')[0]?.body).toEqual({ ...record, parentNumber: '0' });
    await dialogGone();
  });
});
