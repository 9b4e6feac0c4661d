// The password modal against the real stack: each rule's message, md5 on the wire, a wrong old password's
// warning, a success (test123), and the warning without a logged-in user.
import t from 'tap';
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { startGatewayProcess, type GatewayProcess } from '../helpers/stack.js';
import { fromUserMenu, launchBrowser, login, newPage, restingBox, screenshot, submitLogin, USERS } from '../helpers/browser.js';

const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const passwordModal = (page: Page) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '修改密码' }) });
const fieldError = (page: Page, text: string) => passwordModal(page).locator('.ant-form-item-explain-error').filter({ hasText: text });
const message = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
const stored = (page: Page, key: string) => page.evaluate(`JSON.parse(localStorage.getItem('pro__${key}') ?? 'null')?.value`);

async function fill(page: Page, old: string, next: string, confirm: string) {
  const modal = passwordModal(page);
  await modal.getByPlaceholder('请输入旧密码').fill(old);
  await modal.getByPlaceholder('新密码至少6位，区分大小写').fill(next);
  await modal.getByPlaceholder('请确认新密码').fill(confirm);
}
const ok = (page: Page) => passwordModal(page).locator('.ant-modal-footer .ant-btn-primary').click();

t.test('password modal: every rule shows its message', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.jsh);
  await fromUserMenu(page, '密码修改');
  const modal = passwordModal(page);
  await modal.waitFor();
  const box = await restingBox(modal.locator('.ant-modal-container, .ant-modal-content').first());
  t.ok(box && Math.abs(box.width - 800) <= 2, `width 800 (${box?.width})`);

  await ok(page);
  for (const text of ['请输入旧密码!', '请输入新密码!', '请确认新密码!']) await fieldError(page, text).waitFor();
  t.pass('required messages');

  await fill(page, 'abc123', 'abc123', 'abc123');
  await fieldError(page, '新密码和旧密码不能相同!').waitFor();
  for (const weak of ['abcdef', '123456', 'ABC123', 'ab1']) {
    await fill(page, 'old1234', weak, weak);
    await fieldError(page, '密码由6位数字、小写字母组成!').waitFor();
  }
  t.pass('format rule for letters only, digits only, no lowercase, too short');
  await fill(page, 'old1234', 'abc1234', 'abc12345');
  await fieldError(page, '两次密码不一致!').waitFor();
  await fill(page, 'old1234', 'abc1234', ' abc1234 ');
  await modal.locator('.ant-form-item-explain-error').first().waitFor({ state: 'detached' });
  t.equal(await modal.locator('.ant-form-item-explain-error').count(), 0, 'the confirmation matches after trimming');
  await screenshot(page, 'features-account-password');
});

t.test('password modal: a wrong old password warns; everything travels as md5 over PUT', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.jsh);
  await fromUserMenu(page, '密码修改');
  await fill(page, 'wrong99', 'abc1234', 'abc1234');
  const [request] = await Promise.all([page.waitForRequest(/\/jshERP-boot\/user\/updatePwd$/), ok(page)]);
  t.equal(request.method(), 'PUT');
  const body = request.postDataJSON() as Record<string, unknown>;
  t.same(body, {
    userId: await stored(page, 'Login_userId'),
    oldpassword: md5('wrong99'),
    password: md5('abc1234'),
    confirmPassword: md5('abc1234'),
  }, 'all three hashed, none in plain text');
  await message(page, '原始密码输入错误').waitFor();
  t.ok(await passwordModal(page).isVisible(), 'the modal stays open');
});

t.test('password modal: test123 changes its password and logs in with the new one', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.test123);
  await fromUserMenu(page, '密码修改');
  await fill(page, USERS.test123.password, 'new1234', 'new1234');
  await ok(page);
  await message(page, '修改成功').waitFor();
  await passwordModal(page).waitFor({ state: 'hidden' });
  t.pass('success message, modal closed');

  await page.getByTestId('logout').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await page.waitForURL(/\/user\/login$/);
  await submitLogin(page, { loginName: 'test123', password: 'new1234' });
  await page.waitForURL(/\/dashboard\/analysis$/);
  t.pass('the new password logs in');
});

t.test('password modal: without a logged-in user id it only warns', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.jsh);
  await page.evaluate(`localStorage.removeItem('pro__Login_userId')`);
  await fromUserMenu(page, '密码修改');
  await message(page, '当前系统无登陆用户!').waitFor();
  t.equal(await passwordModal(page).count(), 0, 'no modal');
});

