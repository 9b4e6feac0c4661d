// The system and basic-data forms end to end, as jsh: on four pages of the same list-and-form kit (an account with
// 设为默认, a customer, a unit the server names, a user with its role) add a record, find it with the search form,
// edit it, 设为默认 where the page has it, 禁用 it, and delete it — asserting the rows the list shows and the
// backend's messages; the other pages of the kit differ only in their specs, whose rules are component tests. Then a clerk of test123's role given 经手人管理 without any button code: the page
// lists, and 新增, 编辑, 删除, 启用 and 禁用 are absent. And admin on 租户管理 and 平台配置. One browser, one login per
// user, pages opened from the menu one after another. The form rules themselves are component tests
// (client/test/features/system/*-form.test.tsx).
import t, { type Test } from 'tap';
import type { Locator, Page } from 'playwright-core';
import {
  STANDING_SELECT,
  clickWhenResting,
  closeTourIfShown,
  launchBrowser,
  login,
  newPage,
  openAndChoose,
  readUntil,
  USERS,
} from '../support/browser.js';
import { apiSession, defaultAccount, uniqueName, userWithRole } from '../support/fixtures.js';
import { activePage, dataRows, nextListQuery, openFromMenu, settled, startTableStack } from './tables-support.js';

t.setTimeout(600_000);
const stack = await startTableStack(t);
const browser = await launchBrowser(t);

/** A button's accessible name: antd puts a space between the two characters of a two-character Chinese label, and
 *  a toolbar button's icon adds its own name in front (plus 新增). */
const label = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s*')}$`);

/** The open form dialog with this title. */
const dialog = (page: Page, title: string) =>
  page.locator('.ant-modal:visible').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** The message the next action shows: notices already on screen are marked first, so an earlier 成功 never counts. */
async function expectMessage(page: Page, text: string, action: () => Promise<unknown>): Promise<void> {
  await page
    .locator('.ant-message-notice')
    .evaluateAll((notices) => notices.forEach((n) => n.setAttribute('data-seen', '')));
  await action();
  await page
    .locator('.ant-message-notice:not([data-seen])')
    .filter({ hasText: new RegExp(`^\\s*${text}\\s*$`) })
    .first()
    .waitFor();
}

/** Picks `option` in the select labelled `fieldLabel` inside `scope`. */
async function choose(page: Page, scope: Locator, fieldLabel: string, option: string): Promise<void> {
  await openAndChoose(
    scope.getByLabel(fieldLabel, { exact: true }),
    page.locator(`${STANDING_SELECT} .ant-select-item-option`).filter({ hasText: new RegExp(`^${option}$`) }),
  );
}

/** Fills the form and saves it; the dialog closes on the backend's success message. */
async function saveForm(
  page: Page,
  title: string,
  fill: (form: Locator) => Promise<void>,
  success = '成功',
): Promise<void> {
  const form = dialog(page, title);
  await form.waitFor();
  await fill(form);
  await expectMessage(page, success, () => clickWhenResting(form.getByRole('button', { name: label('保存') })));
  await form.waitFor({ state: 'hidden' });
}

/** The data rows of the active page once `accept` holds (the list reloads after each write). */
async function rowsWhen(page: Page, accept: (rows: string[][]) => boolean): Promise<string[][]> {
  return readUntil(
    async () => {
      await settled(page);
      return dataRows(page);
    },
    accept,
    10_000,
  );
}

const rowOf = (page: Page, text: string) =>
  activePage(page).locator('tr.ant-table-row').filter({ hasText: text }).first();
const hasCell = (rows: string[][], text: string) => rows.some((row) => row.includes(text));

interface PageJourney {
  module: string;
  item: string;
  listPath: string;
  /** The search field that finds the record, and what is typed there. */
  search: { label: string; text: string };
  /** The cell text the new record shows, and after the edit. */
  added: string;
  edited: string;
  add: (form: Locator, page: Page) => Promise<void>;
  edit: (form: Locator, page: Page) => Promise<void>;
  success?: string;
  setDefault?: boolean;
  status: boolean;
}

const stamp = Date.now().toString(36).slice(-4);
const fillName = (fieldLabel: string, value: string) => (form: Locator) =>
  form.getByLabel(fieldLabel, { exact: true }).fill(value);
