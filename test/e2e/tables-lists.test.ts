// One list page of each group, opened from the menu as jsh: paging, page size, sort, filter and column drag against
// the real list endpoints; Enter walking a search form with its real pickers and selects. The rows paged and
// filtered are the test's own, made through the API first (enough for more than two pages whatever the backend
// already holds), so it runs on the sandbox and on a real backend alike.
// The page's own rules (pager text, totals row, column settings, batch delete, button codes) are component tests:
// client/test/components/table-page/list-view.test.tsx.
import t from 'tap';
import type { Page } from 'playwright-core';
import {
  closeTourIfShown,
  launchBrowser,
  login,
  newPage,
  openAndChoose,
  readUntil,
  screenshot,
  STANDING_SELECT,
  USERS,
} from '../support/browser.js';
import { runName } from '../support/api.js';
import {
  addProduct,
  apiSession,
  approveBills,
  BILL_KINDS,
  chinaNow,
  defaultAccount,
  listedBill,
  saveBill,
  uniqueBarCode,
  type ApiSession,
} from '../support/fixtures.js';
import { activePage, dataRows, nextListQuery, openFromMenu, settled, startTableStack } from './tables-support.js';

t.setTimeout(900_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);
const api = await apiSession(url);

/** Rows of each kind the test makes: more than two pages of 10 even on a backend that holds none. */
const COUNT = 21;

function saved(answer: Record<string, unknown>, what: string): void {
  if (answer.code !== 200) throw new Error(`${what} refused: ${JSON.stringify(answer)}`);
}

/** `COUNT` of one kind, one after another: writes of one module are paced by the gateway anyway. */
async function each<T>(make: (n: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let n = 0; n < COUNT; n++) made.push(await make(n));
  return made;
}

/** A 收款单 from `customerId` into `accountId`, settling `amount` of the sales bill `sale` (its 选择单据 line). */
async function saveReceipt(
  session: ApiSession,
  receipt: { customerId: number; accountId: number; sale: string; debt: number; settled: number; amount: number },
): Promise<string> {
  const billNo = `SK${String((await session.get('/sequence/buildNumber')).data.defaultNumber)}`;
  const head = {
    type: '收款',
    organId: receipt.customerId,
    billTime: chinaNow(),
    billNo,
    accountId: receipt.accountId,
    changeAmount: receipt.amount,
    totalPrice: receipt.amount,
    discountMoney: 0,
    remark: '',
    status: '0',
  };
  const rows = [
    {
      billNumber: receipt.sale,
      needDebt: receipt.debt - receipt.settled,
      finishDebt: receipt.settled,
      eachAmount: receipt.amount,
      remark: '',
    },
  ];
  saved(
    await session.post('/accountHead/addAccountHeadAndDetail', {
      info: JSON.stringify(head),
      rows: JSON.stringify(rows),
    }),
    `收款单 ${billNo}`,
  );
  return billNo;
}

// The fixtures: products with opening stock (so the stock pages, which hide zero stock, list them too), 采购入库 of
// the first, 收款单 each settling 1 of a sale of it owing in full, and persons. Each kind is one module, paced on its
// own: the four are made side by side.
const goods = { name: runName('列表商品'), barCode: uniqueBarCode() };
await addProduct(api, { ...goods, initialStock: 100 });
const [customer] = (await api.post('/supplier/findBySelect_cus', {})) as unknown as Array<{ id: number }>;
const account = await defaultAccount(api);
const DEBT = 100;
const sale = await saveBill(api, 'saleOut', [{ barCode: goods.barCode, unit: '个', quantity: 1, unitPrice: DEBT }], {
  organId: customer!.id,
  changeAmount: 0,
  debt: DEBT,
});
await approveBills(api, [Number((await listedBill(api, BILL_KINDS.saleOut, sale))!.id)]);
const [products, purchases, receipts, persons] = await Promise.all([
  each(async (n) => {
    if (n === 0) return goods.name;
    const name = runName('列表商品');
    await addProduct(api, { name, barCode: uniqueBarCode(), initialStock: n + 1 });
    return name;
  }),
  each(() => saveBill(api, 'purchaseIn', [{ barCode: goods.barCode, unit: '个', quantity: 1, unitPrice: 5 }])),
  each((n) =>
    saveReceipt(api, {
      customerId: customer!.id,
      accountId: account.id,
      sale,
      debt: DEBT,
      settled: n,
      amount: 1,
    }),
  ),
  each(async () => {
    const name = runName('列表人员');
    saved(await api.post('/person/add', { name, type: '业务员', sort: '' }), `person ${name}`);
    return name;
  }),
]);

