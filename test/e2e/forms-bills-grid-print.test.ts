// The bill form's drafts, grid and print preview in a real browser:
// - a 采购入库 typed, the session ended under it (its token logged out, the next call answered loginOut, 重新登录),
//   logged in again: the bill is offered back (恢复), and saves with what was typed;
// - at 1440 px the quantity being typed and its line's name are both in view, in the light and the dark theme (the
//   dark grid's headers and cells dark, not white; screenshots kept in test-results/);
// - 查看 → 打印 opens the preview: A4, 80 mm and 58 mm sheets, and no word or code cut across lines on any of
//   them in English, Russian and German (screenshots kept).
import t from 'tap';
import type { Page } from 'playwright-core';
import {
  closeTourIfShown,
  launchBrowser,
  login,
  newPage,
  readUntil,
  screenshot,
  submitLogin,
  USERS,
} from '../support/browser.js';
import { activePage, openFromMenu, startTableStack } from './tables-support.js';
import { billDialog, choosePartyThenScanField, focused, scanCode } from '../support/bill-keyboard.js';
import { addProduct, apiSession, defaultAccount, uniqueBarCode, uniqueName } from '../support/fixtures.js';

t.setTimeout(900_000);
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);

// Test data through the API: a product of the test's own, bought from the first vendor the backend offers.
const api = await apiSession(url);
const PRODUCT = { name: uniqueName('螺丝刀'), barCode: uniqueBarCode() };
await addProduct(api, PRODUCT);
const vendors = (await api.post('/supplier/findBySelect_sup', {})) as unknown as Array<{ supplier: string }>;
const VENDOR = vendors[0]!.supplier;
// The form starts with the default account: there is one.
await defaultAccount(api);

const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(`pro__${name}`), key);
const storedValue = async (page: Page, key: string) =>
  JSON.parse((await stored(page, key)) ?? 'null')?.value as unknown;

/** 新增 on 采购入库, the vendor chosen by keyboard, `barCode` scanned, then F2: its quantity has the cursor. */
async function newPurchaseWith(page: Page, barCode: string) {
  await activePage(page)
    .getByRole('button', { name: /新\s*增/ })
    .click();
  const form = billDialog(page);
  await form.locator('.bill-grid').waitFor();
  await choosePartyThenScanField(page, VENDOR, VENDOR);
  await scanCode(page, barCode, 1, '1');
  // The scan field keeps the cursor after a scan; F2 hands it to the scanned line's quantity.
  await page.keyboard.press('F2');
  await page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.dataset.cell === 'operNumber');
  return form;
}

t.test('a bill typed when the session ends is offered back after the re-login, and saves', async (t) => {
  const page = await newPage(t, browser);
  await login(page, url, USERS.jsh);
  await openFromMenu(page, '采购管理', '采购入库');
  await closeTourIfShown(page);
  const form = await newPurchaseWith(page, PRODUCT.barCode);
  await page.keyboard.type('7');
  await form.locator('textarea#remark').fill('会话过期前录入');
  const number = await form.locator('input#number').inputValue();
  const userId = await storedValue(page, 'Login_userId');
  const tenantId = ((await storedValue(page, 'Login_Userinfo')) as { tenantId: number }).tenantId;
  await page.waitForFunction(
    (key) => (localStorage.getItem(key) ?? '').includes('会话过期前录入'),
    `pro__DRAFT:${String(tenantId)}:${String(userId)}:CGRK`,
  );

  // The session ends on the server (its token logged out), and the form's next call finds out: 登录已过期.
  const token = String(await storedValue(page, 'Access-Token'));
  await page.request.get(`${url}/jshERP-boot/user/logout`, { headers: { 'X-Access-Token': token } });
  await page.keyboard.press('Control+s');
  const expired = page.locator('.ant-modal-confirm:visible').filter({ hasText: '登录已过期' });
  await expired.waitFor();
  await expired.getByRole('button', { name: /重新登录/ }).click();
  await page.waitForURL(/\/user\/login/);
  await submitLogin(page, USERS.jsh);

  // Back in, on the restored 采购入库 tab (or opened from the menu): the bill is offered back.
  await page.locator('.main-sider').waitFor();
  if (!/\/bill\/purchase_in/.test(page.url())) await openFromMenu(page, '采购管理', '采购入库');
  const offer = page.locator('.ant-modal-confirm:visible').filter({ hasText: '恢复未保存的内容？' });
  await offer.waitFor();
  t.match(await offer.innerText(), /采购入库/, 'the offer names the form');
  await offer.getByRole('button', { name: /恢\s*复/ }).click();
  const restored = billDialog(page);
  await restored.locator('.bill-grid').waitFor();
  t.equal(await restored.locator('input#number').inputValue(), number, 'with its number');
  t.equal(await restored.getByLabel('数量 1').inputValue(), '7', 'its typed quantity');
  t.equal(await restored.locator('textarea#remark').inputValue(), '会话过期前录入', 'and its remark');
  await restored.getByLabel('数量 1').focus();
  await page.keyboard.press('Control+s');
  await restored.waitFor({ state: 'hidden' });
  const row = activePage(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: number });
  await t.resolves(row.waitFor(), 'saved: the bill is in the list');
  t.equal(await stored(page, `DRAFT:${String(tenantId)}:${String(userId)}:CGRK`), null, 'and its draft is gone');
});

