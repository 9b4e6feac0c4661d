// The bill form by keyboard and scan gun in a real browser, each step checked on screen and in what the bill list
// and the bill's lines answer through the API (three products of the test's own, the first vendor offered): a 采购入库 opened with Alt+N, three barcodes in one burst (no pause, each followed by Enter, as a scan
// gun sends them) giving three lines of 1 and the first again 2, a back-dated 单据日期 typed and kept, the grid left
// with Ctrl+↓ for 本次付款, saved with a debt; `abc` in 数量 refused with its message and nothing saved; Esc then
// Enter keeps the bill; the `?` sheet lists the keys. Screenshots: the scan flash, the refused cell, the sheet.
import t from 'tap';
import type { Page } from 'playwright-core';
import { closeTourIfShown, launchBrowser, login, newPage, screenshot, USERS } from '../support/browser.js';
import { activePage, openFromMenu, startTableStack } from './tables-support.js';
import { billDialog, choosePartyThenScanField, focused, quantities, scanCode } from '../support/bill-keyboard.js';
import {
  addProduct,
  apiSession,
  BILL_KINDS,
  billLines,
  listedBill,
  uniqueBarCode,
  uniqueName,
  type Json,
} from '../support/fixtures.js';

// Two long journeys on a shared machine: each about 100 s alone, more under load.
t.setTimeout(420_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);
// The users are in China, as the backend's clock.
const CHINA = { timezoneId: 'Asia/Shanghai' };

const api = await apiSession(url);
const [SCREWDRIVERS, PAPER, PENS] = [uniqueName('螺丝刀'), uniqueName('复印纸'), uniqueName('水笔')].map((name) => ({
  name,
  barCode: uniqueBarCode(),
}));
// Bought at 50 a piece: the bill's 200 is more than the 100 paid, so it is saved with a debt.
for (const product of [SCREWDRIVERS!, PAPER!, PENS!]) await addProduct(api, { ...product, purchasePrice: 50 });
const VENDOR = ((await api.post('/supplier/findBySelect_sup', {})) as unknown as Json[])[0]!.supplier as string;

/** The 采购入库 of this number as the bill list answers it, or undefined. */
const headOf = (number: string) => listedBill(api, BILL_KINDS.purchaseIn, number);
/** The quantities of its lines, sorted. */
const quantitiesOf = async (head: Json | undefined): Promise<number[]> =>
  head ? (await billLines(api, Number(head.id))).map((l) => Number(l.operNumber)).sort() : [];

/** Waits until the element with the cursor is the one `test` (run in the page on it) accepts. */
const cursorOn = (page: Page, test: string) =>
  page.waitForFunction(`(() => { const el = document.activeElement; return !!el && (${test}); })()`);

async function openPurchaseIn(page: Page) {
  await openFromMenu(page, '采购管理', '采购入库');
  await closeTourIfShown(page);
  // Alt+N presses the list's 新增.
  await page.keyboard.press('Alt+n');
  const form = billDialog(page);
  await form.locator('.bill-grid').waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
  return form;
}

