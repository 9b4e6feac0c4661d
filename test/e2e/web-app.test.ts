// What staff expect of a web app: 导出 shows its progress and a second click while it runs sends nothing; the app
// installs on a tablet (manifest, icons, theme-color, /favicon.ico); offline a retry banner that clears itself;
// an error thrown in an event handler reaches the gateway's client-error log mapped to the source file and line;
// a bill's address opened logged out leads through the login to the bill's detail, and Back closes it first.
// The bill and the suppliers searched for are the test's own, made through the API first.
import { readFileSync } from 'node:fs';
import t from 'tap';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import { runName } from '../support/api.js';
import { addProduct, apiSession, saveBill, uniqueBarCode } from '../support/fixtures.js';
import {
  closeTourIfShown,
  launchBrowser,
  login,
  newPage,
  openFromMenu,
  readUntil,
  submitLogin,
  USERS,
} from '../support/browser.js';

t.setTimeout(300_000);
const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;

const api = await apiSession(base);
const PRODUCT = runName('笔记本电脑');
const barCode = uniqueBarCode();
await addProduct(api, { name: PRODUCT, barCode });
const BILL = await saveBill(api, 'purchaseIn', [{ barCode, unit: '个', quantity: 2, unitPrice: 30 }]);
// Two suppliers of the test's own: the list holds several, and the search by one's name leaves that one.
const SUPPLIER = runName('上海供应商');
for (const supplier of [SUPPLIER, runName('杭州供应商')]) {
  const added = await api.post('/supplier/add', { supplier, type: '供应商', enabled: true });
  if (added.code !== 200) throw new Error(`supplier ${supplier} refused: ${JSON.stringify(added)}`);
}

t.test('导出 shows its progress; clicked twice while it runs, one request', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base);
  await openFromMenu(page, '基础资料', '供应商信息');
  await closeTourIfShown(page);
  let requests = 0;
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  await page.route('**/jshERP-boot/supplier/exportExcel**', async (route) => {
    requests++;
    await released;
    await route.continue();
  });
  const button = page.locator('[data-tab-page="/system/vendor"]').getByTestId('table-export');
  await button.waitFor();
  t.equal((await button.innerText()).trim(), '导出');
  const box = (await button.boundingBox())!;
  const download = page.waitForEvent('download');
  // Two clicks in a row, as an impatient user makes them (the second lands on the running export).
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  t.equal(
    await readUntil(async () => (await button.innerText()).trim(), '正在导出…'),
    '正在导出…',
    'the button says it is exporting',
  );
  t.equal(await button.getAttribute('aria-busy'), 'true');
  release();
  t.match((await download).suggestedFilename(), /\.xls$/, 'the file arrives');
  t.equal(await readUntil(async () => (await button.innerText()).trim(), '导出'), '导出', 'back to 导出 once done');
  t.equal(requests, 1, 'one export request for two clicks');
});

t.test('installable: manifest with icons, theme-color, /favicon.ico', async (t) => {
  const favicon = await fetch(`${base}/favicon.ico`);
  t.equal(favicon.status, 200, '/favicon.ico served');
  const bytes = Buffer.from(await favicon.arrayBuffer());
  t.same([...bytes.subarray(0, 4)], [0, 0, 1, 0], 'an ICO file');
  const page = await newPage(t, browser);
  await page.goto(`${base}/user/login`);
  t.equal(await page.locator('meta[name="theme-color"]').getAttribute('content'), '#1890ff');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await fetch(new URL(href!, base))).json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string }[];
  };
  t.equal(manifest.display, 'standalone');
  t.equal(manifest.start_url, '/');
  t.ok(
    manifest.icons.some((icon) => icon.sizes === '192x192') && manifest.icons.some((icon) => icon.sizes === '512x512'),
    'icons of 192 and 512 px',
  );
  for (const icon of manifest.icons) {
    const response = await fetch(new URL(icon.src, base));
    t.equal(response.status, 200, `${icon.src} served`);
  }
});