interface GroupCase {
  group: string;
  leaf: string;
  listPath: string;
  /** A text field of the search form and a value only the test's rows match. */
  filter: { placeholder: string; value: string };
  /** The header of a sortable column and its dataIndex. */
  /** `orderBy`: the table column sent as orderByColumn (report endpoints ignore sorting: none sent). */
  sort: { title: string; dataIndex: string; orderBy?: string };
  /** A column to hide and a column whose width is dragged. */
  hide: string;
  drag: string;
  totals: boolean;
}

const cases: GroupCase[] = [
  {
    group: '采购管理',
    leaf: '采购入库',
    listPath: '/depotHead/list',
    filter: { placeholder: '单据编号', value: purchases[1]! },
    sort: { title: '单据日期', dataIndex: 'operTimeStr', orderBy: 'operTime' },
    hide: '操作员',
    drag: '单据编号',
    totals: false,
  },
  {
    group: '财务管理',
    leaf: '收款单',
    listPath: '/accountHead/list',
    filter: { placeholder: '单据编号', value: receipts[1]! },
    sort: { title: '单据编号', dataIndex: 'billNo', orderBy: 'billNo' },
    hide: '财务人员',
    drag: '单据编号',
    totals: false,
  },
  {
    group: '商品管理',
    leaf: '商品信息',
    listPath: '/material/list',
    filter: { placeholder: '请输入条码、名称、规格、型号、颜色、扩展信息', value: products[1]! },
    sort: { title: '名称', dataIndex: 'name', orderBy: 'name' },
    hide: '型号',
    drag: '名称',
    totals: false,
  },
  {
    group: '报表查询',
    leaf: '商品库存',
    listPath: '/material/getListWithStock',
    filter: { placeholder: '请输入条码、名称、规格、型号、颜色、扩展信息', value: products[1]! },
    sort: { title: '库存', dataIndex: 'currentStock' },
    hide: '颜色',
    drag: '名称',
    totals: true,
  },
  {
    group: '基础资料',
    leaf: '经手人管理',
    listPath: '/person/list',
    filter: { placeholder: '名称', value: persons[1]! },
    sort: { title: '名称', dataIndex: 'name', orderBy: 'name' },
    hide: '排序',
    drag: '名称',
    totals: false,
  },
];

/** The header cell whose text is exactly `title`. */
function headerCell(page: Page, title: string) {
  return activePage(page)
    .locator('.ant-table-thead th')
    .filter({ hasText: new RegExp(`^\\s*${title}\\s*$`) })
    .first();
}

async function pagerText(page: Page): Promise<string> {
  return (await activePage(page).locator('.ant-pagination-total-text').textContent()) ?? '';
}

// One session for the five pages, each in its tab, closed again after its checks: one page mounted at a time.
const page = await newPage(t, browser);
await login(page, url, USERS.jsh);

