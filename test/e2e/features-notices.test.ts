// Notices in the browser against the real stack (gateway process + sandbox): a message raised in the backend
// reaches the badge through the websocket with no polling; with the socket refused, through polling; the
// popover, the message list, mark all read, and message text rendered as text.
import t from 'tap';
import type { Page, Request } from 'playwright-core';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import { uniqueName } from '../support/fixtures.js';
import {
  launchBrowser,
  login,
  newPage,
  readSteady,
  readUntil,
  clickWhenResting,
  restingBox,
  screenshot,
  USERS,
} from '../support/browser.js';

const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;

/** The page's own session: token and user id from storage (a second login would end the browser's session). */
async function sessionOf(page: Page): Promise<{ token: string; userId: number }> {
  // A string, not a function: the test transpiler would inject helpers the page does not have.
  return page.evaluate(`({
    token: String(JSON.parse(localStorage.getItem('pro__Access-Token')).value),
    userId: Number(JSON.parse(localStorage.getItem('pro__Login_userId')).value),
  })`);
}

/** Raises a message for the user through the gateway, as another part of the system would (POST /msg/add). */
async function raiseMessage(page: Page, title: string, content = '内容'): Promise<void> {
  const { token, userId } = await sessionOf(page);
  const reply = await fetch(`${base}/jshERP-boot/msg/add`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Access-Token': token },
    body: JSON.stringify({ msgTitle: title, msgContent: content, type: '测试', userId }),
  });
  if (!reply.ok) throw new Error(`msg/add answered ${reply.status}`);
}

const badge = (page: Page) => page.getByTestId('notice-bell').locator('.ant-scroll-number');
async function badgeCount(page: Page): Promise<number> {
  if ((await badge(page).count()) === 0) return 0;
  return Number((await badge(page).getAttribute('title')) ?? '0');
}
async function waitForBadge(page: Page, expected: number, timeout = 20_000): Promise<void> {
  const shown = await readUntil(() => badgeCount(page), expected, timeout);
  if (shown !== expected) throw new Error(`badge stayed ${shown}, expected ${expected}`);
}

const isUnreadPoll = (request: Request) => request.url().includes('/jshERP-boot/msg/getMsgByStatus');

/** The badge once the page's first unread load has answered and the count has held for a second (the socket's
 *  first `user` frame may come after the load). */
async function restingBadge(page: Page, firstLoad: Promise<unknown>): Promise<number> {
  await firstLoad;
  return readSteady(() => badgeCount(page), { quietMs: 1000 });
}

t.test('a new message reaches the badge through the websocket, with no polling', async (t) => {
  const page = await newPage(t, browser);
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  const firstLoad = page.waitForResponse((response) => isUnreadPoll(response.request()));
  await login(page, base, USERS.jsh);
  const { userId } = await sessionOf(page);
  await page.getByTestId('notice-bell').waitFor();
  await readUntil(
    async () => sockets.length,
    (n) => n > 0,
    10_000,
  );
  const before = await restingBadge(page, firstLoad);
  t.same(
    sockets,
    [`${base.replace('http:', 'ws:')}/jshERP-boot/websocket/${userId}`],
    'one socket, ws: like the page, with the user id',
  );

  const polls: string[] = [];
  page.on('request', (request) => {
    if (isUnreadPoll(request)) polls.push(request.url());
  });
  await raiseMessage(page, '新的入库通知');
  await waitForBadge(page, before + 1);
  t.same(polls, [], 'the badge moved with no getMsgByStatus request from the page');

  // opening the popover fetches the changed list and shows the new message first
  await page.getByTestId('notice-bell').click();
  const popover = page.locator('.header-notice-popover');
  await popover.getByText(`通知(${before + 1})`).waitFor();
  await popover.getByText('新的入库通知').waitFor();
  t.equal(
    await popover.locator('.ant-list-item').first().getByRole('button').innerText(),
    '新的入库通知',
    'newest first',
  );
  t.ok((await popover.locator('.ant-list-item').count()) <= 5, 'at most five');
  const box = await restingBox(popover);
  t.ok(box && Math.abs(box.width - 300) <= 2, `popover is 300 px wide (${box?.width})`);
  await screenshot(page, 'features-notices-popover');
});

