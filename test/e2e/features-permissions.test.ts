// Button permissions end to end: the login stores the user's button list and a page shows only the buttons it grants
// for its url. test123 has "1,2" on 采购入库 (edit, audit) and "1" on 收款单. The rule itself for any list (all four
// codes, the admin's missing list, a page missing from the list) is a component test:
// client/test/components/table-page/list-view.test.tsx.
import t from 'tap';
import type { Page } from 'playwright-core';
import { startGatewayProcess, type GatewayProcess } from '../support/stack.js';
import {
  closeTourIfShown,
  launchBrowser,
  login,
  newPage,
  openFromMenu,
  screenshot,
  USERS,
} from '../support/browser.js';

const gateway: GatewayProcess = await startGatewayProcess({ SANDBOX_CAPTCHA: 'false' });
t.teardown(() => gateway.stop());
const browser = await launchBrowser(t);
const base = gateway.url;

async function toolbarButtons(page: Page, module: string, item: string): Promise<string[]> {
  await openFromMenu(page, module, item);
  await closeTourIfShown(page);
  const toolbar = page.locator('.tab-layout__content .table-operator:visible').first();
  await toolbar.waitFor();
  return (await toolbar.locator('button').allInnerTexts()).map((s) => s.replace(/\s+/g, ''));
}

t.test('test123 lacks un-audit and export on 采购入库 and everything but edit on 收款单', async (t) => {
  const page = await newPage(t, browser);
  await login(page, base, USERS.test123);
  const purchaseIn = await toolbarButtons(page, '采购管理', '采购入库');
  t.ok(purchaseIn.includes('删除'), 'edit (1) granted: 删除');
  t.ok(purchaseIn.includes('审核'), 'audit (2) granted');
  t.notOk(purchaseIn.includes('反审核'), 'un-audit (7) not granted');
  t.notOk(purchaseIn.includes('导出'), 'export (3) not granted');
  await screenshot(page, 'features-permissions-test123');
  const moneyIn = await toolbarButtons(page, '财务管理', '收款单');
  t.ok(moneyIn.includes('删除'), 'edit granted');
  for (const absent of ['审核', '反审核', '导出']) t.notOk(moneyIn.includes(absent), `${absent} not granted`);
});
