// The settings drawer against the real stack: every option changes the page at once and survives a reload;
// languages switch without a reload and translate the header, the menu and the drawer.
import t from 'tap';
import type { Page } from 'playwright-core';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import {
  closeTourIfShown,
  fromUserMenu,
  openAndChoose,
  readUntil,
  STANDING_SELECT,
  launchBrowser,
  login,
  newPage,
  openFromMenu,
  screenshot,
  USERS,
} from '../support/browser.js';

const chooseLanguage = (page: Page, language: string) =>
  openAndChoose(
    page.getByTestId('language-select').locator('.ant-select'),
    page.locator(STANDING_SELECT).getByText(language, { exact: true }),
  );

// Five journeys of about half a minute each on a busy machine: more than tap's default 120 s for a file.
t.setTimeout(300_000);
const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;

async function openDrawer(page: Page, settingsLabel = '界面设置') {
  await fromUserMenu(page, settingsLabel);
  await page.locator('[data-testid="settings-drawer"]').waitFor();
}
async function closeDrawer(page: Page) {
  await page.locator('.settings-drawer .ant-drawer-close').click();
  await page.locator('[data-testid="settings-drawer"]').waitFor({ state: 'hidden' });
}
const stored = (page: Page, key: string) =>
  page.evaluate(`JSON.parse(localStorage.getItem('pro__${key}') ?? 'null')?.value`);
const cssOf = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el, p) => {
      // The root tsconfig has no DOM lib: reach getComputedStyle through the element's window.
      const view = el.ownerDocument.defaultView as unknown as {
        getComputedStyle(e: unknown): { getPropertyValue(n: string): string };
      };
      return view.getComputedStyle(el).getPropertyValue(p);
    }, property);
/** The computed value once it is `expected`, or whatever it is after 2 s: "at once" is the next render, and the
 *  switch eases its colour over 0.2 s. */
const cssSoon = (page: Page, selector: string, property: string, expected: string | ((value: string) => boolean)) =>
  readUntil(() => cssOf(page, selector, property), expected, 2000);
const notFixed = (position: string) => position !== 'fixed';
/** Hue in degrees of an rgb() colour: in the dark theme antd draws the primary colour from its dark palette, a
 *  darker shade of the same hue. */
function hueOf(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((n) => Number(n) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return Math.round((h * 60 + 360) % 360);
}
const PURPLE_HUE = hueOf('rgb(114, 46, 209)');
const purple = (rgb: string) => Math.abs(hueOf(rgb) - PURPLE_HUE) <= 8;
const switchIn = (page: Page, name: string) => page.getByTestId(`setting-${name}`).getByRole('switch');

t.test('menu theme, primary colour and colour-weak mode apply at once and survive a reload', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.jsh);
  t.equal(await cssOf(page, '.main-sider', 'background-color'), 'rgb(255, 255, 255)', 'light menu by default');
  // 拂晓蓝 #1890FF in its AA shade: white on it reads 4.6:1 (on #1890FF itself 3.2:1).
  t.equal(
    await cssOf(page, '.main-header', 'background-color'),
    'rgb(20, 118, 209)',
    'header in #1476D1, the AA shade of #1890FF',
  );

  await openDrawer(page);
  await screenshot(page, 'features-settings-drawer');
  await page.getByTestId('setting-theme-dark').click();
  t.equal(
    await cssSoon(page, '.main-sider', 'background-color', 'rgb(0, 21, 41)'),
    'rgb(0, 21, 41)',
    'dark menu at once',
  );
  await page.locator('.settings-drawer__color[data-color="#722ED1"]').click();
  t.ok(
    purple(await cssSoon(page, '.ant-switch-checked', 'background-color', purple)),
    'primary colour #722ED1 at once (its dark shade)',
  );
  await switchIn(page, 'weak').click();
  t.ok(
    await readUntil(() => page.evaluate('document.body.classList.contains("colorWeak")'), true, 2000),
    'colour-weak class at once',
  );
  t.match(
    await cssSoon(page, 'body', 'filter', (filter) => filter.includes('invert')),
    /invert/,
    'colour-weak filter applied',
  );
  t.equal(await stored(page, 'DEFAULT_THEME'), 'dark');
  t.equal(await stored(page, 'DEFAULT_COLOR'), '#722ED1');
  t.equal(await stored(page, 'DEFAULT_COLOR_WEAK'), true);

  await page.reload();
  await page.locator('.main-sider').waitFor();
  t.equal(await cssOf(page, '.main-sider', 'background-color'), 'rgb(0, 21, 41)', 'dark menu after reload');
  t.ok(await page.evaluate('document.body.classList.contains("colorWeak")'), 'colour-weak after reload');
  await openDrawer(page);
  t.equal(await page.locator('.settings-drawer__color[aria-pressed="true"]').getAttribute('data-color'), '#722ED1');
  t.equal(await page.getByTestId('setting-theme-dark').getAttribute('aria-pressed'), 'true');
  t.ok(purple(await cssOf(page, '.ant-switch-checked', 'background-color')), 'colour after reload');
});

