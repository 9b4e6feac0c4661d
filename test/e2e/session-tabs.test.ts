/// <reference lib="dom" />
// Browser tabs share one session (the stored token): a logout in one tab moves the others to the login page, a login
// as someone else moves them to that user (name, menu), and a token removed from storage logs out — with no call of
// the old session after it ended.
import t from 'tap';
import type { Page, Request } from 'playwright-core';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import { launchBrowser, login, newPage, submitLogin, USERS } from '../support/browser.js';

const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;

const userMenu = (page: Page) => page.getByTestId('user-menu');
/** The side menu's top level, once it is on show (a first login here shows home before its menu answers). */
const topMenu = async (page: Page) => {
  await page.locator('.main-sider .ant-menu-root > li').first().waitFor();
  return page.locator('.main-sider .ant-menu-root > li').allInnerTexts();
};

/**
 * The option lists a session reads while idle after the login (client/app/idle-option-lists.ts) have been read: the
 * page's own calls are behind us, so a call after this is one the test provokes.
 */
const idleReadsDone = (page: Page) =>
  page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .some((e) => e.name.includes('/account/getAccount') && (e as PerformanceResourceTiming).responseEnd > 0),
  );

/** Backend calls a page makes with a token, from now on. */
function tokenCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/jshERP-boot/') && request.headers()['x-access-token'])
      calls.push(request);
  });
  return calls;
}

t.test(
  'a logout in one tab sends the other to the login page; a login as test123 there brings it to test123',
  async (t) => {
    const first = await newPage(t, browser);
    await login(first, base, USERS.jsh);
    const second = await first.context().newPage();
    await second.goto(`${base}/dashboard/analysis`);
    await userMenu(second).filter({ hasText: '测试用户' }).waitFor();
    t.equal((await topMenu(second)).length, 10, 'jsh’s menu in the second tab');
    // Its home page has shown what it loads (company, tenant term), its idle reads are done: those calls are behind us.
    await second.locator('.main-header__title', { hasText: '公司test' }).waitFor();
    await second.locator('.analysis-page', { hasText: '服务到期：' }).waitFor();
    await idleReadsDone(second);

    const secondCalls = tokenCalls(second);
    await first.getByTestId('logout').click();
    const firstCalls = tokenCalls(first);
    const consoleErrors: string[] = [];
    first.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await first
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await second.waitForURL(/\/user\/login(\?.*)?$/);
    await second.locator('input[name=password]').waitFor();
    t.equal(await second.locator('.main-header').count(), 0, 'the second tab no longer shows the shell');

    await first.waitForURL(/\/user\/login(\?.*)?$/);
    await first.locator('input[name=password]').waitFor();
    t.same(
      secondCalls.map((request) => new URL(request.url()).pathname),
      [],
      'the second tab called nothing with the ended session',
    );
    t.same(
      firstCalls.map((request) => new URL(request.url()).pathname),
      ['/jshERP-boot/user/logout'],
      'the tab that logged out called /user/logout and nothing else with its session',
    );
    t.same(consoleErrors, [], 'and no failed call or error on its console');

    await submitLogin(first, USERS.test123);
    await first.waitForURL(/\/dashboard\/analysis$/);
    await second.waitForURL(/\/dashboard\/analysis$/);
    await userMenu(second).filter({ hasText: 'test123' }).waitFor();
    t.same(
      (await topMenu(second)).map((text) => text.trim()),
      ['首页', '零售管理', '采购管理', '销售管理', '仓库管理', '财务管理'],
      'test123’s menu in the second tab',
    );
    t.equal(await userMenu(second).filter({ hasText: '测试用户' }).count(), 0, 'jsh’s name is gone');
  },
);

t.test('a token removed from storage logs every tab out', async (t) => {
  const first = await newPage(t, browser);
  await login(first, base, USERS.jsh);
  const second = await first.context().newPage();
  await second.goto(`${base}/dashboard/analysis`);
  await userMenu(second).filter({ hasText: '测试用户' }).waitFor();

  await idleReadsDone(second);
  const firstCalls = tokenCalls(first);
  const secondCalls = tokenCalls(second);
  await first.evaluate(() => localStorage.removeItem('pro__Access-Token'));
  for (const page of [second, first]) {
    await page.waitForURL(/\/user\/login(\?.*)?$/);
    await page.locator('input[name=password]').waitFor();
  }
  t.same([...firstCalls, ...secondCalls], [], 'no call went out after the token was gone');
  t.equal(await first.evaluate(() => localStorage.getItem('pro__Login_userId')), null, 'the user id went with it');
});

t.test('a lone tab whose token was removed logs out at its next action, with one 未授权 notice', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.jsh);
  await page.locator('.main-header__title', { hasText: '公司test' }).waitFor();
  await page.locator('.analysis-page', { hasText: '服务到期：' }).waitFor();
  await idleReadsDone(page);
  const calls = tokenCalls(page);
  await page.evaluate(() => localStorage.removeItem('pro__Access-Token'));
  await page.locator('.main-sider').getByText('系统管理').click();
  await page.locator('.main-sider').getByText('角色管理').click();
  await page.waitForURL(/\/user\/login(\?.*)?$/);
  await page.locator('input[name=password]').waitFor();
  const notices = page.locator('.ant-notification-notice').filter({ hasText: '未授权，请重新登录' });
  await notices.first().waitFor();
  t.equal(await notices.count(), 1, 'one notification');
  t.same(calls, [], 'no call went out without the token');
});
