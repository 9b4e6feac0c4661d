/// <reference lib="dom" />
// Layout checks that need a real browser: the tablet band, phone pages that fit the screen, English and Russian
// headers that wrap only between words, icon-only header buttons named in the current language, and the dark theme
// reaching the page content (the notices popover's width is features-notices').
import t from 'tap';
import type { Page } from 'playwright-core';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import { closeTourIfShown, launchBrowser, login, newPage, readUntil, USERS } from '../support/browser.js';
import { addProduct, apiSession, saveBill, uniqueBarCode, uniqueName } from '../support/fixtures.js';

const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;

// Rows for the list pages below on any backend, made through the API: a product under its safety stock
// (库存预警) and a 采购入库 of it.
const api = await apiSession(base);
const barCode = uniqueBarCode();
await addProduct(api, { name: uniqueName('版式品'), barCode, initialStock: 1, lowSafeStock: 50 });
await saveBill(api, 'purchaseIn', [{ barCode, unit: '个', quantity: 2, unitPrice: 5 }]);

/** Stores a pro__ value the way the shell does, before the next load. */
async function store(page: Page, name: string, value: unknown): Promise<void> {
  await page.evaluate(([key, v]) => localStorage.setItem(`pro__${key}`, JSON.stringify({ value: v, expire: null })), [
    name,
    value,
  ] as const);
}

async function openListPage(page: Page, path: string): Promise<void> {
  await page.goto(`${base}${path}`);
  await closeTourIfShown(page);
  await page.locator(`.table-page .ant-table-tbody tr.ant-table-row`).first().waitFor();
}

t.test('at 1024 px (tablet) the desktop layout shows tabs and an 80 px folded side menu', async (t) => {
  const page = await newPage(t, browser, { viewport: { width: 1024, height: 768 } });
  await login(page, base, USERS.jsh);
  const sider = page.locator('.main-sider');
  await sider.waitFor();
  t.equal(
    await readUntil(async () => Math.round((await sider.boundingBox())!.width), 80),
    80,
    'the side menu starts folded',
  );
  t.equal(await page.locator('[data-testid="mobile-menu"]').count(), 0, 'no drawer menu');
  await page.locator('.tab-layout__bar').waitFor();
  await openListPage(page, '/system/role');
  await readUntil(() => page.locator('.tab-layout__bar').getByRole('tab').count(), 2);
  t.equal(await page.locator('.tab-layout__bar').getByRole('tab').count(), 2, 'home and the opened page as tabs');
  // A list wider than the card scrolls sideways in its own box; the page itself does not.
  await openListPage(page, '/bill/purchase_in');
  const widths = await page.locator('.table-page:visible .ant-table-content').evaluate((box) => {
    const before = box.querySelector('thead th:nth-child(3)')!.getBoundingClientRect().left;
    box.scrollLeft = 200;
    return {
      box: box.clientWidth,
      table: box.scrollWidth,
      page: document.documentElement.scrollWidth,
      screen: document.documentElement.clientWidth,
      headerMoved: Math.round(before - box.querySelector('thead th:nth-child(3)')!.getBoundingClientRect().left),
    };
  });
  t.ok(widths.table > widths.box, `the 采购入库 table (${widths.table} px) is wider than its box (${widths.box} px)`);
  t.equal(widths.page, widths.screen, 'the page is exactly as wide as the screen');
  t.equal(widths.headerMoved, 200, 'the header scrolls with the rows');
  const paddingLeft = await page.locator('.main-body').evaluate((el) => getComputedStyle(el).paddingLeft);
  t.equal(paddingLeft, '80px', 'the content starts beside the folded menu');
  // The user can still unfold it.
  await page.locator('.main-header__trigger').click();
  await page.waitForFunction(() => document.querySelector('.main-sider')!.getBoundingClientRect().width === 150);
  t.pass('unfolds to 150 px');
});

