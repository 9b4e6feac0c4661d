// The special actions as the list pages offer them: which row links and toolbar buttons show for which button
// codes and system-config flags, and that a link opens its dialog. What each dialog loads and sends is tested
// per dialog under components/.
import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SYSTEM_FORMS } from '../../../features/system/system-forms';
import { SYSTEM_VIEWS } from '../../../features/system/system-specs';
import { closeSessionCalls } from '../../../lib/http';
import { storage, StorageKeys } from '../../../lib/storage';
import { dialogTitled } from '../../helpers/action-dialog';
import {
  buttonNamed,
  holdButtons,
  linkNamed,
  listOf,
  nameCheck,
  queryButton,
  queryLink,
  renderListPage,
  rowWith,
  scriptBackend,
  shownMessages,
} from '../../helpers/form-page';

const config = (flags: Record<string, string>) => () => ({ code: 200, data: { id: 1, companyName: '测试', ...flags } });
afterEach(() => vi.unstubAllGlobals());

describe('用户管理 row actions', () => {
  it('分配仓库 / 分配客户 follow depotFlag / customerFlag and the edit code; 重置密码 is offered to every viewer', async () => {
    holdButtons('/system/user', undefined);
    const backend = scriptBackend({
      'GET /user/list': () => listOf([{ id: 131, loginName: 'test123', username: '测试用户', status: 0 }]),
      'GET /systemConfig/getCurrentInfo': config({ depotFlag: '1', customerFlag: '0' }),
    });
    const page = await renderListPage(SYSTEM_VIEWS.user, SYSTEM_FORMS.user);
    const row = rowWith('test123');
    await waitFor(() => expect(queryLink('分配仓库', row)).toBeDefined());
    expect(queryLink('分配客户', row)).toBeUndefined();
    const links = Array.from(row.querySelectorAll('button.row-link')).map((b) =>
      (b.textContent ?? '').replace(/\s+/g, ''),
    );
    expect(links, 'the original order: 重置密码 closes the row').toEqual([
      '查看',
      '分配仓库',
      '编辑',
      '删除',
      '重置密码',
    ]);
    fireEvent.click(linkNamed('重置密码', row));
    await dialogTitled('请输入test123的新密码');
    page.unmount();
    // Another viewer: a new session, which asks for the system config afresh.
    closeSessionCalls();

    holdButtons('/system/user', '3');
    await renderListPage(SYSTEM_VIEWS.user, SYSTEM_FORMS.user);
    await waitFor(() => expect(backend.callsTo('GET /systemConfig/getCurrentInfo')).toHaveLength(2));
    const viewerRow = rowWith('test123');
    expect(queryLink('重置密码', viewerRow)).toBeDefined();
    expect(queryLink('编辑', viewerRow)).toBeUndefined();
    expect(queryLink('分配仓库', viewerRow)).toBeUndefined();
  });
});

/** Answers the open 操作提示 asking `prompt` with its primary button. */
async function acceptPrompt(prompt: string) {
  const box = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal-confirm')).find((b) =>
      b.textContent?.includes(prompt),
    );
    expect(found).toBeDefined();
    return found!;
  });
  expect(box.textContent).toContain('操作提示');
  fireEvent.click(box.querySelector('.ant-btn-primary')!);
}

describe('角色管理 follow-ups', () => {
  it('a saved edit offers 分配菜单, a saved 分配菜单 offers 分配按钮, each on the same role', async () => {
    holdButtons('/system/role', '1');
    const backend = scriptBackend({
      'GET /role/list': () => listOf([{ id: 16, name: '仓管', type: '个人数据', enabled: true }]),
      'GET /role/checkIsNameExist': nameCheck(),
      'PUT /role/update': () => ({ code: 200, data: { message: '成功' } }),
      'GET /function/findRoleFunction': () => [
        {
          id: 0,
          key: 0,
          value: 0,
          title: '功能列表',
          children: [{ id: 13, key: 13, value: 13, title: '零售出库', checked: true }],
        },
      ],
      'GET /userBusiness/checkIsValueExist': () => ({ code: 200, data: { message: '成功', id: 32 } }),
      'PUT /userBusiness/update': () => ({ code: 200, data: { message: '成功' } }),
      'GET /function/findRoleFunctionsById': () => ({ code: 200, data: { rows: [], total: 0 } }),
    });
    await renderListPage(SYSTEM_VIEWS.role, SYSTEM_FORMS.role);
    fireEvent.click(linkNamed('编辑', rowWith('仓管')));
    const form = await dialogTitled('编辑【保存之后请继续分配菜单】');
    fireEvent.click(buttonNamed('保存', form));
    await acceptPrompt('保存角色已经操作成功！现在继续分配菜单吗？');
    const menus = await dialogTitled('分配菜单给：仓管【分配之后请继续分配按钮】');
    await waitFor(() => expect(buttonNamed('保存', menus)).toBeEnabled());
    fireEvent.click(buttonNamed('保存', menus));
    await acceptPrompt('分配菜单已经操作成功！现在继续分配按钮吗？');
    await dialogTitled('分配按钮给：仓管');
    expect(backend.callsTo('PUT /userBusiness/update')[0]?.body).toEqual({
      id: 32,
      type: 'RoleFunctions',
      keyId: 16,
      value: [13],
    });
    await waitFor(() =>
      expect(backend.callsTo('GET /function/findRoleFunctionsById')[0]?.query.get('roleId')).toBe('16'),
    );
  });
});

