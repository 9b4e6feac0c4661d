// The product pages as jsh meets them, in two journeys on one logged-in page, each step checked on screen and in what
// the backend answers through the API (the product list, its barcode rows, the depots' opening stock), so they run on
// the sandbox and on a real jshERP-boot:
// - a category created, a product filed under it, the list filtered by it through the category tree;
// - a product with a unit group (two barcode rows), opening stock in two depots and an image, found in the list and
//   in the 商品库存 report with its summed stock, a price edited (both depots' stock loads back), copied, the copy
//   disabled and deleted, the original kept.
// Every record is the test's own, named with runName(); the unit group is made through the API before the login (the
// shell reads the unit groups once per session), the depots are the caller's first two.
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
import { runName } from '../support/api.js';
import { apiSession, depotsOf, type Json } from '../support/fixtures.js';
import { activePage, dataRows, nextListQuery, openFromMenu, settled, startTableStack } from './tables-support.js';

t.setTimeout(300_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);
const api = await apiSession(url, USERS.jsh);

const CATEGORY = runName('旅行用品');
const POUCH = runName('旅行收纳袋');
const KETTLE = runName('折叠水壶');
// The copy's name holds the original's, so that the list searched for the original shows both.
const KETTLE_COPY = `${KETTLE}二代`;
// A unit group of the test's own: 个 and a box of 12 (its own name for the box, so the group's name is new).
const BOX = runName('箱');
const UNIT_GROUP = `个/(${BOX}=12个)`;
const unitAdded = await api.post('/unit/add', { basicUnit: '个', otherUnit: BOX, ratio: 12 });
if (unitAdded.code !== 200) throw new Error(`unit group refused: ${JSON.stringify(unitAdded)}`);
const [DEPOT_A, DEPOT_B] = await depotsOf(api);
if (!DEPOT_A || !DEPOT_B) throw new Error('jsh needs two depots for the opening stock');

const formDialog = (page: Page) =>
  page
    .locator('.ant-modal:visible')
    .filter({ has: page.locator('form') })
    .last();

/** Opens a select, types to search it (a tenant's list can run long) and takes the option of that title. */
async function choose(page: Page, trigger: ReturnType<Page['locator']>, option: string) {
  await trigger.click();
  await page.keyboard.type(option);
  await page.locator(`${STANDING_SELECT} .ant-select-item-option[title="${option}"]`).click();
}

/**
 * Opens a tree select and takes the node of that title. The tree draws only the nodes in its view and has no search
 * (nor has the original's): a node further down is scrolled to with the wheel, as a user would.
 */
