// Browser helpers for the end-to-end tests: Debian's Chromium driven by playwright-core (never downloaded).
//   launchBrowser(t)          – one Chromium per test file, closed in t.teardown.
//   newPage(t, browser, opts) – a fresh context + page per test; on a failed test a full-page screenshot goes to
//                               test-results/<test name>.png and its failed, 5xx and unanswered requests are told;
//                               closed in t.teardown.
//   login(page, baseUrl, user) – fills the login form (no captcha: start the gateway with SANDBOX_CAPTCHA=false)
//                               and waits for the main layout; the login's greetings are hidden as they appear.
//   clickWhenResting           – one click, once the target is visible and its box has stopped moving.
//   openFromMenu, openAndChoose, chooseFromDropdown, fromUserMenu
//                              – a menu item, or an item of a dropdown or select, clicked once its popup or submenu
//                                stands (visible, not sliding). Never a second click: a lost click is a product defect.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { browserClock, PROJECT_ROOT } from './stack.js';

/** The journeys' browser: Debian's chromium-headless-shell, the same Chromium build as /usr/bin/chromium without the
 *  desktop browser around it (what Playwright itself runs headless tests on). On this two-core machine a login to the
 *  home page costs it half the CPU of the full browser's headless mode (about 20 s against 40 s for six, measured
 *  alternately), and the journeys take about a third less time. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
/** Debian's full desktop Chromium, in its headless mode: the browser staff run. One journey file runs on it
 *  (`launchBrowser(t, [], { desktop: true })`), so a difference between the two builds shows in the tests. */
export const DESKTOP_CHROMIUM_PATH = process.env.DESKTOP_CHROMIUM_PATH ?? '/usr/bin/chromium';
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

/** The seeded accounts; all share the password 123456. */
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

/** The journeys' JavaScript stops at V8's baseline compiler (Sparkplug): no optimizing compiles (Maglev, TurboFan) of
 *  code that a test page runs for a few seconds and throws away. The same language in every tier, so the same
 *  behaviour; 14 % less wall time and 15 % less CPU over four journey files (two runs of each, alternated) against the
 *  default tiers, 6 % against none above the interpreter. Journeys only: the bench measures the browser as it ships. */
export const JOURNEY_JS_FLAGS = '--js-flags=--max-opt=1';

export async function launchBrowser(t: Teardown, extraArgs: string[] = [], { desktop = false } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: desktop ? DESKTOP_CHROMIUM_PATH : CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, JOURNEY_JS_FLAGS, ...extraArgs],
  });
  t.teardown(() => browser.close());
  return browser;
}

