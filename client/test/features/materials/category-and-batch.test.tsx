import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MATERIAL_FORMS } from '../../../features/materials/material-forms';
import { MATERIAL_VIEWS } from '../../../features/materials/material-specs';
import { BatchSetInfo } from '../../../features/materials/components/batch-set-info';
import { batchInfoBody, batchInfoProblem } from '../../../features/materials/material-batch';
import {
  buttonNamed,
  formDialog,
  holdButtons,
  linkNamed,
  ok,
  popconfirmOk,
  renderListPage,
  rowWith,
  scriptBackend,
  shownMessages,
  type Backend,
} from '../../helpers/form-page';
import { signIn } from '../../helpers/session';
import { render } from '../../helpers/render';

const view = MATERIAL_VIEWS.category;
const tree = [
  {
    id: 3,
    key: 3,
    value: 3,
    title: '饮料',
    state: 'open',
    checked: false,
    children: [{ id: 7, key: 7, value: 7, title: '碳酸', state: 'open', checked: false, children: [] }],
  },
];
const user = userEvent.setup({ pointerEventsCheck: 0, delay: null });

let backend: Backend;
beforeEach(() => {
  holdButtons(view.pageUrl, undefined);
  backend = scriptBackend({
    'GET /materialCategory/getMaterialCategoryTree': () => tree,
    'GET /materialCategory/checkIsNameExist': (c) => ({
      code: 200,
      data: { message: '成功', status: c.query.get('name') === '碳酸' && c.query.get('parentId') === '3' },
    }),
    'POST /materialCategory/add': () => ok,
    'DELETE /materialCategory/delete': (c) =>
      c.query.get('id') === '3'
        ? { code: 7500006, data: { message: '该类别存在下级不允许删除' } }
        : { code: 601, data: { message: '检测到存在依赖数据，不能删除！' } },
    'POST /material/batchUpdate': () => ok,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('商品类别 tree', () => {
  it("添加下级 adds under the row; the name is checked among that parent's children; the tree asks with an empty id", async () => {
    await renderListPage(view, MATERIAL_FORMS.category);
    expect(backend.callsTo('GET /materialCategory/getMaterialCategoryTree')[0]?.query.get('id')).toBe('');
    await user.click(linkNamed('添加下级', rowWith('饮料')));
    const dialog = await formDialog();
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '碳酸' } });
    await waitFor(() => expect(within(dialog).getByText('名称已经存在')).toBeInTheDocument());
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '果汁' } });
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(within(dialog).getByText('请输入编号!')).toBeInTheDocument());
    fireEvent.change(within(dialog).getByLabelText('编号'), { target: { value: 'GZ' } });
    await waitFor(() => expect(within(dialog).queryByText('请输入编号!')).toBeNull());
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('POST /materialCategory/add')).toHaveLength(1));
    expect(backend.callsTo('POST /materialCategory/add')[0]?.body).toEqual({
      name: '果汁',
      serialNo: 'GZ',
      parentId: 3,
      sort: '',
      remark: '',
    });
  });

  it('a category with children cannot go: the backend reason is shown', async () => {
    await renderListPage(view, MATERIAL_FORMS.category);
    await user.click(linkNamed('删除', rowWith('饮料')));
    await user.click(await popconfirmOk('确定删除吗?'));
    // Deletes keep the module's one-second spacing: the add of the test before may still hold the slot.
    await waitFor(() => expect(backend.callsTo('DELETE /materialCategory/delete')[0]?.query.get('id')).toBe('3'));
    await waitFor(() => expect(shownMessages()).toContain('该类别存在下级不允许删除'));
  });
});

describe('批量编辑', () => {
  it('sends only the filled fields as a JSON string, ids without a trailing comma', () => {
    expect(batchInfoProblem({ color: ' ', brand: undefined })).toBe('product.batchEmpty');
    expect(batchInfoProblem({ enableSerialNumber: '1', enableBatchNumber: '1' })).toBe('product.serialAndBatch');
    expect(batchInfoBody([12, 13], { color: '红', brand: '', weight: 2 })).toEqual({
      ids: '12,13',
      material: '{"color":"红","weight":2}',
    });
  });

  it('asks 是否操作选中的N条数据? and posts the batch update', async () => {
    signIn();
    const onSaved = vi.fn();
    render(
      <App>
        <BatchSetInfo ids={[12, 13]} onClose={() => undefined} onSaved={onSaved} />
      </App>,
    );
    const dialog = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-modal:not(.ant-modal-confirm)');
      expect(found).toBeTruthy();
      return found!;
    });
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(shownMessages()).toContain('抱歉，请输入要批量编辑的内容！'));
    fireEvent.change(within(dialog).getByLabelText('品牌'), { target: { value: '可口' } });
    await user.click(buttonNamed('保存', dialog));
    const confirm = await waitFor(() => {
      const box = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal-confirm')).find((m) =>
        m.textContent?.includes('是否操作选中的2条数据?'),
      );
      expect(box).toBeDefined();
      return box!;
    });
    await user.click(Array.from(confirm.querySelectorAll('button')).at(-1)!);
    await waitFor(() => expect(backend.callsTo('POST /material/batchUpdate')).toHaveLength(1));
    expect(backend.callsTo('POST /material/batchUpdate')[0]?.body).toEqual({
      ids: '12,13',
      material: '{"brand":"可口"}',
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });
});