/** Whether `target` lies wholly inside the visible part of `box` (both as rendered, scroll included). */
const insideOf = (page: Page, box: string, target: string) =>
  page.evaluate(
    ([boxSelector, targetSelector]: [string, string]) => {
      const outer = document.querySelector(boxSelector)!.getBoundingClientRect();
      const inner = document.querySelector(targetSelector)!.getBoundingClientRect();
      return inner.left >= outer.left - 1 && inner.right <= outer.right + 1 && inner.width > 0;
    },
    [box, target] as [string, string],
  );

/** Perceived lightness (0 black … 1 white) of a CSS rgb()/rgba() colour laid over a ground of lightness `under`. */
function lightness(css: string, under = 1): number {
  const [r, g, b, a = 1] = (css.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return ((0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255) * a + under * (1 - a);
}

t.test("at 1440 px the focused quantity's line shows its name, in the light and the dark theme", async (t) => {
  const page = await newPage(t, browser, { viewport: { width: 1440, height: 900 } });
  await login(page, url, USERS.jsh);
  await openFromMenu(page, '采购管理', '采购入库');
  await closeTourIfShown(page);
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') {
      await page.evaluate(() =>
        localStorage.setItem('pro__DEFAULT_THEME', JSON.stringify({ value: 'dark', expire: null })),
      );
      await page.reload();
      await activePage(page).locator('.ant-table').first().waitFor();
    }
    const form = await newPurchaseWith(page, PRODUCT.barCode);
    t.same((await focused(page)).cell, 'operNumber', `${theme}: the quantity has the cursor`);
    const grid = '.bill-form .bill-grid-box';
    t.ok(
      await insideOf(page, grid, '.bill-grid tbody tr:first-child td.name'),
      `${theme}: the name is in view beside it`,
    );
    t.ok(
      await insideOf(page, grid, '.bill-grid tbody tr:first-child td.quantity input'),
      `${theme}: and so is the quantity`,
    );
    t.equal(await form.locator('.bill-grid tbody tr:first-child td.name').innerText(), PRODUCT.name, "the line's name");
    t.equal(
      await form.locator('.bill-grid th', { hasText: '序列号' }).count(),
      0,
      'no serial column for an ordinary product',
    );
    const sizes = await page.evaluate(() => ({
      grid: document.querySelector('.bill-form .bill-grid')!.getBoundingClientRect().width,
      box: document.querySelector('.bill-form .bill-grid-box')!.getBoundingClientRect().width,
    }));
    t.ok(
      sizes.grid <= sizes.box + 1,
      `the grid fits its dialog (${Math.round(sizes.grid)} of ${Math.round(sizes.box)} px)`,
    );
    const css = await page.evaluate(() => {
      const th = getComputedStyle(document.querySelector('.bill-grid thead th')!);
      const input = getComputedStyle(document.querySelector('.bill-grid td.quantity input')!);
      const dialog = getComputedStyle(
        document.querySelector('.bill-form')!.closest('.ant-modal-container, .ant-modal-content')!,
      );
      return [th.backgroundColor, th.color, input.backgroundColor, input.color, dialog.backgroundColor];
    });
    const ground = lightness(css[4]!);
    const [thBackground, thText, cell, cellText] = css.slice(0, 4).map((colour) => lightness(colour, ground)) as [
      number,
      number,
      number,
      number,
    ];
    if (theme === 'dark') {
      t.ok(thBackground < 0.3 && thText > 0.6, `dark headers with light text (${css.join(' / ')})`);
      t.ok(cell < 0.3 && cellText > 0.6, 'dark cells with light text');
    } else {
      t.ok(thBackground > 0.9 && thText < 0.3, `light headers with dark text (${css.join(' / ')})`);
    }
    await screenshot(page, `bill-form-1440-${theme}`);
    // Leave the form unchanged-looking for the next round: drop it without a draft.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.startsWith('pro__DRAFT:')) localStorage.removeItem(key);
    });
  }
});

