import t from 'tap';
import type { MenuItem } from '../../../client/lib/backend/types.js';
import { buildRoutes, findMenuTrail, iframeSource, menuLeaves, menuTitle, normalizeComponent } from '../../../client/lib/menu.js';

// The shape /function/findMenuByPNumber returns (backend contract §6), trimmed.
const menu: MenuItem[] = [
  { id: 0, text: '首页', icon: 'home', url: '/dashboard/analysis', component: '/layouts/TabLayout' },
  {
    id: 225,
    text: '零售管理',
    icon: 'gift',
    url: '/billC',
    component: '/layouts/TabLayout',
    children: [
      { id: 210, text: '零售出库', icon: 'profile', url: '/bill/retail_out', component: '/bill/RetailOutList' },
      { id: 211, text: '零售退货', icon: 'profile', url: '/bill/retail_back', component: '/bill/RetailBackList' },
    ],
  },
  {
    id: 1,
    text: '系统管理',
    icon: 'setting',
    url: '/system',
    component: '/layouts/TabLayout',
    children: [
      {
        id: 900,
        text: '子模块',
        url: '/system/sub',
        component: '/layouts/RouteView',
        children: [{ id: 901, text: '深层页面', url: '/system/deep', component: 'system/DeepList.vue' }],
      },
      { id: 13, text: '角色管理', url: '/system/role', component: '/system/RoleList' },
      { id: 14, text: '重复', url: '/system/role', component: '/system/Other' },
      { id: 20, text: '官网', url: 'https://www.example.com/', component: '/system/External' },
      { id: 21, text: '报表大屏', url: '/system/report/big/screen', component: '/layouts/IframePageView' },
      { id: 22, text: '外部大屏', url: 'https://bi.example.com/x', component: '/layouts/IframePageView' },
      { id: 23, text: '空模块', url: '/system/empty', component: '/layouts/RouteView', children: [] },
    ],
  },
  { id: 30, text: '空', url: '/nothing', component: '/layouts/TabLayout', children: [] },
];

t.test('menu → route tree: layouts nest, views keyed by component, iframes, no home/external/duplicates', async (t) => {
  const routes = buildRoutes(menu);
  t.equal(routes.length, 2, 'home, and the empty module, produce no route');
  const [retail, system] = routes;
  t.match(retail, { kind: 'layout', layout: 'TabLayout', title: '零售管理', url: '/billC', firstLeaf: '/bill/retail_out' });
  t.same(
    retail!.kind === 'layout' && retail!.children.map((c) => (c.kind === 'view' ? [c.path, c.component] : c.kind)),
    [
      ['/bill/retail_out', '/bill/RetailOutList'],
      ['/bill/retail_back', '/bill/RetailBackList'],
    ],
  );
  t.ok(system!.kind === 'layout');
  if (system!.kind !== 'layout') return;
  const kinds = system!.children.map((c) => `${c.kind}:${c.kind === 'layout' ? c.layout : c.path}`);
  t.same(kinds, ['layout:RouteView', 'view:/system/role', 'iframe:/system/report/big/screen', 'iframe:/iframe/22']);
  const deep = system!.children[0]!;
  t.match(deep, { kind: 'layout', firstLeaf: '/system/deep', children: [{ kind: 'view', path: '/system/deep', component: '/system/DeepList' }] });
  t.match(system!.children[2], { kind: 'iframe', src: '/report/big/big.html?t=screen' });
  t.match(system!.children[3], { kind: 'iframe', src: 'https://bi.example.com/x' });
  t.equal(system!.firstLeaf, '/system/deep');
});

t.test('normalizeComponent and iframeSource', async (t) => {
  t.equal(normalizeComponent('bill/PurchaseInList.vue'), '/bill/PurchaseInList');
  t.equal(normalizeComponent('/system/RoleList'), '/system/RoleList');
  t.equal(iframeSource('/system/a/page.html'), '/a/page.html');
});

t.test('trail, title and leaves', async (t) => {
  t.same(findMenuTrail(menu, '/system/deep').map((m) => m.text), ['系统管理', '子模块', '深层页面']);
  t.same(findMenuTrail(menu, '/nowhere'), []);
  t.equal(menuTitle(menu, '/bill/retail_back'), '零售退货');
  t.equal(menuTitle(menu, '/system/role'), '角色管理', 'the first of duplicates');
  t.same(
    menuLeaves(menu).map((m) => m.text),
    ['零售出库', '零售退货', '深层页面', '角色管理', '重复', '官网', '报表大屏', '外部大屏'],
    'layout-only entries (home, modules, empty layouts) are excluded; iframe pages are pages',
  );
});
