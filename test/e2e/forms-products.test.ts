// The product pages as jsh meets them, on the sandbox: a category, a product with a unit group (two barcode rows)
// and opening stock and an image, found through the category tree, a price edited, copied, disabled and deleted.
import t from 'tap';
import type { Page } from 'playwright-core';
import { launchBrowser, login, newPage, readUntil, STANDING_SELECT, USERS } from '../helpers/browser.js';
import { activePage, dataRows, dismissTour, openFromMenu, settled, startTableStack } from './tables-support.js';

t.setTimeout(300_000);
const { url, state } = await startTableStack(t);
const browser = await launchBrowser(t);

const formDialog = (page: Page) => page.locator('.ant-modal:visible').filter({ has: page.locator('form') }).last();

async function choose(page: Page, trigger: ReturnType<Page['locator']>, option: string) {
  await trigger.click();
  await page.locator(`${STANDING_SELECT} .ant-select-item-option[title="${option}"]`).click();
}

async function chooseInTree(page: Page, trigger: ReturnType<Page['locator']>, node: string) {
  await trigger.click();
  await page.locator(`${STANDING_SELECT} .ant-select-tree-node-content-wrapper[title="${node}"]`).click();
}

async function confirmPopup(page: Page) {
  await page.locator('.ant-popover:visible .ant-btn-primary, .ant-modal-confirm:visible .ant-btn-primary').last().click();
}

t.test('category → product with a unit group and opening stock → filter → edit a price → copy → disable → delete', async (t) => {
  const page = await newPage(t, browser);
  await login(page, url, USERS.jsh);

  // 商品类别: add a root category.
  await openFromMenu(page, '商品管理', '商品类别');
  await dismissTour(page);
  await settled(page);
  await activePage(page).getByRole('button', { name: /新\s*增/ }).click();
  let dialog = formDialog(page);
  await dialog.getByLabel('名称').fill('旅行用品');
  await dialog.getByLabel('编号').fill('LX');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await activePage(page).getByRole('cell', { name: '旅行用品', exact: true }).waitFor();
  const category = (state.tables.materialCategory ?? []).find((c) => c.name === '旅行用品');
  t.ok(category, 'the category is stored');

  // 商品信息: a product with the unit group 个/(箱=12个), two barcode rows, opening stock in the first depot.
  await openFromMenu(page, '商品管理', '商品信息');
  await dismissTour(page);
  await settled(page);
  await activePage(page).getByRole('button', { name: /新\s*增/ }).click();
  dialog = formDialog(page);
  await dialog.getByLabel('条码 1').waitFor();
  await dialog.getByLabel('名称', { exact: true }).fill('折叠水壶');
  await dialog.getByLabel('规格').fill('500ml');
  await chooseInTree(page, dialog.locator('.ant-form-item').filter({ hasText: '类别' }).locator('.ant-select'), '旅行用品');
  await dialog.getByText('多单位', { exact: true }).click();
  await choose(page, dialog.getByLabel('选择多单位'), '个/(箱=12个)');
  await t.resolves(dialog.getByLabel('单位 2').and(page.locator('[value="箱"]')).waitFor(), 'the second row takes the group\'s other unit');
  const firstCode = await dialog.getByLabel('条码 1').inputValue();
  const secondCode = await dialog.getByLabel('条码 2').inputValue();
  t.equal(BigInt(secondCode), BigInt(firstCode) + 1n, 'the next barcode');
  await dialog.getByLabel('采购价 1').fill('8');
  await dialog.getByLabel('零售价 1').fill('15');
  await dialog.getByLabel('零售价 1').blur();
  await t.resolves(dialog.getByLabel('零售价 2').and(page.locator('[value="180"]')).waitFor(), 'the box price is 12 × the piece price');
  await dialog.getByRole('tab', { name: '库存数量' }).click();
  const stockInput = dialog.locator('.product-stock input').first();
  await stockInput.fill('30');
  await stockInput.blur();
  // One image through the upload endpoint.
  await dialog.getByRole('tab', { name: '图片信息' }).click();
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cf000000030101005c2a8f9d0000000049454e44ae426082', 'hex');
  await dialog.locator('.ant-upload input[type="file"]').setInputFiles({ name: 'kettle.png', mimeType: 'image/png', buffer: png });
  await dialog.locator('.ant-upload-list-item').first().waitFor();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await formDialog(page).waitFor({ state: 'hidden' });
  const product = (state.tables.material ?? []).find((m) => m.name === '折叠水壶' && m.deleteFlag !== '1');
  t.ok(product, 'the product is stored');
  const codes = (state.tables.materialExtend ?? []).filter((e) => e.materialId === product?.id && e.deleteFlag !== '1');
  t.same(codes.map((e) => [e.barCode, e.commodityUnit]), [[firstCode, '个'], [secondCode, '箱']], 'two barcode rows');
  const opening = (state.tables.materialInitialStock ?? []).filter((s) => s.materialId === product?.id);
  t.same(opening.map((s) => Number(s.number)), [30], 'opening stock in one depot');
  t.match(product?.imgName, /^material\/63\/kettle_\d+\.png$/, 'the uploaded image path is saved');

  // The category tree filters the list.
  await page.locator('.product-category-filter').getByText('旅行用品', { exact: true }).click();
  const filtered = await readUntil(async () => { await settled(page); return dataRows(page); },
    (rows) => rows.length === 1 && rows[0]!.includes('折叠水壶'), 10_000);
  t.equal(filtered.length, 1, 'only the new product under its category');
  t.ok(filtered[0]?.includes('折叠水壶'));

  // Edit the retail price of the piece.
  const row = activePage(page).locator('tr.ant-table-row').filter({ hasText: '折叠水壶' });
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  dialog = formDialog(page);
  await dialog.getByLabel('条码 2').waitFor();
  t.equal(await dialog.getByLabel('条码 1').inputValue(), firstCode, 'edit loads the rows back');
  await dialog.getByLabel('零售价 1').fill('16');
  await dialog.getByLabel('零售价 1').blur();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await formDialog(page).waitFor({ state: 'hidden' });
  const edited = (state.tables.materialExtend ?? []).find((e) => e.barCode === firstCode && e.deleteFlag !== '1');
  t.equal(Number(edited?.commodityDecimal), 16, 'the new retail price is stored');

  // Copy: a second product with the next barcodes.
  await row.getByRole('button', { name: /复\s*制/ }).click();
  dialog = formDialog(page);
  await dialog.getByLabel('条码 2').waitFor();
  await dialog.getByLabel('名称', { exact: true }).fill('折叠水壶二代');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await formDialog(page).waitFor({ state: 'hidden' });
  await activePage(page).getByRole('cell', { name: '折叠水壶二代', exact: true }).waitFor();
  const copy = (state.tables.material ?? []).find((m) => m.name === '折叠水壶二代');
  t.ok(copy && copy.id !== product?.id, 'the copy is a new product');

  // Disable, then delete the copy.
  const copyRow = activePage(page).locator('tr.ant-table-row').filter({ hasText: '折叠水壶二代' });
  await copyRow.locator('.ant-checkbox-input').check();
  await activePage(page).getByRole('button', { name: /禁\s*用/ }).click();
  await confirmPopup(page);
  t.equal(await readUntil(async () => copy?.enabled, false, 10_000), false, 'disabled');
  await copyRow.getByRole('button', { name: /删\s*除/ }).click();
  await confirmPopup(page);
  await activePage(page).getByRole('cell', { name: '折叠水壶二代', exact: true }).waitFor({ state: 'detached' });
  t.equal(copy?.deleteFlag, '1', 'the copy is deleted');
});
