/// <reference lib="dom" />
// WCAG 2.2 AA with axe-core over every kind of page, in the light and the dark theme: the login page (logged out),
// home, a list (供应商信息), a basic-data form (供应商 新增), the stock bill form (采购入库 新增), a bill's 查看 and its
// print preview, the financial form (收款单 新增), a report (采购统计), 商品库存, 进销存统计, 系统配置, the settings
// drawer, the message list, the `?` sheet, and on a phone the login page, home, a list and the menu drawer. No
// critical and no serious violation on any of them (in the dark theme, of the rules that depend on colours: all a
// theme changes), and no exception: the list tables no longer draw antd's hidden measuring row (`scroll.x` did, with
// the select-all checkbox copied inside aria-hidden, axe's aria-hidden-focus), since they scroll sideways in their
// own box. One login: the pages in sequence, the phone's pages in the same page at a phone's width, the dark theme
// chosen in the settings drawer as a user would, the login page again after the logout.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import type { Locator, Page } from 'playwright-core';
import {
  clickWhenResting,
  closeTourIfShown,
  fromUserMenu,
  launchBrowser,
  login,
  newPage,
  openFromMenu as openMenuItem,
  readSteady,
  RESULTS_DIR,
  USERS,
} from '../support/browser.js';
import { billDialog } from '../support/bill-keyboard.js';
import { activePage, openFromMenu, settled, startTableStack } from './tables-support.js';

// About 40 s on an idle 2-core machine; the margin is for a machine shared with other work.
t.setTimeout(600_000);
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs in the page: axe over the document (every rule, or only `rules`), leaving out the tabs kept behind the shown
 *  one (each carries the `hidden` attribute; nobody can see or reach them, and they would only slow axe down). */
async function runAxe(rules: string[] | null): Promise<unknown[]> {
  const axe = (
    window as unknown as { axe: { run(context: object, options: object): Promise<{ violations: unknown[] }> } }
  ).axe;
  const context = { include: [document.documentElement], exclude: [['.tab-layout__page[hidden]']] };
  const only = rules ? { runOnly: { type: 'rule', values: rules } } : {};
  return (await axe.run(context, { resultTypes: ['violations'], ...only })).violations;
}

/** The rules whose outcome depends on colours: all a theme changes (the dark theme is antd's dark algorithm and a dark
 *  menu over the same elements, names, roles and landmarks). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Waits until no antd motion runs (a dialog zooming in, a popup sliding, a fade): axe reads colours as they stand.
 *  A click's wave (the ring fading out around a clicked button for about 2 s, drawn in an element of its own) is
 *  ended first: it is decoration that antd removes when it ends, and waiting it out cost 2 s an audit. */
async function still(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelectorAll('.ant-wave').forEach((wave) => wave.remove()));
  await page.waitForFunction(
    () => !document.querySelector('[class*="-appear-active"], [class*="-enter-active"], [class*="-leave-active"]'),
  );
}

/** axe-core over the whole page as it stands (every rule, or only `rules`); returns the critical and serious
 *  violations, and the ids of every rule violated at any impact. */
async function audit(
  page: Page,
  name: string,
  rules: string[] | null = null,
): Promise<{ blocking: string[]; ruleIds: string[] }> {
  await still(page);
  // Evaluated, not added as a script tag: the page's CSP (script-src 'self') refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const started = Date.now();
  const violations = (await page.evaluate(runAxe, rules)) as AxeViolation[];
  if (process.env.AXE_REPORT) {
    // AXE_REPORT=1: every violation (any impact) of each page in test-results/axe-<theme>-<page>.json, and the page
    // as it was audited beside it (.png), to look at.
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, `axe-${name}.json`), JSON.stringify(violations, null, 2));
    await page.screenshot({ path: join(RESULTS_DIR, `axe-${name}.png`) });
    console.error(`axe ${name}: ${Date.now() - started} ms`);
  }
  const blocking: string[] = [];
  for (const violation of violations) {
    if (violation.impact !== 'critical' && violation.impact !== 'serious') continue;
    for (const node of violation.nodes) {
      blocking.push(
        `${violation.impact} ${violation.id} (${violation.help}) at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`,
      );
    }
  }
  return { blocking, ruleIds: violations.map((v) => v.id) };
}

const { url } = await startTableStack(t);
const browser = await launchBrowser(t);

/** A phone's screen: the shell's mobile layout (drawer menu, no tabs) follows the width. */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 800 };

const visibleModal = (page: Page, inside: string) =>
  page.locator('.ant-modal:visible').filter({ has: page.locator(inside) });

