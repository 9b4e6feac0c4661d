// The product pages as jsh meets them, on the sandbox, in two journeys on one logged-in page:
// - a category created, a product filed under it, the list filtered by it through the category tree;
// - a product with a unit group (two barcode rows), opening stock in two depots and an image, found in the list and
//   in the 商品库存 report with its summed stock, a price edited (both depots' stock loads back), copied, the copy
//   disabled and deleted, the original kept.
import t from 'tap';
import type { Page } from 'playwright-core';
import {
  closeTourIfShown,
  launchBrowser,
  login,
  newPage,
  readUntil,
  STANDING_SELECT,
  USERS,
} from '../support/browser.js';
import type { Row } from '../../server/sandbox/store.js';
import { activePage, dataRows, nextListQuery, openFromMenu, settled, startTableStack } from './tables-support.js';

t.setTimeout(300_000);
const { url, state } = await startTableStack(t);
const browser = await launchBrowser(t);

const formDialog = (page: Page) =>
  page
    .locator('.ant-modal:visible')
    .filter({ has: page.locator('form') })
    .last();

async function choose(page: Page, trigger: ReturnType<Page['locator']>, option: string) {
  await trigger.click();
  await page.locator(`${STANDING_SELECT} .ant-select-item-option[title="${option}"]`).click();
}

async function chooseInTree(page: Page, trigger: ReturnType<Page['locator']>, node: string) {
  await trigger.click();
  await page.locator(`${STANDING_SELECT} .ant-select-tree-node-content-wrapper[title="${node}"]`).click();
}

async function confirmPopup(page: Page) {
  await page
    .locator('.ant-popover:visible .ant-btn-primary, .ant-modal-confirm:visible .ant-btn-primary')
    .last()
    .click();
}

const PRODUCT_SEARCH = '请输入条码、名称、规格、型号、颜色、扩展信息';

/** The active table page's cells of the data row holding `text`, keyed by their column titles. */
async function rowByTitles(page: Page, text: string): Promise<Record<string, string>> {
  const titles = await activePage(page)
    .locator('.ant-table-thead th')
    .evaluateAll((ths) => ths.map((th) => (th.textContent ?? '').trim()));
  const row = (await dataRows(page)).find((cells) => cells.includes(text)) ?? [];
  return Object.fromEntries(titles.map((title, i) => [title, row[i] ?? '']));
}

/** Types `text` in the page's 商品信息 filter and waits for the list it asks for. */
async function search(page: Page, listPath: string, text: string): Promise<void> {
  await activePage(page).getByPlaceholder(PRODUCT_SEARCH, { exact: true }).fill(text);
  await nextListQuery(page, listPath, () =>
    activePage(page)
      .getByRole('button', { name: /查\s*询/ })
      .click(),
  );
  await settled(page);
}

const live = (rows: Row[] | undefined) => (rows ?? []).filter((r) => r.deleteFlag !== '1');

const page = await newPage(t, browser);
await login(page, url, USERS.jsh);

t.test(
  '商品类别 → 商品信息: create a category, file a product under it, filter the list by the category tree',
  async (t) => {
    await openFromMenu(page, '商品管理', '商品类别');
    await closeTourIfShown(page);
    await settled(page);
    await activePage(page)
      .getByRole('button', { name: /新\s*增/ })
      .click();
    const dialog = formDialog(page);
    await dialog.getByLabel('名称').fill('旅行用品');
    await dialog.getByLabel('编号').fill('LX');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await activePage(page).getByRole('cell', { name: '旅行用品', exact: true }).waitFor();
    const category = live(state.tables.materialCategory).find((c) => c.name === '旅行用品');
    t.ok(category, 'the category is stored');

    // A single-unit product filed under the new category.
    await openFromMenu(page, '商品管理', '商品信息');
    await closeTourIfShown(page);
    await settled(page);
    await activePage(page)
      .getByRole('button', { name: /新\s*增/ })
      .click();
    const form = formDialog(page);
    await form.getByLabel('条码 1').waitFor();
    await form.getByLabel('名称', { exact: true }).fill('旅行收纳袋');
    await form.getByLabel('单位', { exact: true }).fill('个');
    await chooseInTree(
      page,
      form.locator('.ant-form-item').filter({ hasText: '类别' }).locator('.ant-select'),
      '旅行用品',
    );
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await formDialog(page).waitFor({ state: 'hidden' });
    const product = live(state.tables.material).find((m) => m.name === '旅行收纳袋');
    t.equal(product?.categoryId, category?.id, 'the product is stored under the new category');

    // The category tree filters the list to it.
    await page.locator('.product-category-filter').getByText('旅行用品', { exact: true }).click();
    const filtered = await readUntil(
      async () => {
        await settled(page);
        return dataRows(page);
      },
      (rows) => rows.length === 1 && rows[0]!.includes('旅行收纳袋'),
      10_000,
    );
    t.equal(filtered.length, 1, 'only the product filed under the category');
    t.ok(filtered[0]?.includes('旅行收纳袋'), 'that row is the product');
    t.ok(filtered[0]?.includes('旅行用品'), 'its row names the category');
    // Back to every category for the next journey.
    await page.locator('.product-category-filter').getByText('全部类别', { exact: true }).click();
    await readUntil(
      async () => {
        await settled(page);
        return (await dataRows(page)).length;
      },
      (n) => n > 1,
      10_000,
    );
  },
);

