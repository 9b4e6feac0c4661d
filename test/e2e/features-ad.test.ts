// The header's fee ad and its four conditions: desktop, light theme, pay_fee_url set, tenant type '0'. The answers
// are varied with page.route — the sandbox seeds no pay_fee_url and tenant type 1, and has no update call for either.
import t from 'tap';
import type { Page, Route } from 'playwright-core';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import { fromUserMenu, launchBrowser, login, newPage, screenshot, USERS } from '../support/browser.js';

const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;

/** Vary the two answers the ad depends on, as another platform setting / tenant would give them. */
async function adAnswers(page: Page, payFeeUrl: string, tenantType: string) {
  await page.route('**/jshERP-boot/platformConfig/getInfoByKey?**', (route: Route) =>
    route.fulfill({
      json: {
        code: 200,
        data: { id: 6, platformKey: 'pay_fee_url', platformKeyInfo: '租户续费地址', platformValue: payFeeUrl },
      },
    }),
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

t.test(
  'fee ad: shown on desktop, light theme, url set and tenant type 0; hidden when any condition fails',
  async (t) => {
    const page = await newPage(t, browser);
    await adAnswers(page, 'https://pay.example.com/fee', '0');
    await login(page, base, USERS.jsh);
    await ad(page).waitFor();
    t.equal(await ad(page).innerText(), '管伊佳ERP网络版198元1年');
    t.equal(await ad(page).getAttribute('href'), 'https://pay.example.com/fee');
    t.equal(await ad(page).getAttribute('target'), '_blank');
    await screenshot(page, 'features-header-ad');

    // dark theme: gone at once; light again: back
    await fromUserMenu(page, '界面设置');
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
  },
);
