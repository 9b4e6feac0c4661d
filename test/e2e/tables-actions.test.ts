// Table-page actions that need a real browser: export as a timestamped download (GET and POST), empty export, import
// with the token header of a file made from the served template. The export answers are scripted with page.route;
// the bill exported and the products imported are the test's own (a bill made through the API first, the template's
// rows renamed). The intro tour and its cache and the list failures are component tests:
// client/test/components/table-page/list-view.test.tsx.
import * as XLSX from '@e965/xlsx';
import t from 'tap';
import { closeTourIfShown, launchBrowser, login, newPage, USERS } from '../support/browser.js';
import { runName } from '../support/api.js';
import { addProduct, apiSession, saveBill, uniqueBarCode } from '../support/fixtures.js';
import { activePage, nextListQuery, openFromMenu, settled, startTableStack } from './tables-support.js';

t.setTimeout(600_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);
const api = await apiSession(url);

/**
 * The served goods template with its example rows (可乐test, 啤酒test) made the test's own: their names and barcodes
 * replaced, every other cell as the template has it, written again as an .xls (BIFF8) as Excel would save it.
 */
function ownGoodsWorkbook(template: Buffer, names: string[]): Buffer {
  const book = XLSX.read(template);
  const sheetName = book.SheetNames[0]!;
  const [tip, head, ...examples] = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[sheetName]!, { header: 1 });
  const rows = names.map((name, i) => {
    const row = [...(examples[i % examples.length] ?? [])];
    row[0] = name; // 名称*
    row[10] = uniqueBarCode(); // 基本条码*
    return row;
  });
  const out = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(out, XLSX.utils.aoa_to_sheet([tip!, head!, ...rows]), sheetName);
  return XLSX.write(out, { bookType: 'biff8', type: 'buffer' }) as Buffer;
}

t.test('export downloads <name>_<yyyyMMddHHmmss>.xls by GET and by POST; an empty answer warns', async (t) => {
  const page = await newPage(t, browser);
  await login(page, url, USERS.jsh);
  let body = 'xls-bytes';
  await page.route('**/jshERP-boot/material/exportExcel?**', (route) =>
    route.fulfill({ status: 200, body, contentType: 'application/vnd.ms-excel' }),
  );
  await openFromMenu(page, '商品管理', '商品信息');
  await closeTourIfShown(page);
  await settled(page);
  const [download, request] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForRequest('**/material/exportExcel?**'),
    activePage(page)
      .getByRole('button', { name: /导\s*出/ })
      .click(),
  ]);
  t.match(download.suggestedFilename(), /^商品信息_\d{14}\.xls$/);
  // MaterialController.exportExcel reads each filter as a parameter of its own (no `search` JSON).
  const sent = new URL(request.url()).searchParams;
  t.ok(sent.has('materialParam') && !sent.has('search'), 'the filters go with the export as the backend reads them');
  body = '';
  await activePage(page)
    .getByRole('button', { name: /导\s*出/ })
    .click();
  await t.resolves(page.locator('.ant-message').getByText('文件下载失败').waitFor(), 'empty → 文件下载失败');

  // A bill page exports its shown rows by POST /systemConfig/exportExcelByParam: the list searched for the test's bill.
  const barCode = uniqueBarCode();
  await addProduct(api, { name: runName('导出扳手'), barCode });
  const bill = await saveBill(api, 'purchaseIn', [{ barCode, unit: '个', quantity: 2, unitPrice: 10 }]);
  await page.route('**/jshERP-boot/systemConfig/exportExcelByParam', (route) =>
    route.fulfill({ status: 200, body: 'xls', contentType: 'application/vnd.ms-excel' }),
  );
  await openFromMenu(page, '采购管理', '采购入库');
  await closeTourIfShown(page);
  await settled(page);
  await activePage(page).getByPlaceholder('单据编号', { exact: true }).fill(bill);
  await nextListQuery(page, '/depotHead/list', () =>
    activePage(page)
      .getByRole('button', { name: /查\s*询/ })
      .click(),
  );
  await settled(page);
  const [postDownload, post] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForRequest('**/systemConfig/exportExcelByParam'),
    activePage(page)
      .getByRole('button', { name: /导\s*出/ })
      .click(),
  ]);
  t.match(postDownload.suggestedFilename(), /^采购入库_\d{14}\.xls$/);
  const payload = post.postDataJSON() as { title: string; head: string; tip: string; list: unknown[][] };
  t.equal(payload.title, '采购入库');
  t.match(payload.head, /^供应商,单据编号,/);
  t.ok(payload.list.length > 0 && payload.list.every((row) => Array.isArray(row)), 'the shown rows');
  t.ok(
    payload.list.some((row) => row.includes(bill)),
    `the test's bill ${bill} among them`,
  );
});

t.test(
  "import: the dialog offers the template; the upload carries the token; the backend's refusal and success show; the list reloads",
  async (t) => {
    const page = await newPage(t, browser);
    await login(page, url, USERS.jsh);
    const headers: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/material/importExcel')) headers.push(request.headers());
    });
    await openFromMenu(page, '商品管理', '商品信息');
    await closeTourIfShown(page);
    await settled(page);
    const openDialog = async () => {
      await activePage(page)
        .getByRole('button', { name: /导\s*入$/ })
        .click();
      return page.locator('.ant-modal').filter({ hasText: '商品导入' });
    };
    let dialog = await openDialog();
    // The shell serves the original's template; the file is made from it, with rows of the test's own.
    const href = await dialog.getByRole('link', { name: '商品Excel模板[下载]' }).getAttribute('href');
    const template = await page.request.get(new URL(href ?? '', url).href);
    t.equal(template.status(), 200, 'the template downloads');
    const names = [runName('导入可乐'), runName('导入啤酒')];
    const buffer = ownGoodsWorkbook(await template.body(), names);
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'goods.xlsx', mimeType: 'application/vnd.ms-excel', buffer });
    await t.resolves(page.locator('.ant-message').getByText('文件扩展名必须为xls').waitFor(), "the backend's refusal");
    dialog = await openDialog();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'goods.xls', mimeType: 'application/vnd.ms-excel', buffer });
    await t.resolves(page.locator('.ant-message').getByText('导入成功').waitFor(), 'success text');
    for (const name of names)
      await t.resolves(activePage(page).getByText(name, { exact: true }).waitFor(), `the imported ${name} is listed`);
    const token = (
      JSON.parse(await page.evaluate(`localStorage.getItem('pro__Access-Token') || '{}'`)) as { value?: string }
    ).value;
    t.equal(headers[0]?.['x-access-token'], token, 'X-Access-Token sent');
    t.match(headers[0]?.['content-type'] ?? '', /^multipart\/form-data/);
  },
);