export async function newPage(t: TestLike, browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  // Reduced motion (a user setting the shell honours): antd's popups and dialogs stand at once, so no journey waits
  // out an animation; a journey about motion itself passes reducedMotion: 'no-preference'.
  const context = await browser.newContext({
    viewport: { width: 1366, height: 800 },
    locale: 'zh-CN',
    reducedMotion: 'reduce',
    ...options,
  });
  // Under a moved sandbox clock the page's Date moves with it (timers keep the real pace).
  const moment = browserClock();
  if (moment) await context.clock.setSystemTime(moment);
  const page = await context.newPage();
  // What went wrong on the wire, told beside a failed test's screenshot: a request that failed or a server error.
  const troubles: string[] = [];
  context.on('requestfailed', (request) =>
    troubles.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`),
  );
  context.on('response', (response) => {
    if (response.status() >= 500)
      troubles.push(`${response.request().method()} ${response.url()}: ${response.status()}`);
  });
  const pending = new Map<Request, number>();
  context.on('request', (request) => pending.set(request, Date.now()));
  context.on('requestfinished', (request) => pending.delete(request));
  context.on('requestfailed', (request) => pending.delete(request));
  t.teardown(async () => {
    if (!t.passing()) {
      // On stderr: a page opened at a file's top level is torn down after its TAP stream has ended.
      if (troubles.length > 0) console.error(`${t.fullname}: requests that failed:\n${troubles.join('\n')}`);
      const unanswered = [...pending].map(
        ([request, since]) => `${request.method()} ${request.url()} (${Date.now() - since} ms)`,
      );
      if (unanswered.length > 0) console.error(`${t.fullname}: requests still unanswered:\n${unanswered.join('\n')}`);
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

/** The login's greetings (the welcome, and 3 s later the weak-password reminder) sit at the top right, over the
 *  header and the table toolbars, for seconds. A script in the page hides each one as it is added, before it is
 *  drawn, so no test depends on when they appear: hidden in place without an event (a click on their close button
 *  would also close a dropdown the test has just opened), and never under the pointer (one shown over the user menu
 *  the pointer had just opened by hovering closed that menu again). The stack's wrapper takes pointer events over
 *  the notices' box too, so it stops taking them; any other notice keeps its own (antd sets them on each notice). */
function hideGreetingsInPage(): void {
  // No named inner function: tsx would wrap it in a helper the page does not have.
  const flagged = window as unknown as { __hideGreetings?: boolean };
  if (flagged.__hideGreetings) return;
  flagged.__hideGreetings = true;
  new MutationObserver(() => {
    for (const notice of Array.from(
      document.querySelectorAll<HTMLElement>('.ant-notification-notice:not([data-greeting-hidden])'),
    )) {
      if (!/欢迎回来|密码过于简单/.test(notice.textContent ?? '')) continue;
      notice.dataset.greetingHidden = '';
      notice.style.setProperty('visibility', 'hidden', 'important');
      notice.style.setProperty('pointer-events', 'none', 'important');
      (notice.closest('.ant-notification-list-content') as HTMLElement | null)?.style.setProperty(
        'pointer-events',
        'none',
        'important',
      );
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Opens the login page, logs in and waits for the home page. `keepGreetings` for a test that reads them. */
export async function login(
  page: Page,
  baseUrl: string,
  user: { loginName: string; password: string } = USERS.jsh,
  { keepGreetings = false }: { keepGreetings?: boolean } = {},
): Promise<void> {
  if (!keepGreetings) await page.addInitScript(hideGreetingsInPage);
  await page.goto(`${baseUrl}/user/login`);
  await submitLogin(page, user);
  await page.waitForURL(/\/dashboard\/analysis$/);
  await page.locator('.main-sider, [data-testid="mobile-menu"], .main-header').first().waitFor();
  // A first login in a browser shows home before its menu answers: logged in means the menu is on show too.
  await page.locator('.main-sider__pending').waitFor({ state: 'detached' });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** List pages greet a first visit with an intro tour whose mask covers the page; close it like a user would.
 *  Waits for the shown page to render first (the tour opens as the page mounts). */
export async function closeTourIfShown(page: Page, timeoutMs = 15_000): Promise<void> {
  const tour = page.locator('.ant-tour:visible');
  const path = new URL(page.url()).pathname;
  // In multi-tab mode the page of the current path (other tabs' content may still be visible for a moment).
  const scope = (await page.locator('.tab-layout__bar').isVisible())
    ? `[data-tab-page="${path}"]`
    : '.tab-layout__content';
  const rendered = page.locator(
    `${scope} :is(.ant-table, .ant-result, .analysis-page, .system-config-page, iframe):visible`,
  );
  await tour.or(rendered).first().waitFor({ timeout: timeoutMs });
  // A list page opens its tour on a first visit, i.e. while its intro cache entry is missing: known, not guessed
  // from timing (on a busy machine the tour can open well after the table shows).
  const tourDue = await page.evaluate((pageSelector) => {
    const listPage = document.querySelector(pageSelector);
    return (
      listPage !== null && localStorage.getItem(`pro__intro_cache_${listPage.getAttribute('data-page-key')}`) === null
    );
  }, `${scope} .table-page`);
  if (!tourDue) return;
  await tour.waitFor({ timeout: timeoutMs });
  await tour.locator('.ant-tour-close').click();
  await tour.waitFor({ state: 'hidden' });
}

/**
 * Reads a value until it is `expected` (or `expected(value)` holds), for `timeoutMs` at most, and returns the last
 * value read for the caller to assert. For what a user sees shortly after an action (a re-render, a colour
 * transition, a list reloading), not necessarily in the same frame.
 */
export async function readUntil<T>(
  read: () => Promise<T>,
  expected: T | ((value: T) => boolean),
  timeoutMs = 5000,
): Promise<T> {
  const accept =
    typeof expected === 'function' ? (expected as (value: T) => boolean) : (value: T) => value === expected;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Reads a value until it has held for `quietMs` (comparing as JSON), for `timeoutMs` at most, and returns it: a box
 * once its opening animation is over, a count once the updates in flight have landed.
 */
export async function readSteady<T>(read: () => Promise<T>, { quietMs = 150, timeoutMs = 5000 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  for (let since = Date.now(); Date.now() - since < quietMs && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = await read();
    if (JSON.stringify(now) !== JSON.stringify(value)) {
      value = now;
      since = Date.now();
    }
  }
  return value;
}

/** Whether the element or a box around it still runs an antd motion (its -appear/-enter/-leave classes). */
const MOVING = (el: Element) => {
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (
      /(^|\s)[\w-]+-(appear|enter|leave)(\s|$)/.test(
        node.className && typeof node.className === 'string' ? node.className : '',
      )
    )
      return true;
  }
  return false;
};

/** The element's box once an opening animation (which scales it) is over: its motion classes gone (a loaded machine
 *  can pause an animation for longer than any quiet spell), then the box steady. */
export async function restingBox(target: Locator) {
  await readUntil(() => target.evaluate(MOVING).catch(() => false), false, 10_000);
  return readSteady(() => target.boundingBox());
}

/** One click on `target` once it is visible and its box has stopped moving (a popup sliding in, a dialog zooming,
 *  a submenu unfolding): where a user would click. */
export async function clickWhenResting(target: Locator, options: { button?: 'left' | 'right' } = {}): Promise<void> {
  await target.waitFor();
  await restingBox(target);
  await target.click(options);
}

/** antd popups that stand: visible and not sliding. A closing one fades out without its hidden class for a while, and
 *  one still sliding in moves under the pointer (the user menu also opens on hover, so a click beside it closes it). */
export const STANDING_MENU = '.ant-dropdown:visible:not([class*="slide-up-"])';
export const STANDING_SELECT = '.ant-select-dropdown:visible:not([class*="slide-up-"])';

/** Opens a popup from its trigger and clicks `item` in it once it stands. */
export async function openAndChoose(
  trigger: Locator,
  item: Locator,
  { button = 'left' }: { button?: 'left' | 'right' } = {},
): Promise<void> {
  await clickWhenResting(trigger, { button });
  await clickWhenResting(item);
}

/** Opens a dropdown menu from its trigger and chooses the entry of that text. */
export async function chooseFromDropdown(
  page: Page,
  trigger: Locator,
  entry: string,
  options: { button?: 'left' | 'right' } = {},
): Promise<void> {
  const item = page
    .locator(`${STANDING_MENU} .ant-dropdown-menu-item`)
    .filter({ has: page.getByText(entry, { exact: true }) });
  await openAndChoose(trigger, item, options);
}

/** Opens the header's user menu and chooses an entry. */
export async function fromUserMenu(page: Page, entry: string): Promise<void> {
  await chooseFromDropdown(page, page.getByTestId('user-menu'), entry);
}

/** The titles of the tab bar, in order. */
export async function tabTitles(page: Page): Promise<string[]> {
  return (await page.locator('.tab-layout__bar').getByRole('tab').allInnerTexts()).map((text) => text.trim());
}

/** The tab titles once they are `expected`, or as they stand after 5 s (opening or closing a tab re-renders the bar
 *  after the click). */
export const tabTitlesSoon = (page: Page, expected: readonly string[]) =>
  readUntil(
    () => tabTitles(page),
    (titles) => titles.join('|') === expected.join('|'),
  );

/** Opens a page from the side menu: a module (submenu) then its item (`opensTab: false` for an external link). */
export async function openFromMenu(
  page: Page,
  moduleText: string,
  itemText: string,
  { opensTab = true }: { opensTab?: boolean } = {},
): Promise<void> {
  const sider = page.locator('.main-sider, [data-testid="mobile-menu"]').first();
  const item = sider.locator('li.ant-menu-item').filter({ has: page.getByText(itemText, { exact: true }) });
  if (!(await item.isVisible())) {
    await clickWhenResting(
      sider.locator('.ant-menu-submenu-title').filter({ has: page.getByText(moduleText, { exact: true }) }),
    );
  }
  // The submenu unfolds (and the accordion folds another one): the item is clicked where it comes to rest.
  await clickWhenResting(item);
  // An external link opens a window instead of a tab: nothing to check here, the caller waits for the popup.
  if (!opensTab) return;
  await page.waitForFunction((title) => document.title.startsWith(title), itemText);
}
