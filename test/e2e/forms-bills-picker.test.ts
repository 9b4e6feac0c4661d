// 选择商品 in the bill form pages its search: twelve products made through the API under one name, F4 in a line's
// barcode cell opens the picker on that name, which shows ten with the count found (1-10 共12条); PageDown shows the
// 11th and 12th, Enter takes the highlighted one into the line.
import t from 'tap';
import { closeTourIfShown, launchBrowser, login, newPage, USERS } from '../support/browser.js';
import { addProduct, apiLanes, inLanes, uniqueBarCode, uniqueName } from '../support/fixtures.js';
import { billDialog } from '../support/bill-keyboard.js';
import { activePage, openFromMenu, startTableStack } from './tables-support.js';

t.setTimeout(300_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);
// Six sessions from six addresses: the twelve products go six at a time (fixtures.ts, apiLanes).
const lanes = await apiLanes(url, 6);

t.test('选择商品 pages ten at a time with its total; PageDown reaches product 11 and Enter takes it', async (t) => {
  const family = uniqueName('翻页扳手');
  const names = await inLanes(lanes, 12, async (n, api) => {
    const name = `${family}-${String(n + 1).padStart(2, '0')}`;
    await addProduct(api, { name, barCode: uniqueBarCode() });
    return name;
  });

  const page = await newPage(t, browser);
  await login(page, url, USERS.jsh);
  await openFromMenu(page, '采购管理', '采购入库');
  await closeTourIfShown(page);
  await activePage(page)
    .getByRole('button', { name: /新\s*增/ })
    .click();
  const form = billDialog(page);
  await form.locator('.bill-grid').waitFor();
  await form.getByLabel('条码 1').fill(family);
  await page.keyboard.press('F4');
  const picker = page.locator('.ant-modal:visible').filter({ has: page.locator('table.bill-picker') });
  // The rows the pager's label speaks of: once the table is no longer busy with the page asked.
  const shownNames = () =>
    picker
      .locator('table.bill-picker:not([aria-busy]) tbody tr')
      .evaluateAll((trs) => trs.map((tr) => (tr.querySelectorAll('td')[1]?.textContent ?? '').trim()));
  const totalText = picker.locator('.ant-pagination-total-text');
  await totalText.filter({ hasText: '1-10 共12条' }).waitFor();
  await picker.locator('table.bill-picker:not([aria-busy])').waitFor();
  const first = await shownNames();
  t.equal(first.length, 10, 'ten products on the first page');
  t.ok(
    first.every((name) => names.includes(name)),
    'all of the search',
  );

  await page.keyboard.press('PageDown');
  await totalText.filter({ hasText: '11-12 共12条' }).waitFor();
  await picker.locator('table.bill-picker:not([aria-busy])').waitFor();
  const second = await shownNames();
  t.same(
    [...first, ...second].sort(),
    [...names].sort(),
    'the second page holds the other two: every product found once',
  );
  await page.keyboard.press('Enter');
  await picker.waitFor({ state: 'hidden' });
  await form.locator('.bill-grid tbody tr').first().filter({ hasText: second[0]! }).waitFor();
  t.pass(`the line holds ${second[0]!}, the 11th product`);
});
