/// <reference lib="dom" />
// Login, guard and session against the real stack (gateway + sandbox upstream, captcha off). The form's required
// fields are a component test: client/test/features/auth/login-page.test.tsx.
import t from 'tap';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import { launchBrowser, login, newPage, openFromMenu, readUntil, submitLogin, USERS } from '../support/browser.js';
import { addProduct, apiSession, saveBill, uniqueBarCode, uniqueName } from '../support/fixtures.js';

const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;

t.test('a wrong password shows 用户密码不正确 and the button stops spinning', async (t) => {
  const page = await newPage(t, browser);
  await page.goto(`${base}/user/login`);
  await submitLogin(page, { loginName: 'jsh', password: 'wrong-password' });
  const notice = page.locator('.ant-notification-notice').filter({ hasText: '登录失败' });
  await notice.waitFor();
  t.match(await notice.textContent(), /用户密码不正确/);
  const button = page.getByRole('button', { name: /登\s*录/ });
  await t.resolves(button.and(page.locator(':not([aria-busy="true"])')).waitFor(), 'button no longer loading');
  t.equal(await button.isEnabled(), true);
  t.match(page.url(), /\/user\/login$/);
});

t.test('an unknown user shows 用户不存在', async (t) => {
  const page = await newPage(t, browser);
  await page.goto(`${base}/user/login`);
  await submitLogin(page, { loginName: 'nobody', password: 'x' });
  await page.locator('.ant-notification-notice').filter({ hasText: '用户不存在' }).waitFor();
  t.pass('shown');
});

t.test("login as jsh lands on /dashboard/analysis with jsh's menu, the company and a welcome", async (t) => {
  // Test data: a retail sale of the test's own product today, through the API, so that this year's retail figure
  // and this month's retail bar are not zero on any backend.
  const api = await apiSession(base);
  const barCode = uniqueBarCode();
  await addProduct(api, { name: uniqueName('零售品'), barCode, initialStock: 5 });
  await saveBill(api, 'retailOut', [{ barCode, unit: '个', quantity: 1, unitPrice: 8 }]);
  const page = await newPage(t, browser);
  // The greetings last 4.5 s each (the reminder comes 3 s after login): watch for them from the start, as a
  // busy machine may take that long to get through the checks below.
  const notice = (text: string | RegExp) => page.locator('.ant-notification-notice').filter({ hasText: text });
  await page.goto(`${base}/user/login`);
  const welcome = notice('欢迎')
    .filter({ hasText: /(早上好|上午好|中午好|下午好|晚上好)，欢迎回来/ })
    .waitFor();
  const reminder = notice('密码过于简单，请尽快修改').waitFor();
  await submitLogin(page, USERS.jsh);
  await page.waitForURL(/\/dashboard\/analysis$/);
  await page.locator('.main-sider').waitFor();
  await t.resolves(welcome, 'the welcome notification');
  await page.locator('.main-sider .ant-menu-root > li').first().waitFor();
  const topLevel = await page.locator('.main-sider .ant-menu-root > li').allInnerTexts();
  t.same(
    topLevel.map((text) => text.trim()),
    [
      '首页',
      '零售管理',
      '采购管理',
      '销售管理',
      '仓库管理',
      '财务管理',
      '报表查询',
      '商品管理',
      '基础资料',
      '系统管理',
    ],
  );
  await page.locator('.main-header__title', { hasText: '公司test' }).waitFor();
  await page.locator('.analysis-page', { hasText: '服务到期：' }).waitFor();
  // The tenant's facts as the backend gives them: other runs on a shared backend add users to tenant 63.
  const tenant = (await api.get('/user/infoWithTenant')).data as { userCurrentNum: number; userNumLimit: number };
  const tenantFacts = new RegExp(
    `2099-02-17[\\s\\S]*授权用户：[\\s\\S]*${tenant.userCurrentNum}/${tenant.userNumLimit}`,
  );
  t.match(
    await readUntil(
      () => page.locator('.analysis-page').innerText(),
      (text) => tenantFacts.test(text),
    ),
    tenantFacts,
  );
  // With today's retail sale this year's retail figure is a non-zero amount and the retail chart's six months are
  // not all zero; the twelve figures and three charts are there.
  const yearRetail = page.getByTestId('figure-yearRetailSale').locator('.analysis-page__amount');
  await yearRetail.waitFor();
  t.match(await yearRetail.innerText(), /^-?¥(?!0\.00$)[\d,]+\.\d\d$/, "this year's retail is a non-zero amount");
  t.equal(await page.locator('[data-testid^="figure-"]').count(), 12);
  await page.getByTestId('chart-retail').locator('svg[role="img"]').waitFor();
  const retailBars = await page.getByTestId('chart-retail').locator('rect title').allTextContents();
  t.equal(retailBars.length, 6, 'six months');
  t.ok(
    retailBars.some((bar) => !bar.endsWith(': ¥0.00')),
    'a retail month is not zero',
  );
  t.equal(await page.locator('[data-testid^="chart-"] svg[role="img"]').count(), 3, 'three charts');
  const systemTitle = (await page.locator('.main-sider__logo h1').innerText()).trim();
  t.equal(await page.title(), systemTitle, 'the home tab shows the system title alone');
  t.equal(await page.locator('.user-layout').count(), 0, 'the login layout is gone');
  // The weak-password reminder follows after 3 s (the seeded password is 123456).
  await t.resolves(reminder, 'the weak-password reminder');
  // A reload boots the session again from storage (menu reloaded) and stays.
  await page.reload();
  await page.locator('.main-sider').getByText('系统管理').waitFor();
  t.match(page.url(), /\/dashboard\/analysis$/);
  // While logged in, / and /user/login go home.
  await page.goto(`${base}/user/login`);
  await page.waitForURL(/\/dashboard\/analysis$/);
  t.pass('login page redirects home');
});