const party = (item: string, searchLabel: string, nameLabel: string): PageJourney => ({
  module: '基础资料',
  item,
  listPath: '/supplier/list',
  search: { label: searchLabel, text: `e2e${item}${stamp}` },
  added: `e2e${item}${stamp}`,
  edited: `e2e${item}${stamp}改`,
  add: async (form) => {
    await form.getByLabel(nameLabel, { exact: true }).fill(`e2e${item}${stamp}`);
    await form.getByLabel('联系人', { exact: true }).fill('张三');
  },
  edit: fillName(nameLabel, `e2e${item}${stamp}改`),
  status: true,
});

const JOURNEYS: PageJourney[] = [
  {
    module: '基础资料',
    item: '结算账户',
    listPath: '/account/list',
    search: { label: '名称', text: `e2e账${stamp}` },
    added: `e2e账${stamp}`,
    edited: `e2e账${stamp}改`,
    add: async (form) => {
      await form.getByLabel('名称', { exact: true }).fill(`e2e账${stamp}`);
      await form.getByLabel('编号', { exact: true }).fill('6222 0000');
      await form.getByLabel('期初金额', { exact: true }).fill('100');
    },
    edit: fillName('名称', `e2e账${stamp}改`),
    setDefault: true,
    status: true,
  },
  party('客户信息', '客户', '名称'),
  {
    // The server names the unit from its parts: 袋/(箱=12袋).
    module: '商品管理',
    item: '多单位',
    listPath: '/unit/list',
    search: { label: '计量单位', text: `袋${stamp}` },
    added: `袋${stamp}/(箱${stamp}=12袋${stamp})`,
    edited: `袋${stamp}/(箱${stamp}=24袋${stamp})`,
    add: async (form) => {
      await form.getByLabel('基本单位', { exact: true }).fill(`袋${stamp}`);
      await form.getByLabel('副单位', { exact: true }).fill(`箱${stamp}`);
      await form.getByLabel('比例', { exact: true }).fill('12');
    },
    edit: fillName('比例', '24'),
    status: true,
  },
  {
    module: '系统管理',
    item: '用户管理',
    listPath: '/user/list',
    search: { label: '登录名称', text: `e2e${stamp}` },
    added: `e2e${stamp}`,
    edited: `e2e用户${stamp}改`,
    success: '操作成功',
    add: async (form, page) => {
      await form.getByLabel('登录名称', { exact: true }).fill(`e2e${stamp}`);
      await form.getByLabel('用户密码', { exact: true }).fill('abc123');
      await form.getByLabel('用户姓名', { exact: true }).fill(`e2e用户${stamp}`);
      await choose(page, form, '角色', '销售代表');
    },
    edit: fillName('用户姓名', `e2e用户${stamp}改`),
    status: true,
  },
];

async function runJourney(t: Test, page: Page, journey: PageJourney): Promise<void> {
  const success = journey.success ?? '成功';
  await openFromMenu(page, journey.module, journey.item);
  await closeTourIfShown(page);
  await settled(page);
  const shown = activePage(page);

  await clickWhenResting(shown.getByRole('button', { name: label('新增') }));
  await saveForm(page, '新增', (form) => journey.add(form, page), success);

  await shown
    .locator('.table-page-search-wrapper')
    .getByLabel(journey.search.label, { exact: true })
    .fill(journey.search.text);
  await nextListQuery(page, journey.listPath, () => shown.getByRole('button', { name: label('查询') }).click());
  let rows = await rowsWhen(page, (r) => r.length === 1 && hasCell(r, journey.added));
  t.ok(rows.length === 1 && hasCell(rows, journey.added), `${journey.item}: the search finds the new record`);

  await clickWhenResting(rowOf(page, journey.search.text).getByRole('button', { name: label('编辑') }));
  await saveForm(page, '编辑', (form) => journey.edit(form, page), success);
  rows = await rowsWhen(page, (r) => r.length === 1 && hasCell(r, journey.edited));
  t.ok(hasCell(rows, journey.edited), `${journey.item}: the list shows the edit`);

  if (journey.setDefault) {
    await clickWhenResting(rowOf(page, journey.edited).getByRole('button', { name: '设为默认' }));
    await expectMessage(page, '成功', () =>
      clickWhenResting(page.locator('.ant-popover:visible').getByRole('button', { name: label('确定') })),
    );
    const defaultColumn = await shown
      .locator('thead th')
      .allInnerTexts()
      .then((heads) => heads.findIndex((h) => h.trim() === '是否默认'));
    rows = await rowsWhen(page, (r) => r[0]?.[defaultColumn] === '是');
    t.equal(rows[0]?.[defaultColumn], '是', `${journey.item}: 设为默认 marks the record`);
  }

  if (journey.status) {
    await rowOf(page, journey.edited).locator('.ant-checkbox-input').check();
    await clickWhenResting(shown.getByRole('button', { name: label('禁用') }));
    const confirm = page.locator('.ant-modal-confirm:visible').filter({ hasText: '是否操作选中数据?' });
    await expectMessage(page, '成功', () => clickWhenResting(confirm.getByRole('button', { name: label('确定') })));
    rows = await rowsWhen(page, (r) => hasCell(r, '禁用'));
    t.ok(hasCell(rows, '禁用'), `${journey.item}: 禁用 shows in the status column`);
  }

  await clickWhenResting(rowOf(page, journey.edited).getByRole('button', { name: label('删除') }));
  const popconfirm = page.locator('.ant-popover:visible').filter({ hasText: '确定删除吗?' });
  await expectMessage(page, '成功', () => clickWhenResting(popconfirm.getByRole('button', { name: label('确定') })));
  rows = await rowsWhen(page, (r) => r.length === 0);
  t.same(rows, [], `${journey.item}: the deleted record is gone from the list`);
}