t.test(
  '商品信息: unit group with two barcodes, opening stock in two depots → list and 商品库存 → edit a price → copy → delete the copy',
  async (t) => {
    await openFromMenu(page, '商品管理', '商品信息');
    await settled(page);
    await activePage(page)
      .getByRole('button', { name: /新\s*增/ })
      .click();
    let dialog = formDialog(page);
    await dialog.getByLabel('条码 1').waitFor();
    await dialog.getByLabel('名称', { exact: true }).fill('折叠水壶');
    await dialog.getByLabel('规格').fill('500ml');
    await dialog.getByText('多单位', { exact: true }).click();
    await choose(page, dialog.getByLabel('选择多单位'), '个/(箱=12个)');
    await t.resolves(
      dialog.getByLabel('单位 2').and(page.locator('[value="箱"]')).waitFor(),
      "the second row takes the group's other unit",
    );
    const firstCode = await dialog.getByLabel('条码 1').inputValue();
    const secondCode = await dialog.getByLabel('条码 2').inputValue();
    t.equal(BigInt(secondCode), BigInt(firstCode) + 1n, 'the next barcode');
    await dialog.getByLabel('采购价 1').fill('8');
    await dialog.getByLabel('零售价 1').fill('15');
    await dialog.getByLabel('零售价 1').blur();
    await t.resolves(
      dialog.getByLabel('零售价 2').and(page.locator('[value="180.00"]')).waitFor(),
      'the box price is 12 × the piece price',
    );
    // Opening stock in two of jsh's depots.
    await dialog.getByRole('tab', { name: '库存数量' }).click();
    await dialog.getByLabel('总仓库 期初库存数量').fill('30');
    await dialog.getByLabel('东区仓库 期初库存数量').fill('20');
    await dialog.getByLabel('东区仓库 期初库存数量').blur();
    // One image through the upload endpoint.
    await dialog.getByRole('tab', { name: '图片信息' }).click();
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cf000000030101005c2a8f9d0000000049454e44ae426082',
      'hex',
    );
    await dialog
      .locator('.ant-upload input[type="file"]')
      .setInputFiles({ name: 'kettle.png', mimeType: 'image/png', buffer: png });
    await dialog.locator('.ant-upload-list-item').first().waitFor();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await formDialog(page).waitFor({ state: 'hidden' });
    const product = live(state.tables.material).find((m) => m.name === '折叠水壶');
    t.ok(product, 'the product is stored');
    const codes = live(state.tables.materialExtend).filter((e) => e.materialId === product?.id);
    t.same(
      codes.map((e) => [e.barCode, e.commodityUnit]),
      [
        [firstCode, '个'],
        [secondCode, '箱'],
      ],
      'two barcode rows',
    );
    // Depots with opening stock. An update writes every depot's row the form sends, 0 included, as the backend does.
    const openingOf = (id: unknown) =>
      (state.tables.materialInitialStock ?? [])
        .filter((s) => s.materialId === id && s.deleteFlag !== '1' && Number(s.number) !== 0)
        .map((s) => [s.depotId, Number(s.number)])
        .sort((a, b) => Number(a[0]) - Number(b[0]));
    t.same(
      openingOf(product?.id),
      [
        [14, 30],
        [15, 20],
      ],
      'opening stock in 总仓库 and 东区仓库',
    );
    t.match(product?.imgName, /^material\/63\/kettle_\d+\.png$/, 'the uploaded image path is saved');

    // Found in the list by its name, with the stock of both depots.
    await search(page, '/material/list', '折叠水壶');
    const listed = await rowByTitles(page, '折叠水壶');
    t.equal(listed['条码'], firstCode, 'the list shows the product with its first barcode');
    t.equal(Number(listed['库存']), 50, 'the list shows the stock of both depots');

    // Edit: both depots' opening stock loads back; the retail price of the piece changes.
    const row = activePage(page).locator('tr.ant-table-row').filter({ hasText: '折叠水壶' });
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    dialog = formDialog(page);
    await dialog.getByLabel('条码 2').waitFor();
    t.equal(await dialog.getByLabel('条码 1').inputValue(), firstCode, 'edit loads the barcode rows back');
    await dialog.getByRole('tab', { name: '库存数量' }).click();
    t.equal(
      await dialog.getByLabel('总仓库 期初库存数量').inputValue(),
      '30',
      "edit loads 总仓库's opening stock back",
    );
    t.equal(
      await dialog.getByLabel('东区仓库 期初库存数量').inputValue(),
      '20',
      "edit loads 东区仓库's opening stock back",
    );
    await dialog.getByRole('tab', { name: '基本信息' }).click();
    await dialog.getByLabel('零售价 1').fill('16');
    await dialog.getByLabel('零售价 1').blur();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await formDialog(page).waitFor({ state: 'hidden' });
    const edited = live(state.tables.materialExtend).find((e) => e.barCode === firstCode);
    t.equal(Number(edited?.commodityDecimal), 16, 'the new retail price is stored');
    t.same(
      openingOf(product?.id),
      [
        [14, 30],
        [15, 20],
      ],
      "the edit keeps both depots' opening stock",
    );

    // 报表查询 → 商品库存: the product with the stock of both depots summed.
    await openFromMenu(page, '报表查询', '商品库存');
    await closeTourIfShown(page);
    await settled(page);
    await search(page, '/material/getListWithStock', '折叠水壶');
    const reported = await rowByTitles(page, '折叠水壶');
    t.equal(reported['条码'], firstCode, 'the report lists the product');
    t.equal(Number(reported['初始库存']), 50, "its opening stock is both depots' summed");
    t.equal(Number(reported['库存']), 50, "its current stock is both depots' summed");

    // Copy: a second product with the next barcodes.
    await page.locator('.tab-layout__bar').getByRole('tab', { name: '商品信息' }).click();
    await settled(page);
    await row.getByRole('button', { name: /复\s*制/ }).click();
    dialog = formDialog(page);
    await dialog.getByLabel('条码 2').waitFor();
    await dialog.getByLabel('名称', { exact: true }).fill('折叠水壶二代');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await formDialog(page).waitFor({ state: 'hidden' });
    await activePage(page).getByRole('cell', { name: '折叠水壶二代', exact: true }).waitFor();
    const copy = live(state.tables.material).find((m) => m.name === '折叠水壶二代');
    t.ok(copy && copy.id !== product?.id, 'the copy is a new product');
    const copyCodes = live(state.tables.materialExtend)
      .filter((e) => e.materialId === copy?.id)
      .map((e) => e.barCode);
    t.equal(copyCodes.length, 2, 'the copy has its own two barcode rows');
    t.notOk(copyCodes.includes(firstCode) || copyCodes.includes(secondCode), 'with barcodes of its own');

    // Disable, then delete the copy; the original stays.
    const copyRow = activePage(page).locator('tr.ant-table-row').filter({ hasText: '折叠水壶二代' });
    await copyRow.locator('.ant-checkbox-input').check();
    await activePage(page)
      .getByRole('button', { name: /禁\s*用/ })
      .click();
    await confirmPopup(page);
    t.equal(await readUntil(async () => copy?.enabled, false, 10_000), false, 'the copy is disabled');
    await copyRow.getByRole('button', { name: /删\s*除/ }).click();
    await confirmPopup(page);
    await activePage(page).getByRole('cell', { name: '折叠水壶二代', exact: true }).waitFor({ state: 'detached' });
    t.equal(copy?.deleteFlag, '1', 'the copy is deleted');
    t.not(product?.deleteFlag, '1', 'the original is kept');
    t.equal(
      live(state.tables.materialExtend).filter((e) => e.materialId === product?.id).length,
      2,
      'with its barcode rows',
    );
    t.equal(
      await activePage(page).getByRole('cell', { name: '折叠水壶', exact: true }).count(),
      1,
      'and its row in the list',
    );
  },
);
