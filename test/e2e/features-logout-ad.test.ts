// The header's fee ad (its four conditions, answers varied with page.route — the sandbox seeds no pay_fee_url and
// tenant type 1, and has no update call for either) and logout: asks, clears the session, calls /user/logout, reloads.
import t from 'tap';
import type { Page, Route } from 'playwright-core';
import { startGatewayProcess, type GatewayProcess } from '../helpers/stack.js';
import { closeTourIfShown, launchBrowser, login, newPage, screenshot, USERS } from '../helpers/browser.js';

const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;

/** The login greets with notifications at the top right, over the header's right end: close them like a user. */
async function dismissNotifications(page: Page) {
  const close = page.locator('.ant-notification-notice-close:visible');
  for (let i = 0; i < 5 && (await close.count()) > 0; i++) await close.first().click().catch(() => undefined);
  await page.locator('.ant-notification-notice').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
}

/** Vary the two answers the ad depends on, as another platform setting / tenant would give them. */
async function adAnswers(page: Page, payFeeUrl: string, tenantType: string) {
  await page.route('**/jshERP-boot/platformConfig/getInfoByKey?**', (route: Route) =>
    route.fulfill({ json: { code: 200, data: { id: 6, platformKey: 'pay_fee_url', platformKeyInfo: '租户续费地址', platformValue: payFeeUrl } } }),
  );
  await page.route('**/jshERP-boot/user/infoWithTenant', async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { code: number; data: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, data: { ...body.data, type: tenantType } } });
  });
}
const ad = (page: Page) => page.getByTestId('fee-ad');

t.test('fee ad: hidden with the seeded answers (no url, tenant type 1)', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.jsh);
  await page.waitForTimeout(1500);
  t.equal(await ad(page).count(), 0);
});

t.test('fee ad: shown on desktop, light theme, url set and tenant type 0; hidden when any condition fails', async (t) => {
  const page = await newPage(t, browser);
  await adAnswers(page, 'https://pay.example.com/fee', '0');
  await login(page, base, USERS.jsh);
  await ad(page).waitFor();
  t.equal(await ad(page).innerText(), '管伊佳ERP网络版198元1年');
  t.equal(await ad(page).getAttribute('href'), 'https://pay.example.com/fee');
  t.equal(await ad(page).getAttribute('target'), '_blank');
  await screenshot(page, 'features-header-ad');

  // dark theme: gone at once; light again: back
  await page.getByTestId('user-menu').click();
  await page.locator('.ant-dropdown:visible').getByText('界面设置', { exact: true }).click();
  await page.getByTestId('setting-theme-dark').click();
  await ad(page).waitFor({ state: 'detached' });
  await page.getByTestId('setting-theme-light').click();
  await ad(page).waitFor();
  // mobile width: gone
  await page.setViewportSize({ width: 700, height: 800 });
  await ad(page).waitFor({ state: 'detached' });
  t.pass('theme and device conditions');

  for (const [url, type, why] of [
    ['https://pay.example.com/fee', '1', 'tenant type 1'],
    ['', '0', 'no pay_fee_url'],
  ] as const) {
    const other = await newPage(t, browser);
    await adAnswers(other, url, type);
    await login(other, base, USERS.jsh);
    await other.waitForTimeout(1500);
    t.equal(await ad(other).count(), 0, `hidden with ${why}`);
  }
});

t.test('logout: asks 提示 / 真的要注销登录吗 ?, then clears the session, calls /user/logout and reloads to /', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.jsh);
  await page.getByTestId('menu-search').click();
  await page.keyboard.type('角色管理');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '角色管理' }).click();
  await page.waitForURL(/\/system\/role$/);
  await closeTourIfShown(page);
  await dismissNotifications(page);

  await page.getByTestId('logout').click();
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.waitFor();
  t.equal((await confirm.locator('.ant-modal-confirm-title').innerText()).trim(), '提示');
  t.equal((await confirm.locator('.ant-modal-confirm-content').innerText()).trim(), '真的要注销登录吗 ?');
  await confirm.getByRole('button', { name: /取\s*消/ }).click();
  await confirm.waitFor({ state: 'hidden' });
  t.ok(await page.evaluate(`localStorage.getItem('pro__Access-Token') !== null`), 'cancel keeps the session');

  await page.getByTestId('logout').click();
  const logoutCall = page.waitForRequest(/\/jshERP-boot\/user\/logout$/);
  const documentLoad = page.waitForRequest((r) => r.resourceType() === 'document' && new URL(r.url()).pathname === '/');
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await logoutCall;
  await documentLoad;
  await page.waitForURL(/\/user\/login$/);
  const left = (await page.evaluate(`Object.keys(localStorage).filter((k) => k.startsWith('pro__'))`)) as string[];
  for (const key of ['Access-Token', 'Login_userId', 'Login_loginName', 'Login_Userinfo', 'winBtnStrList', 'CACHE_INCLUDED_ROUTES']) {
    t.notOk(left.includes(`pro__${key}`), `${key} cleared`);
  }
  // the old address no longer opens
  await page.goto(`${base}/system/role`);
  await page.waitForURL(/\/user\/login$/);
});

t.test('logout still completes when /user/logout fails', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.jsh);
  await page.route('**/jshERP-boot/user/logout', (route) => route.abort('connectionrefused'));
  await dismissNotifications(page);
  await page.getByTestId('logout').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
  await page.waitForURL(/\/user\/login$/);
  t.equal(await page.evaluate(`localStorage.getItem('pro__Access-Token')`), null);
});