t.test('jsh adds, finds, edits, disables and deletes on the system form pages', async (t) => {
  // 设为默认 gives the tenant's default to the test's account, which it then deletes: the default goes back to the
  // account that had it, for the journeys after this one on a shared backend.
  const jsh = await apiSession(stack.url);
  const held = await defaultAccount(jsh);
  t.teardown(() => jsh.post('/account/updateIsDefault', { id: held.id }));
  const page = await newPage(t, browser);
  await login(page, stack.url, USERS.jsh);
  for (const journey of JOURNEYS) await runJourney(t, page, journey);

  // 部门管理 is a tree without a search form: 添加下级 under 测试部门, found by unfolding it.
  await openFromMenu(page, '系统管理', '部门管理');
  await closeTourIfShown(page);
  await settled(page);
  await clickWhenResting(rowOf(page, '测试部门').getByRole('button', { name: '添加下级' }));
  await saveForm(page, '新增', async (form) => {
    await form.getByLabel('名称', { exact: true }).fill(`e2e部门${stamp}`);
    await form.getByLabel('编号', { exact: true }).fill(`e2e${stamp}`);
  });
  const expandButton = rowOf(page, '测试部门').locator('.ant-table-row-expand-icon');
  if ((await expandButton.getAttribute('aria-expanded')) !== 'true') await clickWhenResting(expandButton);
  let rows = await rowsWhen(page, (r) => hasCell(r, `e2e部门${stamp}`));
  t.ok(hasCell(rows, `e2e部门${stamp}`), '部门: the new department shows under 测试部门');
  await clickWhenResting(rowOf(page, `e2e部门${stamp}`).getByRole('button', { name: label('编辑') }));
  await saveForm(page, '编辑', fillName('名称', `e2e部门${stamp}改`));
  rows = await rowsWhen(page, (r) => hasCell(r, `e2e部门${stamp}改`));
  t.ok(hasCell(rows, `e2e部门${stamp}改`), '部门: the tree shows the edit');
  await clickWhenResting(rowOf(page, `e2e部门${stamp}改`).getByRole('button', { name: label('删除') }));
  const popconfirm = page.locator('.ant-popover:visible').filter({ hasText: '确定删除吗?' });
  await expectMessage(page, '成功', () => clickWhenResting(popconfirm.getByRole('button', { name: label('确定') })));
  rows = await rowsWhen(page, (r) => !hasCell(r, `e2e部门${stamp}改`));
  t.notOk(hasCell(rows, `e2e部门${stamp}改`), '部门: the deleted department is gone');
});

