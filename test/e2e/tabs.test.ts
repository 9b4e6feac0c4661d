/// <reference lib="dom" />
// Multi-tab work area against the real stack: each tab rule with its exact message, and kept page state.
import t from 'tap';
import type { Page } from 'playwright-core';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import {
  chooseFromDropdown,
  closeTourIfShown,
  launchBrowser,
  login,
  newPage,
  openFromMenu,
  readUntil,
  tabTitlesSoon,
  USERS,
} from '../support/browser.js';

const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;
// One login: each rule below starts from the tabs the one before left open.
const page = await newPage(t, browser);
await login(page, base, USERS.jsh);

const tab = (page: Page, title: string) =>
  page
    .locator('.tab-layout__bar')
    .getByRole('tab')
    .filter({ has: page.getByText(title, { exact: true }) });
const warning = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

async function openPages(page: Page, items: string[]) {
  for (const item of items) {
    await openFromMenu(page, '系统管理', item);
    await closeTourIfShown(page);
    await tab(page, item).waitFor();
  }
}

const closeMenu = (page: Page, action: string) =>
  chooseFromDropdown(page, page.locator('.tab-layout__close-menu'), action);
const contextMenu = (page: Page, title: string, action: string) =>
  chooseFromDropdown(page, tab(page, title).getByText(title), action, { button: 'right' });

t.test('home cannot be closed; 关闭全部 keeps only home; the last tab cannot be closed', async (t) => {
  await openPages(page, ['角色管理', '用户管理']);
  t.same(await tabTitlesSoon(page, ['首页', '角色管理', '用户管理']), ['首页', '角色管理', '用户管理']);

  await tab(page, '首页').locator('.tab-bar__close').click();
  await warning(page, '首页不能关闭!').waitFor();
  t.same(
    await tabTitlesSoon(page, ['首页', '角色管理', '用户管理']),
    ['首页', '角色管理', '用户管理'],
    'nothing closed',
  );

  await closeMenu(page, '关闭全部');
  await page.waitForURL(/\/dashboard\/analysis$/);
  t.same(await tabTitlesSoon(page, ['首页']), ['首页']);

  await closeMenu(page, '关闭全部');
  await warning(page, '这是最后一页，不能再关闭了啦').waitFor();
  t.same(await tabTitlesSoon(page, ['首页']), ['首页']);
});

t.test('context menu and bar dropdown close left / right / others; the x closes one tab', async (t) => {
  await openPages(page, ['角色管理', '用户管理', '日志管理', '系统配置']);

  await contextMenu(page, '用户管理', '关闭左侧');
  await t.resolves(tab(page, '角色管理').waitFor({ state: 'detached' }));
  t.same(await tabTitlesSoon(page, ['首页', '用户管理', '日志管理', '系统配置']), [
    '首页',
    '用户管理',
    '日志管理',
    '系统配置',
  ]);
  t.match(page.url(), /\/system\/system_config$/, 'the active tab survived and stays active');

  await contextMenu(page, '日志管理', '关闭右侧');
  await page.waitForURL(/\/system\/log$/);
  t.same(
    await tabTitlesSoon(page, ['首页', '用户管理', '日志管理']),
    ['首页', '用户管理', '日志管理'],
    'the removed active tab handed over to the clicked one',
  );

  await contextMenu(page, '用户管理', '关闭其它');
  await page.waitForURL(/\/system\/user$/);
  t.same(await tabTitlesSoon(page, ['首页', '用户管理']), ['首页', '用户管理']);

  // The dropdown at the bar's end acts on the active tab.
  await openPages(page, ['角色管理', '日志管理']);
  await tab(page, '角色管理').click();
  await page.waitForURL(/\/system\/role$/);
  await closeMenu(page, '关闭右侧');
  t.same(await tabTitlesSoon(page, ['首页', '用户管理', '角色管理']), ['首页', '用户管理', '角色管理']);
  await closeMenu(page, '关闭左侧');
  t.same(await tabTitlesSoon(page, ['首页', '角色管理']), ['首页', '角色管理']);
  await openPages(page, ['日志管理']);
  await tab(page, '角色管理').click();
  await closeMenu(page, '关闭其它');
  t.same(await tabTitlesSoon(page, ['首页', '角色管理']), ['首页', '角色管理']);

  // The x closes one tab; its neighbour becomes active.
  await openPages(page, ['日志管理']);
  await tab(page, '角色管理').click();
  await page.waitForURL(/\/system\/role$/);
  await tab(page, '角色管理').locator('.tab-bar__close').click();
  await page.waitForURL(/\/system\/log$/);
  t.same(await tabTitlesSoon(page, ['首页', '日志管理']), ['首页', '日志管理']);
});

