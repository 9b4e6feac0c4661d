// Table-page actions that need a real browser: export as a timestamped download (GET and POST), empty export, import
// with the token header. The file-producing upstream answers are scripted with page.route (the sandbox holds no
// spreadsheets). The intro tour and its cache and the list failures are component tests:
// client/test/components/table-page/list-view.test.tsx.
import t from 'tap';
import { closeTourIfShown, launchBrowser, login, newPage, USERS } from '../helpers/browser.js';
import { activePage, openFromMenu, settled, startTableStack } from './tables-support.js';

t.setTimeout(600_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);

t.test('export downloads <name>_<yyyyMMddHHmmss>.xls by GET and by POST; an empty answer warns', async (t) => {
  const page = await newPage(t, browser);
  await login(page, url, USERS.jsh);
  let body = 'xls-bytes';
  await page.route('**/jshERP-boot/material/exportExcel?**', (route) => route.fulfill({ status: 200, body, contentType: 'application/vnd.ms-excel' }));
  await openFromMenu(page, '商品管理', '商品信息');
  await closeTourIfShown(page);
  await settled(page);
  const [download, request] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForRequest('**/material/exportExcel?**'),
    activePage(page).getByRole('button', { name: /导\s*出/ }).click(),
  ]);
  t.match(download.suggestedFilename(), /^商品信息_\d{14}\.xls$/);
  // MaterialController.exportExcel reads each filter as a parameter of its own (no `search` JSON).
  const sent = new URL(request.url()).searchParams;
  t.ok(sent.has('materialParam') && !sent.has('search'), 'the filters go with the export as the backend reads them');
  body = '';
  await activePage(page).getByRole('button', { name: /导\s*出/ }).click();
  await t.resolves(page.locator('.ant-message').getByText('文件下载失败').waitFor(), 'empty → 文件下载失败');

  // A bill page exports its shown rows by POST /systemConfig/exportExcelByParam.
  await page.route('**/jshERP-boot/systemConfig/exportExcelByParam', (route) => route.fulfill({ status: 200, body: 'xls', contentType: 'application/vnd.ms-excel' }));
  await openFromMenu(page, '采购管理', '采购入库');
  await closeTourIfShown(page);
  await settled(page);
  const [postDownload, post] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForRequest('**/systemConfig/exportExcelByParam'),
    activePage(page).getByRole('button', { name: /导\s*出/ }).click(),
  ]);
  t.match(postDownload.suggestedFilename(), /^采购入库_\d{14}\.xls$/);
  const payload = post.postDataJSON() as { title: string; head: string; tip: string; list: unknown[][] };
  t.equal(payload.title, '采购入库');
  t.match(payload.head, /^供应商,单据编号,/);
  t.ok(payload.list.length > 0 && payload.list.every((row) => Array.isArray(row)), 'the shown rows');
});

t.test('import uploads with the token header and reports success, warning and failure', async (t) => {
  const page = await newPage(t, browser);
  await login(page, url, USERS.jsh);
  let replyKind: 'ok' | 'warn' | 'fail' = 'ok';
  const headers: Record<string, string>[] = [];
  await page.route('**/jshERP-boot/material/importExcel', async (route) => {
    headers.push(route.request().headers());
    if (replyKind === 'ok') await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 200, data: null }) });
    else if (replyKind === 'warn') await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 500, data: '第2行条码为空' }) });
    else await route.abort('connectionrefused');
  });
  await openFromMenu(page, '商品管理', '商品信息');
  await closeTourIfShown(page);
  await settled(page);
  const upload = activePage(page).locator('input[type=file]');
  const file = { name: 'goods.xls', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('xls') };
  await upload.setInputFiles(file);
  await t.resolves(page.locator('.ant-message').getByText('goods.xls 文件上传成功').waitFor(), 'success text');
  const token = (JSON.parse(await page.evaluate(`localStorage.getItem('pro__Access-Token') || '{}'`)) as { value?: string }).value;
  t.equal(headers[0]?.['x-access-token'], token, 'X-Access-Token sent');
  t.match(headers[0]?.['content-type'] ?? '', /^multipart\/form-data/);
  replyKind = 'warn';
  await upload.setInputFiles({ ...file, name: 'goods2.xls' });
  await t.resolves(page.locator('.ant-message').getByText('第2行条码为空').waitFor(), 'non-200 warns');
  replyKind = 'fail';
  await upload.setInputFiles({ ...file, name: 'goods3.xls' });
  await t.resolves(page.locator('.ant-message').getByText(/^文件上传失败: /).waitFor(), 'failure message');
});