t.test('with the socket refused, polling every 6 s brings the message', async (t) => {
  const page = await newPage(t, browser);
  // Refuse the notices socket: every attempt is closed at once, as a blocked proxy would.
  let attempts = 0;
  await page.routeWebSocket(/\/websocket\//, (ws) => {
    attempts++;
    ws.close({ code: 1011, reason: 'refused in test' });
  });
  const firstLoad = page.waitForResponse((response) => isUnreadPoll(response.request()));
  await login(page, base, USERS.jsh);
  const before = await restingBadge(page, firstLoad);
  const polls: number[] = [];
  page.on('request', (request) => {
    if (isUnreadPoll(request)) polls.push(Date.now());
  });
  await raiseMessage(page, '轮询送达的通知');
  await waitForBadge(page, before + 1, 15_000);
  t.ok(polls.length >= 1, `reached by polling (${polls.length} polls)`);
  t.ok(attempts >= 1, `the socket was tried (${attempts} attempts)`);
  // Refused, the socket is tried again within its backoff: the first retry waits at most 5 s (then it doubles).
  t.ok(
    (await readUntil(
      async () => attempts,
      (n) => n >= 2,
      6000,
    )) >= 2,
    `tried again after the refusal (${attempts} attempts)`,
  );
});

t.test('message list: columns, 5 a page, unread bold, view marks read and shows text, mark all read', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.jsh);
  // A title no earlier run left on the backend.
  const mark = uniqueName('');
  const title = `<b>不是粗体</b>${mark}`;
  await raiseMessage(page, title, '<img src=x onerror="window.__xss=1">第一行\n第二行');
  await page.waitForTimeout(500);
  await page.getByTestId('notice-bell').click();
  await clickWhenResting(page.getByRole('button', { name: '查看更多' })); // the popover zooms in from the bell
  const modal = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: /^通知$/ }) });
  await modal.waitFor();
  for (const title of ['标题', '消息类型', '通知日期', '操作']) {
    await modal.locator('th').filter({ hasText: title }).first().waitFor();
  }
  await modal.getByPlaceholder('请输入标题').waitFor();
  t.ok((await modal.locator('tbody tr.ant-table-row').count()) <= 5, 'five a page');
  await modal
    .locator('.ant-pagination-total-text')
    .filter({ hasText: /^1-\d+ 共\d+条$/ })
    .waitFor();

  // filter by title
  await modal.getByPlaceholder('请输入标题').fill(mark);
  await modal
    .getByRole('button', { name: '查 询' })
    .or(modal.getByRole('button', { name: '查询' }))
    .click();
  const row = modal.locator('tbody tr.ant-table-row').filter({ hasText: title });
  await row.waitFor();
  // The unfiltered first page shows the newest message too: wait for the filtered answer.
  t.equal(await readUntil(() => modal.locator('tbody tr.ant-table-row').count(), 1), 1, 'filtered to the one message');
  t.equal(await row.locator('strong[data-unread="true"]').count(), 1, 'unread is bold');

  await row.getByText('查看').click();
  const detail = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '通知消息' }) });
  await detail.waitFor();
  const content = detail.getByTestId('notice-content');
  t.equal(await content.innerText(), '<img src=x onerror="window.__xss=1">第一行\n第二行', 'content shown as text');
  t.equal(await detail.locator('img').count(), 0, 'no HTML rendered');
  t.equal(await page.evaluate('typeof window.__xss'), 'undefined');
  await detail.getByText(/^通知日期：\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/).waitFor();
  t.equal(await detail.getByRole('button', { name: '去处理' }).count(), 0, 'no 去处理 without openType url');
  await screenshot(page, 'features-notices-detail');
  await detail
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /关\s*闭/ })
    .click();
  await row.locator('span').filter({ hasText: title }).waitFor();
  t.equal(await row.locator('strong').count(), 0, 'read now: plain');

  // mark all read
  await modal
    .getByRole('button', { name: '重 置' })
    .or(modal.getByRole('button', { name: '重置' }))
    .click();
  await modal.getByRole('button', { name: '全部标注已读' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.waitFor();
  t.equal((await confirm.locator('.ant-modal-confirm-title').innerText()).trim(), '确认操作');
  t.equal((await confirm.locator('.ant-modal-confirm-content').innerText()).trim(), '是否全部标注已读?');
  await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
  await page.locator('.ant-message-notice').filter({ hasText: '操作成功!' }).waitFor();
  t.equal(await readUntil(() => modal.locator('tbody strong[data-unread="true"]').count(), 0), 0, 'no unread left');
  await modal
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /关\s*闭/ })
    .click();
  await waitForBadge(page, 0);
  t.pass('badge cleared');
});
