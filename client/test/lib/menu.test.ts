import { expect, it } from 'vitest';
import type { MenuItem } from '../../lib/backend/types';
import {
  buildRoutes,
  findMenuTrail,
  iframeSource,
  menuLeaves,
  menuPathKey,
  menuTargetsOf,
  menuTitle,
  normalizeComponent,
} from '../../lib/menu';

// The shape /function/findMenuByPNumber returns, trimmed.
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

it('menu → route tree: layouts nest, views keyed by component, iframes, no home/external/duplicates', () => {
  const routes = buildRoutes(menu);
  expect(routes.length, 'home, and the empty module, produce no route').toBe(2);
  const [retail, system] = routes;
  expect(retail).toMatchObject({
    kind: 'layout',
    layout: 'TabLayout',
    title: '零售管理',
    url: '/billC',
    firstLeaf: '/bill/retail_out',
  });
  expect(
    retail!.kind === 'layout' && retail!.children.map((c) => (c.kind === 'view' ? [c.path, c.component] : c.kind)),
  ).toEqual([
    ['/bill/retail_out', '/bill/RetailOutList'],
    ['/bill/retail_back', '/bill/RetailBackList'],
  ]);
  expect(system!.kind === 'layout').toBeTruthy();
  if (system!.kind !== 'layout') return;
  const kinds = system!.children.map((c) => `${c.kind}:${c.kind === 'layout' ? c.layout : c.path}`);
  expect(kinds).toEqual([
    'layout:RouteView',
    'view:/system/role',
    'iframe:/system/report/big/screen',
    'iframe:/iframe/22',
  ]);
  const deep = system!.children[0]!;
  expect(deep).toMatchObject({
    kind: 'layout',
    firstLeaf: '/system/deep',
    children: [{ kind: 'view', path: '/system/deep', component: '/system/DeepList' }],
  });
  expect(system!.children[2]).toMatchObject({ kind: 'iframe', src: '/report/big/big.html?t=screen' });
  expect(system!.children[3]).toMatchObject({ kind: 'iframe', src: 'https://bi.example.com/x' });
  expect(system!.firstLeaf).toBe('/system/deep');
});

it('normalizeComponent and iframeSource', () => {
  expect(normalizeComponent('bill/PurchaseInList.vue')).toBe('/bill/PurchaseInList');
  expect(normalizeComponent('/system/RoleList')).toBe('/system/RoleList');
  expect(iframeSource('/system/a/page.html')).toBe('/a/page.html');
});

it('trail, title and leaves', () => {
  expect(findMenuTrail(menu, '/system/deep').map((m) => m.text)).toEqual(['系统管理', '子模块', '深层页面']);
  expect(findMenuTrail(menu, '/nowhere')).toEqual([]);
  expect(menuTitle(menu, '/bill/retail_back')).toBe('零售退货');
  expect(menuTitle(menu, '/system/role'), 'the first of duplicates').toBe('角色管理');
  expect(
    menuLeaves(menu).map((m) => m.text),
    'layout-only entries (home, modules, empty layouts) are excluded; iframe pages are pages',
  ).toEqual(['零售出库', '零售退货', '深层页面', '角色管理', '重复', '官网', '报表大屏', '外部大屏']);
});

it('menu → what each path shows, looked up as the router matches (case, a trailing slash), and one route per module', () => {
  const { targets, prefixes } = menuTargetsOf(menu);
  const at = (path: string) => targets.get(menuPathKey(path));
  expect(at('/bill/retail_out')).toEqual({ kind: 'view', component: '/bill/RetailOutList' });
  expect(at('/Bill/Retail_Back/')).toEqual({ kind: 'view', component: '/bill/RetailBackList' });
  expect(at('/system/role'), 'the first of duplicates').toEqual({ kind: 'view', component: '/system/RoleList' });
  expect(at('/system/report/big/screen')).toEqual({
    kind: 'iframe',
    src: '/report/big/big.html?t=screen',
    title: '报表大屏',
  });
  expect(at('/iframe/22')).toEqual({ kind: 'iframe', src: 'https://bi.example.com/x', title: '外部大屏' });
  expect(at('/billC'), 'a module opens its first page').toEqual({ kind: 'redirect', to: '/bill/retail_out' });
  expect(at('/system/sub')).toEqual({ kind: 'redirect', to: '/system/deep' });
  expect(at('/system')).toEqual({ kind: 'redirect', to: '/system/deep' });
  expect(at('/dashboard/analysis'), "home is the route table's").toBeUndefined();
  expect(at('/system/empty')).toBeUndefined();
  expect(at('/nothing')).toBeUndefined();
  expect(prefixes).toEqual(['/bill', '/billc', '/system', '/iframe']);
  expect(menuTargetsOf(menu), 'built once per menu').toBe(menuTargetsOf(menu));
});
