// Every report page, 部门管理 and the 用户 form's 部门 select, as jsh, against the sandbox that refuses what
// jshERP-boot refuses (a required parameter missing, e.g. `materialParam` sent empty or not at all): each page shows
// rows with no warning, and the wire guard (startTableStack's teardown) finds no call the backend would refuse.
// The rows are the test's own where a fresh backend has none: a product below its safety stock (库存预警), a purchase,
// a sale, a retail sale and a transfer (采购/销售/零售统计, 入库/出库明细 and 汇总, 调拨明细), made through the API first.
// 进销存统计 is read in the fixture's depot, chosen as a user would: jshERP-boot refuses it without one when the caller
// holds more than 20 depots (510 请选择仓库，再进行查询), and the page then shows that refusal.
import t from 'tap';
import type { Page } from 'playwright-core';
import {
  clickWhenResting,
  closeTourIfShown,
  launchBrowser,
  login,
  newPage,
  readUntil,
  STANDING_SELECT,
  USERS,
} from '../support/browser.js';
import { runName } from '../support/api.js';
import { sandboxOnly } from '../support/backend.js';
import { addProduct, apiLanes, apiSession, depotsOf, inLanes, saveBill, uniqueBarCode } from '../support/fixtures.js';
import { activePage, dataRows, nextListQuery, openFromMenu, settled, startTableStack } from './tables-support.js';

t.setTimeout(600_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);

const api = await apiSession(url);
const barCode = uniqueBarCode();
const PRODUCT = runName('预警品');
await addProduct(api, { name: PRODUCT, barCode, initialStock: 10, lowSafeStock: 50 });
await saveBill(api, 'purchaseIn', [{ barCode, unit: '个', quantity: 3, unitPrice: 5 }]);
await saveBill(api, 'saleOut', [{ barCode, unit: '个', quantity: 1, unitPrice: 9 }]);
await saveBill(api, 'retailOut', [{ barCode, unit: '个', quantity: 1, unitPrice: 8 }]);
// The fixture's depot (the default one, where its stock and bills are) and another to transfer into.
const [home, to] = await depotsOf(api);
await saveBill(api, 'transfer', [{ barCode, unit: '个', quantity: 2, unitPrice: 5, anotherDepotId: to!.id }], {
  accountId: null,
  changeAmount: 0,
});

const REFUSAL = '请选择仓库，再进行查询';
// 进销存统计 last: a refusal it shows on opening would still be on screen over the next page.
const REPORTS = [
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
  '进销存统计',
];

// The browser where the shop is: the reports' 单据日期 range ends on China's today, the day the bills are dated (a UTC
// browser between 00:00 and 08:00 China time would still be on the day before).
const CHINA = { timezoneId: 'Asia/Shanghai' };

/** The messages on screen: a list answered with another code than 200 (未知异常 among them) warns. */
const warnings = (page: Page) => page.locator('.ant-message-notice').allInnerTexts();

/** 进销存统计's 仓库 chosen as a user does (typed, its option clicked), then 查询: the query the page sent. */
async function searchInDepot(page: Page, depotName: string): Promise<URLSearchParams> {
  await clickWhenResting(activePage(page).getByLabel('仓库', { exact: true }));
  await page.keyboard.type(depotName);
  await clickWhenResting(page.locator(`${STANDING_SELECT} .ant-select-item-option[title="${depotName}"]`));
  const query = await nextListQuery(page, '/depotItem/getInOutStock', () =>
    clickWhenResting(activePage(page).getByRole('button', { name: /查\s*询/ })),
  );
  await settled(page);
  return query;
}

t.test('each report page shows rows from its list call', async (t) => {
  const depotCount = (await depotsOf(api)).length;
  const page = await newPage(t, browser, CHINA);
  await login(page, url, USERS.jsh);
  for (const report of REPORTS) {
    await openFromMenu(page, '报表查询', report);
    await closeTourIfShown(page);
    await settled(page);
    if (report === '进销存统计') {
      // Opened over the caller's depots: rows, or over more than 20 the backend's request for one, in its words.
      const expected = depotCount > 20 ? [REFUSAL] : [];
      t.same(
        await readUntil(
          () => warnings(page),
          (shown) => shown.length === expected.length,
        ),
        expected,
        `${report} over the ${depotCount} depots held`,
      );
      if (depotCount <= 20) t.ok((await dataRows(page)).length > 0, `${report}: rows over the caller's depots`);
      const query = await searchInDepot(page, home!.depotName);
      t.equal(query.get('depotIds'), String(home!.id), `${report}: the chosen depot is sent`);
      const rows = await dataRows(page);
      t.ok(
        rows.some((cells) => cells.includes(PRODUCT)),
        `${report}: the fixture's product in ${home!.depotName} (${rows.length} rows)`,
      );
      continue;
    }
    const rows = await dataRows(page);
    t.ok(rows.length > 0, `${report}: ${rows.length} rows`);
    t.same(await warnings(page), [], `${report}: no warning`);
    await page.locator('.tab-bar__tab--active .tab-bar__close').first().click();
  }
});

t.test('进销存统计 over more than 20 depots: the refusal shown, then a chosen depot answers', async (t) => {
  const held = await depotsOf(api);
  // A sandbox of its own is given the depots; a shared backend is not (the others' 进销存统计 would be refused).
  if (
    held.length <= 20 &&
    !sandboxOnly(t, "a shared backend is not given more than 20 depots: the other runs' 进销存统计 would be refused")
  )
    return;
  // Six at a time, from six addresses (fixtures.ts, apiLanes).
  await inLanes(await apiLanes(url, 6), 21 - held.length, async (n, lane) => {
    const added = await lane.post('/depot/add', { name: runName('分仓'), sort: '', remark: '' });
    if (added.code !== 200) throw new Error(`depot ${held.length + n + 1} refused: ${JSON.stringify(added)}`);
  });
  const page = await newPage(t, browser, CHINA);
  await login(page, url, USERS.jsh);
  await openFromMenu(page, '报表查询', '进销存统计');
  await closeTourIfShown(page);
  await settled(page);
  await t.resolves(
    page.locator('.ant-message-notice').getByText(REFUSAL, { exact: true }).waitFor(),
    "the backend's refusal, in its words",
  );
  t.same(await dataRows(page), [], 'and no rows');
  await searchInDepot(page, home!.depotName);
  t.ok(
    (await dataRows(page)).some((cells) => cells.includes(PRODUCT)),
    'with the depot chosen, the report shows its products',
  );
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