describe('仓库 分配用户', () => {
  it("needs the depot page's edit code, depotFlag and the edit code of 用户管理", async () => {
    const backend = scriptBackend({
      'GET /depot/list': () => listOf([{ id: 14, name: '仓库1', isDefault: true, enabled: true }]),
      'GET /systemConfig/getCurrentInfo': config({ depotFlag: '1' }),
      'GET /user/getUserWithChecked': () => [],
    });
    storage.set(StorageKeys.buttonPermissions, [
      { url: '/system/depot', btnStr: '1' },
      { url: '/system/user', btnStr: '1' },
    ]);
    const page = await renderListPage(SYSTEM_VIEWS.depot, SYSTEM_FORMS.depot);
    await waitFor(() => expect(queryLink('分配用户', rowWith('仓库1'))).toBeDefined());
    fireEvent.click(linkNamed('分配用户', rowWith('仓库1')));
    await dialogTitled('分配用户给：仓库1');
    page.unmount();
    // Another viewer: a new session, which asks for the system config afresh.
    closeSessionCalls();

    storage.set(StorageKeys.buttonPermissions, [
      { url: '/system/depot', btnStr: '1' },
      { url: '/system/user', btnStr: '3' },
    ]);
    await renderListPage(SYSTEM_VIEWS.depot, SYSTEM_FORMS.depot);
    await waitFor(() => expect(backend.callsTo('GET /systemConfig/getCurrentInfo')).toHaveLength(2));
    expect(queryLink('设为默认', rowWith('仓库1'))).toBeDefined();
    expect(queryLink('分配用户', rowWith('仓库1'))).toBeUndefined();
  });
});

describe('会员 修正预付款', () => {
  it('asks for a selection, confirms, posts the ids and says 修正预付款成功！ before reloading', async () => {
    holdButtons('/system/member', '1');
    const backend = scriptBackend({
      'GET /supplier/list': () => listOf([{ id: 5, supplier: '会员A', type: '会员', enabled: true }]),
      'POST /supplier/batchSetAdvanceIn': () => ({ code: 200, data: { message: '成功' } }),
    });
    await renderListPage(SYSTEM_VIEWS.member, SYSTEM_FORMS.member);
    fireEvent.click(buttonNamed('修正预付款'));
    await waitFor(() => expect(shownMessages()).toContain('请选择一条记录！'));
    fireEvent.click(rowWith('会员A').querySelector('input[type="checkbox"]')!);
    fireEvent.click(buttonNamed('修正预付款'));
    const confirm = await waitFor(() => {
      const box = document.querySelector<HTMLElement>('.ant-modal-confirm');
      expect(box?.textContent).toContain('是否操作选中数据?');
      return box!;
    });
    expect(confirm.textContent).toContain('确认操作');
    fireEvent.click(confirm.querySelector('.ant-btn-primary')!);
    await waitFor(() => expect(shownMessages()).toContain('修正预付款成功！'));
    expect(backend.callsTo('POST /supplier/batchSetAdvanceIn').map((c) => c.body)).toEqual([{ ids: '5,' }]);
    await waitFor(() => expect(backend.callsTo('GET /supplier/list')).toHaveLength(2));
  });

  it('is not offered without the edit code', async () => {
    holdButtons('/system/member', '3');
    scriptBackend({ 'GET /supplier/list': () => listOf([{ id: 5, supplier: '会员A', type: '会员', enabled: true }]) });
    await renderListPage(SYSTEM_VIEWS.member, SYSTEM_FORMS.member);
    expect(queryButton('修正预付款')).toBeUndefined();
  });
});
