/// <reference lib="dom" />
// Mobile layout and the multipage setting against the real stack.
import t from 'tap';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import { closeTourIfShown, launchBrowser, login, newPage, openFromMenu, readUntil, USERS } from '../support/browser.js';

const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;

t.test('a mobile viewport gets the drawer menu, the system title and no tab bar', async (t) => {
  const page = await newPage(t, browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.goto(`${base}/user/login`);
  t.equal(await page.locator('.user-layout__poster').count(), 0, 'no poster on mobile');
  await login(page, base, USERS.jsh);
  t.equal(await page.locator('.tab-layout__bar').count(), 0, 'no tab bar');
  t.equal(await page.locator('.main-sider').count(), 0, 'no fixed sider');
  const systemTitle = (await page.title()).trim();
  t.equal(
    (await page.locator('.main-header__title').innerText()).trim(),
    systemTitle,
    'the header shows the system title',
  );

  await page.locator('.main-header__trigger').click();
  const drawer = page.locator('.main-drawer .ant-drawer-content-wrapper');
  await drawer.waitFor();
  t.equal(Math.round((await drawer.boundingBox())!.width), 150, 'a 150 px left drawer');
  await openFromMenu(page, '系统管理', '角色管理');
  await page.waitForURL(/\/system\/role$/);
  await t.resolves(drawer.waitFor({ state: 'hidden' }), 'the drawer closes after a choice');
  await closeTourIfShown(page);
  await page.locator('.tab-layout__content').getByPlaceholder('角色名称').waitFor();
  t.equal(await page.locator('.tab-layout__bar').count(), 0, 'still no tab bar');
});

t.test('with the multipage setting off the desktop layout has no tab bar', async (t) => {
  const page = await newPage(t, browser);
  await page.addInitScript(() => {
    localStorage.setItem('pro__DEFAULT_MULTI_PAGE', JSON.stringify({ value: false, expire: null }));
  });
  await login(page, base, USERS.jsh);
  await page.locator('.main-sider').waitFor();
  t.equal(await page.locator('.tab-layout__bar').count(), 0);
  await openFromMenu(page, '系统管理', '角色管理');
  await closeTourIfShown(page);
  await page.locator('.tab-layout__content').getByPlaceholder('角色名称').waitFor();
  t.equal(await page.locator('.tab-layout__bar').count(), 0);
});

t.test('desktop sider collapses to 80 px and back, the content follows', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.jsh);
  const sider = page.locator('.main-sider');
  t.equal(Math.round((await sider.boundingBox())!.width), 150);
  await page.locator('.main-header__trigger').click();
  await page.waitForFunction(() => document.querySelector('.main-sider')!.getBoundingClientRect().width === 80);
  const paddingLeft = () => page.locator('.main-body').evaluate((el) => getComputedStyle(el).paddingLeft);
  t.equal(await readUntil(paddingLeft, '80px'), '80px');
  await page.locator('.main-header__trigger').click();
  await page.waitForFunction(() => document.querySelector('.main-sider')!.getBoundingClientRect().width === 150);
  t.equal(await readUntil(paddingLeft, '150px'), '150px');
});
