// The stock bill form in a real browser: a 采购入库 entered by keyboard only through the scan field (two products the
// test makes), saved, found in the list, opened and approved; a 销售出库 above the stock refused with the backend's
// words once the tenant forbids negative stock (set through 系统配置's call, put back after); the detail's 打印 opens
// the print sheet. Its partners are the first the backend offers, so it runs on the sandbox and on a real backend.
import t from 'tap';
import type { Locator, Page } from 'playwright-core';
import { closeTourIfShown, launchBrowser, login, newPage, USERS } from '../support/browser.js';
import { addProduct, apiSession, uniqueBarCode, uniqueName, type Json } from '../support/fixtures.js';
import { activePage, openFromMenu, startTableStack } from './tables-support.js';
import { billDialog, choosePartyThenScanField, editQuantity, focused, scanCode } from '../support/bill-keyboard.js';

t.setTimeout(180_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);
const api = await apiSession(url, USERS.jsh);

/** The first partner of a kind the backend's select offers (the sandbox's demo rows or a real backend's own). */
async function firstPartner(path: string): Promise<string> {
  const [first] = (await api.post(path, {})) as unknown as Array<{ supplier: string }>;
  return first!.supplier;
}

/** A tenant without a default account (a fresh jshERP-boot) has the clerk choose one: the first offered. */
async function chooseAccountIfNone(page: Page, form: Locator): Promise<void> {
  const account = form.locator('.ant-form-item').filter({ hasText: '结算账户' }).first();
  if ((await account.locator('.ant-select-selection-item').count()) > 0) return;
  await account.locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
}

/** The line's 税率 cell as a number (the product's own rate, or 0). */
async function taxRate(page: Page, line: number): Promise<number> {
  return Number((await billDialog(page).getByLabel(`税率(%) ${line}`).inputValue()) || 0);
}

t.test('purchase-in by keyboard through the scan field; sale-out refused for stock; print', async (t) => {
  const screwdrivers = { name: uniqueName('螺丝刀套装'), barCode: uniqueBarCode() };
  const paper = { name: uniqueName('复印纸'), barCode: uniqueBarCode() };
  const drill = { name: uniqueName('冲击电钻'), barCode: uniqueBarCode() };
  await addProduct(api, { ...screwdrivers, purchasePrice: 45 });
  await addProduct(api, { ...paper, purchasePrice: 18 });
  await addProduct(api, { ...drill, initialStock: 5 });
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
  const vendor = await firstPartner('/supplier/findBySelect_sup');
  await choosePartyThenScanField(page, vendor, vendor);
  t.match((await focused(page)).label, /^bill-scan/, 'Enter walks the head to the scan field');
  await scanCode(page, screwdrivers.barCode, 1, '1');
  t.match((await focused(page)).label, /^bill-scan/, 'the scan field keeps the cursor after a scan');
  // F2 edits the scanned line's quantity; Enter there goes back to the scan field for the next barcode.
  await editQuantity(page, 1, '10');
  t.match((await focused(page)).label, /^bill-scan/, 'back in the scan field');
  await scanCode(page, paper.barCode, 2, '1');
  await editQuantity(page, 2, '20');
  // 10 × 45 and 20 × 18, each with its line's tax rate, rounded to cents.
  const expected = (10 * 45 * (1 + (await taxRate(page, 1)) / 100) + 20 * 18 * (1 + (await taxRate(page, 2)) / 100))
    .toFixed(2)
    .replace(/\.?0+$/, '');
  t.equal(await form.locator('[data-total="taxLastMoney"]').innerText(), expected, `价税合计 ${expected}`);
  await chooseAccountIfNone(page, form);
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
  await detail.getByText(screwdrivers.name).waitFor();
  t.ok(await detail.getByText(paper.name).isVisible(), 'both lines in the detail');

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
  const config = (await api.get('/systemConfig/getCurrentInfo')).data as Json;
  const put = (minusStockFlag: unknown) => api.put('/systemConfig/update', { ...config, minusStockFlag });
  t.teardown(() => put(config.minusStockFlag));
  t.match(await put('0'), { code: 200 }, 'the tenant forbids negative stock (系统配置)');
  await openFromMenu(page, '销售管理', '销售出库');
  await closeTourIfShown(page);
  await activePage(page)
    .getByRole('button', { name: /新\s*增/ })
    .click();
  const sale = billDialog(page);
  await sale.locator('.bill-grid').waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
  const customer = await firstPartner('/supplier/findBySelect_cus');
  await page.keyboard.type(customer);
  await page.locator('.ant-select-dropdown:visible').getByText(customer).first().waitFor();
  await page.keyboard.press('Enter');
  await sale.locator('input[id^="bill-scan"]').focus();
  await scanCode(page, drill.barCode, 1, '1');
  await editQuantity(page, 1, '999');
  await chooseAccountIfNone(page, sale);
  await t.resolves(sale.locator('.stock-short').waitFor(), 'the line shows it is short of stock');
  await page.keyboard.press('Control+s');
  await t.resolves(
    page.locator('.ant-message').getByText(`商品:${drill.name}-${drill.barCode}库存不足`).waitFor(),
    'the backend refusal as it says it',
  );
  t.ok(await sale.isVisible(), 'the form stays open');
  t.equal(await sale.locator('[data-cell="operNumber"]').first().inputValue(), '999', 'with its line');
});
