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
} from '../../helpers/form-page';

const view = SYSTEM_VIEWS.role;
const form = SYSTEM_FORMS.role;
const row = {
  id: 16,
  name: '仓管',
  type: '个人数据',
  priceLimit: '4,7',
  priceLimitStr: '屏蔽单据采购价,屏蔽库存成本价',
  description: '',
  sort: '2',
  enabled: true,
};
const user = userEvent.setup({ pointerEventsCheck: 0 });
afterEach(() => vi.unstubAllGlobals());

describe('角色管理 form', () => {
  it('titles 新增【保存之后请继续分配菜单】, checks name and type, and keeps the price limits as a comma list', async () => {
    holdButtons(view.pageUrl, undefined);
    const backend = scriptBackend({
      'GET /role/list': () => listOf([row]),
      'GET /role/checkIsNameExist': (c) => ({
        code: 200,
        data: { message: '成功', status: c.query.get('name') === '仓管' && c.query.get('id') !== '16' },
      }),
      'PUT /role/update': () => ok,
    });
    await renderListPage(view, form);
    await user.click(buttonNamed('新增'));
    let dialog = await formDialog();
    expect(document.body.textContent).toContain('新增【保存之后请继续分配菜单】');
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(within(dialog).getByText('请输入角色名称!')).toBeInTheDocument());
    expect(within(dialog).getByText('请选择数据类型!')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('角色名称'), { target: { value: '仓管' } });
    await waitFor(() => expect(within(dialog).getByText('名称已经存在')).toBeInTheDocument());
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: 'x'.repeat(127) } });
    await waitFor(() => expect(within(dialog).getByText('长度不超过 126 个字符')).toBeInTheDocument());
    await user.click(buttonNamed('取消', dialog));
    await user.click(await waitFor(() => buttonNamed('放弃修改', document.querySelector('.ant-modal-confirm')!)));

    await user.click(linkNamed('编辑', rowWith('仓管')));
    dialog = await formDialog();
    expect(dialog.textContent).toContain('屏蔽单据采购价');
    expect(dialog.textContent).toContain('屏蔽库存成本价');
    fireEvent.change(within(dialog).getByLabelText('排序'), { target: { value: '3' } });
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('PUT /role/update')).toHaveLength(1));
    expect(backend.callsTo('PUT /role/update')[0]?.body).toMatchObject({
      id: 16,
      name: '仓管',
      priceLimit: '4,7',
      sort: '3',
      type: '个人数据',
    });
    expect(backend.callsTo('GET /role/checkIsNameExist').at(-1)?.query.get('id')).toBe('16');
  });
});