async function openDialog(page: Page, dialog: Locator): Promise<void> {
  await activePage(page)
    .getByRole('button', { name: /新\s*增/ })
    .click();
  await dialog.waitFor();
  await readSteady(() => dialog.boundingBox());
}

async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  await dialog.locator('.ant-modal-close').first().click();
  await dialog.waitFor({ state: 'hidden' });
}

async function openListPage(page: Page, group: string, leaf: string): Promise<void> {
  await openFromMenu(page, group, leaf);
  await closeTourIfShown(page);
  await settled(page);
}

/** Every kind of page, each audited as it stands: the desktop's, then the phone's at a phone's width. */
async function auditPages(t: Test, page: Page, theme: string, rules: string[] | null): Promise<void> {
  const check = async (name: string) =>
    t.same(
      (await audit(page, `${theme}-${name}`, rules)).blocking,
      [],
      `${theme}: ${name} has no critical or serious violation`,
    );

  await page.locator('.analysis-page').waitFor();
  await page.locator('.analysis-page svg text').first().waitFor();
  await check('home');

  await openListPage(page, '基础资料', '供应商信息');
  await check('supplier-list');
  const partyForm = page.locator('.ant-modal:visible').filter({ has: page.locator('form') });
  await openDialog(page, partyForm);
  await check('supplier-form');
  await closeDialog(page, partyForm);

  await openListPage(page, '采购管理', '采购入库');
  const bill = billDialog(page);
  await openDialog(page, bill);
  await bill.locator('.bill-grid').waitFor();
  await check('purchase-in-form');
  await closeDialog(page, bill);

  await activePage(page)
    .locator('.ant-table-tbody tr.ant-table-row')
    .first()
    .getByRole('button', { name: '查看' })
    .click();
  const detail = visibleModal(page, '.bill-detail');
  await detail.locator('.bill-detail-lines tbody tr').first().waitFor();
  await detail.getByRole('button', { name: /打\s*印/ }).click();
  const preview = visibleModal(page, '.print-preview__layouts');
  await page.frameLocator('.print-preview__sheet').locator('table').waitFor();
  await check('print-preview');
  await preview.locator('.ant-modal-close').click();
  await preview.waitFor({ state: 'hidden' });
  await check('purchase-in-detail');
  await closeDialog(page, detail);

  await openListPage(page, '财务管理', '收款单');
  const financial = visibleModal(page, 'form#financial-bill');
  await openDialog(page, financial);
  await check('receipt-form');
  await closeDialog(page, financial);

  await openListPage(page, '报表查询', '采购统计');
  await check('buy-in-report');
  await openListPage(page, '报表查询', '商品库存');
  await check('stock-report');
  await openListPage(page, '报表查询', '进销存统计');
  await check('in-out-stock-report');

  await openMenuItem(page, '系统管理', '系统配置');
  await page.locator('.system-config-page:visible .ant-switch').first().waitFor();
  await check('system-config');

  await fromUserMenu(page, '界面设置');
  const settingsDrawer = page.getByTestId('settings-drawer');
  await settingsDrawer.waitFor();
  await check('settings-drawer');
  await page.locator('.settings-drawer .ant-drawer-close').click();
  await settingsDrawer.waitFor({ state: 'hidden' });
  // The pointer leaves the header: the user menu, which also opens on hover, closes as it would for a user.
  await page.mouse.move(700, 500);
  await page.locator('.ant-dropdown:visible').first().waitFor({ state: 'hidden' });

  await page.getByTestId('notice-bell').click();
  await clickWhenResting(page.locator('.header-notice-popover').getByRole('button', { name: '查看更多' }));
  const messages = visibleModal(page, '.ant-table');
  await messages.locator('.ant-table-tbody tr:not(.ant-table-measure-row)').first().waitFor();
  await check('message-list');
  await closeDialog(page, messages);

  await page.keyboard.press('?');
  const sheet = visibleModal(page, '.shortcut-sheet');
  await sheet.waitFor();
  await check('shortcut-sheet');
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'hidden' });

  await page.locator('.tab-layout__bar').getByRole('tab', { name: '首页' }).click();
  await page.locator('.analysis-page:visible').waitFor();

  await page.setViewportSize(PHONE);
  await page.locator('.main-layout--mobile .analysis-page svg text').first().waitFor();
  await check('phone-home');
  await page.locator('.main-header__trigger').click();
  const menuDrawer = page.getByTestId('mobile-menu');
  await menuDrawer.waitFor();
  await check('phone-menu-drawer');
  await openMenuItem(page, '基础资料', '供应商信息');
  await menuDrawer.waitFor({ state: 'hidden' });
  await activePage(page).locator('.ant-table').first().waitFor();
  await settled(page);
  await check('phone-list');
  await page.setViewportSize(DESKTOP);
  await page.locator('.main-sider').waitFor();
}