t.test("a clerk of test123's role sees 经手人管理 without the buttons its role lacks", async (t) => {
  // Test data: a role like test123's (销售代表) that is also given 经手人管理 with no button code for it, a clerk
  // holding it, and a person of its own to list — all through the API.
  const jsh = await apiSession(stack.url);
  const clerk = await userWithRole(t, jsh, { priceLimit: '', like: '销售代表', withMenus: ['经手人管理'] });
  const person = uniqueName('经手人');
  const added = await jsh.post('/person/add', { name: person, type: '销售员', sort: '' });
  t.equal(added.code, 200, 'a person to list');
  const page = await newPage(t, browser);
  await login(page, stack.url, clerk);
  await openFromMenu(page, '基础资料', '经手人管理');
  await closeTourIfShown(page);
  await settled(page);
  const shown = activePage(page);
  const rows = await rowsWhen(page, (r) => r.length > 0);
  t.ok(rows.length > 0, 'the list shows the people');
  const toolbar = (await shown.locator('.table-operator button').allInnerTexts()).map((s) => s.replace(/\s+/g, ''));
  for (const absent of ['新增', '删除', '启用', '禁用'])
    t.notOk(toolbar.includes(absent), `no ${absent} in the toolbar`);
  const links = (await shown.locator('tr.ant-table-row').first().locator('button').allInnerTexts()).map((s) =>
    s.replace(/\s+/g, ''),
  );
  t.same(links, ['查看'], 'a row offers 查看 only');
  t.notOk(
    await page.locator('.main-sider').getByText('系统管理', { exact: true }).isVisible(),
    'no 系统管理 module in the menu',
  );
});

t.test('admin adds, finds, edits and disables a tenant, and edits a platform setting', async (t) => {
  const page = await newPage(t, browser);
  await login(page, stack.url, USERS.admin);
  await openFromMenu(page, '系统管理', '租户管理');
  await closeTourIfShown(page);
  await settled(page);
  const shown = activePage(page);
  const tenant = `e2et${stamp}`;
  await clickWhenResting(shown.getByRole('button', { name: label('新增') }));
  await saveForm(page, '新增', async (form) => {
    await form.getByLabel('登录名称', { exact: true }).fill(tenant);
    await form.getByLabel('用户数量限制', { exact: true }).fill('5');
  });
  await shown.locator('.table-page-search-wrapper').getByLabel('登录名称', { exact: true }).fill(tenant);
  await nextListQuery(page, '/tenant/list', () => shown.getByRole('button', { name: label('查询') }).click());
  let rows = await rowsWhen(page, (r) => r.length === 1 && hasCell(r, tenant) && hasCell(r, '5'));
  t.ok(rows.length === 1 && hasCell(rows, '5'), '租户: the search finds the new tenant with its limit');
  await clickWhenResting(rowOf(page, tenant).getByRole('button', { name: label('编辑') }));
  await saveForm(page, '编辑', async (form) => {
    await form.getByLabel('用户数量限制', { exact: true }).fill('10');
    await choose(page, form, '租户类型', '付费租户');
  });
  rows = await rowsWhen(page, (r) => hasCell(r, '10') && hasCell(r, '付费租户'));
  t.ok(hasCell(rows, '10') && hasCell(rows, '付费租户'), '租户: the list shows the new limit and type');
  await rowOf(page, tenant).locator('.ant-checkbox-input').check();
  await clickWhenResting(shown.getByRole('button', { name: label('禁用') }));
  const confirm = page.locator('.ant-modal-confirm:visible').filter({ hasText: '是否操作选中数据?' });
  await expectMessage(page, '成功', () => clickWhenResting(confirm.getByRole('button', { name: label('确定') })));
  rows = await rowsWhen(page, (r) => hasCell(r, '禁用'));
  t.ok(hasCell(rows, '禁用'), '租户: 禁用 shows in the status column');

  await openFromMenu(page, '系统管理', '平台配置');
  await closeTourIfShown(page);
  await settled(page);
  t.equal(
    await activePage(page)
      .getByRole('button', { name: label('新增') })
      .count(),
    0,
    '平台配置: no 新增',
  );
  await clickWhenResting(rowOf(page, '三联打印地址').getByRole('button', { name: label('编辑') }));
  await saveForm(page, '编辑', fillName('配置值', 'http://print.example.com'));
  rows = await rowsWhen(page, (r) => hasCell(r, 'http://print.example.com'));
  t.ok(hasCell(rows, 'http://print.example.com'), '平台配置: the list shows the new value');
});
