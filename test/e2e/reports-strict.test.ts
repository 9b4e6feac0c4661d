// Every report page, 部门管理 and the 用户 form's 部门 select, as jsh, against the sandbox that refuses what
// jshERP-boot refuses (a required parameter missing, e.g. `materialParam` sent empty or not at all): each page shows
// rows with no warning, and the wire guard (startTableStack's teardown) finds no call the backend would refuse.
// The rows are the test's own where a fresh backend has none: a product below its safety stock (库存预警), a retail
// sale (零售统计) and a transfer (调拨明细), made through the API first.
import t from 'tap';
import type { Page } from 'playwright-core';
import {
  clickWhenResting,
  closeTourIfShown,
  launchBrowser,
  login,
  newPage,
  STANDING_SELECT,
  USERS,
} from '../support/browser.js';
import { addProduct, apiSession, depotsOf, saveBill, uniqueBarCode, uniqueName } from '../support/fixtures.js';
import { activePage, dataRows, openFromMenu, settled, startTableStack } from './tables-support.js';

t.setTimeout(600_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);

const api = await apiSession(url);
const barCode = uniqueBarCode();
await addProduct(api, { name: uniqueName('预警品'), barCode, initialStock: 10, lowSafeStock: 50 });
await saveBill(api, 'retailOut', [{ barCode, unit: '个', quantity: 1, unitPrice: 8 }]);
const [, to] = await depotsOf(api);
await saveBill(api, 'transfer', [{ barCode, unit: '个', quantity: 2, unitPrice: 5, anotherDepotId: to!.id }], {
  accountId: null,
  changeAmount: 0,
});

const REPORTS = [
  '进销存统计',
  '账户统计',
  '采购统计',
  '销售统计',
  '零售统计',
  '入库明细',
  '出库明细',
  '入库汇总',
  '出库汇总',
  '客户对账',
  '供应商对账',
  '库存预警',
  '商品库存',
  '调拨明细',
];

/** The messages on screen: a list answered with another code than 200 (未知异常 among them) warns. */
const warnings = (page: Page) => page.locator('.ant-message-notice').allInnerTexts();

t.test('each report page shows rows from its list call', async (t) => {
  const page = await newPage(t, browser);
  await login(page, url, USERS.jsh);
  for (const report of REPORTS) {
    await openFromMenu(page, '报表查询', report);
    await closeTourIfShown(page);
    await settled(page);
    const rows = await dataRows(page);
    t.ok(rows.length > 0, `${report}: ${rows.length} rows`);
    t.same(await warnings(page), [], `${report}: no warning`);
    await page.locator('.tab-bar__tab--active .tab-bar__close').first().click();
  }
});

t.test('部门管理 shows the department tree, and the 用户 form offers it in 部门', async (t) => {
  const page = await newPage(t, browser);
  await login(page, url, USERS.jsh);
  await openFromMenu(page, '系统管理', '部门管理');
  await closeTourIfShown(page);
  await settled(page);
  t.ok(
    (await dataRows(page)).some((cells) => cells.includes('测试部门')),
    '部门管理 lists 测试部门',
  );
  t.same(await warnings(page), [], 'no warning');

  await openFromMenu(page, '系统管理', '用户管理');
  await closeTourIfShown(page);
  await clickWhenResting(activePage(page).getByRole('button', { name: /新\s*增$/ }));
  const form = page.locator('.ant-modal:visible').first();
  await form.waitFor();
  await form.getByLabel('部门', { exact: true }).click();
  await page.locator(`${STANDING_SELECT} .ant-select-tree-title`, { hasText: '测试部门' }).first().waitFor();
  t.pass('the 部门 select offers 测试部门');
});
