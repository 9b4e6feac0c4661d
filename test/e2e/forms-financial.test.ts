// The financial bills' form in a real browser, as jsh: a 收款单 settling part of a sales bill (the bill's
// outstanding amount in the 选择单据 picker and the account's balance in 账户统计 move), approved from the list, printed
// from 查看 and then refused deletion with the backend's message; a 转账单 between two accounts; a 支出单 with two
// expense items. The sales bill (to the first customer the backend offers, owing in full), the two accounts and the
// expense items are the test's own, made through the API first. Totals, signs, bodies and the form's keyboard rules are component tests
// (client/test/features/financial).
import t from 'tap';
import type { Locator, Page } from 'playwright-core';
import {
  clickWhenResting,
  closeTourIfShown,
  launchBrowser,
  login,
  newPage,
  readUntil,
  STANDING_SELECT,
  USERS,
} from '../support/browser.js';
import { activePage, dataRows, nextListQuery, openFromMenu, settled, startTableStack } from './tables-support.js';
import {
  addProduct,
  apiSession,
  approveBills,
  BILL_KINDS,
  defaultAccount,
  listedBill,
  saveBill,
  uniqueBarCode,
  uniqueName,
} from '../support/fixtures.js';

t.setTimeout(300_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);

// Test data through the API. Two accounts of the test's own share one 编号, so that 账户统计 searched by it lists
// just them; the tenant's default account takes the 支出单.
const api = await apiSession(url);
const SERIAL = uniqueName('F');
const BANK = `${SERIAL}银行`;
const WALLET = `${SERIAL}钱包`;
for (const name of [BANK, WALLET]) {
  const added = await api.post('/account/add', { name, serialNo: SERIAL, initialAmount: 1000, remark: '', sort: '' });
  if (added.code !== 200) throw new Error(`account ${name} refused: ${JSON.stringify(added)}`);
}
const DEFAULT_ACCOUNT = (await defaultAccount(api)).name;
const RENT = uniqueName('房租水电');
const POSTAGE = uniqueName('快递费');
for (const name of [RENT, POSTAGE]) {
  const added = await api.post('/inOutItem/add', { name, type: '支出', remark: '', sort: '' });
  if (added.code !== 200) throw new Error(`expense item ${name} refused: ${JSON.stringify(added)}`);
}
const customers = (await api.post('/supplier/findBySelect_cus', {})) as unknown as Array<{ supplier: string }>;
const CUSTOMER = customers[0]!.supplier;
const barCode = uniqueBarCode();
await addProduct(api, { name: uniqueName('货品'), barCode, initialStock: 10 });
const SALE = await saveBill(api, 'saleOut', [{ barCode, unit: '个', quantity: 5, unitPrice: 80 }], {
  changeAmount: 0,
  debt: 400,
});
await approveBills(api, [Number((await listedBill(api, BILL_KINDS.saleOut, SALE))!.id)]);
/** What the 收款单 receives of the sales bill: part of what it owes. */
const PART = 100;

/** The open bill dialog (the form, not a confirmation or the picker). */
const billDialog = (page: Page) =>
  page
    .locator('.ant-modal:visible')
    .filter({ has: page.locator('form#financial-bill') })
    .last();

async function choose(page: Page, trigger: Locator, option: string): Promise<void> {
  await clickWhenResting(trigger);
  // The selects search as one types: the name brings its option into view in a long list (a shared backend's).
  await page.keyboard.type(option);
  await clickWhenResting(page.locator(`${STANDING_SELECT} .ant-select-item-option[title="${option}"]`));
}