t.test(
  'the code of the home screen comes in a few files, so the login call never waits for a connection',
  async (t) => {
    // A browser opens six connections to a host over HTTP/1.1. The shell's code is fetched while the login page is
    // on screen; split in ~35 files, it held all six connections and the login call queued behind it for a free one.
    const page = await newPage(t, browser);
    await page.goto(`${base}/user/login`);
    await submitLogin(page, USERS.jsh);
    await page.locator('.analysis-page [data-testid="figure-todaySale"]').waitFor();
    const code = await page.evaluate(() => {
      // What the page's own code asked for, after the entry's scripts (which run before DOMContentLoaded).
      const since = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
        .domContentLoadedEventStart;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime >= since && /\/assets\/.+\.(js|css)$/.test(new URL(e.name).pathname))
        .map((e) => new URL(e.name).pathname);
    });
    t.ok(
      code.some((path) => path.endsWith('.js')),
      `the shell's code came after the entry: ${code.join(', ')}`,
    );
    t.ok(code.length <= 5, `at most five script and style files: ${code.join(', ')}`);
  },
);

t.test('a deep link while logged out comes back after login', async (t) => {
  const page = await newPage(t, browser);
  await page.goto(`${base}/system/role`);
  await page.waitForURL(/\/user\/login\?redirect=%2Fsystem%2Frole$/);
  await page.getByText('V3.5').waitFor();
  await submitLogin(page, USERS.jsh);
  await page.waitForURL(/\/system\/role$/);
  await page.locator('.tab-layout__bar').getByRole('tab', { name: '角色管理', selected: true }).waitFor();
  await page.locator('.main-breadcrumb', { hasText: '系统管理' }).waitFor();
  const expectedTitle = `角色管理 · ${(await page.locator('.main-sider__logo h1').innerText()).trim()}`;
  await t.resolves(
    page.waitForFunction((title) => document.title === title, expectedTitle),
    `document title ${expectedTitle}`,
  );
});

t.test('an unknown path shows the 404 page, and 返回首页 goes home', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.jsh);
  await page.goto(`${base}/no/such/page`);
  await page.waitForURL(/\/404$/);
  await page.getByText('抱歉，你访问的页面不存在或仍在开发中').waitFor();
  await page.getByRole('button', { name: '返回首页' }).click();
  await page.waitForURL(/\/dashboard\/analysis$/);
  t.pass('home again');
});

t.test('an expired session shows the login-expired dialog; 重新登录 leads to the login page', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.jsh);
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value as string,
  );
  t.ok(token, 'a token is held');
  // The session ends on the server side (what an expiry or a logout elsewhere does).
  const logout = await page.request.get(`${base}/jshERP-boot/user/logout`, { headers: { 'X-Access-Token': token } });
  t.equal(logout.status(), 200);
  // The next call the shell makes (opening a page, or the header's notice refresh, whichever comes first).
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: '登录已过期' });
  await Promise.race([dialog.waitFor(), openFromMenu(page, '系统管理', '用户管理').catch(() => undefined)]);
  await dialog.waitFor();
  t.equal(await dialog.count(), 1, 'one dialog however many calls failed');
  t.match(await dialog.innerText(), /很抱歉，登录已过期，请重新登录/);
  await dialog.getByRole('button', { name: '重新登录' }).click();
  await page.waitForURL(/\/user\/login/);
  await page.getByPlaceholder('请输入用户名').waitFor();
  t.equal(await page.evaluate(() => localStorage.getItem('pro__Access-Token')), null, 'the token is gone');
});
