// The side menu names the items a user may choose next (those of the open submenus, and the one under the pointer),
// so the layout fetches their pages' code before the click.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SideMenu } from '../../../features/menu/side-menu';
import type { MenuItem } from '../../../lib/backend/types';
import { render } from '../../helpers/render';

const menu: MenuItem[] = [
  { id: 1, text: '首页', url: '/dashboard/analysis', component: '/dashboard/Analysis' },
  {
    id: 2,
    text: '系统管理',
    url: '/system',
    component: '/layouts/TabLayout',
    children: [
      { id: 21, text: '角色管理', url: '/system/role', component: '/system/RoleList' },
      { id: 22, text: '用户管理', url: '/system/user', component: '/system/UserList' },
    ],
  },
  {
    id: 3,
    text: '商品管理',
    url: '/material',
    component: '/layouts/TabLayout',
    children: [{ id: 31, text: '商品信息', url: '/material/material', component: '/material/MaterialList' }],
  },
];

const previewed = (onPreview: ReturnType<typeof vi.fn>) =>
  onPreview.mock.calls.map(([item]) => (item as MenuItem).text);

/** The expanded menu on 角色管理; returns its onPreview. */
function renderOnRolePage() {
  const onPreview = vi.fn();
  render(
    <SideMenu
      menu={menu}
      theme="light"
      collapsed={false}
      activePath="/system/role"
      onOpen={() => undefined}
      onPreview={onPreview}
    />,
  );
  return onPreview;
}

describe('the side menu previews what the user may choose next', () => {
  it('names the items of the open submenu once shown, then those of a submenu the user opens', async () => {
    const onPreview = renderOnRolePage();
    await waitFor(() => expect(previewed(onPreview)).toEqual(['首页', '角色管理', '用户管理']));
    onPreview.mockClear();
    fireEvent.click(screen.getByText('商品管理'));
    // The root accordion closes 系统管理: only what is now shown is named.
    await waitFor(() => expect(previewed(onPreview)).toEqual(['首页', '商品信息']));
  });

  it('names an item the pointer enters', async () => {
    const onPreview = renderOnRolePage();
    await waitFor(() => expect(onPreview).toHaveBeenCalled());
    onPreview.mockClear();
    fireEvent.mouseEnter(screen.getByText('用户管理'));
    expect(previewed(onPreview)).toEqual(['用户管理']);
  });
});

describe('the folded side menu', () => {
  it('names a first-level item in a tooltip on hover', async () => {
    render(<SideMenu menu={menu} theme="light" collapsed activePath="/system/role" onOpen={() => undefined} />);
    const home = document.querySelector<HTMLElement>('li.ant-menu-item')!;
    fireEvent.mouseEnter(home);
    await waitFor(() =>
      expect(document.querySelector('.ant-menu-inline-collapsed-tooltip')?.textContent).toContain('首页'),
    );
  });
});
