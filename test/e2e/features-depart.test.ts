// The department switch against the real stack (the sandbox answers Jeecg's endpoints), and its warning on a
// real jshERP-boot, which has no such endpoints (404 JSON), and for a user without departments.
import t from 'tap';
import type { Page } from 'playwright-core';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import {
  fromUserMenu,
  openAndChoose,
  restingBox,
  STANDING_SELECT,
  launchBrowser,
  login,
  newPage,
  screenshot,
  USERS,
} from '../support/browser.js';
import { sandboxOnly } from '../support/backend.js';

const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;

const message = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
const stored = (page: Page, key: string) =>
  page.evaluate(`JSON.parse(localStorage.getItem('pro__${key}') ?? 'null')?.value`);

// jsh's two checks share one login (the second then answers the departments call as a real backend would).
const jsh = await newPage(t, browser);
await login(jsh, base, USERS.jsh);

t.test('department switch: current department in the title and chosen, a switch is confirmed and stored', async (t) => {
  if (
    !sandboxOnly(
      t,
      "the department switch is the sandbox's own: a real jshERP-boot maps no such path (404), the next test covers that",
    )
  )
    return;
  const page = jsh;
  await fromUserMenu(page, '部门切换');
  const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('depart-select') });
  await modal.waitFor();
  const title = /^部门切换（当前部门 : (.+)）$/.exec(await modal.locator('.ant-modal-title').innerText());
  t.ok(title, 'the title names the current department');
  const box = await restingBox(modal.locator('.ant-modal-container, .ant-modal-content').first());
  t.ok(box && Math.abs(box.width - 450) <= 2, `width 450 (${box?.width})`);
  t.equal(
    (await modal.locator('.ant-select-content').innerText()).trim(),
    title?.[1],
    'the current department is chosen',
  );
  await screenshot(page, 'features-account-depart');

  const option = page
    .locator(`${STANDING_SELECT} .ant-select-item-option:not(.ant-select-item-option-selected)`)
    .first();
  await openAndChoose(modal.locator('.ant-select'), option);
  const name = (await modal.locator('.ant-select-content').innerText()).trim();
  t.not(name, title?.[1], 'another department chosen');
  const [request] = await Promise.all([
    page.waitForRequest(/\/sys\/selectDepart$/),
    modal.getByRole('button', { name: /确\s*认/ }).click(),
  ]);
  t.equal(request.method(), 'PUT');
  t.equal((request.postDataJSON() as { username: string }).username, 'jsh');
  await message(page, `已切换到部门：${name}`).waitFor();
  t.pass('the switch is confirmed');
  await modal.waitFor({ state: 'hidden' });
  const info = (await stored(page, 'Login_Userinfo')) as { orgCode?: string } | null;
  t.ok(info?.orgCode, 'the returned user info is stored');
  await fromUserMenu(page, '部门切换');
  await page
    .locator('.ant-modal-title')
    .filter({ hasText: `部门切换（当前部门 : ${name}）` })
    .waitFor();
  t.pass('the new current department shows');
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'hidden' });
});

t.test('department switch on a real backend (404 JSON): the warning, not an error', async (t) => {
  const page = jsh;
  // jshERP-boot has no such endpoint: Spring answers 404 JSON to a valid token.
  await page.route('**/jshERP-boot/sys/user/getCurrentUserDeparts', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({
        timestamp: new Date().toISOString(),
        status: 404,
        error: 'Not Found',
        message: 'No message available',
        path: '/jshERP-boot/sys/user/getCurrentUserDeparts',
      }),
    }),
  );
  await fromUserMenu(page, '部门切换');
  await message(page, '您尚未设置部门信息!').waitFor();
  await page.waitForTimeout(500);
  t.equal(
    await page.locator('.ant-notification-notice').filter({ hasText: '资源未找到' }).count(),
    0,
    'no global 404 notification',
  );
  t.equal(
    await page
      .locator('.ant-modal')
      .filter({ has: page.getByTestId('depart-select') })
      .count(),
    0,
    'no modal',
  );
});

t.test('department switch: a user with no departments (admin) gets the warning', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.admin);
  await fromUserMenu(page, '部门切换');
  await message(page, '您尚未设置部门信息!').waitFor();
  t.pass('warned');
});