t.test('axe: no critical or serious violation on any kind of page, light and dark', async (t) => {
  const page = await newPage(t, browser);
  // A colour that fades in passes through shades below AA before it settles.
  await page.addInitScript(() => {
    const faded: string[] = [];
    (window as unknown as { fadedColours: string[] }).fadedColours = faded;
    document.addEventListener('transitionrun', (e) =>
      faded.push(`${(e.target as Element).className} ${e.propertyName}`),
    );
  });

  await page.goto(`${url}/user/login`);
  await page.getByPlaceholder('请输入密码').waitFor();
  // Two frames: the page's effects after its first paint have run by then.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  t.same(
    await page.evaluate(() => (window as unknown as { fadedColours: string[] }).fadedColours),
    [],
    'login: nothing fades in from another colour as the page opens',
  );
  const loginAudit = await audit(page, 'light-login');
  t.same(loginAudit.blocking, [], 'light: login has no critical or serious violation');
  for (const rule of ['landmark-one-main', 'page-has-heading-one', 'region']) {
    t.notOk(
      loginAudit.ruleIds.includes(rule),
      `login: ${rule} holds (a main landmark, an h1, everything inside landmarks)`,
    );
  }
  await page.setViewportSize(PHONE);
  t.same(
    (await audit(page, 'light-phone-login')).blocking,
    [],
    'light: phone login has no critical or serious violation',
  );
  await page.setViewportSize(DESKTOP);

  await login(page, url, USERS.jsh);
  await auditPages(t, page, 'light', null);

  await fromUserMenu(page, '界面设置');
  await page.getByTestId('setting-theme-dark').click();
  await page.locator('.settings-drawer .ant-drawer-close').click();
  await page.locator('[data-testid="settings-drawer"]').waitFor({ state: 'hidden' });
  await page.mouse.move(700, 500);
  await page.locator('.ant-dropdown:visible').first().waitFor({ state: 'hidden' });
  await page.locator('.tab-layout__bar').getByRole('tab', { name: '首页' }).click();
  await auditPages(t, page, 'dark', COLOUR_RULES);

  await page.getByTestId('logout').click();
  // The cleared session shows the login page in the client before the logout's reload replaces the document: the
  // audit waits for the new document's load (an audit begun before it lost its page to the reload).
  const reloaded = page.waitForEvent('load');
  await page
    .locator('.ant-modal-confirm:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await reloaded;
  await page.getByPlaceholder('请输入密码').waitFor();
  t.same(
    (await audit(page, 'dark-login', COLOUR_RULES)).blocking,
    [],
    'dark: login has no critical or serious violation',
  );
  await page.setViewportSize(PHONE);
  t.same(
    (await audit(page, 'dark-phone-login', COLOUR_RULES)).blocking,
    [],
    'dark: phone login has no critical or serious violation',
  );
});

/** A description of the focused element, to compare with the opener's: its tag, test id, class and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return `${el.tagName} ${el.getAttribute('data-testid') ?? ''} ${el.className} ${(el.textContent ?? '').trim().slice(0, 20)}`;
  });
/** The same description of the element behind `target`. */
const described = (target: Locator) =>
  target.evaluate(
    (el) =>
      `${el.tagName} ${el.getAttribute('data-testid') ?? ''} ${el.className} ${(el.textContent ?? '').trim().slice(0, 20)}`,
  );
const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab until `target` has the focus, at most `limit` times; whether it got there. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<boolean> {
  for (let n = 0; n < limit; n++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return true;
  }
  return false;
}