async function chooseInTree(page: Page, trigger: ReturnType<Page['locator']>, node: string) {
  await trigger.click();
  const dropdown = page.locator(STANDING_SELECT);
  const option = dropdown.locator(`.ant-select-tree-node-content-wrapper[title="${node}"]`);
  const holder = dropdown.locator('.ant-select-tree-list-holder');
  await dropdown.waitFor();
  while ((await option.count()) === 0) {
    const before = await holder.evaluate((el) => el.scrollTop);
    await holder.hover();
    await page.mouse.wheel(0, 150);
    if (
      (await readUntil(
        () => holder.evaluate((el) => el.scrollTop),
        (top) => top !== before,
        1000,
      )) === before
    )
      break;
  }
  await option.click();
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

const query = (o: unknown) => encodeURIComponent(JSON.stringify(o));

/** The product of that name as the product list answers it (searched by its name), or undefined. */
async function listedProduct(name: string): Promise<Json | undefined> {
  const answer = await api.get(`/material/list?search=${query({ materialParam: name })}&currentPage=1&pageSize=10`);
  return (answer.data.rows as Json[]).find((row) => row.name === name);
}

/** A product's barcode rows, as its form reads them back. */
async function barCodeRows(materialId: unknown): Promise<Json[]> {
  return (await api.get(`/materialsExtend/getDetailList?materialId=${materialId}`)).data.rows as Json[];
}

/** The depots holding opening stock of a product, [depot id, quantity], as its form's 库存数量 tab reads them. */
async function openingStock(materialId: unknown): Promise<Array<[number, number]>> {
  const depots = (await api.get(`/depot/getAllListWithStock?mId=${materialId}`)).data as Json[];
  return depots
    .filter((d) => Number(d.initStock) !== 0)
    .map((d): [number, number] => [Number(d.id), Number(d.initStock)])
    .sort((a, b) => a[0] - b[0]);
}

/** The id of the category of that name in the category tree, or undefined. */
async function categoryId(name: string): Promise<number | undefined> {
  const find = (nodes: Json[]): Json | undefined => {
    for (const node of nodes) {
      if (node.title === name) return node;
      const below = find((node.children as Json[] | undefined) ?? []);
      if (below) return below;
    }
    return undefined;
  };
  const found = find((await api.get('/materialCategory/getMaterialCategoryTree?id=')) as unknown as Json[]);
  return found ? Number(found.id) : undefined;
}

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
    await dialog.getByLabel('名称').fill(CATEGORY);
    await dialog.getByLabel('编号').fill(runName('LX'));
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await activePage(page).getByRole('cell', { name: CATEGORY, exact: true }).waitFor();
    const category = await categoryId(CATEGORY);
    t.ok(category, 'the category is in the category tree');

    // A single-unit product filed under the new category.
    await openFromMenu(page, '商品管理', '商品信息');
    await closeTourIfShown(page);
    await settled(page);
    await activePage(page)
      .getByRole('button', { name: /新\s*增/ })
      .click();
    const form = formDialog(page);
    await form.getByLabel('条码 1').waitFor();
    await form.getByLabel('名称', { exact: true }).fill(POUCH);
    await form.getByLabel('单位', { exact: true }).fill('个');
    await chooseInTree(
      page,
      form.locator('.ant-form-item').filter({ hasText: '类别' }).locator('.ant-select'),
      CATEGORY,
    );
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await formDialog(page).waitFor({ state: 'hidden' });
    const product = await listedProduct(POUCH);
    t.equal(product?.categoryId, category, 'the product is listed under the new category');

    // The category tree filters the list to it.
    await page.locator('.product-category-filter').getByText(CATEGORY, { exact: true }).click();
    const filtered = await readUntil(
      async () => {
        await settled(page);
        return dataRows(page);
      },
      (rows) => rows.length === 1 && rows[0]!.includes(POUCH),
      10_000,
    );
    t.equal(filtered.length, 1, 'only the product filed under the category');
    t.ok(filtered[0]?.includes(POUCH), 'that row is the product');
    t.ok(filtered[0]?.includes(CATEGORY), 'its row names the category');
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
    await dialog.getByLabel('名称', { exact: true }).fill(KETTLE);
    await dialog.getByLabel('规格').fill('500ml');
    await dialog.getByText('多单位', { exact: true }).click();
    await choose(page, dialog.getByLabel('选择多单位'), UNIT_GROUP);
    await t.resolves(
      dialog
        .getByLabel('单位 2')
        .and(page.locator(`[value="${BOX}"]`))
        .waitFor(),
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
    await dialog.getByLabel(`${DEPOT_A.depotName} 期初库存数量`).fill('30');
    await dialog.getByLabel(`${DEPOT_B.depotName} 期初库存数量`).fill('20');
    await dialog.getByLabel(`${DEPOT_B.depotName} 期初库存数量`).blur();
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
    const product = await listedProduct(KETTLE);
    t.ok(product, 'the product is listed');
    const codes = await barCodeRows(product?.id);
    t.same(
      codes.map((e) => [e.barCode, e.commodityUnit]),
      [
        [firstCode, '个'],
        [secondCode, BOX],
      ],
      'two barcode rows',
    );
    // Depots with opening stock, as the form's 库存数量 tab reads them.
    const bothDepots = [
      [DEPOT_A.id, 30],
      [DEPOT_B.id, 20],
    ].sort((a, b) => a[0]! - b[0]!);
    t.same(await openingStock(product?.id), bothDepots, 'opening stock in both depots');
    t.match(product?.imgName, /^material\/\d+\/kettle_\d+\.png$/, 'the uploaded image path is saved');

    // Found in the list by its name, with the stock of both depots.
    await search(page, '/material/list', KETTLE);
    const listed = await rowByTitles(page, KETTLE);
    t.equal(listed['条码'], firstCode, 'the list shows the product with its first barcode');
    t.equal(Number(listed['库存']), 50, 'the list shows the stock of both depots');

    // Edit: both depots' opening stock loads back; the retail price of the piece changes.
    const row = activePage(page).locator('tr.ant-table-row').filter({ hasText: KETTLE });
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    dialog = formDialog(page);
    await dialog.getByLabel('条码 2').waitFor();
    t.equal(await dialog.getByLabel('条码 1').inputValue(), firstCode, 'edit loads the barcode rows back');
    await dialog.getByRole('tab', { name: '库存数量' }).click();
    t.equal(
      await dialog.getByLabel(`${DEPOT_A.depotName} 期初库存数量`).inputValue(),
      '30',
      `edit loads ${DEPOT_A.depotName}'s opening stock back`,
    );
    t.equal(
      await dialog.getByLabel(`${DEPOT_B.depotName} 期初库存数量`).inputValue(),
      '20',
      `edit loads ${DEPOT_B.depotName}'s opening stock back`,
    );
    await dialog.getByRole('tab', { name: '基本信息' }).click();
    await dialog.getByLabel('零售价 1').fill('16');
    await dialog.getByLabel('零售价 1').blur();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await formDialog(page).waitFor({ state: 'hidden' });
    const edited = (await barCodeRows(product?.id)).find((e) => e.barCode === firstCode);
    t.equal(Number(edited?.commodityDecimal), 16, 'the new retail price is saved');
    t.same(await openingStock(product?.id), bothDepots, "the edit keeps both depots' opening stock");

    // 报表查询 → 商品库存: the product with the stock of both depots summed.
    await openFromMenu(page, '报表查询', '商品库存');
    await closeTourIfShown(page);
    await settled(page);
    await search(page, '/material/getListWithStock', KETTLE);
    const reported = await rowByTitles(page, KETTLE);
    t.equal(reported['条码'], firstCode, 'the report lists the product');
    t.equal(Number(reported['初始库存']), 50, "its opening stock is both depots' summed");
    t.equal(Number(reported['库存']), 50, "its current stock is both depots' summed");

    // Copy: a second product with the next barcodes.
    await page.locator('.tab-layout__bar').getByRole('tab', { name: '商品信息' }).click();
    await settled(page);
    await row.getByRole('button', { name: /复\s*制/ }).click();
    dialog = formDialog(page);
    await dialog.getByLabel('条码 2').waitFor();
    await dialog.getByLabel('名称', { exact: true }).fill(KETTLE_COPY);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await formDialog(page).waitFor({ state: 'hidden' });
    await activePage(page).getByRole('cell', { name: KETTLE_COPY, exact: true }).waitFor();
    const copy = await listedProduct(KETTLE_COPY);
    t.ok(copy && copy.id !== product?.id, 'the copy is a new product');
    const copyCodes = (await barCodeRows(copy?.id)).map((e) => e.barCode);
    t.equal(copyCodes.length, 2, 'the copy has its own two barcode rows');
    t.notOk(copyCodes.includes(firstCode) || copyCodes.includes(secondCode), 'with barcodes of its own');

    // Disable, then delete the copy; the original stays.
    const copyRow = activePage(page).locator('tr.ant-table-row').filter({ hasText: KETTLE_COPY });
    await copyRow.locator('.ant-checkbox-input').check();
    await activePage(page)
      .getByRole('button', { name: /禁\s*用/ })
      .click();
    await confirmPopup(page);
    t.equal(
      await readUntil(async () => (await listedProduct(KETTLE_COPY))?.enabled, false, 10_000),
      false,
      'the copy is listed disabled',
    );
    await copyRow.getByRole('button', { name: /删\s*除/ }).click();
    await confirmPopup(page);
    await activePage(page).getByRole('cell', { name: KETTLE_COPY, exact: true }).waitFor({ state: 'detached' });
    t.equal(await listedProduct(KETTLE_COPY), undefined, 'the copy is no longer listed');
    const kept = await listedProduct(KETTLE);
    t.equal(kept?.id, product?.id, 'the original is kept');
    t.equal((await barCodeRows(product?.id)).length, 2, 'with its barcode rows');
    t.equal(
      await activePage(page).getByRole('cell', { name: KETTLE, exact: true }).count(),
      1,
      'and its row in the list',
    );
  },
);
