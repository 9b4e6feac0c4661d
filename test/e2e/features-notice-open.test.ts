// Messages that name how to handle them (Jeecg-style openType; jshERP-boot never sends these, so the unread list
// is answered with page.route): 'url' adds 去处理, which opens openPage; 'component' opens the named component.
import t from 'tap';
import type { Page } from 'playwright-core';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import { clickWhenResting, closeTourIfShown, launchBrowser, login, newPage } from '../support/browser.js';

const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;

async function withUnread(page: Page, items: object[]) {
  await page.route('**/jshERP-boot/msg/getMsgByStatus?**', (route) =>
    route.fulfill({ json: { code: 200, data: items } }),
  );
  await page.route('**/jshERP-boot/msg/batchUpdateStatus', (route) =>
    route.fulfill({ json: { code: 200, data: '更新成功' } }),
  );
}
const base1 = { msgContent: '请尽快处理', type: '待办', status: '1', createTimeStr: '2026-11-22 09:00:00' };

t.test("openType 'url': the detail offers 去处理, which opens openPage", async (t) => {
  const page = await newPage(t, browser);
  await withUnread(page, [
    { ...base1, id: 901, msgTitle: '角色待审核', openType: 'url', openPage: '/system/role' },
    {
      ...base1,
      id: 902,
      msgTitle: '打开消息列表',
      openType: 'component',
      openPage: 'system/MsgList',
      createTimeStr: '2026-11-22 08:00:00',
    },
  ]);
  await login(page, base);
  await page.getByTestId('notice-bell').click();
  const popover = page.locator('.header-notice-popover');
  await popover.getByText('通知(2)').waitFor();
  // The popover zooms in from the bell; one click once it stands (a click on a popup still moving can land where
  // the item was).
  await clickWhenResting(popover.getByText('角色待审核'));
  const detail = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '通知消息' }) });
  await detail.waitFor();
  await detail.getByText('请尽快处理').waitFor();
  // The dialog zooms in from the popover's item; one click, where the button comes to rest.
  await clickWhenResting(detail.getByRole('button', { name: '去处理' }));
  await page.waitForURL(/\/system\/role$/);
  await detail.waitFor({ state: 'hidden' });
  t.pass('went to openPage');
  await closeTourIfShown(page); // the role page greets a first visit with its tour, whose mask covers the header

  await page.getByTestId('notice-bell').click();
  await clickWhenResting(popover.getByText('打开消息列表'));
  await page.locator('.ant-modal-title', { hasText: /^通知$/ }).waitFor();
  t.equal(
    await page.locator('.ant-modal-title', { hasText: '通知消息' }).count(),
    0,
    'the named component, not the popup',
  );
});
