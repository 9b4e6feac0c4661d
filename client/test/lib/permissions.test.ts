import { expect, it } from 'vitest';
import { ButtonCode, filterMenuByPermission, getCheckFlag, hasButton, splitCommaList } from '../../lib/permissions';
import type { UserBtn } from '../../lib/backend/types';

const test123Buttons: UserBtn[] = [
  { url: '/bill/purchase_in', btnStr: '1,2,7,3' },
  { url: '/system/role', btnStr: '1' },
  { url: '/material/material', btnStr: '11' },
  { url: null, btnStr: '1,2' },
  { url: '/bill/sale_out', btnStr: null },
];

it('ButtonCode holds the backend numeric codes', () => {
  expect(ButtonCode).toEqual({ edit: '1', audit: '2', export: '3', enable: '4', print: '5', void: '6', unaudit: '7' });
});

it('hasButton: no list at all (admin) allows everything', () => {
  expect(hasButton(undefined, '/bill/purchase_in', ButtonCode.void)).toBe(true);
  expect(hasButton(null, '/anything', ButtonCode.edit)).toBe(true);
});

it('hasButton: grants exactly the codes listed for the page url', () => {
  expect(hasButton(test123Buttons, '/bill/purchase_in', ButtonCode.edit)).toBe(true);
  expect(hasButton(test123Buttons, '/bill/purchase_in', ButtonCode.audit)).toBe(true);
  expect(hasButton(test123Buttons, '/bill/purchase_in', ButtonCode.unaudit)).toBe(true);
  expect(hasButton(test123Buttons, '/bill/purchase_in', ButtonCode.export)).toBe(true);
  expect(hasButton(test123Buttons, '/bill/purchase_in', ButtonCode.print)).toBe(false);
  expect(hasButton(test123Buttons, '/system/role', ButtonCode.audit)).toBe(false);
});

it('hasButton: whole items only, never a substring', () => {
  expect(hasButton(test123Buttons, '/material/material', ButtonCode.edit), "'11' does not grant '1'").toBe(false);
  expect(hasButton([{ url: '/p', btnStr: '1,2' }], '/p', ',')).toBe(false);
  expect(hasButton([{ url: '/p', btnStr: ' 1 , 3' }], '/p', '3'), 'spaces around items are ignored').toBe(true);
});

it('hasButton: a page missing from a present list grants nothing', () => {
  expect(hasButton(test123Buttons, '/system/user', ButtonCode.edit)).toBe(false);
  expect(hasButton([], '/system/user', ButtonCode.edit)).toBe(false);
  expect(hasButton(test123Buttons, '/bill/sale_out', ButtonCode.edit), 'null btnStr grants nothing').toBe(false);
  expect(hasButton(test123Buttons, '/bill/purchase_in/', ButtonCode.edit), 'url must match exactly').toBe(false);
});

it('splitCommaList', () => {
  expect(splitCommaList('1, 2,,7')).toEqual(['1', '2', '7']);
  expect(splitCommaList('')).toEqual([]);
  expect(splitCommaList(null)).toEqual([]);
});

it("getCheckFlag: flag '1' requires the prefix to be absent from the list", () => {
  expect(getCheckFlag('CGRK,XSCK', '1', 'CGRK')).toBe(false);
  expect(getCheckFlag('CGRK,XSCK', '1', 'CGDD')).toBe(true);
  expect(getCheckFlag('CGRKX', '1', 'CGRK'), 'whole items, not substrings').toBe(true);
  expect(getCheckFlag('CGRK,XSCK', '0', 'CGRK'), 'other flags always pass').toBe(true);
  expect(getCheckFlag('', '1', 'CGRK'), 'no list configured passes').toBe(true);
  expect(getCheckFlag(null, '1', 'CGRK')).toBe(true);
  expect(getCheckFlag('CGRK', undefined, 'CGRK')).toBe(true);
});

interface Menu {
  id: number;
  text: string;
  permission?: string[];
  meta?: { permission?: string[] };
  children?: Menu[];
}

it('filterMenuByPermission: backend menus carry no permissions, so all show', () => {
  const menu: Menu[] = [
    { id: 0, text: '首页' },
    {
      id: 1,
      text: '系统管理',
      children: [
        { id: 2, text: '用户管理' },
        { id: 3, text: '角色管理' },
      ],
    },
  ];
  expect(filterMenuByPermission(menu, [])).toEqual(menu);
  expect(filterMenuByPermission(menu, undefined)).toEqual(menu);
});

it('filterMenuByPermission: a route with requirements shows only if one is held', () => {
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
  expect(visible.map((m) => m.id)).toEqual([1, 2, 4]);
  expect(visible[2]?.children?.map((m) => m.id)).toEqual([6]);
  expect(menu[3]?.children?.length, 'input untouched').toBe(2);
  expect(filterMenuByPermission(menu, ['c']).map((m) => m.id)).toEqual([1, 3, 4]);
});
