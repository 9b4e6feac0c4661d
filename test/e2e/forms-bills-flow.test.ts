// The stock bills end to end, each step checked on screen and in what the backend answers through the API (the bill
// lists, a bill's lines, the account's 流水, a product's stock), on products and a vendor of the test's own:
// a 采购订单 entered by keyboard only through the scan field (one barcode twice), approved from its list, then
// received in part by a 采购入库 linked through 关联订单 (the order reads 部分采购, the stock report shows the goods),
// then the rest (完成采购); a 零售出库 saved, its 80 mm receipt printed and looked at; the home page's 今日零售
// grows by that bill; a 个人数据 user (test123) sees only its own bills.
// On the sandbox it runs at the date guard's moment (a new year's first morning, test/support/moved-clock.ts): 今日
// and the bills' dates must hold across a year boundary; the other journeys run at the real time, as this one does
// against a real backend (whose clock no test moves).
// It runs on the full desktop Chromium (the others on its headless shell, test/support/browser.ts): the shop's day
// in the browser staff run.
import t, { type Test } from 'tap';
import '../support/moved-clock.js';
import type { Page } from 'playwright-core';
import { closeTourIfShown, launchBrowser, login, newPage, screenshot, USERS } from '../support/browser.js';
import { activePage, nextListQuery, openFromMenu, settled, startTableStack } from './tables-support.js';
import { billDialog, choosePartyThenScanField, editQuantity, focused, scanCode } from '../support/bill-keyboard.js';
import { runName } from '../support/api.js';
import {
  addProduct,
  apiSession,
  backendTimeZone,
  BILL_KINDS,
  billLines,
  defaultAccount,
  listedBill,
  stockOf,
  uniqueBarCode,
  type Json,
} from '../support/fixtures.js';

t.setTimeout(360_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t, [], { desktop: true });
const api = await apiSession(url, USERS.jsh);
// The users' browsers keep the backend's time zone (China's, where jshERP is run): the form's 单据日期 and the home
// page's 今日 are then the backend's days.
const ZONE = { timezoneId: await backendTimeZone(api) };

// The test's own vendor and products: two bought by the piece, and paper by the 包 (retail 25), in stock to be sold.
// The order's first receipt comes to more than the 100 paid: it leaves a debt.
const VENDOR = runName('世达工具');
const vendorAdded = await api.post('/supplier/add', { supplier: VENDOR, type: '供应商' });
if (vendorAdded.code !== 200) throw new Error(`vendor refused: ${JSON.stringify(vendorAdded)}`);
const SCREWDRIVERS = { name: runName('螺丝刀套装'), barCode: uniqueBarCode() };
const DRILL = { name: runName('冲击电钻'), barCode: uniqueBarCode() };
const PAPER = { name: runName('A4复印纸'), barCode: uniqueBarCode() };
const SCREWDRIVERS_ID = await addProduct(api, { ...SCREWDRIVERS, unit: '套', purchasePrice: 45, initialStock: 3 });
await addProduct(api, { ...DRILL, purchasePrice: 120 });
await addProduct(api, { ...PAPER, unit: '包', purchasePrice: 18, retailPrice: 25, initialStock: 10 });
const ACCOUNT = await defaultAccount(api);
const COMPANY = String((await api.get('/systemConfig/getCurrentInfo')).data.companyName);
const query = (o: unknown) => encodeURIComponent(JSON.stringify(o));
const users = await api.get(`/user/list?search=${query({ loginName: 'test123' })}&currentPage=1&pageSize=10`);
const TEST123_ID = Number((users.data.rows as Json[]).find((u) => u.loginName === 'test123')!.id);

const PURCHASE_ORDER = { type: '其它', subType: '采购订单' };
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The bill of that kind and number as its list answers it, or undefined. */
const headOf = (kind: { type: string; subType: string }, number: string) => listedBill(api, kind, number);
/** What the account's 流水 (结算账户 → 查看流水) shows for a bill: its movement of the money, signed. */
async function accountMove(accountId: number, number: string): Promise<number | undefined> {
  const answer = await api.get(
    `/account/findAccountInOutList?currentPage=1&pageSize=10&accountId=${accountId}&initialAmount=0&number=${number}`,
  );
  const row = (answer.data.rows as Json[]).find((r) => r.number === number);
  return row === undefined ? undefined : Number(row.changeAmount);
}

const PRODUCT_SEARCH = '请输入条码、名称、规格、型号、颜色、扩展信息';

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

