/// <reference lib="dom" />
// A returning user's login lands on home with the menu their last session loaded, at once, while this session's menu
// call is still on its way (POST /function/findMenuByPNumber: 80–280 ms on the real backend, held longer here on
// the wire). A page clicked meanwhile opens once the call has answered — and not at all when it no longer grants it.
import t from 'tap';
import type { Page, Route } from 'playwright-core';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import { closeTourIfShown, launchBrowser, login, newPage, submitLogin, USERS } from '../support/browser.js';

const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;

interface MenuNode {
  text: string;
  children?: MenuNode[];
}

/** Holds the menu calls until `release()`; `drop` takes a page out of the menu they answer. */
async function holdMenu(page: Page, drop?: string) {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route('**/jshERP-boot/function/findMenuByPNumber', async (route: Route) => {
    asked += 1;
    const response = await route.fetch();
    const menu = (await response.json()) as MenuNode[];
    const without = (nodes: MenuNode[]): MenuNode[] =>
      nodes
        .filter((node) => node.text !== drop)
        .map((node) => (node.children ? { ...node, children: without(node.children) } : node));
    await released;
    await route.fulfill({ response, json: drop ? without(menu) : menu });
  });
  return { release, asked: () => asked };
}

async function logoutThenLogin(page: Page): Promise<void> {
  await page.getByTestId('logout').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await page.waitForURL(/\/user\/login$/);
  await submitLogin(page, USERS.jsh);
  await page.waitForURL(/\/dashboard\/analysis$/);
}

const sideItem = (page: Page, text: string) =>
  page.locator('.main-sider li.ant-menu-item').filter({ has: page.getByText(text, { exact: true }) });

t.test("a returning user's home and menu show before the menu call answers; a page waits for it", async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.jsh);
  await closeTourIfShown(page);
  const held = await holdMenu(page);
  await logoutThenLogin(page);
  await page.locator('.main-sider .ant-menu-submenu-title').filter({ hasText: '采购管理' }).click();
  await sideItem(page, '采购入库').waitFor();
  t.equal(held.asked(), 1, 'the menu shows while its call is held');
  await sideItem(page, '采购入库').click();
  await page.waitForURL(/\/bill\/purchase_in$/);
  await page.waitForTimeout(300);
  t.equal(await page.locator('.table-page').count(), 0, 'the page does not open before the menu has answered');
  held.release();
  await page.locator('.table-page .ant-table-tbody tr').first().waitFor();
  t.pass('it opens once the menu has answered');
});

t.test('a page the new menu no longer grants never opens, and leaves the menu', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.jsh);
  await closeTourIfShown(page);
  const held = await holdMenu(page, '采购入库');
  await logoutThenLogin(page);
  await page.locator('.main-sider .ant-menu-submenu-title').filter({ hasText: '采购管理' }).click();
  await sideItem(page, '采购入库').click();
  await page.waitForURL(/\/bill\/purchase_in$/);
  held.release();
  await page.waitForURL(/\/404$/);
  t.equal(await page.locator('.table-page').count(), 0, 'the revoked page never showed');
  await page.goto(`${base}/dashboard/analysis`);
  await page.locator('.main-sider .ant-menu-submenu-title').filter({ hasText: '采购管理' }).click();
  await sideItem(page, '采购订单').waitFor();
  t.equal(await sideItem(page, '采购入库').count(), 0, 'home again: the menu holds the rest, without it');
});

t.test("a first login here shows home before its menu answers, the menu's place held until it does", async (t) => {
  const page = await newPage(t, browser);
  const held = await holdMenu(page);
  await page.goto(`${base}/user/login`);
  await submitLogin(page, USERS.jsh);
  await page.waitForURL(/\/dashboard\/analysis$/);
  await page.locator('.analysis-page').waitFor();
  const pending = page.locator('.main-sider [aria-busy="true"]');
  t.ok(await pending.isVisible(), 'the menu is on its way');
  t.equal(await page.locator('.main-sider li.ant-menu-item').count(), 0, 'no menu item before the menu answers');
  held.release();
  await sideItem(page, '首页').waitFor();
  t.equal(await pending.count(), 0, 'the menu took its place');
});

t.test('a first login whose menu comes back empty ends on the login page, saying why', async (t) => {
  const page = await newPage(t, browser);
  await page.route('**/jshERP-boot/function/findMenuByPNumber', (route: Route) => route.fulfill({ json: [] }));
  await page.goto(`${base}/user/login`);
  await submitLogin(page, USERS.jsh);
  await page.getByText('当前用户没有任何菜单权限，请联系管理员').waitFor();
  t.match(new URL(page.url()).pathname, /^\/user\/login$/, 'back on the login page');
  t.equal(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('Access-Token')).length),
    0,
    'no session is kept',
  );
});
