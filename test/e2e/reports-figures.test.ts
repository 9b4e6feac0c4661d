// The buy and sale statistics read back against the bills of the test, each figure under its own heading: a product
// bought 30 for 150 and returned 2 for 10 shows 采购 30 / 150, 退货 2 / 10 and 实际采购金额 140 in 采购统计 (row and
// 合计 row); one sold 12 for 96 and … in 销售统计 shows 销售 first. The bills are made through the API.
import t from 'tap';
import type { Page } from 'playwright-core';
import { closeTourIfShown, launchBrowser, login, newPage, USERS } from '../support/browser.js';
import { addProduct, apiSession, saveBill, uniqueBarCode, uniqueName } from '../support/fixtures.js';
import { activePage, nextListQuery, openFromMenu, settled, startTableStack } from './tables-support.js';

t.setTimeout(300_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);
const api = await apiSession(url, USERS.jsh);

/** The active report's rows for this search, each as {heading: cell text}, the 合计 row last. */
async function reportRows(page: Page, search: string, listPath: string): Promise<Array<Record<string, string>>> {
  await activePage(page).getByLabel('商品信息').fill(search);
  await nextListQuery(page, listPath, () =>
    activePage(page)
      .getByRole('button', { name: /查\s*询/ })
      .click(),
  );
  await settled(page);
  return activePage(page).evaluate((root) => {
    const headings = Array.from(root.querySelectorAll('.ant-table-thead th')).map((th) =>
      (th.textContent ?? '').trim(),
    );
    return Array.from(root.querySelectorAll('.ant-table-tbody tr.ant-table-row')).map((tr) =>
      Object.fromEntries(
        Array.from(tr.querySelectorAll('td')).map((td, i) => [headings[i] ?? String(i), (td.textContent ?? '').trim()]),
      ),
    );
  });
}

// The browser where the shop is: its 单据日期 range ends on China's today, the day the bills are dated (a UTC browser
// between 00:00 and 08:00 China time would still be on the day before).
const CHINA = { timezoneId: 'Asia/Shanghai' };

const figures = (row: Record<string, string> | undefined, headings: string[]) =>
  headings.map((heading) => [heading, Number((row?.[heading] ?? 'missing').replace(/,/g, ''))]);

t.test('采购统计: purchases, returns and the actual purchase amount, row and totals', async (t) => {
  const name = uniqueName('统计螺母');
  const barCode = uniqueBarCode();
  await addProduct(api, { name, barCode, purchasePrice: 5 });
  await saveBill(api, 'purchaseIn', [{ barCode, unit: '个', quantity: 30, unitPrice: 5 }]);
  await saveBill(api, 'purchaseBack', [{ barCode, unit: '个', quantity: 2, unitPrice: 5 }]);

  const page = await newPage(t, browser, CHINA);
  await login(page, url, USERS.jsh);
  await openFromMenu(page, '报表查询', '采购统计');
  await closeTourIfShown(page);
  const rows = await reportRows(page, name, '/depotItem/buyIn');
  const product = rows.find((row) => row['名称'] === name);
  const headings = ['采购数量', '采购金额', '退货数量', '退货金额', '实际采购金额'];
  t.same(
    figures(product, headings),
    [
      ['采购数量', 30],
      ['采购金额', 150],
      ['退货数量', 2],
      ['退货金额', 10],
      ['实际采购金额', 140],
    ],
    'the product row',
  );
  const totals = rows.at(-1);
  t.match(Object.values(totals ?? {}).join(' '), /合计/, 'the last row is 合计');
  t.same(figures(totals, headings), figures(product, headings), 'the 合计 row sums the one product');
  const shown = await activePage(page)
    .locator('.ant-table-thead th')
    .evaluateAll((ths) => ths.map((th) => (th.textContent ?? '').trim()).filter((text) => text !== ''));
  t.same(
    shown.slice(shown.indexOf('条码')),
    ['条码', '名称', '规格', '型号', '单位', ...headings],
    'the columns of the original, in its order',
  );
});

t.test('销售统计: sales first, then returns and the actual sale amount', async (t) => {
  const name = uniqueName('统计垫片');
  const barCode = uniqueBarCode();
  await addProduct(api, { name, barCode, purchasePrice: 5, initialStock: 40 });
  await saveBill(api, 'saleOut', [{ barCode, unit: '个', quantity: 12, unitPrice: 8 }]);

  const page = await newPage(t, browser, CHINA);
  await login(page, url, USERS.jsh);
  await openFromMenu(page, '报表查询', '销售统计');
  await closeTourIfShown(page);
  const rows = await reportRows(page, name, '/depotItem/saleOut');
  const product = rows.find((row) => row['名称'] === name);
  t.same(
    figures(product, ['销售数量', '销售金额', '退货数量', '退货金额', '实际销售金额']),
    [
      ['销售数量', 12],
      ['销售金额', 96],
      ['退货数量', 0],
      ['退货金额', 0],
      ['实际销售金额', 96],
    ],
    'the product row',
  );
});
