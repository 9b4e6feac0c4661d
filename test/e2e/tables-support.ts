// Shared set-up of the table-page browser tests: the sandbox upstream in-process, the gateway serving the built
// shell in front of it, helpers to open a menu leaf, dismiss a page's first-visit tour and read the table.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startSandbox } from '../../server/sandbox/start.js';
import type { RecordedCall } from '../../server/sandbox/app.js';
import { assertBackendAccepts } from '../support/wire-guard.js';
import type { Row } from '../../server/sandbox/store.js';
import { listenTestApp, PROJECT_ROOT, SANDBOX_CLOCK } from '../support/stack.js';
import { openFromMenu as openMenuItem } from '../support/browser.js';
import { TEST_UPSTREAM_URL } from '../support/backend.js';

interface Teardown {
  teardown(fn: () => unknown): void;
}

export const CLIENT_DIST = join(PROJECT_ROOT, 'client', 'dist');

/**
 * A private copy of client/dist, taken under the build lock: a rebuild elsewhere replaces the hashed assets the
 * served page names, which would strand the page on its boot screen.
 */
function snapshotDist(t: Teardown): string {
  if (!existsSync(join(CLIENT_DIST, 'index.html')))
    throw new Error('client/dist is missing: run `npm run build` first');
  const dir = mkdtempSync(join(tmpdir(), 'tables-dist-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const locked = spawnSync('flock', ['/tmp/build.lock', 'cp', '-r', `${CLIENT_DIST}/.`, dir]);
  if (locked.error || locked.status !== 0) cpSync(CLIENT_DIST, dir, { recursive: true });
  return dir;
}

/** The sandbox (captcha off) and the gateway serving (a copy of) client/dist in front of it. */
export async function startTableStack(t: Teardown) {
  const dist = snapshotDist(t);
  if (TEST_UPSTREAM_URL) {
    const { app, url } = await listenTestApp(
      {
        upstreamUrl: TEST_UPSTREAM_URL,
        ...(process.env.TEST_REDIS_URL ? { redisUrl: process.env.TEST_REDIS_URL } : {}),
      },
      { env: { CLIENT_DIST_DIR: dist } },
    );
    t.teardown(() => app.close());
    return {
      url,
      get state(): { tables: Record<string, Row[]> } {
        throw new Error(
          "this test reads the sandbox's tables: it must say sandboxOnly() before it runs on a real backend",
        );
      },
    };
  }
  const calls: RecordedCall[] = [];
  const sandbox = await startSandbox({
    captcha: false,
    logger: false,
    clock: SANDBOX_CLOCK,
    recordCall: (call) => calls.push(call),
  });
  t.teardown(() => sandbox.close());
  // Registered first, run last: every call of the file's journeys, judged against the backend's declarations.
  t.teardown(() => assertBackendAccepts(calls, 'the browser journeys of this file'));
  const { app, url } = await listenTestApp({ upstreamUrl: sandbox.url }, { env: { CLIENT_DIST_DIR: dist } });
  t.teardown(() => app.close());
  const state = (sandbox.app as unknown as { sandbox: { state: { tables: Record<string, Row[]> } } }).sandbox.state;
  return { url, state };
}

/** Opens a side-menu leaf and waits for that leaf's table page. */
export async function openFromMenu(page: Page, group: string, leaf: string): Promise<void> {
  await openMenuItem(page, group, leaf);
  await activePage(page).locator('.ant-table').first().waitFor();
}

/** The table page of the active tab (hidden tabs stay mounted). */
export function activePage(page: Page) {
  return page.locator('.table-page:visible').first();
}

/** Data rows (not the totals row) of the active table page, as the texts of their cells. */
export async function dataRows(page: Page): Promise<string[][]> {
  const rows = activePage(page).locator('.ant-table-tbody tr.ant-table-row:not(.table-totals-row)');
  return rows.evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
  );
}

/**
 * Runs `action`, waits for the list request to `path` it causes and for that request's answer, and returns the
 * query parameters. Waiting for the answer matters: until then the page may not yet show itself as loading, and
 * `settled` would pass on the old rows.
 */
export async function nextListQuery(
  page: Page,
  path: string,
  action: () => Promise<unknown>,
): Promise<URLSearchParams> {
  const [request] = await Promise.all([page.waitForRequest((r) => new URL(r.url()).pathname.endsWith(path)), action()]);
  await request.response();
  return new URL(request.url()).searchParams;
}

/**
 * Waits until the active table page is not loading (aria-busy mirrors its loading state as rendered). The pages of
 * the other open tabs are laid out too, skipped by content-visibility: checkVisibility, not offsetParent, tells the
 * active one (as activePage's :visible does).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const shown = Array.from(document.querySelectorAll<HTMLElement>('.table-page')).find((el) => el.checkVisibility());
    return (
      shown !== undefined && shown.getAttribute('aria-busy') !== 'true' && !shown.querySelector('.ant-spin-spinning')
    );
  });
}
