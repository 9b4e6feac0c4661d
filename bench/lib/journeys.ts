// Whole user journeys in Chromium against the gateway on its sandbox, each timed from the user's action to the data
// on screen, in fresh browser contexts (empty cache, as a first visit of the day): the login click until the menu
// and home are visible; a deep link to a list page while logged out, through the login, until its rows show;
// a new list page opened from the menu until its rows show; and a switch back to an open tab until its rows show.
// Timed from Node around Playwright's actions, so each figure includes a few ms of the driver's own round trips.
import { performance } from 'node:perf_hooks';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, closeTourIfShown } from '../../test/helpers/browser.js';

export interface JourneysResult {
  /** ms per counted run, and their median. */
  loginToHome: number[];
  deepLinkToRows: number[];
  newListPage: number[];
  tabSwitch: number[];
  median: { loginToHome: number; deepLinkToRows: number; newListPage: number; tabSwitch: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const rowsOf = (page: Page, path: string) => page.locator(`[data-tab-page="${path}"] tbody tr.ant-table-row`).first();

async function fillLogin(page: Page): Promise<void> {
  await page.getByPlaceholder('请输入用户名').fill('jsh');
  await page.getByPlaceholder('请输入密码').fill('123456');
}

async function timed(action: () => Promise<unknown>, until: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  await until();
  return performance.now() - start;
}

export async function measureJourneys(options: { chromiumPath: string; baseUrl: string; runs: number; log: (line: string) => void }): Promise<JourneysResult> {
  const browser = await chromium.launch({ executablePath: options.chromiumPath, args: CHROMIUM_ARGS });
  const result: JourneysResult = {
    loginToHome: [],
    deepLinkToRows: [],
    newListPage: [],
    tabSwitch: [],
    median: { loginToHome: NaN, deepLinkToRows: NaN, newListPage: NaN, tabSwitch: NaN },
  };
  try {
    // One uncounted run warms the gateway (and the sandbox's first answers).
    for (let run = 0; run <= options.runs; run++) {
      const counted = run > 0;
      // Login → home, in a fresh context.
      {
        const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
        const page = await context.newPage();
        await page.goto(`${options.baseUrl}/user/login`);
        await fillLogin(page);
        const ms = await timed(
          () => page.getByRole('button', { name: /登\s*录/ }).click(),
          async () => {
            await page.locator('.main-sider li.ant-menu-item').first().waitFor();
            await page.locator('.analysis-page').waitFor();
          },
        );
        if (counted) result.loginToHome.push(ms);
        await context.close();
      }
      // Deep link while logged out → login → rows; then a new list page from the menu; then back to the first tab.
      {
        const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
        const page = await context.newPage();
        await page.goto(`${options.baseUrl}/system/role`);
        await page.getByPlaceholder('请输入密码').waitFor();
        await fillLogin(page);
        const deep = await timed(
          () => page.getByRole('button', { name: /登\s*录/ }).click(),
          () => rowsOf(page, '/system/role').waitFor(),
        );
        // A list page's first visit opens its tour over the page: closed outside the timed parts.
        await closeTourIfShown(page);
        const sider = page.locator('.main-sider');
        const item = sider.locator('li.ant-menu-item').filter({ has: page.getByText('用户管理', { exact: true }) });
        if (!(await item.isVisible())) await sider.locator('.ant-menu-submenu-title').filter({ has: page.getByText('系统管理', { exact: true }) }).click();
        await item.waitFor();
        await page.waitForTimeout(400); // the submenu's unfolding animation settles before the timed click
        const fresh = await timed(
          () => item.click(),
          () => rowsOf(page, '/system/user').waitFor(),
        );
        await closeTourIfShown(page);
        const tab = page.locator('.tab-layout__bar .ant-tabs-tab').filter({ has: page.getByText('角色管理', { exact: true }) });
        const back = await timed(
          () => tab.click(),
          () => page.locator('[data-tab-page="/system/role"] tbody tr.ant-table-row').first().waitFor({ state: 'visible' }),
        );
        if (counted) {
          result.deepLinkToRows.push(deep);
          result.newListPage.push(fresh);
          result.tabSwitch.push(back);
        }
        await context.close();
      }
      options.log(`  journeys run ${run}${counted ? '' : ' (warm-up)'} done`);
    }
  } finally {
    await browser.close();
  }
  result.median = {
    loginToHome: median(result.loginToHome),
    deepLinkToRows: median(result.deepLinkToRows),
    newListPage: median(result.newListPage),
    tabSwitch: median(result.tabSwitch),
  };
  return result;
}