/** 商品库存: the 库存 cell of a barcode's row, after a fresh query for that barcode. */
async function reportStock(page: Page, barCode: string): Promise<number> {
  await openFromMenu(page, '报表查询', '商品库存');
  await closeTourIfShown(page);
  await activePage(page).getByPlaceholder(PRODUCT_SEARCH, { exact: true }).fill(barCode);
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

/** 首页 brought to the front: its 今日零售, once it shows what the statistics it asks for on showing answer. */
async function todayRetail(page: Page): Promise<number> {
  const statistics = page.waitForResponse((r) => r.url().includes('/depotHead/getBuyAndSaleStatistics'));
  await page.locator('.tab-layout__bar').getByRole('tab', { name: '首页' }).click();
  const answered = Number(((await (await statistics).json()) as Json).data.todayRetailSale);
  // The figure is drawn after the answer lands: until then it shows the one before.
  await page.waitForFunction((expected) => {
    const text =
      document.querySelector('[data-testid="figure-todayRetailSale"] .analysis-page__amount')?.textContent ?? '';
    return Number(text.replace(/[^\d.-]/g, '')) === expected;
  }, answered);
  return amountOf(await page.getByTestId('figure-todayRetailSale').locator('.analysis-page__amount').innerText());
}

/** The record count the active list's pager shows (共N条); an empty list shows no pager. */
async function listTotal(page: Page): Promise<number> {
  if ((await activePage(page).locator('.ant-table-tbody tr.ant-table-row').count()) === 0) return 0;
  const text = await activePage(page).locator('.ant-pagination-total-text').innerText();
  return Number(/共\s*(\d+)\s*条/.exec(text)?.[1] ?? NaN);
}

t.test('jsh: order by keyboard, partial and full receipt, retail receipt, home figures', async (t) => {
  const page = await newPage(t, browser, ZONE);
  await login(page, url, USERS.jsh);

  const stockBefore = await reportStock(page, SCREWDRIVERS.barCode);
  t.equal(stockBefore, await stockOf(api, SCREWDRIVERS_ID), 'the stock report shows the stock the backend counts');

  // 1. 采购订单 by keyboard: vendor, Enter through the head to the scan field, three barcodes (one twice), Ctrl+S.
  await openFromMenu(page, '采购管理', '采购订单');
  await closeTourIfShown(page);
  const order = await openNewBill(page);
  // The vendor select has the cursor: type, Enter takes the option, each Enter then moves on to the scan field.
  await choosePartyThenScanField(page, VENDOR, VENDOR);
  await scan(t, page, SCREWDRIVERS.barCode, 1, '1');
  await scan(t, page, PAPER.barCode, 2, '1');
  await scan(t, page, SCREWDRIVERS.barCode, 1, '2');
  await scan(t, page, DRILL.barCode, 3, '1');
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
  const savedOrder = await headOf(PURCHASE_ORDER, orderNumber);
  t.same(
    savedOrder ? (await billLines(api, Number(savedOrder.id))).map((l) => Number(l.operNumber)).sort() : [],
    [1, 1, 2],
    'saved: three lines, quantities 2, 1, 1',
  );
  t.equal(savedOrder?.status, '0', 'listed unapproved');

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
  t.equal((await headOf(PURCHASE_ORDER, orderNumber))?.status, '1', 'listed approved');

  // 采购入库 from the order: the lines come over; one screwdriver set of two is received now; 本次付款 100.
  await openFromMenu(page, '采购管理', '采购入库');
  await closeTourIfShown(page);
  const receipt = await openNewBill(page);
  await linkOrder(page, orderNumber);
  t.equal(await receipt.locator('.bill-grid tbody tr').count(), 3, "the order's three lines");
  const screwdriverQty = lineRow(page, SCREWDRIVERS.name).locator('[data-cell="operNumber"]');
  t.equal(await screwdriverQty.inputValue(), '2', 'what the order holds');
  await screwdriverQty.fill('1');
  const received = await receipt.locator('[data-total="taxLastMoney"]').innerText();
  t.match(
    await receipt
      .locator('.ant-form-item')
      .filter({ has: page.getByText('结算账户', { exact: true }) })
      .innerText(),
    new RegExp(escaped(ACCOUNT.name)),
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
  t.equal((await headOf(BILL_KINDS.purchaseIn, receiptNumber))?.linkNumber, orderNumber, 'listed: linked to the order');
  t.equal(
    await accountMove(ACCOUNT.id, receiptNumber),
    -100,
    "the account's 流水: 本次付款 leaves the company (negative)",
  );
  t.equal((await headOf(PURCHASE_ORDER, orderNumber))?.status, '3', 'listed: the order is partly received');

  t.equal(await reportStock(page, SCREWDRIVERS.barCode), stockBefore + 1, 'the stock report: one more set');
  t.equal(await stockOf(api, SCREWDRIVERS_ID), stockBefore + 1, 'the stock rose by the received quantity');

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

  // The rest: a second receipt from the same order offers only the screwdriver sets still missing.
  await openFromMenu(page, '采购管理', '采购入库');
  const rest = await openNewBill(page);
  await linkOrder(page, orderNumber);
  t.equal(await rest.locator('.bill-grid tbody tr').count(), 1, 'only the line still open');
  t.equal(
    await lineRow(page, SCREWDRIVERS.name).locator('[data-cell="operNumber"]').inputValue(),
    '1',
    'with what is left of it',
  );
  const restNumber = await rest.locator('input#number').inputValue();
  await page.keyboard.press('Control+s');
  await rest.waitFor({ state: 'hidden' });
  await listedRow(page, restNumber);
  t.equal((await headOf(PURCHASE_ORDER, orderNumber))?.status, '2', 'listed: the order is complete');
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

  // 首页's 今日零售 just before the sale. It sums every retail bill of the tenant's day: read close around the sale,
  // so that on a shared backend only a sale another user makes in those seconds would move it too.
  const retailBefore = await todayRetail(page);

  // 2. 零售出库: the default account, one line by scan, 收款 100; saved; its receipt printed.
  await openFromMenu(page, '零售管理', '零售出库');
  await closeTourIfShown(page);
  const retail = await openNewBill(page);
  await retail.locator('input[id^="bill-scan"]').focus();
  await scanCode(page, PAPER.barCode, 1, '1');
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
  const savedRetail = await headOf(BILL_KINDS.retailOut, retailNumber);
  t.same(
    [Number(savedRetail?.totalPrice), Number(savedRetail?.changeAmount), Number(savedRetail?.backAmount)],
    [50, 50, 50],
    'listed: 50 taken, 50 back',
  );

  // 3. 首页: 今日零售 grew by the bill's amount.
  t.equal(
    await todayRetail(page),
    Math.round((retailBefore + 50) * 100) / 100,
    `今日零售 grew by 50 from ${retailBefore}`,
  );

  await page.locator('.tab-layout__bar').getByRole('tab', { name: '零售出库' }).click();
  await retailRow.getByRole('button', { name: /查\s*看/ }).click();
  const detail = page.locator('.ant-modal:visible').filter({ has: page.locator('.bill-detail') });
  await detail.getByText(PAPER.name).waitFor();
  await detail.getByRole('button', { name: '打印小票' }).click();
  const preview = page.locator('.ant-modal:visible').filter({ has: page.locator('.print-preview__layouts') });
  const frame = page.frameLocator('.print-preview__sheet');
  await frame.locator('body.sheet-receipt80 .totals').waitFor();
  const sheetHtml = await page
    .locator('.print-preview__sheet')
    .evaluate((f: HTMLIFrameElement) => f.contentDocument?.documentElement.outerHTML ?? '');
  const sheetText = (await frame.locator('body').textContent()) ?? '';
  t.match(sheetText, new RegExp(escaped(COMPANY)), 'the receipt carries the company name of the system settings');
  t.match(sheetText, new RegExp(escaped(PAPER.name)), 'its line');
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

  // 4. test123 (销售代表, 个人数据): its 零售出库 list holds none of jsh's bills; a bill it saves shows.
  const other = await newPage(t, browser, ZONE);
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
  t.ok(
    (await operators()).every((name) => name === 'test123'),
    "every listed bill is test123's",
  );
  const ownBefore = await listTotal(other);
  const own = await openNewBill(other);
  await own.locator('input[id^="bill-scan"]').focus();
  await scanCode(other, PAPER.barCode, 1, '1');
  const ownNumber = await own.locator('input#number').inputValue();
  await other.keyboard.press('Control+s');
  await own.waitFor({ state: 'hidden' });
  await t.resolves(listedRow(other, ownNumber), 'its own bill is listed');
  t.equal(await listTotal(other), ownBefore + 1, 'one more of its own');
  t.ok(
    (await operators()).every((name) => name === 'test123'),
    "still none of jsh's",
  );
  t.equal(
    (await headOf(BILL_KINDS.retailOut, ownNumber))?.creator,
    TEST123_ID,
    'listed for jsh with test123 as creator',
  );
});

/** The index of the 操作员 column in the active list. */
function operatorColumn(page: Page): Promise<number> {
  return activePage(page).evaluate((root) =>
    Array.from(root.querySelectorAll('.ant-table-thead th'))
      .map((th) => (th.textContent ?? '').trim())
      .indexOf('操作员'),
  );
}