t.test(
  "a bill's address opened logged out: login, then the bill's detail; Back closes it and stays; offline: a banner with 重试 that clears itself",
  async (t) => {
    const page = await newPage(t, browser);
    await page.goto(`${base}/bill/purchase_in?number=${BILL}`);
    await page.waitForURL(/\/user\/login\?redirect=/);
    t.equal(
      new URL(page.url()).searchParams.get('redirect'),
      `/bill/purchase_in?number=${BILL}`,
      'the login keeps where the link led',
    );
    await submitLogin(page, USERS.jsh);
    const detail = page.locator('.ant-modal').filter({ has: page.locator('.bill-detail') });
    await detail.waitFor();
    t.match(await detail.innerText(), new RegExp(`${BILL}[\\s\\S]*${PRODUCT}`), "the bill's detail, with its lines");
    t.equal(new URL(page.url()).search, `?number=${BILL}`, 'the address names the bill');
    await page.goBack();
    await detail.waitFor({ state: 'detached' });
    await closeTourIfShown(page);
    t.equal(
      new URL(page.url()).pathname + new URL(page.url()).search,
      '/bill/purchase_in',
      'Back closed the detail and stayed on the list',
    );
    t.equal(
      await page.locator('.tab-layout__label').filter({ hasText: '采购入库' }).count(),
      1,
      'one tab for the list',
    );
    t.ok(await page.locator('[data-tab-page="/bill/purchase_in"] .ant-table').isVisible(), 'the list shows');

    const banner = page.getByTestId('offline-banner');
    t.notOk(await banner.isVisible(), 'no banner while online');
    await page.context().setOffline(true);
    await banner.waitFor();
    t.match(await banner.innerText(), /网络已断开，恢复后将自动重新连接。/);
    await banner.getByRole('button', { name: '重试' }).click();
    t.match(
      await readUntil(
        () => banner.innerText(),
        (text) => text.includes('仍未连接到服务器'),
      ),
      /仍未连接到服务器/,
      'a retry while offline says so',
    );
    await page.context().setOffline(false);
    await banner.waitFor({ state: 'detached' });
    t.pass('the banner went away by itself');
  },
);

t.test("an error thrown in a handler reaches the gateway's log with its source file and line", async (t) => {
  const page = await newPage(t, browser);
  await page.goto(`${base}/user/login`);
  await page.getByPlaceholder('请输入用户名').fill('jsh');
  await page.getByPlaceholder('请输入密码').fill('123456');
  // The browser refuses to touch storage: the login's submit handler (storage.remove of the remembered name) throws.
  await page.evaluate(() => {
    Storage.prototype.removeItem = () => {
      throw new Error('e2e: storage refused');
    };
  });
  await page.getByRole('button', { name: /登\s*录/ }).click();
  const line = await readUntil(
    async () =>
      gateway
        .output()
        .split('\n')
        .find((l) => l.includes('"client error"') && l.includes('e2e: storage refused')),
    (found) => found !== undefined,
    15_000,
  );
  t.ok(line, 'the client error is logged');
  const logged = JSON.parse(line!) as { clientError: { message: string; stack?: string; mappedStack?: string } };
  t.match(logged.clientError.message, /e2e: storage refused/);
  t.comment(logged.clientError.mappedStack ?? '(no mapped stack)');
  t.match(logged.clientError.stack, /\/assets\/[\w.-]+\.js:\d+:\d+/, 'the browser stack names the built chunk');
  const storageFrame = /client\/lib\/storage\.ts:(\d+):\d+/.exec(logged.clientError.mappedStack ?? '');
  t.ok(storageFrame, 'mapped: the storage module, with line and column');
  const storageLine = readFileSync('client/lib/storage.ts', 'utf8').split('\n')[Number(storageFrame?.[1]) - 1];
  t.match(storageLine, /removeItem\(/, 'the mapped line is the one that called removeItem');
  t.match(
    logged.clientError.mappedStack,
    /client\/features\/auth\/components\/login-page\.tsx:\d+:\d+/,
    'mapped: the login handler, with line and column',
  );
});

t.test("a list's filters survive a reload of its tab", async (t) => {
  const page = await newPage(t, browser);
  await login(page, base);
  await openFromMenu(page, '基础资料', '供应商信息');
  await closeTourIfShown(page);
  const list = page.locator('[data-tab-page="/system/vendor"]');
  const rows = list.locator('.ant-table-tbody tr.ant-table-row');
  await rows.first().waitFor();
  t.ok((await rows.count()) > 1, 'several suppliers before the search');
  await list.getByPlaceholder('供应商').fill(SUPPLIER);
  await list.getByRole('button', { name: /查\s*询/ }).click();
  t.equal(await readUntil(() => rows.count(), 1), 1, 'the search leaves one supplier');
  await page.reload();
  const reloaded = page.locator('[data-tab-page="/system/vendor"]');
  await reloaded.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  t.equal(await reloaded.getByPlaceholder('供应商').inputValue(), SUPPLIER, 'the typed filter is back in its field');
  t.equal(
    await readUntil(() => reloaded.locator('.ant-table-tbody tr.ant-table-row').count(), 1),
    1,
    'and the list is searched with it',
  );
  t.match(await reloaded.locator('.ant-table-tbody tr.ant-table-row').first().innerText(), SUPPLIER);
  await reloaded.getByRole('button', { name: /重\s*置/ }).click();
  t.ok(
    (await readUntil(
      () => reloaded.locator('.ant-table-tbody tr.ant-table-row').count(),
      (n) => n > 1,
    )) > 1,
    '重置 clears it',
  );
});
