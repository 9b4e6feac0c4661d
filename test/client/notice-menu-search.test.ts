// The header's menu search options: pages only (layout-only entries excluded), translated labels, search in both.
import t from 'tap';
import { matchesMenuSearch, menuSearchOptions } from '../../client/features/menu-search/menu-search-options.js';
import type { MenuItem } from '../../client/lib/backend/types.js';

const menu: MenuItem[] = [
  { id: 0, text: '首页', url: '/dashboard/analysis', component: '/layouts/TabLayout' },
  {
    id: 1, text: '系统管理', url: '/system', component: '/layouts/TabLayout',
    children: [
      { id: 13, text: '角色管理', url: '/system/role', component: '/system/RoleList' },
      { id: 14, text: '用户管理', url: '/system/user', component: '/system/UserList' },
      { id: 99, text: '子模块', url: '/system/sub', component: '/layouts/RouteView', children: [{ id: 100, text: 'Custom Page', url: '/x/custom', component: '/x/Custom' }] },
      { id: 15, text: '隐藏', url: '/system/hidden', component: '/system/Hidden', hidden: true },
    ],
  },
];
const english: Record<string, string> = { '/system/role': 'Roles', '/system/user': 'Users' };
const translate = (url: string | null | undefined, text: string) => (url && english[url]) || text;

t.test('layout-only entries (TabLayout, RouteView) and hidden items are not offered', async (t) => {
  const options = menuSearchOptions(menu, (_url, text) => text);
  t.same(options.map((o) => o.label), ['角色管理', '用户管理', 'Custom Page']);
  t.same(options.map((o) => o.path), ['/system/role', '/system/user', '/x/custom']);
  t.same(options.map((o) => o.value), ['13', '14', '100']);
});

t.test('labels follow the language; search matches the label or the server text, case-insensitively', async (t) => {
  const options = menuSearchOptions(menu, translate);
  t.same(options.map((o) => o.label), ['Roles', 'Users', 'Custom Page']);
  const find = (input: string) => options.filter((o) => matchesMenuSearch(o, input)).map((o) => o.value);
  t.same(find('role'), ['13']);
  t.same(find('ROLE'), ['13']);
  t.same(find('角色'), ['13'], 'the server text still matches');
  t.same(find('custom'), ['100']);
  t.same(find(''), ['13', '14', '100']);
  t.same(find('nothing'), []);
});
