/// <reference lib="dom" />
// The per-host login variants from the injected config: the production host's download entries with QR
// modals, company label and filing link; an old host's migration notice. Host names resolve to the gateway
// through chromium's host-resolver rules, so the browser sends them as its Host header.
import t from 'tap';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import { launchBrowser, newPage, USERS } from '../support/browser.js';

const PRODUCTION_HOST = 'erp.example.com';
const OLD_HOST = 'old-erp.example.com';
const gateway: GatewayProcess = await startGatewayProcess({
  SANDBOX_CAPTCHA: 'false',
  PRODUCTION_HOSTS: PRODUCTION_HOST,
  APP_ANDROID_URL: 'https://download.example.com/erp.apk',
  APP_IPHONE_URL: 'https://apps.example.com/erp',
  APP_MINI_PROGRAM_URL: 'https://mp.example.com/erp',
  COMPANY_LABEL: '示例科技',
  FILING_NUMBER: '苏ICP备00000000号',
  OLD_HOSTS: OLD_HOST,
  NEW_ADDRESS: `https://${PRODUCTION_HOST}/`,
  MIGRATION_CONTACT: '微信 example',
});
t.teardown(() => gateway.stop());
const port = new URL(gateway.url).port;
const browser = await launchBrowser(t, [
  `--host-resolver-rules=MAP ${PRODUCTION_HOST} 127.0.0.1, MAP ${OLD_HOST} 127.0.0.1`,
]);

t.test('the production host shows the three download entries, each with a QR modal and 取消', async (t) => {
  const page = await newPage(t, browser);
  await page.goto(`http://${PRODUCTION_HOST}:${port}/user/login`);
  const entries = page.locator('.download-entries__item');
  await entries.first().waitFor();
  t.same(
    (await entries.allInnerTexts()).map((text) => text.trim()),
    ['安卓版', 'iPhone版', '小程序版'],
  );
  for (const [label, title] of [
    ['安卓版', '微信扫一扫下载安卓版'],
    ['iPhone版', '微信扫一扫下载iPhone版'],
    ['小程序版', '微信扫一扫使用小程序版'],
  ] as const) {
    await entries.filter({ hasText: label }).click();
    const modal = page.locator('.ant-modal-wrap:visible .ant-modal');
    await modal.getByText(title, { exact: true }).waitFor();
    t.equal(await modal.evaluate((el) => getComputedStyle(el).width), '200px', `${label}: 200 px wide`);
    await t.resolves(modal.locator('.ant-qrcode canvas').waitFor(), `${label}: a QR code`);
    const buttons = modal.locator('.ant-modal-footer button');
    t.equal(await buttons.count(), 1, `${label}: one button`);
    t.match((await buttons.innerText()).replace(/\s/g, ''), '取消');
    await buttons.click();
    await modal.waitFor({ state: 'hidden' });
  }
  await page.getByText('示例科技').waitFor();
  const filing = page.getByRole('link', { name: '苏ICP备00000000号' });
  t.equal(await filing.getAttribute('href'), 'http://beian.miit.gov.cn/');
  t.equal(await page.locator('.ant-modal-title', { hasText: '跳转提示' }).count(), 0, 'no migration notice here');
});

t.test('other hosts show no download entries', async (t) => {
  const page = await newPage(t, browser);
  await page.goto(`${gateway.url}/user/login`);
  await page.getByText('V3.5').waitFor();
  t.equal(await page.locator('.download-entries__item').count(), 0);
  t.equal(await page.getByText('示例科技').count(), 0);
});

t.test('an old host shows the migration notice on the login page and after login', async (t) => {
  const page = await newPage(t, browser);
  const oldBase = `http://${OLD_HOST}:${port}`;
  await page.goto(`${oldBase}/user/login`);
  const notice = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '跳转提示' }) });
  await notice.waitFor();
  t.match(await notice.innerText(), /请使用新网址：/);
  t.equal(
    await notice.getByRole('link', { name: `https://${PRODUCTION_HOST}/` }).getAttribute('href'),
    `https://${PRODUCTION_HOST}/`,
  );
  t.equal(await notice.getByRole('link', { name: '点击立即跳转' }).getAttribute('href'), `https://${PRODUCTION_HOST}/`);
  t.match(await notice.innerText(), /微信 example/);
  t.equal(await page.locator('.download-entries__item').count(), 0, 'not a production host');
  // The notice cannot be dismissed: the old address is being retired.
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
  t.equal(await notice.isVisible(), true, 'Escape does not dismiss it');
  t.equal(await notice.locator('.ant-modal-close').count(), 0, 'no close button');
});

t.test('an old host shows the migration notice in the main layout to a user already logged in there', async (t) => {
  const page = await newPage(t, browser);
  const oldBase = `http://${OLD_HOST}:${port}`;
  // A session the user already had on the old address (stored as the client stores it after a login).
  const reply = await page.request.post(`${gateway.url}/jshERP-boot/user/login`, {
    data: { loginName: USERS.jsh.loginName, password: 'e10adc3949ba59abbe56e057f20f883e' },
  });
  const { data } = (await reply.json()) as { data: { token: string; user: { id: number; loginName: string } } };
  t.ok(data.token, 'logged in');
  // (No named helpers inside: tsx would wrap them in a __name() call the browser does not have.)
  await page.addInitScript((session) => {
    const entries: [string, unknown][] = [
      ['Access-Token', session.token],
      ['Login_userId', session.user.id],
      ['Login_loginName', session.user.loginName],
      ['Login_Userinfo', session.user],
    ];
    for (const [key, value] of entries) {
      localStorage.setItem(`pro__${key}`, JSON.stringify({ value, expire: Date.now() + 604_800_000 }));
    }
  }, data);
  await page.goto(`${oldBase}/dashboard/analysis`);
  await page.locator('.main-sider').getByText('系统管理').waitFor();
  const notice = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '跳转提示' }) });
  await notice.waitFor();
  t.equal(await notice.getByRole('link', { name: '点击立即跳转' }).getAttribute('href'), `https://${PRODUCTION_HOST}/`);
});
