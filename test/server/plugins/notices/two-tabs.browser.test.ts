// The browser check against the real stack (production gateway process + sandbox + built shell): two tabs
// of one user; a message read in one tab drops the other tab's badge at once, with no reload and no poll.
import t from 'tap';
import type { Page } from 'playwright-core';
import { startGatewayProcess } from '../../../support/stack.js';
import { launchBrowser, login, newPage, USERS } from '../../../support/browser.js';

// A gateway poll far longer than the test: only the immediate re-check after a write can move the badges.
const gateway = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false', NOTICE_POLL_MS: '60000' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;

const bell = (page: Page) => page.getByTestId('notice-bell');
async function badgeCount(page: Page): Promise<number> {
  const badge = bell(page).locator('.ant-scroll-number');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.getAttribute('title')) ?? '0');
}
async function waitForBadge(page: Page, expected: number, timeout = 20_000): Promise<void> {
  const start = Date.now();
  while ((await badgeCount(page)) !== expected) {
    if (Date.now() - start > timeout) throw new Error(`badge stayed ${await badgeCount(page)}, expected ${expected}`);
    await page.waitForTimeout(100);
  }
}

t.test('two tabs of one user: reading a message in one drops the badge in the other', async (t) => {
  const first = await newPage(t, browser);
  await login(first, base, USERS.jsh);
  // The second tab shares the browser's storage and cookie, like a tab opened from the first.
  const second = await first.context().newPage();
  await second.goto(`${base}/dashboard/analysis`);
  await Promise.all([bell(first).waitFor(), bell(second).waitFor()]);
  await first.waitForTimeout(1500); // both sockets open and get their first frame
  const before = await badgeCount(second);

  const session = (await first.evaluate(`({
    token: String(JSON.parse(localStorage.getItem('pro__Access-Token')).value),
    userId: Number(JSON.parse(localStorage.getItem('pro__Login_userId')).value),
  })`)) as { token: string; userId: number };
  const added = await fetch(`${base}/jshERP-boot/msg/add`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Access-Token': session.token },
    body: JSON.stringify({
      msgTitle: '两个标签页的通知',
      msgContent: '在一个标签页里阅读',
      type: '测试',
      userId: session.userId,
    }),
  });
  t.equal(added.status, 200);
  await Promise.all([waitForBadge(first, before + 1, 5_000), waitForBadge(second, before + 1, 5_000)]);
  t.pass('the new message reaches both tabs');

  let secondPolls = 0;
  second.on('request', (request) => {
    if (request.url().includes('/jshERP-boot/msg/getMsgByStatus')) secondPolls++;
  });
  const secondUrl = second.url();

  // Read it in the first tab: the popover's entry opens the detail, which marks it read.
  await bell(first).click();
  const popover = first.locator('.header-notice-popover');
  await popover.getByText('两个标签页的通知').click();
  await waitForBadge(first, before, 5_000);
  await waitForBadge(second, before, 5_000);
  t.pass("the second tab's badge dropped");
  t.equal(second.url(), secondUrl, 'without a reload or navigation');
  t.equal(secondPolls, 0, 'and without the second tab asking the backend');
});
