// Every message in the user's language: a first visit follows the browser's languages; the gateway's own
// envelopes (the backend down at login) and the fallback title ERP系统 are shown translated; the side menu shows
// every name whole (wrapped between words, a long compound only with a hyphen) and money reads the same on the home
// page and in a list.
import t from 'tap';
import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { startGatewayProcess } from '../support/stack.js';
import { closeTourIfShown, launchBrowser, newPage, readUntil } from '../support/browser.js';

t.setTimeout(300_000);
const browser = await launchBrowser(t);

/** A loopback port nobody listens on: the backend that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

async function loginAs(
  page: Page,
  name: string,
  password: string,
  labels: { user: string; password: string; submit: string; add?: string },
) {
  await page.getByPlaceholder(labels.user).fill(name);
  await page.getByPlaceholder(labels.password).fill(password);
  await page.getByRole('button', { name: labels.submit }).click();
}

t.test('English browser, backend down: English title, English login failure', async (t) => {
  const gateway = await startGatewayProcess({
    UPSTREAM_URL: `http://127.0.0.1:${await closedPort()}`,
    SANDBOX: 'false',
  });
  t.teardown(() => gateway.stop());
  const page = await newPage(t, browser, { locale: 'en-US' });
  await page.goto(`${gateway.url}/user/login`);
  await page.getByPlaceholder('Username').waitFor();
  t.equal(
    await page.evaluate(() => document.documentElement.lang),
    'en',
    'the page follows the browser (no stored choice)',
  );
  t.equal(await readUntil(() => page.title(), 'ERP system'), 'ERP system', "the gateway's fallback title, translated");
  t.equal(await page.locator('.user-layout__title').innerText(), 'ERP system');
  await loginAs(page, 'jsh', '123456', { user: 'Username', password: 'Password', submit: 'Log in' });
  const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Login failed' });
  await notice.waitFor();
  t.match(
    await notice.innerText(),
    /Cannot reach the backend service, please try again later/,
    "the gateway's 502 envelope in English",
  );
  t.notMatch(await notice.innerText(), /[\u4e00-\u9fff]/, 'no Chinese in it');
});

t.test('Russian and German browsers: whole menu names, money the same on the home page and in a list', async (t) => {
  const gateway = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
  t.teardown(() => gateway.stop());
  for (const [locale, labels, amount] of [
    [
      'ru-RU',
      { user: 'Имя пользователя', password: 'Пароль', submit: 'Войти', add: 'Добавить' },
      /^-?\d{1,3}(\u00a0\d{3})*,\d\d$/,
    ],
    [
      'de-DE',
      { user: 'Benutzername', password: 'Passwort', submit: 'Anmelden', add: 'Neu' },
      /^-?\d{1,3}(\.\d{3})*,\d\d$/,
    ],
  ] as const) {
    const page = await newPage(t, browser, { locale });
    await page.goto(`${gateway.url}/user/login`);
    await loginAs(page, 'jsh', '123456', labels);
    await page.waitForURL(/\/dashboard\/analysis$/);
    const sider = page.locator('.main-sider');
    await sider.waitFor();
    // Every submenu open in turn: no name cut short (its text box as wide as its text) in any of them.
    const titles = sider.locator('.ant-menu-submenu-title');
    // A first login here shows home before its menu answers.
    await titles.first().waitFor();
    const count = await titles.count();
    t.ok(count >= 5, `${locale}: the modules of jsh's menu`);
    const cut: string[] = [];
    const brokenMidWord: string[] = [];
    for (let i = 0; i < count; i++) {
      await titles.nth(i).click();
      await sider.locator('.ant-menu-submenu-open .ant-menu-item').first().waitFor();
      const shown = sider.locator('.ant-menu-title-content:visible');
      cut.push(
        ...(await shown.evaluateAll((els) =>
          els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ''),
        )),
      );
      // A word that runs onto a second line may do so only at a soft hyphen (where the browser shows a hyphen).
      brokenMidWord.push(
        ...(await shown.evaluateAll((els) =>
          els.flatMap((el) => {
            const words: string[] = [];
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node.textContent ?? '';
              for (const match of text.matchAll(/\S+/g)) {
                let lineTop: number | null = null;
                for (let i = 0; i < match[0].length; i++) {
                  const range = document.createRange();
                  range.setStart(node, match.index + i);
                  range.setEnd(node, match.index + i + 1);
                  const box = range.getClientRects()[0];
                  if (!box || box.width === 0) continue;
                  // Chromium reports the letter after a soft hyphen on the line the hyphen ends.
                  if (
                    lineTop !== null &&
                    box.top > lineTop + 2 &&
                    !match[0].slice(Math.max(0, i - 2), i).includes('\u00ad')
                  )
                    words.push(match[0]);
                  lineTop = box.top;
                }
              }
            }
            return words;
          }),
        )),
      );
    }
    t.same(cut, [], `${locale}: every menu name whole`);
    t.same(brokenMidWord, [], `${locale}: no menu name broken inside a word without a hyphen`);
    const figure = (await page.locator('[data-testid="figure-yearSale"] .analysis-page__amount').innerText()).trim();
    t.match(
      figure.replace(/\s*¥\s*/, ''),
      amount,
      `${locale}: a home figure in the language's money format (${figure})`,
    );
    await page.goto(`${gateway.url}/system/vendor`);
    const cell = page
      .locator('[data-tab-page="/system/vendor"] .ant-table-row td')
      .filter({ hasText: /\d,\d\d$/ })
      .first();
    t.match((await cell.innerText()).trim(), amount, `${locale}: a money cell of the list in the same format`);

    // The product form's labels whole: a label longer than its column wraps rather than hiding under its field.
    await page.goto(`${gateway.url}/material/material`);
    await closeTourIfShown(page);
    await page
      .locator('[data-tab-page="/material/material"]')
      .getByRole('button', { name: labels.add })
      .first()
      .click();
    const form = page.locator('.ant-modal:visible').filter({ has: page.locator('form') });
    await form.locator('.ant-form-item-label label').first().waitFor();
    const hidden = await form
      .locator('.ant-form-item-label label')
      .evaluateAll((els) =>
        els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => (e.textContent ?? '').trim()),
      );
    t.same(hidden, [], `${locale}: every label of the product form whole`);
  }
});
