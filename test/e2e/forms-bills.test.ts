// The stock bill form in a real browser: a 采购入库 entered by keyboard only through the scan field (a seeded
// barcode), saved, found in the list, opened and approved; a 销售出库 above the stock refused with the backend's
// words once the tenant forbids negative stock; the detail's 打印 opens the print sheet.
import t from 'tap';
import { closeTourIfShown, launchBrowser, login, newPage, USERS } from '../helpers/browser.js';
import { activePage, openFromMenu, startTableStack } from './tables-support.js';
import { billDialog, choosePartyThenScanField, editQuantity, focused, scanCode } from '../helpers/bill-keyboard.js';

t.setTimeout(180_000);
const { url, state } = await startTableStack(t);
const browser = await launchBrowser(t);

t.test('purchase-in by keyboard through the scan field; sale-out refused for stock; print', async (t) => {
  const page = await newPage(t, browser);
  await login(page, url, USERS.jsh);
  await openFromMenu(page, '采购管理', '采购入库');
  await closeTourIfShown(page);
  await activePage(page)
    .getByRole('button', { name: /新\s*增/ })
    .click();
  const form = billDialog(page);
  await form.locator('.bill-grid').waitFor();
  // The supplier select has the cursor: type, Enter takes the option, each Enter then moves on to the scan field.
  await choosePartyThenScanField(page, '世达', '上海世达工具有限公司');
  t.match((await focused(page)).label, /^bill-scan/, 'Enter walks the head to the scan field');
  await scanCode(page, '1000001', 1, '1');
  t.match((await focused(page)).label, /^bill-scan/, 'the scan field keeps the cursor after a scan');
  // F2 edits the scanned line's quantity; Enter there goes back to the scan field for the next barcode.
  await editQuantity(page, 1, '10');
  t.match((await focused(page)).label, /^bill-scan/, 'back in the scan field');
  await scanCode(page, '1000003', 2, '1');
  await editQuantity(page, 2, '20');
  t.equal(await form.locator('[data-total="taxLastMoney"]').innerText(), '915.3', 'T = 508.5 + 406.8');
  const number = await form.locator('#number, input[id$="_number"]').first().inputValue();
  t.match(number, /^CGRK\d{11}$/, 'the number: prefix + buildNumber');
  await page.keyboard.press('Control+s');
  await form.waitFor({ state: 'hidden' });

  // Found in the list, opened, approved.
  const row = activePage(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: number });
  await row.waitFor();
  t.match(await row.innerText(), /未审核/, 'listed unapproved');
  await row.getByRole('button', { name: /查\s*看/ }).click();
  const detail = page.locator('.ant-modal:visible').filter({ has: page.locator('.bill-detail') });
  await detail.getByText('螺丝刀套装').waitFor();
  t.ok(await detail.getByText('A4复印纸').isVisible(), 'both lines in the detail');

  // 打印 shows the sheet first, in the preview; its 打印 prints that very frame.
  await detail.getByRole('button', { name: /打\s*印/ }).click();
  const preview = page.locator('.ant-modal:visible').filter({ has: page.locator('.print-preview__layouts') });
  const sheet = page.frameLocator('.print-preview__sheet');
  await sheet.locator('h1').waitFor();
  t.equal(await sheet.locator('h1').textContent(), '采购入库', 'the print sheet is titled with the kind');
  t.match(await sheet.locator('body').textContent(), new RegExp(number), 'and carries the number');
  await page.locator('.print-preview__sheet').evaluate((frame: HTMLIFrameElement) => {
    (frame.contentWindow as Window).print = () => {
      (window as unknown as { printed: number }).printed = 1;
    };
  });
  await preview.getByRole('button', { name: /^打\s*印$/ }).click();
  await page.waitForFunction(() => (window as unknown as { printed?: number }).printed === 1);
  await preview.getByRole('button', { name: /取\s*消/ }).click();
  await preview.waitFor({ state: 'hidden' });

  await detail.getByRole('button', { name: /审\s*核/ }).click();
  await page
    .locator('.ant-modal-confirm:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await detail.waitFor({ state: 'hidden' });
  await t.resolves(row.getByText('已审核').waitFor(), 'approved in the list');

  // A sale above the stock, once the tenant forbids negative stock: the backend's refusal as it words it, and the
  // form keeps what was entered.
  const configs = (state as unknown as { systemConfigs?: Array<Record<string, unknown>> }).systemConfigs;
  for (const c of configs ?? []) c.minus_stock_flag = '0';
  await openFromMenu(page, '销售管理', '销售出库');
  await closeTourIfShown(page);
  await activePage(page)
    .getByRole('button', { name: /新\s*增/ })
    .click();
  const sale = billDialog(page);
  await sale.locator('.bill-grid').waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
  await page.keyboard.type('华辰');
  await page.locator('.ant-select-dropdown:visible').getByText('宁波华辰贸易有限公司').waitFor();
  await page.keyboard.press('Enter');
  await sale.locator('input[id^="bill-scan"]').focus();
  await scanCode(page, '1000002', 1, '1');
  await editQuantity(page, 1, '999');
  await t.resolves(sale.locator('.stock-short').waitFor(), 'the line shows it is short of stock');
  await page.keyboard.press('Control+s');
  await t.resolves(
    page.locator('.ant-message').getByText('商品:冲击电钻-1000002库存不足').waitFor(),
    'the backend refusal as it says it',
  );
  t.ok(await sale.isVisible(), 'the form stays open');
  t.equal(await sale.locator('[data-cell="operNumber"]').first().inputValue(), '999', 'with its line');
});
