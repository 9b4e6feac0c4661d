import t from 'tap';
import {
  ButtonCode,
  filterMenuByPermission,
  getCheckFlag,
  hasButton,
  splitCommaList,
} from '../../client/lib/permissions.js';
import type { UserBtn } from '../../client/lib/backend/types.js';

const test123Buttons: UserBtn[] = [
  { url: '/bill/purchase_in', btnStr: '1,2,7,3' },
  { url: '/system/role', btnStr: '1' },
  { url: '/material/material', btnStr: '11' },
  { url: null, btnStr: '1,2' },
  { url: '/bill/sale_out', btnStr: null },
];

t.test('ButtonCode holds the backend numeric codes', async (t) => {
  t.same(ButtonCode, { edit: '1', audit: '2', export: '3', enable: '4', print: '5', void: '6', unaudit: '7' });
});

t.test('hasButton: no list at all (admin) allows everything', async (t) => {
  t.equal(hasButton(undefined, '/bill/purchase_in', ButtonCode.void), true);
  t.equal(hasButton(null, '/anything', ButtonCode.edit), true);
});

t.test('hasButton: grants exactly the codes listed for the page url', async (t) => {
  t.equal(hasButton(test123Buttons, '/bill/purchase_in', ButtonCode.edit), true);
  t.equal(hasButton(test123Buttons, '/bill/purchase_in', ButtonCode.audit), true);
  t.equal(hasButton(test123Buttons, '/bill/purchase_in', ButtonCode.unaudit), true);
  t.equal(hasButton(test123Buttons, '/bill/purchase_in', ButtonCode.export), true);
  t.equal(hasButton(test123Buttons, '/bill/purchase_in', ButtonCode.print), false);
  t.equal(hasButton(test123Buttons, '/system/role', ButtonCode.audit), false);
});

t.test('hasButton: whole items only, never a substring', async (t) => {
  t.equal(hasButton(test123Buttons, '/material/material', ButtonCode.edit), false, "'11' does not grant '1'");
  t.equal(hasButton([{ url: '/p', btnStr: '1,2' }], '/p', ','), false);
  t.equal(hasButton([{ url: '/p', btnStr: ' 1 , 3' }], '/p', '3'), true, 'spaces around items are ignored');
});

t.test('hasButton: a page missing from a present list grants nothing', async (t) => {
  t.equal(hasButton(test123Buttons, '/system/user', ButtonCode.edit), false);
  t.equal(hasButton([], '/system/user', ButtonCode.edit), false);
  t.equal(hasButton(test123Buttons, '/bill/sale_out', ButtonCode.edit), false, 'null btnStr grants nothing');
  t.equal(hasButton(test123Buttons, '/bill/purchase_in/', ButtonCode.edit), false, 'url must match exactly');
});

t.test('splitCommaList', async (t) => {
  t.same(splitCommaList('1, 2,,7'), ['1', '2', '7']);
  t.same(splitCommaList(''), []);
  t.same(splitCommaList(null), []);
});

t.test("getCheckFlag: flag '1' requires the prefix to be absent from the list", async (t) => {
  t.equal(getCheckFlag('CGRK,XSCK', '1', 'CGRK'), false);
  t.equal(getCheckFlag('CGRK,XSCK', '1', 'CGDD'), true);
  t.equal(getCheckFlag('CGRKX', '1', 'CGRK'), true, 'whole items, not substrings');
  t.equal(getCheckFlag('CGRK,XSCK', '0', 'CGRK'), true, 'other flags always pass');
  t.equal(getCheckFlag('', '1', 'CGRK'), true, 'no list configured passes');
  t.equal(getCheckFlag(null, '1', 'CGRK'), true);
  t.equal(getCheckFlag('CGRK', undefined, 'CGRK'), true);
});

interface Menu {
  id: number;
  text: string;
  permission?: string[];
  meta?: { permission?: string[] };
  children?: Menu[];
}

t.test('filterMenuByPermission: backend menus carry no permissions, so all show', async (t) => {
  const menu: Menu[] = [
    { id: 0, text: '首页' },
    { id: 1, text: '系统管理', children: [{ id: 2, text: '用户管理' }, { id: 3, text: '角色管理' }] },
  ];
  t.same(filterMenuByPermission(menu, []), menu);
  t.same(filterMenuByPermission(menu, undefined), menu);
});

t.test('filterMenuByPermission: a route with requirements shows only if one is held', async (t) => {
  const menu: Menu[] = [
    { id: 1, text: 'open' },
    { id: 2, text: 'needs a or b', permission: ['a', 'b'] },
    { id: 3, text: 'needs c (meta)', meta: { permission: ['c'] } },
    {
      id: 4,
      text: 'module',
      children: [
        { id: 5, text: 'needs c', permission: ['c'] },
        { id: 6, text: 'needs b', permission: ['b'] },
      ],
    },
    { id: 7, text: 'module of hidden', children: [{ id: 8, text: 'needs z', permission: ['z'] }] },
  ];
  const visible = filterMenuByPermission(menu, new Set(['b']));
  t.same(
    visible.map((m) => m.id),
    [1, 2, 4],
  );
  t.same(
    visible[2]?.children?.map((m) => m.id),
    [6],
  );
  t.equal(menu[3]?.children?.length, 2, 'input untouched');
  t.same(
    filterMenuByPermission(menu, ['c']).map((m) => m.id),
    [1, 3, 4],
  );
});