t.test('jsh: a burst of scans, a back-dated keyboard bill reaching 本次付款, saved with a debt', async (t) => {
  const page = await newPage(t, browser, CHINA);
  await login(page, url, USERS.jsh);
  const form = await openPurchaseIn(page);

  // The supplier, then Enter to 单据日期: a date typed there and committed with Enter is the bill's.
  await page.keyboard.type(VENDOR);
  await page.locator('.ant-select-dropdown:visible').getByText(VENDOR, { exact: true }).waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
  await page.keyboard.press('Enter');
  await cursorOn(page, "el.closest('.ant-picker') !== null");
  await page.keyboard.press('Control+a');
  await page.keyboard.type('2026-10-15 09:30:00');
  await page.keyboard.press('Enter');
  await cursorOn(page, "el.id === 'number'");
  t.equal(
    await form.locator('.ant-picker input').inputValue(),
    '2026-10-15 09:30:00',
    'the typed date stays in the field',
  );
  // On to the scan field: 单据编号, 关联订单, then the scan field.
  for (let i = 0; i < 3 && !(await focused(page)).label.startsWith('bill-scan'); i++)
    await page.keyboard.press('Enter');
  t.match((await focused(page)).label, /^bill-scan/, 'Enter walks the head to the scan field');

  // A scan gun's burst: three codes, each with its Enter, no pause between.
  await page.keyboard.type(`${SCREWDRIVERS!.barCode}\n${PAPER!.barCode}\n${PENS!.barCode}\n`);
  await page.waitForFunction(
    () => document.querySelectorAll('.bill-form .bill-grid [data-cell="operNumber"]').length === 3,
  );
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLInputElement>('.bill-form .bill-grid [data-cell="operNumber"]')).every(
      (i) => i.value === '1',
    ),
  );
  t.same(await quantities(page), ['1', '1', '1'], 'three lines of quantity 1');
  t.same(
    await form
      .locator('.bill-grid [data-cell="barCode"]')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
    [SCREWDRIVERS!.barCode, PAPER!.barCode, PENS!.barCode],
    'in the order scanned',
  );
  t.match((await focused(page)).label, /^bill-scan/, 'the scan field kept the cursor through the burst');
  await scanCode(page, SCREWDRIVERS!.barCode, 1, '2');
  t.same(await quantities(page), ['2', '1', '1'], 'the first code again: its line holds 2');
  t.match(
    await form.locator('.bill-scan [role="status"]').innerText(),
    new RegExp(`${SCREWDRIVERS!.name} × 2`),
    'the flash names the product and its count',
  );
  await screenshot(page, 'bills-scan-burst');

  // Ctrl+↓ leaves the grid for the money block; Enter walks on to 本次付款.
  await page.keyboard.press('Control+ArrowDown');
  await cursorOn(page, "el.id === 'discount'");
  for (let i = 0; i < 6 && (await focused(page)).label !== 'changeAmount'; i++) await page.keyboard.press('Enter');
  t.equal((await focused(page)).label, 'changeAmount', 'Enter reaches 本次付款');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('100');
  const total = Number(await form.locator('[data-total="taxLastMoney"]').innerText());
  const number = await form.locator('input#number').inputValue();
  await page.keyboard.press('Control+s');
  await form.waitFor({ state: 'hidden' });

  const stored = await headOf(number);
  t.equal(stored?.operTimeStr, '2026-10-15 09:30:00', 'stored with the back date, not today');
  // The list answers 本次付款 as an amount; its sign in the table is the backend's affair (contract tests).
  t.equal(Number(stored?.changeAmount), 100, 'stored: 本次付款 100');
  t.equal(Number(stored?.debt), Math.round((total - 100) * 100) / 100, 'stored: the rest is owed');
  t.ok(Number(stored?.debt) > 0, 'a debt');
  t.same(await quantitiesOf(stored), [1, 1, 2], 'stored lines 2, 1, 1');
  const row = activePage(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: number });
  await t.resolves(row.getByText('2026-10-15 09:30:00').waitFor(), 'the list shows the typed date and time');
});

t.test(
  'jsh: abc in 数量 refused with its message, nothing saved; Esc then Enter keeps the bill; the ? sheet',
  async (t) => {
    const page = await newPage(t, browser, CHINA);
    await login(page, url, USERS.jsh);
    const form = await openPurchaseIn(page);
    await choosePartyThenScanField(page, VENDOR, VENDOR);
    await scanCode(page, PAPER!.barCode, 1, '1');
    await page.keyboard.press('F2');
    await cursorOn(page, "el.getAttribute('aria-label') === '数量 1'");
    await page.keyboard.type('abc');
    const number = await form.locator('input#number').inputValue();
    await page.keyboard.press('Control+s');
    await t.resolves(
      page.locator('.ant-message').getByText('第 1 行数量「abc」不是数字').waitFor(),
      'the save is refused with the reason',
    );
    t.equal(await form.locator('[aria-label="数量 1"]').getAttribute('aria-invalid'), 'true', 'the cell is marked');
    t.equal(
      await form.locator('.bill-cell-problems').innerText(),
      '第 1 行数量「abc」不是数字',
      'and its message stays under the grid',
    );
    t.equal(await headOf(number), undefined, 'nothing stored');
    await screenshot(page, 'bills-quantity-refused');

    // Esc asks; the cursor is on 继续编辑, so Enter keeps the bill as it was.
    await page.keyboard.press('Escape');
    const confirm = page.locator('.ant-modal-confirm:visible');
    await confirm.waitFor();
    await cursorOn(page, "(el.textContent ?? '').replace(/\\s/g, '') === '继续编辑'");
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'hidden' });
    t.ok(await form.isVisible(), 'the bill is still open');
    t.equal(await form.locator('[aria-label="数量 1"]').inputValue(), 'abc', 'with what was typed');
    t.equal(await headOf(number), undefined, 'still nothing stored');

    // A number, and the bill saves.
    await form.locator('[aria-label="数量 1"]').fill('3');
    await page.keyboard.press('Control+s');
    await form.waitFor({ state: 'hidden' });
    t.same(await quantitiesOf(await headOf(number)), [3], 'saved with the corrected quantity');

    // `?` outside a field: the sheet of keys.
    await activePage(page)
      .locator('.ant-table')
      .first()
      .click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('?');
    const sheet = page.locator('.ant-modal:visible').filter({ hasText: '快捷键' });
    await sheet.waitFor();
    for (const key of ['Alt+N', 'F2', 'Ctrl+↓', 'Ctrl+S / Ctrl+Enter'])
      t.ok(await sheet.getByText(key, { exact: true }).isVisible(), `the sheet lists ${key}`);
    await screenshot(page, 'shortcut-sheet');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
  },
);
