// Two clerks on the last units: clerk B's open 销售出库 reads 库存 5 for a product; clerk A (a peer, through the API)
// sells 4 of it. B's next scan of the line shows the 1 left and marks the line 库存不足; goods received elsewhere show
// when B's window gets the focus back, and B's list behind the form shows A's bill then too, without a click.
import t from 'tap';
import type { Page } from 'playwright-core';
import { closeTourIfShown, launchBrowser, login, newPage, readUntil, USERS } from '../support/browser.js';
import { addProduct, apiSession, saveBill, uniqueBarCode, uniqueName } from '../support/fixtures.js';
import { billDialog, choosePartyThenScanField, scanCode } from '../support/bill-keyboard.js';
import { activePage, openFromMenu, startTableStack } from './tables-support.js';

t.setTimeout(300_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);
const clerkA = await apiSession(url, USERS.jsh);

/** The 库存 cell of the open bill's first line. */
const lineStock = (page: Page) =>
  billDialog(page)
    .locator('.bill-grid tbody tr')
    .first()
    .locator('td[data-title="库存"]')
    .innerText()
    .then((text) => text.trim());

/** What the OS does when the clerk comes back to this browser window. */
const focusBack = (page: Page) => page.evaluate(() => window.dispatchEvent(new FocusEvent('focus')));

t.test("clerk B's open bill shows the stock after clerk A's sale, and after goods came in", async (t) => {
  const name = uniqueName('末件卷尺');
  const barCode = uniqueBarCode();
  await addProduct(clerkA, { name, barCode, initialStock: 5 });

  const page = await newPage(t, browser);
  await login(page, url, USERS.jsh);
  await openFromMenu(page, '销售管理', '销售出库');
  await closeTourIfShown(page);
  await activePage(page)
    .getByRole('button', { name: /新\s*增/ })
    .click();
  const form = billDialog(page);
  await form.locator('.bill-grid').waitFor();
  // Whichever customer the backend offers first (the sandbox's demo data or a real backend's own).
  const [customer] = (await clerkA.post('/supplier/findBySelect_cus', {})) as unknown as Array<{ supplier: string }>;
  await choosePartyThenScanField(page, customer!.supplier, customer!.supplier);
  // 销售人员 (a multiple select) keeps Enter for itself: the clerk clicks into the scan field.
  await form.getByPlaceholder('扫描或输入条码后回车').click();
  await scanCode(page, barCode, 1, '1');
  t.equal(await lineStock(page), '5', 'B reads 库存 5');

  const sold = await saveBill(clerkA, 'saleOut', [{ barCode, unit: '个', quantity: 4, unitPrice: 8 }]);
  await scanCode(page, barCode, 1, '2');
  t.match(
    await readUntil(
      () => lineStock(page),
      (text) => /^1\b/.test(text),
    ),
    /^1 库存不足$/,
    "B's next scan of the line shows the 1 left, and the 2 on the line above it",
  );

  await saveBill(clerkA, 'purchaseIn', [{ barCode, unit: '个', quantity: 10, unitPrice: 5 }]);
  await focusBack(page);
  t.equal(await readUntil(() => lineStock(page), '11'), '11', 'the window looked at again: 库存 11');

  // The list behind the form asked again too: A's sale is listed.
  await form.getByRole('button', { name: /取\s*消/ }).click();
  await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: '放弃修改' }).click();
  await form.waitFor({ state: 'hidden' });
  t.ok(
    await readUntil(
      () => activePage(page).locator('.ant-table-tbody tr').filter({ hasText: sold }).count(),
      (n) => n === 1,
    ),
    `A's bill ${sold} is in B's list`,
  );
});