/** The balances 账户统计 shows (当前余额, the last column) of the test's two accounts, by name. */
async function balances(page: Page): Promise<Record<string, number>> {
  await openFromMenu(page, '报表查询', '账户统计');
  await closeTourIfShown(page);
  const shown = activePage(page);
  await shown.getByLabel('编号', { exact: true }).fill(SERIAL);
  await nextListQuery(page, '/account/list', () => shown.getByRole('button', { name: /查\s*询/ }).click());
  await settled(page);
  return Object.fromEntries(
    (await dataRows(page))
      .filter((cells) => cells.includes(BANK) || cells.includes(WALLET))
      .map((cells) => [cells.includes(BANK) ? BANK : WALLET, Number(cells.at(-1)!.replace(/,/g, ''))]),
  );
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** What the 选择单据 picker shows as still owed (待收欠款) on one sales bill of the customer. */
async function owedOn(
  page: Page,
  dialog: Locator,
  customer: string,
  bill: string,
): Promise<{ owed: number; picker: Locator }> {
  await choose(page, dialog.getByLabel('客户', { exact: true }), customer);
  await dialog.getByRole('button', { name: '选择单据' }).click();
  const picker = page.locator('.ant-modal:visible').filter({ hasText: '请选择销售欠款单据' });
  const row = picker.locator('tr.ant-table-row').filter({ hasText: bill });
  await row.waitFor();
  const owed = Number((await row.locator('td').last().innerText()).trim());
  return { owed, picker };
}

t.test(
  '收款单 settles part of a sales bill, is approved, printed and refused deletion; 转账单 and 支出单 save',
  async (t) => {
    const page = await newPage(t, browser);
    await login(page, url, USERS.jsh);
    const before = await balances(page);

    // --- 收款单 --------------------------------------------------------------------------------------------------
    await openFromMenu(page, '财务管理', '收款单');
    await closeTourIfShown(page);
    await settled(page);
    await activePage(page)
      .getByRole('button', { name: /新\s*增/ })
      .click();
    let dialog = billDialog(page);
    await dialog.waitFor();
    const billNo = await dialog.getByLabel('单据编号', { exact: true }).inputValue();
    t.match(billNo, /^SK\d{11}$/, 'a new number from the sequence');
    const { owed: owedBefore, picker } = await owedOn(page, dialog, CUSTOMER, SALE);
    t.ok(owedBefore > PART, `the sales bill still owes ${owedBefore}`);
    await picker.locator('tr.ant-table-row').filter({ hasText: SALE }).locator('.ant-checkbox-input').check();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    const amount = dialog.getByLabel('本次收款 1', { exact: true });
    t.equal(Number(await amount.inputValue()), owedBefore, 'the line owes what is left on the bill');
    await amount.fill(String(PART));
    await choose(page, dialog.getByLabel('收款账户', { exact: true }), BANK);
    // Enter walks from the amount to the line's remark.
    await amount.press('Enter');
    await page.keyboard.type('部分回款');
    const paid = dialog.getByLabel('实际收款', { exact: true });
    t.equal(await readUntil(() => paid.inputValue(), PART.toFixed(2)), PART.toFixed(2), '实际收款 follows the line');
    await dialog.getByRole('button', { name: '保存（Ctrl+S）' }).click();
    await page.locator('.ant-message').getByText('操作成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await settled(page);

    const listRow = activePage(page).locator('tr.ant-table-row').filter({ hasText: billNo });
    await listRow.waitFor();
    t.match(await listRow.innerText(), new RegExp(`${CUSTOMER}[\\s\\S]*未审核`), 'listed unaudited');

    // 审核 from the list.
    await listRow.locator('.ant-checkbox-input').check();
    await activePage(page)
      .getByRole('button', { name: /(^|\s)审\s*核$/ })
      .click();
    await page
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await page.locator('.ant-message').getByText('成功', { exact: true }).first().waitFor();
    await settled(page);
    t.match(
      await readUntil(
        () => listRow.innerText(),
        (text) => text.includes('已审核'),
      ),
      /已审核/,
      'approved',
    );

    // 查看 → 打印: the preview's sheet carries the bill.
    await listRow.getByRole('button', { name: /^查\s*看$/ }).click();
    const detail = page.locator('.ant-modal:visible').filter({ hasText: '收款单 - 详情' });
    await detail.getByText(SALE).waitFor();
    await detail.getByRole('button', { name: /打\s*印/ }).click();
    const preview = page.locator('.ant-modal:visible').filter({ has: page.locator('.print-preview__layouts') });
    await page.frameLocator('.print-preview__sheet').locator('table').waitFor();
    const sheet = await page.frameLocator('.print-preview__sheet').locator('body').innerText();
    t.match(sheet, new RegExp(`收款单[\\s\\S]*${billNo}`), 'the sheet is titled with the kind and the number');
    t.match(sheet, CUSTOMER);
    t.match(sheet, new RegExp(`${SALE}[\\s\\S]*${PART}\\.00[\\s\\S]*部分回款`), 'the line with its amount and remark');
    t.match(sheet, new RegExp(`实际收款[:：]?\\s*${PART}\\.00`), 'the total under its label');
    await preview.getByRole('button', { name: /取\s*消/ }).click();
    await preview.waitFor({ state: 'hidden' });
    await detail.getByRole('button', { name: /^关\s+闭$/ }).click();

    // An approved bill refuses deletion with the backend's message.
    await listRow.getByRole('button', { name: /^删\s*除$/ }).click();
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await page.locator('.ant-message').getByText('抱歉，只有未审核的单据才能删除，请先进行反审核').waitFor();
    t.pass('deletion refused with 抱歉，只有未审核的单据才能删除，请先进行反审核');

    // The sales bill owes PART less in the picker, and the bank account holds PART more.
    await activePage(page)
      .getByRole('button', { name: /新\s*增/ })
      .click();
    dialog = billDialog(page);
    await dialog.waitFor();
    const { owed: owedAfter, picker: again } = await owedOn(page, dialog, CUSTOMER, SALE);
    t.equal(owedAfter, cents(owedBefore - PART), `the sales bill owes ${PART} less`);
    // Esc closes the picker alone; the form stays.
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'hidden' });
    t.ok(await dialog.isVisible(), 'Esc in the picker leaves the form open');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: '放弃修改' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const afterReceipt = await balances(page);
    t.equal(afterReceipt[BANK], cents(before[BANK]! + PART), `the bank account holds ${PART} more`);

    // --- 转账单: the bank account → the wallet ----------------------------------------------------------------------
    await openFromMenu(page, '财务管理', '转账单');
    await closeTourIfShown(page);
    await settled(page);
    await activePage(page)
      .getByRole('button', { name: /新\s*增/ })
      .click();
    dialog = billDialog(page);
    await dialog.waitFor();
    await choose(page, dialog.getByLabel('付款账户', { exact: true }), BANK);
    await choose(page, dialog.getByLabel('账户名称 1', { exact: true }), WALLET);
    await dialog.getByLabel('金额 1', { exact: true }).fill('500');
    t.equal(await dialog.getByLabel('实付金额', { exact: true }).inputValue(), '500.00');
    await dialog.getByLabel('单据编号', { exact: true }).press('Control+s');
    await dialog.waitFor({ state: 'hidden' });
    await settled(page);
    t.match(
      await activePage(page).locator('tr.ant-table-row').first().innerText(),
      new RegExp(`ZZ\\d{11}[\\s\\S]*${BANK}[\\s\\S]*500`),
      'the transfer is listed',
    );
    const afterTransfer = await balances(page);
    t.equal(afterTransfer[WALLET], cents(afterReceipt[WALLET]! + 500), 'the wallet receives 500');
    t.equal(afterTransfer[BANK], cents(afterReceipt[BANK]! - 500), 'the bank account pays 500');

    // --- 支出单 with two expense items ------------------------------------------------------------------------
    await openFromMenu(page, '财务管理', '支出单');
    await closeTourIfShown(page);
    await settled(page);
    await activePage(page)
      .getByRole('button', { name: /新\s*增/ })
      .click();
    dialog = billDialog(page);
    await dialog.waitFor();
    await choose(page, dialog.getByLabel('支出项目 1', { exact: true }), RENT);
    await dialog.getByLabel('金额 1', { exact: true }).fill('300');
    await dialog.getByRole('button', { name: '新增行' }).click();
    await choose(page, dialog.getByLabel('支出项目 2', { exact: true }), POSTAGE);
    await dialog.getByLabel('金额 2', { exact: true }).fill('20.5');
    t.equal(await dialog.getByLabel('支出金额', { exact: true }).inputValue(), '320.50');
    await dialog.getByRole('button', { name: '保存（Ctrl+S）' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await settled(page);
    const expense = activePage(page).locator('tr.ant-table-row').first();
    t.match(
      await expense.innerText(),
      new RegExp(`ZC\\d{11}[\\s\\S]*${DEFAULT_ACCOUNT}[\\s\\S]*320\\.5`),
      'the expense is listed on the default account',
    );
    await expense.getByRole('button', { name: /^查\s*看$/ }).click();
    const expenseDetail = page.locator('.ant-modal:visible').filter({ hasText: '支出单 - 详情' });
    await expenseDetail.getByText(POSTAGE).waitFor();
    t.match(
      await expenseDetail.innerText(),
      new RegExp(`${RENT}[\\s\\S]*300\\.00[\\s\\S]*${POSTAGE}[\\s\\S]*20\\.50`),
      'both items read back',
    );
  },
);
