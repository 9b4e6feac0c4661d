// Logout against the real stack: asks 提示 / 真的要注销登录吗 ?, clears the session (token, user, permissions, tab
// cache), calls /user/logout ignoring its failure, and reloads to /; a password typed into a form is never in the
// browser's storage, and the user's drafts end with the logout.
import t from 'tap';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import { closeTourIfShown, launchBrowser, login, newPage, USERS } from '../support/browser.js';

const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;

t.test(
  'logout: asks 提示 / 真的要注销登录吗 ?, then clears the session, calls /user/logout (its failure ignored) and reloads to /',
  async (t) => {
    const page = await newPage(t, browser);
    await login(page, base, USERS.jsh);
    await page.getByTestId('menu-search').click();
    await page.keyboard.type('角色管理');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '角色管理' }).click();
    await page.waitForURL(/\/system\/role$/);
    await closeTourIfShown(page);

    await page.getByTestId('logout').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor();
    t.equal((await confirm.locator('.ant-modal-confirm-title').innerText()).trim(), '提示');
    t.equal((await confirm.locator('.ant-modal-confirm-content').innerText()).trim(), '真的要注销登录吗 ?');
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await confirm.waitFor({ state: 'hidden' });
    t.ok(await page.evaluate(`localStorage.getItem('pro__Access-Token') !== null`), 'cancel keeps the session');

    // The backend call is made, and its failure does not stop the logout.
    let logoutCalls = 0;
    await page.route('**/jshERP-boot/user/logout', (route) => {
      if (route.request().method() === 'GET') logoutCalls++;
      return route.abort('connectionrefused');
    });
    await page.getByTestId('logout').click();
    const documentLoad = page.waitForRequest(
      (r) => r.resourceType() === 'document' && new URL(r.url()).pathname === '/',
    );
    // The cleared session already moves the old page to /user/login in the client before the reload replaces it:
    // wait for the new document's own load event, not just a matching URL.
    const reloaded = page.waitForEvent('load');
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await documentLoad;
    await reloaded;
    await page.waitForURL(/\/user\/login(\?.*)?$/);
    await page.locator('input[name=password]').waitFor();
    t.equal(logoutCalls, 1, 'GET /user/logout was called once');
    const left = (await page.evaluate(`Object.keys(localStorage).filter((k) => k.startsWith('pro__'))`)) as string[];
    for (const key of [
      'Access-Token',
      'Login_userId',
      'Login_loginName',
      'Login_Userinfo',
      'winBtnStrList',
      'CACHE_INCLUDED_ROUTES',
    ]) {
      t.notOk(left.includes(`pro__${key}`), `${key} cleared`);
    }
    // the old address no longer opens
    await page.goto(`${base}/system/role`);
    await page.waitForURL(/\/user\/login(\?.*)?$/);
  },
);

/** Every value the page keeps in localStorage and sessionStorage, as one text. */
const keptText = (page: import('playwright-core').Page) =>
  page.evaluate(() =>
    [localStorage, sessionStorage]
      .flatMap((store) =>
        Array.from({ length: store.length }, (_, i) => `${store.key(i)}=${store.getItem(store.key(i)!)}`),
      )
      .join('\n'),
  );

t.test('a typed password is absent from storage before and after logout; the draft ends with the logout', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.jsh);
  await page.goto(`${base}/system/user`);
  await closeTourIfShown(page);
  await page
    .locator('.table-page:visible')
    .getByRole('button', { name: /新\s*增/ })
    .click();
  const form = page.locator('.ant-modal:visible').filter({ has: page.locator('form') });
  const secret = 'Geheim#4711';
  await form.getByLabel('登录名称', { exact: true }).fill('till2');
  await form.getByLabel('用户密码', { exact: true }).fill(secret);
  await form.getByLabel('用户姓名', { exact: true }).fill('收银二号');
  // The draft is written as the form is typed in: the name is kept…
  await page.waitForFunction(() =>
    Object.keys(localStorage).some(
      (key) => key.startsWith('pro__DRAFT:') && (localStorage.getItem(key) ?? '').includes('收银二号'),
    ),
  );
  const before = await keptText(page);
  t.notMatch(before, secret, '…the password is nowhere in storage');
  t.match(before, /pro__DRAFT:\d+:\d+:/, 'the draft is keyed by tenant and user');

  // The clerk leaves the form open and logs out from another tab of the browser (角色管理).
  const other = await page.context().newPage();
  await other.goto(`${base}/system/role`);
  await closeTourIfShown(other);
  t.match(await keptText(other), /收银二号/, 'the draft is kept meanwhile');
  await other.getByTestId('logout').click();
  const reloaded = other.waitForEvent('load');
  await other
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await reloaded;
  await other.waitForURL(/\/user\/login(\?.*)?$/);
  // The first tab follows the logout; nothing it holds is written back.
  await page.waitForURL(/\/user\/login(\?.*)?$/);
  const after = await keptText(other);
  t.notMatch(after, secret, 'after the logout: no password');
  t.notMatch(after, /pro__DRAFT:/, 'and no draft');
});