t.test(
  'the classic blue is an opt-in that says it reads below AA; a colour chosen after it is drawn at AA again',
  async (t) => {
    const page = await newPage(t, browser);
    await login(page, base, USERS.jsh);
    await openDrawer(page);
    const classic = page.getByTestId('setting-classic-color');
    t.equal(await classic.innerText(), '经典蓝（对比度较低）', 'its name says it has lower contrast');
    t.equal(await classic.getAttribute('aria-pressed'), 'false', 'not chosen by default');
    await classic.click();
    t.equal(
      await cssSoon(page, '.main-header', 'background-color', 'rgb(24, 144, 255)'),
      'rgb(24, 144, 255)',
      'header in #1890FF as it is',
    );
    t.match(
      await page.getByTestId('classic-color-note').innerText(),
      /3\.2:1.*4\.5:1/,
      'the note gives its contrast against AA',
    );
    t.equal(await stored(page, 'DEFAULT_CLASSIC_COLOR'), true);
    await screenshot(page, 'features-settings-classic');

    await page.reload();
    await page.locator('.main-header').waitFor();
    t.equal(await cssOf(page, '.main-header', 'background-color'), 'rgb(24, 144, 255)', 'classic after reload');
    await openDrawer(page);
    await page.locator('.settings-drawer__color[data-color="#1890FF"]').click();
    t.equal(
      await cssSoon(page, '.main-header', 'background-color', 'rgb(20, 118, 209)'),
      'rgb(20, 118, 209)',
      '拂晓蓝 at AA again',
    );
    t.equal(await page.getByTestId('classic-color-note').count(), 0, 'the note goes with it');
    t.equal(await stored(page, 'DEFAULT_CLASSIC_COLOR'), false);
  },
);

t.test(
  'fixed header, hide on scroll, fixed side menu and multiple tabs apply at once and survive a reload',
  async (t) => {
    const page = await newPage(t, browser, { viewport: { width: 1366, height: 500 } });
    await login(page, base, USERS.jsh);
    t.equal(await cssOf(page, '.main-header', 'position'), 'fixed', 'fixed header by default');
    t.equal(await cssOf(page, '.main-sider', 'position'), 'fixed', 'fixed side menu by default');
    await page.locator('.tab-layout__bar').waitFor();

    await openDrawer(page);
    t.equal(await switchIn(page, 'autoHideHeader').isEnabled(), true, 'auto-hide available with a fixed header');
    await switchIn(page, 'autoHideHeader').click();
    await switchIn(page, 'fixSiderbar').click();
    await switchIn(page, 'multipage').click();
    t.not(await cssSoon(page, '.main-sider', 'position', notFixed), 'fixed', 'side menu no longer fixed');
    t.equal(
      await readUntil(() => page.locator('.tab-layout__bar').count(), 0, 2000),
      0,
      'tab bar gone with multipage off',
    );
    await closeDrawer(page);

    // hide on scroll: make the page taller than the window, scroll past 100 px
    await page.evaluate(`document.querySelector('.main-content').style.minHeight = '3000px'`);
    await page.mouse.move(700, 300);
    await page.mouse.wheel(0, 400);
    for (let i = 0; i < 50 && Number(await page.evaluate('window.scrollY')) <= 100; i++) await page.waitForTimeout(100);
    t.ok(Number(await page.evaluate('window.scrollY')) > 100, 'scrolled past 100 px');
    await page.locator('.main-header').waitFor({ state: 'detached' });
    await page.evaluate('window.scrollTo(0, 0)');
    await page.locator('.main-header').waitFor();
    t.pass('header hidden past 100 px, back at the top');

    await page.reload();
    await page.locator('.main-header').waitFor();
    t.not(await cssOf(page, '.main-sider', 'position'), 'fixed', 'side menu not fixed after reload');
    t.equal(await page.locator('.tab-layout__bar').count(), 0, 'multipage off after reload');
    await openDrawer(page);
    t.equal(await switchIn(page, 'autoHideHeader').isChecked(), true, 'auto-hide kept');

    // turning the fixed header off turns auto-hide off and disables it
    await switchIn(page, 'fixedHeader').click();
    t.not(await cssSoon(page, '.main-header', 'position', notFixed), 'fixed', 'header no longer fixed');
    t.equal(await readUntil(() => switchIn(page, 'autoHideHeader').isChecked(), false, 2000), false);
    t.equal(
      await readUntil(() => switchIn(page, 'autoHideHeader').isDisabled(), true, 2000),
      true,
      'auto-hide disabled without a fixed header',
    );
    await page.reload();
    await page.locator('.main-header').waitFor();
    t.not(await cssOf(page, '.main-header', 'position'), 'fixed', 'unfixed header after reload');
    t.equal(await stored(page, 'DEFAULT_FIXED_HEADER'), false);
    t.equal(await stored(page, 'DEFAULT_FIXED_HEADER_HIDDEN'), false);
    t.equal(await stored(page, 'DEFAULT_FIXED_SIDEMENU'), false);
    t.equal(await stored(page, 'DEFAULT_MULTI_PAGE'), false);
  },
);

