/// <reference lib="dom" />
// WCAG 2.2 AA with axe-core over the main pages, in the light and the dark theme: the login page (logged out), home,
// a list (供应商信息), a basic-data form (供应商 新增), the stock bill form (采购入库 新增), the financial form (收款单
// 新增) and a report (商品库存). No critical and no serious violation on any of them (in the dark theme, of the
// rules that depend on colours: all a theme changes), and no exception: the list tables
// no longer draw antd's hidden measuring row (`scroll.x` did, with the select-all checkbox copied inside aria-hidden,
// axe's aria-hidden-focus), since they scroll sideways in their own box. One login: the pages in sequence, the dark
// theme chosen in the settings drawer as a user would, the login page again after the logout.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import type { Locator, Page } from 'playwright-core';
import {
  closeTourIfShown,
  fromUserMenu,
  launchBrowser,
  login,
  newPage,
  readSteady,
  RESULTS_DIR,
  USERS,
} from '../helpers/browser.js';
import { billDialog } from '../helpers/bill-keyboard.js';
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

/** Runs in the page: axe over the document (every rule, or only `rules`), leaving out the tabs kept hidden behind
 *  the shown one (React's <Activity> hides each with display: none; nobody can see or reach them, and they would
 *  only slow axe down). */
async function runAxe(rules: string[] | null): Promise<unknown[]> {
  const axe = (
    window as unknown as { axe: { run(context: object, options: object): Promise<{ violations: unknown[] }> } }
  ).axe;
  const context = { include: [document.documentElement], exclude: [['.tab-layout__page[style*="display: none"]']] };
  const only = rules ? { runOnly: { type: 'rule', values: rules } } : {};
  return (await axe.run(context, { resultTypes: ['violations'], ...only })).violations;
}

/** The rules whose outcome depends on colours: all a theme changes (the dark theme is antd's dark algorithm and a dark
 *  menu over the same elements, names, roles and landmarks). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Waits until no antd motion runs (a dialog zooming in, a popup sliding, a fade): axe reads colours as they stand. */
async function still(page: Page): Promise<void> {
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

/** Home and the six pages after it, each audited as it stands. */
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

  await openFromMenu(page, '基础资料', '供应商信息');
  await closeTourIfShown(page);
  await settled(page);
  await check('supplier-list');
  const partyForm = page.locator('.ant-modal:visible').filter({ has: page.locator('form') });
  await openDialog(page, partyForm);
  await check('supplier-form');
  await closeDialog(page, partyForm);

  await openFromMenu(page, '采购管理', '采购入库');
  await closeTourIfShown(page);
  await settled(page);
  const bill = billDialog(page);
  await openDialog(page, bill);
  await bill.locator('.bill-grid').waitFor();
  await check('purchase-in-form');
  await closeDialog(page, bill);

  await openFromMenu(page, '财务管理', '收款单');
  await closeTourIfShown(page);
  await settled(page);
  const financial = page.locator('.ant-modal:visible').filter({ has: page.locator('form#financial-bill') });
  await openDialog(page, financial);
  await check('receipt-form');
  await closeDialog(page, financial);

  await openFromMenu(page, '报表查询', '商品库存');
  await closeTourIfShown(page);
  await settled(page);
  await check('stock-report');

  await page.locator('.tab-layout__bar').getByRole('tab', { name: '首页' }).click();
  await page.locator('.analysis-page:visible').waitFor();
}

t.test('axe: no critical or serious violation on the main pages, light and dark', async (t) => {
  const page = await newPage(t, browser);

  await page.goto(`${url}/user/login`);
  await page.getByPlaceholder('请输入密码').waitFor();
  const loginAudit = await audit(page, 'light-login');
  t.same(loginAudit.blocking, [], 'light: login has no critical or serious violation');
  for (const rule of ['landmark-one-main', 'page-has-heading-one', 'region']) {
    t.notOk(
      loginAudit.ruleIds.includes(rule),
      `login: ${rule} holds (a main landmark, an h1, everything inside landmarks)`,
    );
  }

  await login(page, url, USERS.jsh);
  await auditPages(t, page, 'light', null);

  await fromUserMenu(page, '界面设置');
  await page.getByTestId('setting-theme-dark').click();
  await page.locator('.settings-drawer .ant-drawer-close').click();
  await page.locator('[data-testid="settings-drawer"]').waitFor({ state: 'hidden' });
  // The pointer leaves the header: the user menu, which also opens on hover, closes as it would for a user.
  await page.mouse.move(700, 500);
  await page.locator('.ant-dropdown:visible').first().waitFor({ state: 'hidden' });
  await auditPages(t, page, 'dark', COLOUR_RULES);

  await page.getByTestId('logout').click();
  await page
    .locator('.ant-modal-confirm:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await page.getByPlaceholder('请输入密码').waitFor();
  t.same(
    (await audit(page, 'dark-login', COLOUR_RULES)).blocking,
    [],
    'dark: login has no critical or serious violation',
  );
});
