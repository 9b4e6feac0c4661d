/// <reference lib="dom" />
// Routes built from the permission menu, edge cases: a component without a registered view, an external
// link, an iframe page, a view chunk that fails to load, and an entry script that fails to load. The menu the sandbox answers is extended on
// the wire (page.route) with entries the seed does not have.
import t from 'tap';
import type { Page } from 'playwright-core';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import { closeTourIfShown, launchBrowser, login, newPage, openFromMenu, USERS } from '../support/browser.js';

const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;

const extraModule = {
  id: 9000,
  text: '扩展模块',
  icon: 'appstore',
  url: '/ext',
  component: '/layouts/TabLayout',
  children: [
    { id: 9001, text: '未提供页面', icon: 'profile', url: '/ext/not_yet', component: '/ext/NotYetList' },
    { id: 9002, text: '外部链接', icon: 'profile', url: 'https://example.com/help', component: '/ext/External' },
    {
      id: 9003,
      text: '内嵌页面',
      icon: 'profile',
      url: '/ext/embedded/page.html',
      component: '/layouts/IframePageView',
    },
  ],
};

async function withExtraMenu(page: Page) {
  await page.route('**/jshERP-boot/function/findMenuByPNumber', async (route) => {
    const response = await route.fetch();
    const menu = (await response.json()) as unknown[];
    await route.fulfill({ response, json: [...menu, extraModule] });
  });
}

t.test('a menu component without a registered view shows a clear message in its tab', async (t) => {
  const page = await newPage(t, browser);
  await withExtraMenu(page);
  await login(page, base, USERS.jsh);
  await openFromMenu(page, '扩展模块', '未提供页面');
  await page.waitForURL(/\/ext\/not_yet$/);
  await page.getByText('页面组件 /ext/NotYetList 尚未提供').waitFor();
  await page.locator('.tab-layout__bar').getByRole('tab', { name: '未提供页面', selected: true }).waitFor();
  // The module's own url opens its first page.
  await page.goto(`${base}/ext`);
  await page.waitForURL(/\/ext\/not_yet$/);
  t.pass('module url → first page');
});

t.test('an http(s) menu url opens a new window; an iframe component renders an iframe', async (t) => {
  const page = await newPage(t, browser);
  await withExtraMenu(page);
  await page
    .context()
    .route('https://example.com/**', (route) => route.fulfill({ body: 'external', contentType: 'text/plain' }));
  await login(page, base, USERS.jsh);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    openFromMenu(page, '扩展模块', '外部链接', { opensTab: false }),
  ]);
  t.equal(popup.url(), 'https://example.com/help');
  await popup.close();
  t.match(page.url(), /\/dashboard\/analysis$/, 'the shell stays where it was');
  await openFromMenu(page, '扩展模块', '内嵌页面');
  await page.waitForURL(/\/ext\/embedded\/page\.html$/);
  const frame = page.locator('[data-tab-page="/ext/embedded/page.html"] iframe');
  await frame.waitFor();
  t.equal(await frame.getAttribute('src'), '/ext/embedded/page.html');
});

t.test('a view chunk that fails to load offers a reload', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.jsh);
  // The next script chunk the browser asks for (the role page's) fails, as after a redeploy or a network drop.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort('failed'));
  await openFromMenu(page, '系统管理', '角色管理');
  const failure = page.locator('[data-tab-page="/system/role"]').getByText('页面加载失败');
  await failure.waitFor();
  await page.unroute(/\/assets\/.*\.js$/);
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: '重新加载' }).click()]);
  await closeTourIfShown(page);
  await page.locator('.tab-layout__content').getByPlaceholder('角色名称').waitFor();
  t.pass('after the reload the page works');
});

t.test(
  'an entry script that cannot be fetched: the loading page offers a reload instead of loading for ever',
  async (t) => {
    const page = await newPage(t, browser);
    // The page's first script answers 503, as from a gateway shedding load (the page itself came through).
    const entry = /\/assets\/index-[\w-]+\.js$/;
    await page.route(entry, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":503}' }),
    );
    await page.goto(`${base}/user/login`);
    const alert = page.getByRole('alert');
    await alert.getByText('系统未能加载，请检查网络后重新加载').waitFor();
    t.equal(await page.getByPlaceholder('请输入用户名').count(), 0, 'no login form without the app');
    await page.unroute(entry);
    await Promise.all([page.waitForEvent('load'), alert.getByRole('button', { name: '重新加载' }).click()]);
    await page.getByPlaceholder('请输入用户名').waitFor();
    t.pass('after the reload the login form shows');
  },
);
