// One number rule in every form, in the browser: a barcode-length 6901234500011 typed into a customer's 期初应收 and
// 税率 and a product's 期初库存数量 is refused at the field with Ctrl+S, as the bill grid refuses it in 数量; the
// product's 期初库存数量 refuses abc and -3 (not saved as 0); a bill line's negative 税率 and negative 单价 are marked
// at their cells and the save is refused. Each time nothing reaches the backend (read back through the API).
import t from 'tap';
import type { Page } from 'playwright-core';
import { closeTourIfShown, launchBrowser, login, newPage, USERS } from '../support/browser.js';
import { addProduct, apiSession, depotsOf, uniqueBarCode, uniqueName, type ApiSession } from '../support/fixtures.js';
import { billDialog, choosePartyThenScanField, scanCode } from '../support/bill-keyboard.js';
import { activePage, openFromMenu, startTableStack } from './tables-support.js';

t.setTimeout(400_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);
const api: ApiSession = await apiSession(url, USERS.jsh);

const BARCODE = '6901234500011';
const BARCODE_REASON = `${BARCODE} 像是条码，请核对；确是此数请写作 ${BARCODE}.00`;

const formDialog = (page: Page) => page.locator('.ant-modal:visible').filter({ has: page.locator('form') });
/** The message under a form field, found from its label. */
const fieldError = (page: Page, label: string) =>
  formDialog(page)
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');
const search = (o: unknown) => encodeURIComponent(JSON.stringify(o));

async function openNew(page: Page, module: string, item: string) {
  await openFromMenu(page, module, item);
  await closeTourIfShown(page);
  await activePage(page)
    .getByRole('button', { name: /新\s*增/ })
    .click();
  await formDialog(page).waitFor();
}

t.test('客户信息: 6901234500011 in 期初应收 and 税率 is refused at each field, nothing is saved', async (t) => {
  const page = await newPage(t, browser);
  await login(page, url, USERS.jsh);
  await openNew(page, '基础资料', '客户信息');
  const name = uniqueName('条码客户');
  const form = formDialog(page);
  await form.getByLabel('名称', { exact: true }).fill(name);
  await form.getByLabel('期初应收', { exact: true }).fill(BARCODE);
  await form.getByLabel('税率(%)', { exact: true }).fill(BARCODE);
  await page.keyboard.press('Control+s');
  await fieldError(page, '期初应收').filter({ hasText: BARCODE_REASON }).waitFor();
  await fieldError(page, '税率(%)').filter({ hasText: BARCODE_REASON }).waitFor();
  t.equal(await form.getByLabel('期初应收', { exact: true }).inputValue(), BARCODE, 'what was typed stays');
  t.ok(await form.isVisible(), 'the form stays open');
  const listed = await api.get(
    `/supplier/list?search=${search({ supplier: name, type: '客户' })}&currentPage=1&pageSize=10`,
  );
  t.same(listed.data.rows, [], 'no customer was saved');
});

t.test('商品信息: 期初库存数量 refuses 6901234500011, abc and -3 at its cell; the product is not saved', async (t) => {
  const page = await newPage(t, browser);
  await login(page, url, USERS.jsh);
  await openNew(page, '商品管理', '商品信息');
  const name = uniqueName('条码螺母');
  const form = formDialog(page);
  await form.getByLabel('条码 1').waitFor();
  await form.getByLabel('名称', { exact: true }).fill(name);
  await form.getByLabel('单位', { exact: true }).fill('个');
  await form.getByRole('tab', { name: '库存数量' }).click();
  // The caller's first depot, whichever the backend holds (the sandbox's 总仓库, a fresh jshERP-boot's 仓库1).
  const depotName = (await depotsOf(api))[0]!.depotName;
  const opening = form.getByLabel(`${depotName} 期初库存数量`);
  for (const [typed, reason] of [
    [BARCODE, BARCODE_REASON],
    ['abc', '请输入数字'],
    ['-3', '不能小于 0'],
  ] as const) {
    await opening.fill(typed);
    await page.keyboard.press('Control+s');
    await page
      .locator('.ant-message-notice')
      .filter({ hasText: `${depotName}的期初库存数量：${reason}` })
      .first()
      .waitFor();
    t.equal(await opening.getAttribute('aria-invalid'), 'true', `${typed}: the cell is marked`);
    t.equal(await opening.inputValue(), typed, `${typed}: what was typed stays`);
  }
  const listed = await api.get(`/material/list?search=${search({ materialParam: name })}&currentPage=1&pageSize=10`);
  t.same(listed.data.rows, [], 'no product was saved');
});

t.test(
  '采购入库: a negative 税率 and a negative 单价 are marked at their cells and the bill is not saved',
  async (t) => {
    const barCode = uniqueBarCode();
    await addProduct(api, { name: uniqueName('税率垫片'), barCode, purchasePrice: 18 });
    const page = await newPage(t, browser);
    await login(page, url, USERS.jsh);
    await openFromMenu(page, '采购管理', '采购入库');
    await closeTourIfShown(page);
    await activePage(page)
      .getByRole('button', { name: /新\s*增/ })
      .click();
    const form = billDialog(page);
    await form.locator('.bill-grid').waitFor();
    const number = await form.locator('input#number').inputValue();
    const [vendor] = (await api.post('/supplier/findBySelect_sup', {})) as unknown as Array<{ supplier: string }>;
    await choosePartyThenScanField(page, vendor!.supplier, vendor!.supplier);
    await scanCode(page, barCode, 1, '1');
    const problems = form.locator('.bill-cell-problems li');

    await form.getByLabel('税率(%) 1').fill('-5');
    await page.keyboard.press('Control+s');
    await page.locator('.ant-message-notice').filter({ hasText: '第 1 行税率(%)：不能小于 0' }).first().waitFor();
    t.equal(await form.getByLabel('税率(%) 1').getAttribute('aria-invalid'), 'true', '税率 −5: its cell is marked');
    t.same(await problems.allInnerTexts(), ['第 1 行税率(%)：不能小于 0'], 'and named under the grid');

    await form.getByLabel('税率(%) 1').fill('0');
    await form.getByLabel('单价 1').fill('-18');
    await page.keyboard.press('Control+s');
    await page.locator('.ant-message-notice').filter({ hasText: '第 1 行单价：不能小于 0' }).first().waitFor();
    t.equal(await form.getByLabel('单价 1').getAttribute('aria-invalid'), 'true', '单价 −18: its cell is marked');
    t.same(await problems.allInnerTexts(), ['第 1 行单价：不能小于 0'], 'the cell, not the money block, names it');
    t.ok(await form.isVisible(), 'the form stays open with the line');

    // type and subType as the list sends them: jshERP-boot refuses the list without them.
    const listed = await api.get(
      `/depotHead/list?search=${search({ number, type: '入库', subType: '采购' })}&currentPage=1&pageSize=10`,
    );
    t.same(listed.data.rows, [], 'no bill was saved');
  },
);