t.test('English then Japanese: header, menu and drawer translated without a reload; kept after reload', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.jsh);
  await openFromMenu(page, '系统管理', '角色管理');
  await closeTourIfShown(page);
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  await openDrawer(page);
  await chooseLanguage(page, 'English');
  const drawer = page.locator('.settings-drawer');
  await drawer.getByText('Page style').waitFor();
  for (const text of [
    'Primary colour',
    'Fixed header',
    'Hide header on scroll',
    'Fixed side menu',
    'Multiple tabs',
    'Colour-weak mode',
    'Language',
  ]) {
    await drawer.getByText(text, { exact: true }).waitFor();
  }
  await closeDrawer(page);
  const header = page.locator('.main-header');
  await header.getByText('Log out').waitFor();
  await header.getByText(/, welcome, /).waitFor();
  const sider = page.locator('.main-sider');
  for (const text of ['Purchasing', 'Sales', 'Warehouse', 'Finance', 'Reports', 'System']) {
    await sider.getByText(text, { exact: true }).waitFor();
  }
  // System is still open from the tab opened above.
  await sider.getByText('Roles', { exact: true }).waitFor();
  t.equal(navigations.length, 0, 'no reload');
  t.equal(await page.evaluate('document.documentElement.lang'), 'en');
  // A tab opened before the switch is relabelled too.
  const tabBar = page.locator('.tab-layout__bar');
  await tabBar.getByText('Roles', { exact: true }).waitFor();
  t.equal(await tabBar.getByText('角色管理', { exact: true }).count(), 0, 'no tab keeps its Chinese title');
  // So is the open page's table: its column titles follow.
  const headers = page.locator('.table-page:visible .ant-table-thead');
  await headers.getByText('Action', { exact: true }).waitFor();
  t.equal(await headers.getByText('角色名称', { exact: true }).count(), 0, 'no column keeps its Chinese title');
  // And its pager's total (共N条 in Chinese).
  await page
    .locator('.table-page:visible .ant-pagination-total-text')
    .getByText(/^\d+-\d+ of \d+$/)
    .waitFor();
  await screenshot(page, 'features-settings-english');

  await openDrawer(page, 'Interface settings');
  await chooseLanguage(page, '日本語');
  await drawer.getByText('全体スタイル').waitFor();
  await drawer.getByText('ヘッダーを固定', { exact: true }).waitFor();
  await closeDrawer(page);
  await header.getByText('ログアウト').waitFor();
  await sider.getByText('購買管理', { exact: true }).waitFor();
  await sider.getByText('ロール管理', { exact: true }).waitFor();

  await page.reload();
  await page.locator('.main-header').getByText('ログアウト').waitFor();
  await page.locator('.main-sider').getByText('購買管理', { exact: true }).waitFor();
  t.equal(await stored(page, 'DEFAULT_LANGUAGE'), 'ja-JP');
  // antd's own texts follow too (the tab bar's close menu, a date picker…): the confirm dialog's buttons
  await page.getByTestId('logout').click();
  await page.locator('.ant-modal-confirm').getByText('本当にログアウトしますか？').waitFor();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'キャンセル' }).click();
  await screenshot(page, 'features-settings-japanese');
});

t.test('the login page offers the languages at the top right', async (t) => {
  const page = await newPage(t, browser);
  await page.goto(`${base}/user/login`);
  await chooseLanguage(page, 'English');
  await page.getByPlaceholder('Username').waitFor();
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  const box = await page.getByTestId('language-select').boundingBox();
  t.ok(box && box.x > 1000 && box.y < 60, 'top right');
  await page.reload();
  await page.getByPlaceholder('Username').waitFor();
  t.pass('kept after reload');
});
