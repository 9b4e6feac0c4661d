// The stock bills end to end, each step checked on screen and in what the sandbox stored:
// a 采购订单 entered by keyboard only through the scan field (one barcode twice), approved from its list, then
// received in part by a 采购入库 linked through 关联订单 (the order reads 部分采购, the stock report shows the goods),
// then the rest (完成采购); a 零售出库 saved, its 80 mm receipt printed and looked at; the home page's 今日零售
// grows by that bill; a 个人数据 user (test123) sees only its own bills.
// It runs at the date guard's moment (a new year's first morning, test/support/moved-clock.ts): 今日 and the bills'
// dates must hold across a year boundary; the other journeys run at the real time.
// It runs on the full desktop Chromium (the others on its headless shell, test/support/browser.ts): the shop's day
// in the browser staff run.
import t, { type Test } from 'tap';
import '../support/moved-clock.js';
import type { Page } from 'playwright-core';
import { stockByDepot } from '../../server/sandbox/materials.js';
import type { Row } from '../../server/sandbox/store.js';
import { closeTourIfShown, launchBrowser, login, newPage, screenshot, USERS } from '../support/browser.js';
import { activePage, nextListQuery, openFromMenu, settled, startTableStack } from './tables-support.js';
import { billDialog, choosePartyThenScanField, editQuantity, focused, scanCode } from '../support/bill-keyboard.js';

t.setTimeout(360_000);
const { url, state } = await startTableStack(t);
const browser = await launchBrowser(t, [], { desktop: true });
// The users are in China, as the backend's clock: the form's 单据日期 and the home page's 今日 are China days.
const CHINA = { timezoneId: 'Asia/Shanghai' };

const heads = (): Row[] => state.tables.depotHead ?? [];
const headOf = (number: string): Row | undefined => heads().find((h) => h.number === number && h.deleteFlag !== '1');
const linesOfHead = (head: Row | undefined): Row[] =>
  (state as unknown as { depotItems: Row[] }).depotItems.filter((l) => l.headerId === head?.id && l.deleteFlag !== '1');
/** The stored stock of a product (all depots), as the sandbox derives it from the bills. */
const storedStock = (materialId: number): number =>
  stockByDepot({ state: state as never, tenantId: 63 }, materialId).reduce((s, d) => s + d.currentStock, 0);
const SCREWDRIVERS = 568; // 螺丝刀套装, barcode 1000001

const amountOf = (text: string): number => Number(text.replace(/[^\d.-]/g, ''));

async function openNewBill(page: Page) {
  await activePage(page)
    .getByRole('button', { name: /新\s*增/ })
    .click();
  const form = billDialog(page);
  await form.locator('.bill-grid').waitFor();
  return form;
}

/** Types a barcode into the scan field and presses Enter; the line holds `quantity` and the scan field keeps the cursor. */
async function scan(t: Test, page: Page, barCode: string, line: number, quantity: string) {
  t.match((await focused(page)).label, /^bill-scan/, `the scan field has the cursor for ${barCode}`);
  await scanCode(page, barCode, line, quantity);
}

/** The row of the active list showing this bill number, once listed. */
async function listedRow(page: Page, number: string) {
  const row = activePage(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: number });
  await row.waitFor();
  return row;
}

/** 商品库存: the 库存 cell of a barcode's row, after a fresh query. */
async function reportStock(page: Page, barCode: string): Promise<number> {
  await openFromMenu(page, '报表查询', '商品库存');
  await closeTourIfShown(page);
  await nextListQuery(page, '/material/getListWithStock', () =>
    activePage(page)
      .getByRole('button', { name: /查\s*询/ })
      .click(),
  );
  await settled(page);
  const cell = await activePage(page).evaluate((root, code) => {
    const titles = Array.from(root.querySelectorAll('.ant-table-thead th')).map((th) => (th.textContent ?? '').trim());
    const column = titles.indexOf('库存');
    const row = Array.from(root.querySelectorAll('.ant-table-tbody tr.ant-table-row')).find((tr) =>
      Array.from(tr.querySelectorAll('td')).some((td) => (td.textContent ?? '').trim() === code),
    );
    return row && column >= 0 ? (row.querySelectorAll('td')[column]?.textContent ?? '').trim() : null;
  }, barCode);
  if (cell === null) throw new Error(`no stock row for ${barCode}`);
  return amountOf(cell);
}

