// A report page at page size 11: ten records and a 合计 row whose sums are those of the rows shown.
import t from 'tap';
import { launchBrowser, login, newPage, screenshot, USERS } from '../helpers/browser.js';
import { activePage, dataRows, dismissTour, headerTitles, nextListQuery, openFromMenu, settled, startTableStack } from './tables-support.js';

t.setTimeout(300_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);

/** The money and quantity columns of the page that the totals row sums (original sum list). */
const SUMMED = ['上期结存数量', '入库数量', '出库数量', '本期结存数量', '结存金额'];

t.test('进销存统计 at page size 11 shows its totals row with the sums of the rows it shows', async (t) => {
  const page = await newPage(t, browser);
  await login(page, url, USERS.jsh);
  const query = await nextListQuery(page, '/depotItem/getInOutStock', () => openFromMenu(page, '报表查询', '进销存统计'));
  t.equal(query.get('pageSize'), '10', 'size 11 asks the server for 10 records');
  t.ok(query.get('beginTime') && query.get('endTime'), 'the report period is sent as plain parameters');
  await dismissTour(page);
  await settled(page);
  t.equal(await activePage(page).locator('.ant-pagination-options .ant-select').textContent(), '11 条/页');
  const titles = await headerTitles(page);
  const rows = await dataRows(page);
  t.ok(rows.length > 0, `${rows.length} rows`);
  const totals = await activePage(page).locator('tr.table-totals-row td').evaluateAll((tds) => tds.map((td) => (td.textContent ?? '').trim()));
  t.equal(totals[titles.indexOf('#')], '合计');
  for (const title of SUMMED) {
    const index = titles.indexOf(title);
    t.ok(index >= 0, `column ${title}`);
    const expected = rows.reduce((sum, row) => sum + (parseFloat(row[index] ?? '') || 0), 0).toFixed(2);
    t.equal(totals[index], expected, `${title} sums to ${expected}`);
  }
  t.equal(totals[titles.indexOf('名称')], '-', 'other columns show -');
  const count = rows.length;
  t.equal(await activePage(page).locator('.ant-pagination-total-text').textContent(), `1-${count} 共${count}条`);
  await screenshot(page, 'tables-totals-in-out-stock');

  // The report period is required: cleared, the query warns instead of calling the endpoint.
  const picker = activePage(page).locator('.ant-picker-range');
  await picker.hover();
  await picker.locator('.ant-picker-clear').click();
  let called = false;
  page.on('request', (r) => { if (r.url().includes('/depotItem/getInOutStock')) called = true; });
  await activePage(page).getByRole('button', { name: /查\s*询/ }).click();
  await t.resolves(page.locator('.ant-message').getByText('请选择单据日期！').waitFor(), 'asks for the period');
  t.notOk(called, 'no call without a period');
});