t.test("switching tabs keeps a page's filter input; closing the tab drops it", async (t) => {
  await openPages(page, ['角色管理']);
  const filter = page.locator('[data-tab-page="/system/role"]').getByPlaceholder('角色名称');
  await filter.fill('销售经理');
  await page.keyboard.press('Enter');

  await openPages(page, ['用户管理']);
  await t.resolves(filter.waitFor({ state: 'hidden' }), 'the role page is hidden, not shown');
  await tab(page, '首页').click();
  await page.waitForURL(/\/dashboard\/analysis$/);
  await tab(page, '角色管理').click();
  await page.waitForURL(/\/system\/role$/);
  t.equal(await filter.inputValue(), '销售经理', 'the typed filter survived two tab switches');
  const expectedTitle = `角色管理 · ${(await page.locator('.main-sider__logo h1').innerText()).trim()}`;
  await t.resolves(
    page.waitForFunction((title) => document.title === title, expectedTitle),
    `document title ${expectedTitle}`,
  );

  await tab(page, '角色管理').locator('.tab-bar__close').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/system/role'));
  await openPages(page, ['角色管理']);
  t.equal(await filter.inputValue(), '', 'a closed tab comes back fresh');
});

t.test('each tab keeps its own scroll position', async (t) => {
  // A short window, so the user list scrolls.
  await page.setViewportSize({ width: 1366, height: 320 });
  await openPages(page, ['用户管理']);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => window.scrollY > 50);
  const scrolled = await page.evaluate(() => window.scrollY);
  await tab(page, '首页').click();
  await page.waitForURL(/\/dashboard\/analysis$/);
  await page.waitForFunction(() => window.scrollY === 0);
  await tab(page, '用户管理').click();
  await page.waitForURL(/\/system\/user$/);
  await t.resolves(
    page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, scrolled),
    `back at ${scrolled}px`,
  );
});

t.test('a bar too narrow for its tabs scrolls the active one into view, and the keyboard walks them', async (t) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.addStyleTag({ content: '.tab-bar { max-width: 260px; }' });
  await openPages(page, ['角色管理', '日志管理', '系统配置']);
  const inView = (title: string) =>
    tab(page, title).evaluate((element) => {
      const bar = element.closest('[role="tablist"]')!.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return box.left >= bar.left - 1 && box.right <= bar.right + 1;
    });
  await t.resolves(
    page.waitForFunction(() => {
      const bar = document.querySelector('.tab-bar')!;
      return bar.scrollLeft > 0 && bar.scrollWidth > bar.clientWidth;
    }),
    'the bar overflows and has scrolled',
  );
  t.ok(await readUntil(() => inView('系统配置'), true), 'the active tab is wholly in view');

  // Home brings 首页 back into view; ← from it goes round to the last tab, Enter opens it.
  await tab(page, '系统配置').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/analysis$/);
  t.ok(await readUntil(() => inView('首页'), true), '首页 scrolled back into view');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/system\/system_config$/);
  t.ok(await readUntil(() => inView('系统配置'), true), 'the last tab in view again');
});