t.test('on a phone each line is a card: its name, quantity and amount in view without scrolling', async (t) => {
  const page = await newPage(t, browser, { viewport: { width: 1440, height: 900 } });
  await login(page, url, USERS.jsh);
  await openFromMenu(page, '采购管理', '采购入库');
  await closeTourIfShown(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await activePage(page).locator('.ant-table').first().waitFor();
  await newPurchaseWith(page, PRODUCT.barCode);
  t.equal(
    await page.locator('.bill-grid thead').evaluate((head) => getComputedStyle(head).display),
    'none',
    'no header row',
  );
  const card = '.bill-grid tbody tr:first-child';
  for (const cell of ['td.name', 'td.quantity input', 'td.money input', 'td.remark input']) {
    const box = await page.locator(`${card} ${cell}`).first().boundingBox();
    t.ok(box && box.x >= 0 && box.x + box.width <= 390, `${cell} within the phone's width`);
  }
  t.equal(await page.locator(`${card} td.name`).innerText(), PRODUCT.name, 'the name');
  t.equal(
    await page.locator(`${card} td.name`).evaluate((td) => getComputedStyle(td, '::before').content),
    '"名称"',
    'beside its label',
  );
  await screenshot(page, 'bill-form-phone');
});

/** Every word of the sheet's texts lies on one line: a Range over each word has a single line box. */
const splitWords = (page: Page) =>
  page
    .frameLocator('.print-preview__sheet')
    .locator('body')
    .evaluate((body) => {
      const cut: string[] = [];
      const walker = body.ownerDocument.createTreeWalker(body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s\u3000-\u9fff\uff00-\uffef]+/g)) {
          const range = body.ownerDocument.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(
            Array.from(range.getClientRects())
              .filter((r) => r.width > 0)
              .map((r) => Math.round(r.top)),
          );
          if (tops.size > 1) cut.push(match[0]);
        }
      }
      return cut;
    });

const LANGUAGES = [
  { code: 'en-US', view: /^View$/, print: /^Print$/, sizes: ['A4', '80 mm receipt', '58 mm receipt'] },
  { code: 'ru-RU', view: /^Открыть$/, print: /^Печать$/, sizes: ['A4', 'Чек 80 мм', 'Чек 58 мм'] },
  { code: 'de-DE', view: /^Anzeigen$/, print: /^Drucken$/, sizes: ['A4', 'Bon 80 mm', 'Bon 58 mm'] },
] as const;

t.test(
  '查看 → 打印: the preview in A4, 80 mm and 58 mm, no word or code cut, in English, Russian and German',
  async (t) => {
    const page = await newPage(t, browser, { viewport: { width: 1440, height: 900 } });
    await login(page, url, USERS.jsh);
    await openFromMenu(page, '采购管理', '采购入库');
    await closeTourIfShown(page);
    for (const [round, language] of LANGUAGES.entries()) {
      await page.evaluate(
        (value) => localStorage.setItem('pro__DEFAULT_LANGUAGE', JSON.stringify({ value, expire: null })),
        language.code,
      );
      await page.reload();
      const row = activePage(page).locator('.ant-table-tbody tr.ant-table-row').first();
      await row.waitFor();
      // 查看 put the bill's number in the address: after the reload its detail opens again by itself.
      if (round === 0) await row.getByRole('button', { name: language.view }).click();
      else
        t.ok(
          new URL(page.url()).searchParams.get('number'),
          `${language.code}: the reload reopens the bill's detail from its address`,
        );
      const detail = page.locator('.ant-modal:visible').filter({ has: page.locator('.bill-detail') });
      await detail.locator('.bill-detail-lines tbody tr').first().waitFor();
      await detail.getByRole('button', { name: language.print }).click();
      const preview = page.locator('.ant-modal:visible').filter({ has: page.locator('.print-preview__layouts') });
      const sheet = page.frameLocator('.print-preview__sheet');
      await sheet.locator('table').waitFor();
      t.same(
        await preview.locator('.ant-segmented-item-label').allInnerTexts(),
        language.sizes,
        `${language.code}: three sizes offered`,
      );
      const money = await sheet.locator('tbody td.right').allInnerTexts();
      // Numbers as the language writes them (5.00, 5,00, 1 234,50).
      t.ok(
        money.length > 0 && money.every((v) => /^-?\d[\d\s\u00a0\u202f.,]*$/.test(v)),
        `numbers right-aligned (${money.join(' ')})`,
      );
      t.same(await splitWords(page), [], `${language.code} A4: no word or code split`);
      // Words stay whole, so long header words (Характеристики, Количество) must not push the table off the sheet.
      const fit = await readUntil(
        () =>
          sheet.locator('body').evaluate((body) => {
            const style = getComputedStyle(body);
            const text = body.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            return { table: body.querySelector('table')!.offsetWidth, text };
          }),
        (read) => read.table <= read.text + 0.5,
      );
      t.ok(
        fit.table <= fit.text + 0.5,
        `${language.code} A4: the line table (${fit.table} px) fits the sheet (${fit.text} px)`,
      );
      await screenshot(page, `print-preview-a4-${language.code}`);
      for (const [index, layout] of (['receipt80', 'receipt58'] as const).entries()) {
        await preview.getByText(language.sizes[index + 1]!, { exact: true }).click();
        await sheet.locator(`body.sheet-${layout}`).waitFor();
        t.ok((await sheet.locator('.line').count()) > 0, `${language.code} ${layout}: one block per line`);
        t.equal(
          await sheet.locator('.thanks').count(),
          0,
          `${language.code} ${layout}: a supplier's 采购入库 ends without a customer's thank-you`,
        );
        t.same(await splitWords(page), [], `${language.code} ${layout}: no word or code split`);
        await screenshot(page, `print-preview-${layout}-${language.code}`);
      }
    }
  },
);