for (const c of cases) {
  t.test(`${c.group} / ${c.leaf}: paging, size, sort, filter, columns, drag`, async (t) => {
    await openFromMenu(page, c.group, c.leaf);
    await closeTourIfShown(page);
    await settled(page);
    const perPage = 10; // report pages show 10 records + the totals row at size 11
    const first = await dataRows(page);
    t.equal(first.length, perPage, 'a full first page');
    const totalMatch = /^1-10 共(\d+)条$/.exec(await pagerText(page));
    t.ok(totalMatch, `total text a-b 共N条 (${await pagerText(page)})`);
    const total = Number(totalMatch?.[1]);
    t.ok(total > 20, 'more than two pages of records');
    if (c.totals) {
      t.equal(await activePage(page).locator('tr.table-totals-row').count(), 1, 'the totals row at page size 11');
    }

    // Page 2.
    const q2 = await nextListQuery(page, c.listPath, () => activePage(page).locator('.ant-pagination-item-2').click());
    t.equal(q2.get('currentPage'), '2');
    t.equal(q2.get('pageSize'), '10', 'records a page sent to the server');
    await settled(page);
    const second = await dataRows(page);
    t.not(JSON.stringify(second[0]), JSON.stringify(first[0]), 'page 2 shows other rows');
    t.match(await pagerText(page), /^11-20 共\d+条$/);

    // Page size.
    const sizes = c.totals ? (['21 条/页', 20] as const) : (['20 条/页', 20] as const);
    const sizeSelect = activePage(page).locator('.ant-pagination-options .ant-select');
    const qs = await nextListQuery(page, c.listPath, () =>
      openAndChoose(sizeSelect, page.locator(STANDING_SELECT).getByTitle(sizes[0])),
    );
    t.equal(qs.get('pageSize'), String(sizes[1]));
    t.equal(qs.get('currentPage'), '1', 'a new page size starts on page 1');
    await settled(page);
    t.equal((await dataRows(page)).length, sizes[1], 'the bigger page');

    // Sort: ascend → asc, descend → desc, cleared → createTime desc.
    const header = headerCell(page, c.sort.title);
    // The backend orders by orderByColumn/isAsc; column/order are the original's, sent for parity.
    let q = await nextListQuery(page, c.listPath, () => header.click());
    t.same([q.get('column'), q.get('order')], [c.sort.dataIndex, 'asc']);
    t.same([q.get('orderByColumn'), q.get('isAsc')], c.sort.orderBy ? [c.sort.orderBy, 'asc'] : [null, null]);
    q = await nextListQuery(page, c.listPath, () => header.click());
    t.same([q.get('column'), q.get('order')], [c.sort.dataIndex, 'desc']);
    t.same([q.get('orderByColumn'), q.get('isAsc')], c.sort.orderBy ? [c.sort.orderBy, 'desc'] : [null, null]);
    q = await nextListQuery(page, c.listPath, () => header.click());
    t.same([q.get('column'), q.get('order')], ['createTime', 'desc']);
    t.equal(q.get('orderByColumn'), null, 'a cleared sort leaves the SQL order');
    t.match(q.get('field') ?? '', /^id,,/, 'field begins id,,');
    await settled(page);

    // Filter.
    await activePage(page).getByPlaceholder(c.filter.placeholder, { exact: true }).fill(c.filter.value);
    q = await nextListQuery(page, c.listPath, () =>
      activePage(page)
        .getByRole('button', { name: /查\s*询/ })
        .click(),
    );
    const sent = q.get('search') ? (JSON.parse(q.get('search')!) as Record<string, string>) : Object.fromEntries(q);
    t.ok(Object.values(sent).includes(c.filter.value), 'the filter value is sent');
    await settled(page);
    const filtered = await dataRows(page);
    t.ok(filtered.length > 0 && filtered.length < 20, 'fewer rows');
    for (const row of filtered)
      t.ok(
        row.some((cell) => cell.includes(c.filter.value)),
        `row matches ${c.filter.value}`,
      );

    // Drag a column width, and never below a readable 50 px.
    const th = headerCell(page, c.drag);
    const before = (await th.boundingBox())!.width;
    const handle = th.locator('.table-draggable-handle');
    const hb = (await handle.boundingBox())!;
    await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
    await page.mouse.down();
    await page.mouse.move(hb.x + hb.width / 2 + 80, hb.y + hb.height / 2, { steps: 5 });
    await page.mouse.up();
    const wider = await readUntil(
      async () => (await th.boundingBox())!.width,
      (width) => width > before + 40,
      2000,
    );
    t.ok(wider > before + 40, `dragged wider (${before} → ${wider})`);
    // The <col> of the dragged column carries the width antd lays the column out with.
    const colWidth = async () =>
      page.evaluate(`(() => {
      const ths = Array.from(document.querySelectorAll('.table-page .ant-table-thead th')).filter((x) => x.offsetParent);
      const index = ths.findIndex((x) => (x.textContent || '').trim() === ${JSON.stringify(c.drag)});
      const cols = document.querySelectorAll('.table-page .ant-table-header col, .table-page .ant-table colgroup col');
      return cols[index] ? cols[index].style.width : '';
    })()`);
    const hb2 = (await handle.boundingBox())!;
    await page.mouse.move(hb2.x + hb2.width / 2, hb2.y + hb2.height / 2);
    await page.mouse.down();
    await page.mouse.move(hb2.x - 2000, hb2.y + hb2.height / 2, { steps: 5 });
    await page.mouse.up();
    t.equal(await readUntil(colWidth, '50px', 2000), '50px', 'the width stops at 50 px');
    await screenshot(page, `tables-${c.leaf}`);
    await page.locator('.tab-bar__tab--active .tab-bar__close').first().click();
  });
}

t.test('Enter walks the search form and wraps', async (t) => {
  await openFromMenu(page, '采购管理', '采购入库');
  await closeTourIfShown(page);
  const form = activePage(page).locator('.table-page-search-wrapper');
  const inputs = form.locator('input');
  const count = await inputs.count();
  t.ok(count >= 4, `the search form has ${count} inputs`);
  await inputs.first().focus();
  // Index of the focused element among the visible inputs of the search form (-1: elsewhere).
  const focused = () =>
    page.evaluate(`(() => {
    const all = Array.from(document.querySelectorAll('.table-page .table-page-search-wrapper input')).filter((x) => x.offsetParent);
    return all.indexOf(document.activeElement);
  })()`);
  for (let i = 1; i < count; i++) {
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape'); // close any dropdown the focused select or picker opened
    t.equal(await focused(), i, `Enter → input ${i}`);
  }
  await page.keyboard.press('Enter');
  t.equal(await focused(), 0, 'Enter on the last input wraps to the first');
  await page.keyboard.press('Escape');
  await activePage(page).click({ position: { x: 4, y: 4 } });
  await page.locator('.ant-select-dropdown:visible, .ant-picker-dropdown:visible').first().waitFor({ state: 'hidden' });
});
