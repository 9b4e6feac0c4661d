// The header against the real stack: menu search opens the chosen page as a tab (a modal on mobile), the user
// menu is reachable on mobile too, the fee ad follows its four conditions, and logout asks, clears and reloads.
import t from 'tap';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import {
  closeTourIfShown,
  launchBrowser,
  login,
  newPage,
  screenshot,
  tabTitlesSoon,
  USERS,
} from '../support/browser.js';

const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;
// The desktop checks share one login; the phone's has its own (another viewport and touch).
const desktop = await newPage(t, browser);
await login(desktop, base, USERS.jsh);

t.test('menu search: filters pages by text, excludes layout-only entries, opens the choice as a tab', async (t) => {
  const page = desktop;
  await page.getByTestId('menu-search').click();
  const select = page.getByTestId('menu-search-select');
  await select.waitFor();
  await page.keyboard.type('管理');
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await options.first().waitFor();
  const texts = (await options.allInnerTexts()).map((s) => s.trim());
  t.ok(texts.includes('角色管理') && texts.includes('用户管理'), 'pages whose title contains 管理');
  for (const module of ['系统管理', '采购管理', '销售管理', '零售管理', '仓库管理', '财务管理', '商品管理']) {
    t.notOk(texts.includes(module), `layout-only ${module} excluded`);
  }
  await page.keyboard.press('Control+A');
  await page.keyboard.type('角色');
  await options.filter({ hasText: '角色管理' }).click();
  await page.waitForURL(/\/system\/role$/);
  await closeTourIfShown(page);
  t.same(await tabTitlesSoon(page, ['首页', '角色管理']), ['首页', '角色管理'], 'opened as a tab');
  // search a second page: the first tab stays
  await page.getByTestId('menu-search').click();
  await page.keyboard.type('采购入库');
  await options.filter({ hasText: '采购入库' }).click();
  await page.waitForURL(/\/bill\/purchase_in$/);
  await closeTourIfShown(page);
  t.same(await tabTitlesSoon(page, ['首页', '角色管理', '采购入库']), ['首页', '角色管理', '采购入库']);
  await page.getByTestId('menu-search').click();
  await page.keyboard.type('首页');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-empty, .ant-select-dropdown:visible .ant-empty')
    .first()
    .waitFor();
  t.pass('the backend 首页 entry (a layout) is not offered');
});

t.test('mobile: menu search is a modal; the user menu is still reachable', async (t) => {
  const page = await newPage(t, browser, { viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });
  await login(page, base, USERS.jsh);
  await page.getByTestId('menu-search').click();
  const modal = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '搜索菜单' }) });
  await modal.waitFor();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
  await page.keyboard.type('用户管理');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '用户管理' }).click();
  await page.waitForURL(/\/system\/user$/);
  await modal.waitFor({ state: 'hidden' });
  await closeTourIfShown(page);
  t.pass('opened from the modal');
  t.equal(await page.getByText(/欢迎您，/).count(), 0, 'no welcome text on mobile');
  await page.getByTestId('user-menu').click();
  for (const entry of ['界面设置', '密码修改', '部门切换'])
    await page.locator('.ant-dropdown:visible').getByText(entry, { exact: true }).waitFor();
  await screenshot(page, 'features-header-mobile-user-menu');
  t.pass('settings, password and department reachable on mobile');
});

t.test('desktop: welcome with greeting and nickname, website link', async (t) => {
  const page = desktop;
  const welcome = page.getByTestId('user-menu');
  t.match(await welcome.innerText(), /^(早上好|上午好|中午好|下午好|晚上好)，欢迎您，.+$/);
  const link = page.locator('.main-header a[aria-label="官方网站"]');
  t.equal(await link.getAttribute('target'), '_blank');
  await link.hover();
  await page.locator('.ant-tooltip:visible').getByText('官方网站').waitFor();
});

t.test(
  'by keyboard: Esc pressed the moment the settings drawer opens from the user menu closes it, every time',
  async (t) => {
    // The menu's popup is still closing then, and it used to take the place on top among the layers Esc goes to: the
    // first Esc closed nothing (at this timing every time; by hand about one time in four).
    const page = desktop;
    const userMenu = page.getByTestId('user-menu');
    const drawer = page.getByTestId('settings-drawer');
    const rounds = 5;
    for (let round = 1; round <= rounds; round++) {
      await userMenu.focus();
      await page.keyboard.press('Enter');
      await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').first().waitFor();
      await page.keyboard.press('Tab');
      // Esc as the Enter that opened the drawer is released: a fast typist's timing, made exact. The page answers
      // whether the drawer was open when the Esc went.
      await page.evaluate(() => {
        const probe = window as unknown as { escAtRelease?: Promise<boolean> };
        probe.escAtRelease = new Promise<boolean>((resolve) => {
          const once = new AbortController();
          window.addEventListener(
            'keyup',
            (event) => {
              if (event.key !== 'Enter') return;
              once.abort();
              const wasOpen = document.querySelector('.settings-drawer.ant-drawer-open') !== null;
              (document.activeElement ?? document.body).dispatchEvent(
                new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
              );
              resolve(wasOpen);
            },
            { capture: true, signal: once.signal },
          );
        });
      });
      await page.keyboard.press('Enter');
      if (!(await page.evaluate(() => (window as unknown as { escAtRelease: Promise<boolean> }).escAtRelease))) {
        t.fail(`Enter on 界面设置 did not open the drawer (round ${round})`);
        return;
      }
      const closed = await drawer
        .waitFor({ state: 'hidden', timeout: 2_000 })
        .then(() => true)
        .catch(() => false);
      if (!closed) {
        t.fail(`the first Esc left it open (round ${round})`);
        return;
      }
    }
    t.pass(`${rounds} of ${rounds} closed by the first Esc`);
  },
);
