// The password modal against the real stack: a user of the test's own changes its password (an 800 px dialog) and
// logs in with the new one. Its rules, md5 over PUT, a wrong old password's warning and the warning without a logged-in user are
// component tests: client/test/features/account/password-modal.test.tsx.
import t from 'tap';
import type { Page } from 'playwright-core';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import { fromUserMenu, launchBrowser, login, newPage, restingBox, submitLogin } from '../support/browser.js';
import { temporaryUser } from '../support/api.js';

const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;

const passwordModal = (page: Page) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '修改密码' }) });
const message = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

async function fill(page: Page, old: string, next: string, confirm: string) {
  const modal = passwordModal(page);
  await modal.getByPlaceholder('请输入旧密码').fill(old);
  await modal.getByPlaceholder('新密码至少6位，区分大小写').fill(next);
  await modal.getByPlaceholder('请确认新密码').fill(confirm);
}
const ok = (page: Page) => passwordModal(page).locator('.ant-modal-footer .ant-btn-primary').click();

t.test('password modal: a user changes its password and logs in with the new one', async (t) => {
  const user = await temporaryUser(t, base);
  const page = await newPage(t, browser);
  await login(page, base, user);
  await fromUserMenu(page, '密码修改');
  const box = await restingBox(passwordModal(page).locator('.ant-modal-container, .ant-modal-content').first());
  t.ok(box && Math.abs(box.width - 800) <= 2, `width 800 (${box?.width})`);
  await fill(page, user.password, 'new1234', 'new1234');
  await ok(page);
  await message(page, '修改成功').waitFor();
  await passwordModal(page).waitFor({ state: 'hidden' });
  t.pass('success message, modal closed');

  await page.getByTestId('logout').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await page.waitForURL(/\/user\/login$/);
  await submitLogin(page, { loginName: user.loginName, password: 'new1234' });
  await page.waitForURL(/\/dashboard\/analysis$/);
  t.pass('the new password logs in');
});
