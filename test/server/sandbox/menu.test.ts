// The permission menu and button rights for the three demo users, through the gateway.
import t from 'tap';
import { startStack } from './helpers.js';

// The trees jshERP-boot's seed data gives (ids in order): [top id, [child ids]].
const JSH_TREE: [number, number[]][] = [
  [0, []],
  [225, [210, 211]],
  [32, [261, 241, 33, 199]],
  [38, [242, 41, 200]],
  [239, [201, 202, 40, 232, 233]],
  [44, [197, 203, 204, 205, 206, 212]],
  [198, [246, 207, 259, 208, 209, 226, 227, 248, 228, 229, 59, 235, 237, 244]],
  [21, [22, 23, 220, 247]],
  [24, [25, 217, 218, 26, 194, 195, 31]],
  [1, [13, 14, 243, 15, 236, 234]],
];
const ADMIN_TREE: [number, number[]][] = JSH_TREE.map(([id, children]) =>
  id === 1 ? [id, [...children, 16, 18, 245, 260, 258]] : [id, children],
);
const TEST123_TREE: [number, number[]][] = [
  [0, []],
  [225, [210, 211]],
  [32, [241, 33, 199]],
  [38, [242, 41, 200]],
  [239, [201, 202, 40, 232, 233]],
  [44, [197, 203, 204, 205, 206, 212]],
];

interface Node {
  id: number;
  text: string;
  icon: string;
  url: string;
  component: string;
  children?: Node[];
}

const shape = (menu: Node[]): [number, number[]][] => menu.map((n) => [n.id, (n.children ?? []).map((c) => c.id)]);

t.test('findMenuByPNumber and getUserBtnByCurrentUser', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call } = stack;
  const menuOf = async (loginName: string, userId: number) => {
    const { token } = await stack.login(loginName);
    const res = await call('POST', '/function/findMenuByPNumber', { token, body: { pNumber: 0, userId } });
    t.equal(res.status, 200);
    t.match(res.headers['content-type'], /^application\/json/);
    return { token, menu: res.json() as Node[] };
  };

  t.test('jsh, admin and test123 get the seeded trees', async (t) => {
    const cases: [string, number, [number, number[]][]][] = [
      ['jsh', 63, JSH_TREE],
      ['admin', 120, ADMIN_TREE],
      ['test123', 131, TEST123_TREE],
    ];
    for (const [name, id, expected] of cases) {
      const { menu } = await menuOf(name, id);
      t.ok(Array.isArray(menu), `${name}: a bare array, no envelope`);
      t.same(shape(menu), expected, `${name} tree`);
    }
  });

  t.test(
    'node fields: home item first, branches with component /layouts/TabLayout, leaves with view paths',
    async (t) => {
      const { menu } = await menuOf('jsh', 63);
      t.same(menu[0], {
        id: 0,
        text: '首页',
        icon: 'home',
        url: '/dashboard/analysis',
        component: '/layouts/TabLayout',
      });
      const purchase = menu.find((n) => n.id === 32);
      t.same(Object.keys(purchase ?? {}), ['id', 'text', 'icon', 'url', 'component', 'children']);
      t.match(purchase, { text: '采购管理', url: '/bill', component: '/layouts/TabLayout' });
      const leaf = purchase?.children?.find((c) => c.id === 33);
      t.same(leaf, {
        id: 33,
        text: '采购入库',
        icon: 'profile',
        url: '/bill/purchase_in',
        component: '/bill/PurchaseInList',
      });
      for (const top of menu.slice(1)) {
        for (const child of top.children ?? []) {
          t.same(
            Object.keys(child),
            ['id', 'text', 'icon', 'url', 'component'],
            `leaf ${child.id} has exactly the five fields`,
          );
        }
      }
    },
  );

  t.test('the role comes from the body userId, visibility from the token user (quirk kept)', async (t) => {
    const { token } = await stack.login('jsh');
    const res = await call('POST', '/function/findMenuByPNumber', { token, body: { pNumber: '0', userId: '131' } });
    t.same(shape(res.json()), TEST123_TREE);
    const none = await call('POST', '/function/findMenuByPNumber', { token, body: { pNumber: '9999', userId: 63 } });
    t.same(none.json(), [], 'no top-level functions → []');
    const bad = await call('POST', '/function/findMenuByPNumber', { token, body: { pNumber: 0 } });
    t.same(bad.json(), { code: 500, data: '未知异常' }, 'no userId → global handler object');
  });

  t.test('without a session: 500 with an empty body', async (t) => {
    const res = await call('POST', '/function/findMenuByPNumber', { body: { pNumber: 0, userId: 63 } });
    t.equal(res.status, 500);
    t.equal(res.text, '');
  });

  t.test('getUserBtnByCurrentUser: admin {}, jsh 36 entries, test123 19 entries', async (t) => {
    const admin = await stack.login('admin');
    t.same((await call('GET', '/user/getUserBtnByCurrentUser', { token: admin.token })).json(), {
      code: 200,
      data: {},
    });

    const jsh = await stack.login('jsh');
    const jshBtn = (await call('GET', '/user/getUserBtnByCurrentUser', { token: jsh.token })).json();
    t.equal(jshBtn.code, 200);
    t.equal(jshBtn.data.userBtn.length, 36);
    t.same(jshBtn.data.userBtn[0], { url: '/system/role', btnStr: '1' });
    t.same(
      jshBtn.data.userBtn.find((b: { url: string }) => b.url === '/material/material'),
      { url: '/material/material', btnStr: '1,3' },
    );
    t.same(
      jshBtn.data.userBtn.find((b: { url: string }) => b.url === '/bill/purchase_in'),
      { url: '/bill/purchase_in', btnStr: '1,2,7,3' },
    );

    const test123 = await stack.login('test123');
    const btn = (await call('GET', '/user/getUserBtnByCurrentUser', { token: test123.token })).json();
    t.equal(btn.data.userBtn.length, 19);
    for (const entry of btn.data.userBtn) t.match(entry.btnStr, /^(1,2|1)$/);
    t.same(btn.data.userBtn[0], { url: '/bill/purchase_order', btnStr: '1,2' });
  });
});