t.test('on a phone list pages do not scroll sideways', async (t) => {
  const page = await newPage(t, browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await login(page, base, USERS.jsh);
  for (const path of ['/bill/purchase_in', '/financial/money_in', '/system/role', '/report/material_stock']) {
    await openListPage(page, path);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    t.equal(scrollWidth, clientWidth, `${path}: the page is exactly as wide as the screen`);
  }
});

// One login for the language and theme checks: each step stores its setting and loads a page, as a user's reload would.
t.test(
  'English and Russian headers wrap between words, row actions fit; icon-only header buttons named; dark content',
  async (t) => {
    const page = await newPage(t, browser);
    await login(page, base, USERS.jsh);
    for (const language of ['en-US', 'ru-RU']) {
      await store(page, 'DEFAULT_LANGUAGE', language);
      for (const path of ['/bill/purchase_in', '/system/role', '/report/stock_warning_report']) {
        await openListPage(page, path);
        await page.waitForFunction((lang) => document.documentElement.lang === lang.slice(0, 2), language);
        const broken = await page.locator('.table-page .ant-table-thead th').evaluateAll((cells) => {
          const out: string[] = [];
          for (const cell of cells) {
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node.textContent ?? '';
              const re = /\S+/g;
              for (let m = re.exec(text); m; m = re.exec(text)) {
                const range = document.createRange();
                range.setStart(node, m.index);
                range.setEnd(node, m.index + m[0].length);
                const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
                if (lines.size > 1) out.push(m[0]);
              }
            }
          }
          return out;
        });
        t.same(broken, [], `${language} ${path}: no header word is split across lines`);
        const overflowing = await page
          .locator('.table-page .ant-table-tbody td:has(> .row-links)')
          .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).length);
        t.equal(overflowing, 0, `${language} ${path}: row actions fit their cells`);
      }
    }

    // Icon-only header buttons (the tablet width folds them to icons) are named in the current language.
    await page.setViewportSize({ width: 1024, height: 768 });
    await store(page, 'DEFAULT_LANGUAGE', 'en-US');
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.getByTestId('logout').waitFor();
    await page.locator('.tab-layout__bar').waitFor();
    const names = await page
      .locator('.main-header button, .main-header a, .tab-layout__bar button')
      .evaluateAll((elements) =>
        elements
          .filter((el) => (el as HTMLElement).offsetParent !== null)
          .map((el) => ({
            html: el.outerHTML.slice(0, 80),
            // The accessible name as a screen reader builds it for these: aria-label, else the text, else a labelled icon.
            name:
              (el.getAttribute('aria-label') ?? '').trim() ||
              (el.textContent ?? '').trim() ||
              (el.querySelector('[aria-label]')?.getAttribute('aria-label') ?? '').trim() ||
              (el.getAttribute('title') ?? '').trim(),
          })),
      );
    t.ok(names.length >= 4, 'the header has its buttons');
    for (const { html, name } of names) {
      t.ok(name !== '', `${html} has a name`);
      t.notMatch(name, /[\u4e00-\u9fff]/, `${html} is named in English: ${name}`);
    }
    t.ok(
      names.some((n) => /log ?out/i.test(n.name)),
      'the icon-only logout says so',
    );

    // The dark theme darkens the page content, not only the menu.
    await page.setViewportSize({ width: 1366, height: 800 });
    await store(page, 'DEFAULT_THEME', 'dark');
    await openListPage(page, '/system/role');
    const luminance = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => {
          const [r, g, b] = (getComputedStyle(el).backgroundColor.match(/[\d.]+/g) ?? ['255', '255', '255']).map(
            Number,
          );
          return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
        });
    t.ok((await luminance('.main-content')) < 0.2, 'the content area is dark');
    t.ok((await luminance('.table-page')) < 0.2, 'the list page card is dark');
    t.ok((await luminance('.table-page .ant-table')) < 0.2, 'the table is dark');
    t.ok((await luminance('.tab-layout__bar')) < 0.2, 'the tab bar is dark');
  },
);