t.test('by keyboard: each dialog and drawer gives the focus back to what opened it', async (t) => {
  const page = await newPage(t, browser);
  await login(page, url, USERS.jsh);

  // The home page's info icons are in the tab order and show their tooltip on focus.
  const info = page.locator('.analysis-page [data-testid^="figure-"] .anticon-info-circle').first();
  await info.waitFor();
  await page.getByTestId('logout').focus();
  t.ok(await tabTo(page, info), "Tab reaches the first figure's info icon");
  const tip = page.locator('.ant-tooltip:visible');
  await tip.waitFor();
  t.equal((await tip.innerText()).trim(), await info.getAttribute('aria-label'), 'its tooltip shows on focus');

  // The bell: Enter opens its popover, Tab goes into it, 查看更多 opens the message list, Esc gives the focus back.
  const bell = page.getByTestId('notice-bell');
  await bell.focus();
  await page.keyboard.press('Enter');
  const popover = page.locator('.header-notice-popover');
  const more = popover.getByRole('button', { name: '查看更多' });
  await more.waitFor();
  await page.keyboard.press('Tab');
  t.ok(await popover.evaluate((el) => el.contains(document.activeElement)), 'Tab from the bell goes into its popover');
  t.ok(await tabTo(page, more, 10), 'Tab reaches 查看更多');
  await page.keyboard.press('Enter');
  const messages = visibleModal(page, '.ant-table');
  await messages.locator('.ant-table-tbody tr:not(.ant-table-measure-row)').first().waitFor();
  await page.keyboard.press('Escape');
  await messages.waitFor({ state: 'hidden' });
  t.equal(await focused(page), await described(bell), 'the message list gives the focus back to the bell');
  await page.keyboard.press('Enter');
  await more.waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await popover.waitFor({ state: 'hidden' });
  t.equal(await focused(page), await described(bell), 'Esc in the popover closes it on the bell');

  // The settings drawer, from the user menu by keyboard.
  const userMenu = page.getByTestId('user-menu');
  await userMenu.focus();
  await page.keyboard.press('Enter');
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').first().waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const settingsDrawer = page.getByTestId('settings-drawer');
  await settingsDrawer.waitFor();
  await page.keyboard.press('Escape');
  await settingsDrawer.waitFor({ state: 'hidden' });
  t.equal(await focused(page), await described(userMenu), 'the settings drawer gives the focus back to the user menu');

  // A form (供应商 新增), 查看 and its print preview, the `?` sheet.
  await openListPage(page, '基础资料', '供应商信息');
  const add = activePage(page).getByRole('button', { name: /新\s*增/ });
  await add.focus();
  await page.keyboard.press('Enter');
  const partyForm = visibleModal(page, 'form');
  await partyForm.waitFor();
  await page.keyboard.press('Escape');
  await partyForm.waitFor({ state: 'hidden' });
  t.equal(await focused(page), await described(add), 'the form gives the focus back to 新增');

  await page.keyboard.press('?');
  const sheet = visibleModal(page, '.shortcut-sheet');
  await sheet.waitFor();
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'hidden' });
  t.equal(await focused(page), await described(add), 'the `?` sheet gives the focus back');

  await openListPage(page, '采购管理', '采购入库');
  const view = activePage(page)
    .locator('.ant-table-tbody tr.ant-table-row')
    .first()
    .getByRole('button', { name: '查看' });
  await view.focus();
  await page.keyboard.press('Enter');
  const detail = visibleModal(page, '.bill-detail');
  await detail.locator('.bill-detail-lines tbody tr').first().waitFor();
  const print = detail.getByRole('button', { name: /打\s*印/ });
  await print.focus();
  await page.keyboard.press('Enter');
  const preview = visibleModal(page, '.print-preview__layouts');
  await page.frameLocator('.print-preview__sheet').locator('table').waitFor();
  await page.keyboard.press('Escape');
  await preview.waitFor({ state: 'hidden' });
  t.equal(await focused(page), await described(print), 'the print preview gives the focus back to 打印');
  await page.keyboard.press('Escape');
  await detail.waitFor({ state: 'hidden' });
  t.equal(await focused(page), await described(view), "查看 gives the focus back to its row's 查看");

  // The phone's menu drawer.
  await page.setViewportSize(PHONE);
  // The same button folds the desktop's side menu: the phone's layout must be in place before Enter opens the drawer.
  const trigger = page.locator('.main-layout--mobile .main-header__trigger');
  await trigger.waitFor();
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menuDrawer = page.getByTestId('mobile-menu');
  await menuDrawer.waitFor();
  await page.keyboard.press('Escape');
  await menuDrawer.waitFor({ state: 'hidden' });
  t.equal(await focused(page), await described(trigger), 'the menu drawer gives the focus back to its trigger');

  // Back at a desktop's width the tab area mounts its kept pages again, here under the phone's last page (home):
  // 采购入库's 查看 still takes the address and closes.
  await page.setViewportSize(DESKTOP);
  await page.locator('.tab-layout__bar').getByRole('tab', { name: '采购入库' }).click();
  await view.focus();
  await page.keyboard.press('Enter');
  await detail.locator('.bill-detail-lines tbody tr').first().waitFor();
  await page.waitForURL(/[?&]number=/);
  await page.keyboard.press('Escape');
  await detail.waitFor({ state: 'hidden' });
  t.notOk(new URL(page.url()).searchParams.has('number'), 'after the phone: 查看 closes, the address without it');
  t.equal(await focused(page), await described(view), 'after the phone: 查看 gives the focus back');
});
