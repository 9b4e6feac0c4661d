import t from 'tap';
import { launchBrowser, newPage } from '../helpers/browser.js';
import { startTableStack } from '../e2e/tables-support.js';
const { url } = await startTableStack(t);
const browser = await launchBrowser(t);
await t.test('res', async (t) => {
  const page = await newPage(t, browser);
  const seen: string[] = [];
  const t0 = Date.now();
  page.on('response', async (r) => { const b = await r.body().catch(() => Buffer.alloc(0)); seen.push(`${Date.now() - t0}ms ${b.length} ${r.url().replace(url, '')}`); });
  await page.goto(`${url}/user/login`);
  await page.getByPlaceholder('请输入用户名').waitFor();
  console.log('ready at', Date.now() - t0);
  await page.waitForTimeout(4000);
  console.log(seen.join('\n'));
  const c = await page.context().newCDPSession(page);
  await c.send('Performance.enable');
  console.log(JSON.stringify((await c.send('Performance.getMetrics')).metrics.filter((m) => /Duration|JSHeap/.test(m.name))));
});
