// The header's menu search options: pages only (layout-only entries excluded), translated labels, search in both.
import { expect, it } from 'vitest';
import { matchesMenuSearch, menuSearchOptions } from '../../../features/menu-search/menu-search-options';
import type { MenuItem } from '../../../lib/backend/types';

const menu: MenuItem[] = [
  { id: 0, text: '首页', url: '/dashboard/analysis', component: '/layouts/TabLayout' },
  {
    id: 1,
    text: '系统管理',
    url: '/system',
    component: '/layouts/TabLayout',
    children: [
      { id: 13, text: '角色管理', url: '/system/role', component: '/system/RoleList' },
      { id: 14, text: '用户管理', url: '/system/user', component: '/system/UserList' },
      {
        id: 99,
        text: '子模块',
        url: '/system/sub',
        component: '/layouts/RouteView',
        children: [{ id: 100, text: 'Custom Page', url: '/x/custom', component: '/x/Custom' }],
      },
      { id: 15, text: '隐藏', url: '/system/hidden', component: '/system/Hidden', hidden: true },
    ],
  },
];
const english: Record<string, string> = { '/system/role': 'Roles', '/system/user': 'Users' };
const translate = (url: string | null | undefined, text: string) => (url && english[url]) || text;

it('layout-only entries (TabLayout, RouteView) and hidden items are not offered', () => {
  const options = menuSearchOptions(menu, (_url, text) => text);
  expect(options.map((o) => o.label)).toEqual(['角色管理', '用户管理', 'Custom Page']);
  expect(options.map((o) => o.path)).toEqual(['/system/role', '/system/user', '/x/custom']);
  expect(options.map((o) => o.value)).toEqual(['13', '14', '100']);
});

it('labels follow the language; search matches the label or the server text, case-insensitively', () => {
  const options = menuSearchOptions(menu, translate);
  expect(options.map((o) => o.label)).toEqual(['Roles', 'Users', 'Custom Page']);
  const find = (input: string) => options.filter((o) => matchesMenuSearch(o, input)).map((o) => o.value);
  expect(find('role')).toEqual(['13']);
  expect(find('ROLE')).toEqual(['13']);
  expect(find('角色'), 'the server text still matches').toEqual(['13']);
  expect(find('custom')).toEqual(['100']);
  expect(find('')).toEqual(['13', '14', '100']);
  expect(find('nothing')).toEqual([]);
});
