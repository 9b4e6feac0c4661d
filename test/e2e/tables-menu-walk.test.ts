// Walks the whole menu tree of jsh, then the leaves of admin's tree that jsh has not: every leaf opens its page,
// which renders rows or an empty table from a list call answered with HTTP 200 — never the missing-component
// message. (A page is one component whoever opens it; what each user may see of it is tested elsewhere.)
import t from 'tap';
import type { Page } from 'playwright-core';
import { closeTourIfShown, launchBrowser, login, newPage, screenshot, USERS } from '../support/browser.js';
import { activePage, settled, startTableStack } from './tables-support.js';

t.setTimeout(900_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);

/** Calls the gateway refuses by policy: plugin administration stays closed unless ALLOW_PLUGIN_ADMIN is set. */
const REFUSED_BY_POLICY: Record<string, string[]> = { 插件管理: ['403 /jshERP-boot/plugin/list'] };

/** Leaves of the side menu as [group, leaf] pairs, expanding every group (one level of nesting in the tree). */
async function menuLeaves(page: Page): Promise<[string, string][]> {
  const sider = page.locator('.main-sider').first();
  const groups = await sider.locator('.ant-menu-submenu-title').allTextContents();
  const leaves: [string, string][] = [];
  for (const group of groups.map((g) => g.trim())) {
    const submenu = sider
      .locator('.ant-menu-submenu')
      .filter({ has: page.locator('.ant-menu-submenu-title', { hasText: group }) })
      .first();
    if (
      !(await submenu
        .locator('.ant-menu-sub')
        .isVisible()
        .catch(() => false))
    ) {
      await submenu.locator('.ant-menu-submenu-title').first().click();
    }
    await submenu.locator('.ant-menu-sub .ant-menu-item').first().waitFor();
    for (const leaf of await submenu.locator('.ant-menu-sub .ant-menu-item').allTextContents())
      leaves.push([group, leaf.trim()]);
  }
  return leaves;
}

const walked = new Set<string>();

for (const user of [USERS.jsh, USERS.admin]) {
  t.test(`every menu leaf of ${user.loginName} opens a working list page`, async (t) => {
    const page = await newPage(t, browser);
    const failures: string[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/jshERP-boot/') && r.request().resourceType() === 'fetch' && r.status() >= 400) {
        failures.push(`${r.status()} ${path}`);
      }
    });
    await login(page, url, user);
    const leaves = await menuLeaves(page);
    t.ok(leaves.length >= 10, `${leaves.length} leaves`);
    for (const [group, leaf] of leaves) {
      if (walked.has(`${group}/${leaf}`)) continue;
      walked.add(`${group}/${leaf}`);
      failures.length = 0;
      const sider = page.locator('.main-sider').first();
      const item = sider
        .locator('.ant-menu-item')
        .filter({ has: page.getByText(new RegExp(`^\\s*${leaf}\\s*$`)) })
        .first();
      if (!(await item.isVisible()))
        await sider.locator('.ant-menu-submenu-title').filter({ hasText: group }).first().click();
      await item.click();
      // The leaf's own tab is active, then its page (or the missing-component message) shows.
      await page
        .locator('.tab-layout__bar')
        .getByRole('tab', { name: leaf, selected: true })
        .first()
        .waitFor({ timeout: 20_000 });
      await page
        .locator('.table-page:visible .ant-table, .system-config-page:visible, :text("尚未提供")')
        .first()
        .waitFor({ timeout: 20_000 })
        .catch(() => undefined);
      t.equal(await page.getByText('尚未提供').count(), 0, `${group} / ${leaf}: no missing-component message`);
      // 系统配置 is the one settings page among the lists: it shows its form, every call answered.
      const settingsPage = page.locator('.system-config-page:visible');
      if (await settingsPage.count()) {
        await settingsPage.getByText('公司名称', { exact: false }).first().waitFor();
        t.same(failures, [], `${group} / ${leaf}: the settings page shows, every call answered`);
        await page
          .locator('.tab-bar__tab--active .tab-bar__close')
          .first()
          .click()
          .catch(() => undefined);
        continue;
      }
      if (!(await activePage(page).locator('.ant-table').count())) {
        await screenshot(page, `tables-walk-${user.loginName}-${leaf}`);
        t.fail(`${group} / ${leaf}: no table page`);
        await page.keyboard.press('Escape');
        continue;
      }
      await closeTourIfShown(page);
      await settled(page);
      const rows = await activePage(page).locator('.ant-table-tbody tr.ant-table-row').count();
      const empty = await activePage(page).locator('.ant-table-tbody .ant-empty').count();
      t.ok(rows > 0 || empty > 0, `${group} / ${leaf}: ${rows} rows${empty ? ', empty table' : ''}`);
      t.same(
        failures,
        REFUSED_BY_POLICY[leaf] ?? [],
        `${group} / ${leaf}: every call answered (or refused by gateway policy)`,
      );
      // Close the tab again so the walk keeps one page mounted at a time.
      await page
        .locator('.tab-bar__tab--active .tab-bar__close')
        .first()
        .click()
        .catch(() => undefined);
    }
  });
}
