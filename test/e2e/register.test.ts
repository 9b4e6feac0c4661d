/// <reference lib="dom" />
// Captcha on the login and register pages, and the tenant registration round trip, against the real stack. The
// register form's rules are a component test: client/test/features/auth/register-page.test.tsx.
import t from 'tap';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import { launchBrowser, newPage, readUntil, submitLogin } from '../support/browser.js';
import { sandboxOnly } from '../support/backend.js';

const withCaptcha: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'true' });
t.teardown(() => withCaptcha.stop());
const noCaptcha: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => noCaptcha.stop());
const browser = await launchBrowser(t);

t.test('captcha on: required, a wrong code shows 验证码错误 and a new image', async (t) => {
  if (
    !sandboxOnly(
      t,
      "it starts a backend with the captcha on, which only the sandbox does per start (a real backend's checkcode_flag is its database's)",
    )
  )
    return;
  const page = await newPage(t, browser);
  await page.goto(`${withCaptcha.url}/user/login`);
  const image = page.locator('.login-form__captcha-image img');
  await image.waitFor();
  const first = await image.getAttribute('src');
  t.match(first, /^data:image\//);
  await submitLogin(page, { loginName: 'jsh', password: '123456' });
  await page.getByText('请输入验证码!').waitFor();
  await page.getByPlaceholder('请输入验证码').fill('zzzz');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page
    .locator('.ant-notification-notice')
    .filter({ hasText: '登录失败' })
    .filter({ hasText: '验证码错误' })
    .waitFor();
  await page.waitForFunction(
    (src) => document.querySelector('.login-form__captcha-image img')?.getAttribute('src') !== src,
    first,
  );
  t.equal(await page.getByPlaceholder('请输入验证码').inputValue(), '', 'the code field is cleared');
  const second = await image.getAttribute('src');
  await page.locator('.login-form__captcha-image').click();
  await page.waitForFunction(
    (src) => document.querySelector('.login-form__captcha-image img')?.getAttribute('src') !== src,
    second,
  );
  t.pass('a click loads a new image');
});

t.test('captcha off: no captcha field; the register link shows (registerFlag 1)', async (t) => {
  const page = await newPage(t, browser);
  await page.goto(`${noCaptcha.url}/user/login`);
  await page.getByRole('link', { name: '注册租户' }).waitFor();
  t.equal(await page.getByPlaceholder('请输入验证码').count(), 0);
});

t.test('register: success → result page → login with the name prefilled → logged in', async (t) => {
  const page = await newPage(t, browser);
  await page.goto(`${noCaptcha.url}/user/login`);
  await page.getByRole('link', { name: '注册租户' }).click();
  await page.waitForURL(/\/user\/register$/);
  // The router renders the new page in a transition: the login form stays until the register page has loaded.
  await page.getByPlaceholder('确认密码').waitFor();
  const name = `shop${Date.now().toString(36).slice(-5)}`;
  await page.getByPlaceholder('请输入用户名').fill(name);
  await page.getByPlaceholder('至少6位密码，区分大小写').fill('abc123');
  await page.getByPlaceholder('确认密码').fill('abc123');
  await page.getByRole('button', { name: /注册租户/ }).click();
  await page.waitForURL(/\/user\/register-result$/);
  await page.getByText('注册成功', { exact: true }).waitFor();
  await page.getByText(`租户 ${name} 已创建，请使用该租户登录。`).waitFor();
  await page.getByRole('button', { name: '立即登录' }).click();
  await page.waitForURL(/\/user\/login$/);
  await page.getByRole('button', { name: /登\s*录/ }).waitFor();
  t.equal(await page.getByPlaceholder('请输入用户名').inputValue(), name, 'the new name is prefilled');
  await page.getByPlaceholder('请输入密码').fill('abc123');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/\/dashboard\/analysis$/);
  await page.locator('.analysis-page', { hasText: '试用到期：' }).waitFor();
  t.match(
    await readUntil(
      () => page.locator('.analysis-page').innerText(),
      (text) => text.includes('试用用户：'),
    ),
    /试用用户：/,
    'a new tenant is a trial tenant',
  );
});

t.test('registering an existing name shows the backend message', async (t) => {
  const page = await newPage(t, browser);
  await page.goto(`${noCaptcha.url}/user/register`);
  await page.getByPlaceholder('确认密码').waitFor();
  await page.getByPlaceholder('请输入用户名').fill('test123');
  await page.getByPlaceholder('至少6位密码，区分大小写').fill('abc123');
  await page.getByPlaceholder('确认密码').fill('abc123');
  await page.getByRole('button', { name: /注册租户/ }).click();
  await page.locator('.ant-notification-notice').filter({ hasText: '在本系统已存在' }).waitFor();
  t.match(page.url(), /\/user\/register$/);
});
