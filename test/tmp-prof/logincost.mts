// CPU of N logins (chromium tree + gateway) on the e2e stack.
import { readFileSync, readdirSync } from 'node:fs';
import t from 'tap';
import { launchBrowser, login, newPage, USERS } from '../helpers/browser.js';
import { startTableStack } from '../e2e/tables-support.js';

function cpuOf(pattern: RegExp): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!pattern.test(cmd)) continue;
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch { /* gone */ }
  }
  return ticks / 100;
}
const { url } = await startTableStack(t);
const browser = await launchBrowser(t, (process.env.XARGS ?? '').split(' ').filter(Boolean));
const N = Number(process.env.N ?? 5);
const mode = process.env.MODE ?? 'login';
await t.test('cost', async (t) => {
  const c0 = cpuOf(/chrom/), g0 = cpuOf(/server\.js/), s0 = process.cpuUsage();
  const w0 = Date.now();
  for (let i = 0; i < N; i++) {
    const a = Date.now(); const ca = cpuOf(/chrom/);
    const page = await newPage(t, browser);
    const b = Date.now(); const cb = cpuOf(/chrom/);
    if (mode === 'blank') { await page.goto('about:blank'); }
    else if (mode === 'login') await login(page, url, USERS.jsh);
    else { await page.goto(`${url}/user/login`); await page.getByPlaceholder('请输入用户名').waitFor(); }
    const c = Date.now(); const cc = cpuOf(/chrom/);
    await page.context().close();
    console.log(`newPage ${b - a} ms ${(cb - ca).toFixed(2)} s; goto ${c - b} ms ${(cc - cb).toFixed(2)} s; close ${Date.now() - c} ms ${(cpuOf(/chrom/) - cc).toFixed(2)}`);
  }
  const s = process.cpuUsage(s0);
  console.log(`${mode}: per run wall ${(Date.now() - w0) / N} ms, chromium ${((cpuOf(/chrom/) - c0) / N).toFixed(2)} s, gateway ${((cpuOf(/server\.js/) - g0) / N).toFixed(2)} s, test ${((s.user + s.system) / 1e6 / N).toFixed(2)} s`);
});
