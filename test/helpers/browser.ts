// Browser helpers for the end-to-end tests: Debian's chromium driven by playwright-core (never downloaded).
//   launchBrowser(t)          – one chromium per test file, closed in t.teardown.
//   newPage(t, browser, opts) – a fresh context + page per test; on a failed test a full-page screenshot goes to
//                               test-results/<test name>.png; closed in t.teardown.
//   login(page, baseUrl, user) – fills the login form (no captcha: start the gateway with SANDBOX_CAPTCHA=false)
//                               and waits for the main layout.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { PROJECT_ROOT } from './stack.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const RESULTS_DIR = join(PROJECT_ROOT, 'test-results');

/** The seeded accounts (backend contract §14); all share the password 123456. */
export const USERS = {
  jsh: { loginName: 'jsh', password: '123456' },
  admin: { loginName: 'admin', password: '123456' },
  test123: { loginName: 'test123', password: '123456' },
} as const;

interface Teardown {
  teardown(fn: () => unknown): void;
}

interface TestLike extends Teardown {
  fullname: string;
  passing(): boolean;
}

export async function launchBrowser(t: Teardown, extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
  t.teardown(() => browser.close());
  return browser;
}

export async function newPage(t: TestLike, browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN', ...options });
  const page = await context.newPage();
  t.teardown(async () => {
    if (!t.passing()) {
      mkdirSync(RESULTS_DIR, { recursive: true });
      const name = t.fullname.replace(/[^\w\u4e00-\u9fa5-]+/g, '_').slice(-120);
      await page.screenshot({ path: join(RESULTS_DIR, `${name}.png`), fullPage: true }).catch(() => undefined);
    }
    await context.close();
  });
  return page;
}

/** Fills and submits the login form on the current page (must already be on /user/login). */
export async function submitLogin(page: Page, user: { loginName: string; password: string }): Promise<void> {
  await page.getByPlaceholder('请输入用户名').fill(user.loginName);
  await page.getByPlaceholder('请输入密码').fill(user.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Opens the login page, logs in and waits for the home page. */
export async function login(page: Page, baseUrl: string, user: { loginName: string; password: string } = USERS.jsh): Promise<void> {
  await page.goto(`${baseUrl}/user/login`);
  await submitLogin(page, user);
  await page.waitForURL(/\/dashboard\/analysis$/);
  await page.locator('.main-sider, [data-testid="mobile-menu"], .main-header').first().waitFor();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}
