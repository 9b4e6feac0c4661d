// Table-page actions that need a real browser: export as a timestamped download (GET and POST), empty export, import
// of the served template with the token header. The export answers are scripted with page.route. The intro tour and its cache and the list failures are component tests:
// client/test/components/table-page/list-view.test.tsx.
import t from 'tap';
import { closeTourIfShown, launchBrowser, login, newPage, USERS } from '../support/browser.js';
import { activePage, openFromMenu, settled, startTableStack } from './tables-support.js';

t.setTimeout(600_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);

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

  // A bill page exports its shown rows by POST /systemConfig/exportExcelByParam.
  await page.route('**/jshERP-boot/systemConfig/exportExcelByParam', (route) =>
    route.fulfill({ status: 200, body: 'xls', contentType: 'application/vnd.ms-excel' }),
  );
  await openFromMenu(page, '采购管理', '采购入库');
  await closeTourIfShown(page);
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
    // The shell serves the original's template; the sandbox reads it as jshERP-boot does.
    const href = await dialog.getByRole('link', { name: '商品Excel模板[下载]' }).getAttribute('href');
    const template = await page.request.get(new URL(href ?? '', url).href);
    t.equal(template.status(), 200, 'the template downloads');
    const buffer = await template.body();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'goods.xlsx', mimeType: 'application/vnd.ms-excel', buffer });
    await t.resolves(page.locator('.ant-message').getByText('文件扩展名必须为xls').waitFor(), "the backend's refusal");
    dialog = await openDialog();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'goods.xls', mimeType: 'application/vnd.ms-excel', buffer });
    await t.resolves(page.locator('.ant-message').getByText('导入成功').waitFor(), 'success text');
    await t.resolves(activePage(page).getByText('可乐test').waitFor(), 'the imported product is listed');
    const token = (
      JSON.parse(await page.evaluate(`localStorage.getItem('pro__Access-Token') || '{}'`)) as { value?: string }
    ).value;
    t.equal(headers[0]?.['x-access-token'], token, 'X-Access-Token sent');
    t.match(headers[0]?.['content-type'] ?? '', /^multipart\/form-data/);
  },
);