/** Opens 关联订单's picker in the open 采购入库 form and takes that order. */
async function linkOrder(page: Page, orderNumber: string) {
  await billDialog(page).getByRole('button', { name: '选择单据' }).click();
  const picker = page.locator('.ant-modal:visible').filter({ has: page.locator('table.bill-picker') });
  const offered = picker.locator('tbody tr').filter({ hasText: orderNumber });
  await offered.getByRole('button', { name: /选\s*择/ }).click();
  await picker.waitFor({ state: 'hidden' });
  await page.waitForFunction(
    (n) =>
      Array.from(document.querySelectorAll<HTMLInputElement>('.bill-form input[readonly]')).some((i) => i.value === n),
    orderNumber,
  );
}

const lineRow = (page: Page, name: string) => billDialog(page).locator('.bill-grid tbody tr').filter({ hasText: name });

t.test('jsh: order by keyboard, partial and full receipt, retail receipt, home figures', async (t) => {
  const page = await newPage(t, browser, CHINA);
  await login(page, url, USERS.jsh);

  // 首页 before any sale: 今日零售 as it stands.
  const retailFigure = page.getByTestId('figure-todayRetailSale').locator('.analysis-page__amount');
  await retailFigure.waitFor();
  const retailBefore = amountOf(await retailFigure.innerText());
  const stockBefore = await reportStock(page, '1000001');
  t.equal(stockBefore, storedStock(SCREWDRIVERS), 'the stock report shows the stored stock');

  // 1. 采购订单 by keyboard: supplier, Enter through the head to the scan field, three barcodes (one twice), Ctrl+S.
  await openFromMenu(page, '采购管理', '采购订单');
  await closeTourIfShown(page);
  const order = await openNewBill(page);
  // The supplier select has the cursor: type, Enter takes the option, each Enter then moves on to the scan field.
  await choosePartyThenScanField(page, '世达', '上海世达工具有限公司');
  await scan(t, page, '1000001', 1, '1');
  await scan(t, page, '1000003', 2, '1');
  await scan(t, page, '1000001', 1, '2');
  await scan(t, page, '1000002', 3, '1');
  t.equal(await order.locator('.bill-grid tbody tr').count(), 3, 'three lines');
  t.equal(
    await order.locator('[data-total="operNumber"]').innerText(),
    '4',
    'four pieces: the twice-scanned line holds 2',
  );
  const orderNumber = await order.locator('input#number').inputValue();
  t.match(orderNumber, /^CGDD\d{11}$/, 'a purchase-order number');
  await page.keyboard.press('Control+s');
  await order.waitFor({ state: 'hidden' });
  const storedOrder = headOf(orderNumber);
  t.same(
    linesOfHead(storedOrder)
      .map((l) => Number(l.operNumber))
      .sort(),
    [1, 1, 2],
    'stored: three lines, quantities 2, 1, 1',
  );
  t.equal(storedOrder?.status, '0', 'stored unapproved');

  // Approved from the list: its check box, 审核, 确认操作.
  const orderRow = await listedRow(page, orderNumber);
  await orderRow.locator('.ant-checkbox-input').check();
  await activePage(page)
    .getByRole('button', { name: /审\s*核/ })
    .first()
    .click();
  await page
    .locator('.ant-modal-confirm:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await t.resolves(orderRow.getByText('已审核').waitFor(), 'the order reads 已审核');
  t.equal(headOf(orderNumber)?.status, '1', 'stored approved');

  // 采购入库 from the order: the lines come over; one screwdriver of two is received now; 本次付款 100.
  await openFromMenu(page, '采购管理', '采购入库');
  await closeTourIfShown(page);
  const receipt = await openNewBill(page);
  await linkOrder(page, orderNumber);
  t.equal(await receipt.locator('.bill-grid tbody tr').count(), 3, "the order's three lines");
  const screwdriverQty = lineRow(page, '螺丝刀套装').locator('[data-cell="operNumber"]');
  t.equal(await screwdriverQty.inputValue(), '2', 'what the order holds');
  await screwdriverQty.fill('1');
  const received = await receipt.locator('[data-total="taxLastMoney"]').innerText();
  t.match(
    await receipt
      .locator('.ant-form-item')
      .filter({ has: page.getByText('结算账户', { exact: true }) })
      .innerText(),
    /现金/,
    'the default account is chosen',
  );
  const paid = receipt.getByLabel('本次付款');
  await paid.fill('100');
  await t.resolves(
    page.waitForFunction(
      (expected) => (document.querySelector<HTMLInputElement>('.bill-form input#debt')?.value ?? '') === expected,
      String(Math.round((Number(received) - 100) * 100) / 100),
    ),
    '本次欠款 = total − 100',
  );
  const receiptNumber = await receipt.locator('input#number').inputValue();
  await page.keyboard.press('Control+s');
  await receipt.waitFor({ state: 'hidden' });
  await listedRow(page, receiptNumber);
  const storedReceipt = headOf(receiptNumber);
  t.equal(storedReceipt?.linkNumber, orderNumber, 'stored: linked to the order');
  t.equal(Number(storedReceipt?.changeAmount), -100, 'stored: 本次付款 leaves the company (negative)');
  t.equal(headOf(orderNumber)?.status, '3', 'stored: the order is partly received');

  t.equal(await reportStock(page, '1000001'), stockBefore + 1, 'the stock report: one more 螺丝刀套装');
  t.equal(storedStock(SCREWDRIVERS), stockBefore + 1, 'stored stock rose by the received quantity');

  await openFromMenu(page, '采购管理', '采购订单');
  await nextListQuery(page, '/depotHead/list', () =>
    activePage(page)
      .getByRole('button', { name: /查\s*询/ })
      .click(),
  );
  await settled(page);
  await t.resolves(
    (await listedRow(page, orderNumber)).getByText('部分采购').waitFor(),
    'the order list reads 部分采购',
  );

  // The rest: a second receipt from the same order offers only the screwdriver still missing.
  await openFromMenu(page, '采购管理', '采购入库');
  const rest = await openNewBill(page);
  await linkOrder(page, orderNumber);
  t.equal(await rest.locator('.bill-grid tbody tr').count(), 1, 'only the line still open');
  t.equal(
    await lineRow(page, '螺丝刀套装').locator('[data-cell="operNumber"]').inputValue(),
    '1',
    'with what is left of it',
  );
  const restNumber = await rest.locator('input#number').inputValue();
  await page.keyboard.press('Control+s');
  await rest.waitFor({ state: 'hidden' });
  await listedRow(page, restNumber);
  t.equal(headOf(orderNumber)?.status, '2', 'stored: the order is complete');
  await openFromMenu(page, '采购管理', '采购订单');
  await nextListQuery(page, '/depotHead/list', () =>
    activePage(page)
      .getByRole('button', { name: /查\s*询/ })
      .click(),
  );
  await settled(page);
  await t.resolves(
    (await listedRow(page, orderNumber)).getByText('完成采购').waitFor(),
    'the order list reads 完成采购',
  );

  // 2. 零售出库: the default account, one line by scan, 收款 100; saved; its receipt printed.
  await openFromMenu(page, '零售管理', '零售出库');
  await closeTourIfShown(page);
  const retail = await openNewBill(page);
  await retail.locator('input[id^="bill-scan"]').focus();
  await scanCode(page, '1000003', 1, '1');
  await editQuantity(page, 1, '2');
  await t.resolves(
    page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('.bill-form input#changeAmount')?.value === '50',
    ),
    '单据金额 2 × 25',
  );
  await retail.getByLabel('收款金额').fill('100');
  await t.resolves(
    page.waitForFunction(() => document.querySelector<HTMLInputElement>('.bill-form input#backAmount')?.value === '50'),
    '找零 50',
  );
  const retailNumber = await retail.locator('input#number').inputValue();
  await page.keyboard.press('Control+s');
  await retail.waitFor({ state: 'hidden' });
  const retailRow = await listedRow(page, retailNumber);
  const storedRetail = headOf(retailNumber);
  t.same(
    [Number(storedRetail?.totalPrice), Number(storedRetail?.changeAmount), Number(storedRetail?.backAmount)],
    [50, 50, 50],
    'stored: 50 taken, 50 back',
  );

  await retailRow.getByRole('button', { name: /查\s*看/ }).click();
  const detail = page.locator('.ant-modal:visible').filter({ has: page.locator('.bill-detail') });
  await detail.getByText('A4复印纸').waitFor();
  await detail.getByRole('button', { name: '打印小票' }).click();
  const preview = page.locator('.ant-modal:visible').filter({ has: page.locator('.print-preview__layouts') });
  const frame = page.frameLocator('.print-preview__sheet');
  await frame.locator('body.sheet-receipt80 .totals').waitFor();
  const sheetHtml = await page
    .locator('.print-preview__sheet')
    .evaluate((f: HTMLIFrameElement) => f.contentDocument?.documentElement.outerHTML ?? '');
  const sheetText = (await frame.locator('body').textContent()) ?? '';
  t.match(sheetText, /公司test/, 'the receipt carries the company name of the system settings');
  t.match(sheetText, /A4复印纸/, 'its line');
  t.match(sheetText, /2 包 × 25\.00\s*= 50\.00/, 'quantity unit × price = amount');
  t.match(sheetText, /单据金额\s*50\.00/, 'the bill amount');
  t.match(sheetText, /收款金额\s*100\.00/, 'what was taken');
  t.match(sheetText, /找零\s*50\.00/, 'the change');
  // The print frame is out of sight: its sheet is shown on a page of the roll's width to be looked at.
  const sheet = await page.context().newPage();
  await sheet.setViewportSize({ width: 360, height: 560 });
  await sheet.setContent(sheetHtml);
  await screenshot(sheet, 'bills-retail-receipt');
  await sheet.close();
  await preview.getByRole('button', { name: /取\s*消/ }).click();
  await preview.waitFor({ state: 'hidden' });
  await detail.getByRole('button', { name: /取\s*消/ }).click();
  await detail.waitFor({ state: 'hidden' });

  // 3. 首页: 今日零售 grew by the bill's amount.
  const statistics = page.waitForResponse((r) => r.url().includes('/depotHead/getBuyAndSaleStatistics'));
  await page.locator('.tab-layout__bar').getByRole('tab', { name: '首页' }).click();
  await statistics;
  await t.resolves(
    page.waitForFunction(
      (expected) => {
        const text =
          document.querySelector('[data-testid="figure-todayRetailSale"] .analysis-page__amount')?.textContent ?? '';
        return Number(text.replace(/[^\d.-]/g, '')) === expected;
      },
      Math.round((retailBefore + 50) * 100) / 100,
    ),
    `今日零售 grew by 50 from ${retailBefore}`,
  );

  // 4. test123 (销售代表, 个人数据): its 零售出库 list holds none of jsh's bills; a bill it saves shows.
  const other = await newPage(t, browser, CHINA);
  await login(other, url, USERS.test123);
  await openFromMenu(other, '零售管理', '零售出库');
  await closeTourIfShown(other);
  await settled(other);
  const operators = async () =>
    activePage(other)
      .locator('.ant-table-tbody tr.ant-table-row')
      .evaluateAll(
        (trs, column) => trs.map((tr) => (tr.querySelectorAll('td')[column]?.textContent ?? '').trim()),
        await operatorColumn(other),
      );
  t.notOk(await activePage(other).getByText(retailNumber).isVisible(), "jsh's retail bill is not listed for test123");
  const ownBefore = await operators();
  t.ok(
    ownBefore.every((name) => name === 'test123'),
    "every listed bill is test123's",
  );
  const own = await openNewBill(other);
  await own.locator('input[id^="bill-scan"]').focus();
  await scanCode(other, '1000003', 1, '1');
  const ownNumber = await own.locator('input#number').inputValue();
  await other.keyboard.press('Control+s');
  await own.waitFor({ state: 'hidden' });
  await t.resolves(listedRow(other, ownNumber), 'its own bill is listed');
  t.same(await operators(), [...ownBefore, 'test123'], "one more of its own, still none of jsh's");
  t.equal(headOf(ownNumber)?.creator, 131, 'stored with test123 as creator');
});

/** The index of the 操作员 column in the active list. */
function operatorColumn(page: Page): Promise<number> {
  return activePage(page).evaluate((root) =>
    Array.from(root.querySelectorAll('.ant-table-thead th'))
      .map((th) => (th.textContent ?? '').trim())
      .indexOf('操作员'),
  );
}
