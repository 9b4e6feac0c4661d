// A shop's daily journeys, the same on both clients in front of one backend (bench/lib/backend.ts) — our shell behind
// our gateway, the unmodified original jshERP client behind nginx (/jshERP-boot proxied straight to the backend) —
// alternating client by client within each run, each run in a fresh browser context (empty cache, as the first
// visit of the day), one uncounted warm-up run per client, then the counted runs on each network profile (a LAN,
// and a round-trip time added to every request through Chromium's network emulation, for both clients alike). The
// records they use are the run's own (bench/lib/fixtures.ts); each client logs in as its own user of one tenant:
//   first load      navigation start → the login form shows
//   login → home    the login click → the side menu and the home page's figures show
//   new list page   采购入库 clicked in the side menu → its rows show
//   report query    商品库存's 查询 → its rows, answered
//   tab switch      the 采购入库 tab clicked (商品库存 in front) → its rows show
//   bill form       新增 on 采购入库 → the form shows its bill number and its lines grid
//   scan            a barcode + Enter in the scan field → the new line shows its quantity, 1
//   save            保存 → the list shows the saved bill
//   detail          查看 on that bill → its detail shows the line
// Each is timed in the page, the same way for both: from the click's (or the Enter's) event to the first animation
// frame in which the target is laid out and visible and nothing visible is a skeleton, a spinner or a loading card
// (`.ant-skeleton`, `.ant-spin-spinning`, `.ant-card-loading-content`: the class names of both clients' antd), and,
// where old rows would already satisfy that (查询), the call has been answered since the click. Timed from Node around
// Playwright's actions, the driver's actionability checks and polling added 60–450 ms to such figures. The steps
// between (menus unfolding, tours closed, a supplier chosen) are not timed. The readiness criteria, the same for both
// clients, are each client's `homeShown`, `rowWith`, `billFormShown`, `lineShown` and `detailShown` below.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { clickWhenResting, closeTourIfShown, restingBox } from '../../test/support/browser.js';
import { choosePartyThenScanField } from '../../test/support/bill-keyboard.js';
import { API, keepGap, noteWrite } from './backend.js';
import { untilMachineIdle } from './machine-settle.js';
import type { JourneyFixtures } from './fixtures.js';
import { BENCH_CHROMIUM_ARGS } from './tools.js';
import { floorRoundTrips, measureFloor, type CapturedCall, type FloorSample } from './floors.js';

export const JOURNEYS = [
  'firstLoad',
  'loginToHome',
  'newListPage',
  'reportQuery',
  'tabSwitch',
  'billForm',
  'scanLine',
  'saveBill',
  'billDetail',
] as const;
export type Journey = (typeof JOURNEYS)[number];
export type ClientName = 'ours' | 'original';

export const JOURNEY_LABELS: Record<Journey, string> = {
  firstLoad: 'First load → the login form',
  loginToHome: 'Login click → menu and home with its figures',
  newListPage: '采购入库 from the menu → rows',
  reportQuery: '商品库存 查询 → rows',
  tabSwitch: 'Switch to the open 采购入库 tab → rows',
  billForm: '新增 on 采购入库 → the bill form ready',
  scanLine: 'A scan (barcode + Enter) → the new line',
  saveBill: '保存 → the list shows the saved bill',
  billDetail: "查看 → the bill's detail with its line",
};

export interface ClientJourneys {
  /** ms per counted run, per journey. */
  runs: Record<Journey, number[]>;
  median: Record<Journey, number>;
}

/** A network the journeys run on: a LAN (nothing added), or `latencyMs` added to every request's round trip. */
export interface NetworkProfile {
  name: string;
  latencyMs: number;
}

export const NETWORK_PROFILES: NetworkProfile[] = [
  { name: 'LAN', latencyMs: 0 },
  { name: '80 ms RTT', latencyMs: 80 },
];

export interface ProfileJourneys {
  profile: NetworkProfile;
  ours: ClientJourneys;
  /** Null when the original is not measured. */
  original: ClientJourneys | null;
  /** The backend's own time per journey (bench/lib/floors.ts): per run, and the median, round trips added. */
  floor: { runs: Record<Journey, number[]>; median: Record<Journey, number> } | null;
}

export interface JourneysResult {
  runs: number;
  /** The backend both clients faced. */
  backend: string;
  /** Who each client logged in as, and the run's records. */
  fixtures: JourneyFixtures;
  profiles: ProfileJourneys[];
  /** Floor calls our shell did not make, so not counted. */
  floorMissing: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * Page helpers for the timers, installed before any page script: a visible element (laid out, not hidden), whether
 * anything visible is loading, and whether a call to a path was answered since a moment. The resource timing buffer
 * is enlarged: the original's first page adds hundreds of prefetched files, and a full buffer drops new entries.
 */
const PAGE_HELPERS = `(() => {
  performance.setResourceTimingBufferSize(100000);
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true });
  };
  const shown = (selector, text) => Array.from(document.querySelectorAll(selector))
    .some((el) => visible(el) && (text === undefined || (el.textContent || '').includes(text)));
  Object.defineProperty(window, '__bench', { value: {
    visible,
    shown,
    loading: () => shown('.ant-skeleton, .ant-spin-spinning, .ant-card-loading-content'),
    answered: (path, since) => performance.getEntriesByType('resource').some((e) => e.name.includes(path) && e.startTime >= since && e.responseEnd > 0),
    value: (selector, test) => Array.from(document.querySelectorAll(selector)).some((el) => visible(el) && test(el.value || '')),
  } });
})()`;

/**
 * Source of a timer installed before a timed action: the first click (or Enter keydown) starts the clock at
 * `start`; the first animation frame after it in which `done` (page source; may read `start`) holds stops it into
 * `window.benchMs`. Frames are checked as the browser is about to paint them, so no extra layout is forced.
 */
const frameTimer = (event: 'click' | 'enter', done: string) => `(() => {
  delete window.benchMs;
  const b = window.__bench;
  let start = NaN;
  const type = ${event === 'enter' ? "'keydown'" : "'click'"};
  function frame() {
    if (${done}) { window.benchMs = performance.now() - start; window.benchStart = start; }
    else requestAnimationFrame(frame);
  }
  function onStart(e) {
    if (type === 'keydown' && e.key !== 'Enter') return;
    start = performance.now();
    document.removeEventListener(type, onStart, true);
    requestAnimationFrame(frame);
  }
  document.addEventListener(type, onStart, true);
})()`;

/** Whether a diagnosis variable (a journey, or several separated by commas) names this journey. */
const diagnosed = (variable: string, journey: Journey) => (process.env[variable] ?? '').split(',').includes(journey);

/** Runs `action` with a timer installed in the page and returns the time the page measured. */
async function timedInPage(
  page: Page,
  journey: Journey,
  event: 'click' | 'enter',
  done: string,
  action: () => Promise<unknown>,
): Promise<number> {
  // A target that already shows before the action would time nothing.
  if (await page.evaluate(`(() => { const b = window.__bench; const start = performance.now(); return ${done}; })()`)) {
    throw new Error(`the target shows before the action: ${done}`);
  }
  await page.evaluate(frameTimer(event, done));
  const profiler = diagnosed('BENCH_PROFILE', journey) ? await startProfiler(page) : null;
  const tracing = diagnosed('BENCH_TIMELINE', journey);
  if (tracing)
    await page
      .context()
      .browser()!
      .startTracing(page, {
        categories: [
          'devtools.timeline',
          'blink.user_timing',
          'loading',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-devtools.timeline.stack',
        ],
      });
  await action();
  const handle = await page.waitForFunction(() => (window as unknown as { benchMs?: number }).benchMs, undefined, {
    timeout: 60_000,
  });
  const ms = (await handle.jsonValue()) as number;
  if (profiler) console.log(`    CPU profile: ${await profiler.stop(journey)}`);
  if (tracing) {
    const file = join(tmpdir(), `bench-${journey}-${Date.now()}.trace.json`);
    writeFileSync(file, await page.context().browser()!.stopTracing());
    console.log(`    timeline: ${file}`);
  }
  if (process.env.BENCH_TRACE) console.log(await page.evaluate(TRACE));
  return ms;
}

/** BENCH_TIMELINE=<journey>[,<journey>…]: Chromium's performance timeline of the same span (its events carry the
 *  page's own clock, so the window shows as the click's event and the frames after it).
 *  BENCH_PROFILE=<journey>[,<journey>…]: the page's CPU profile from before the action to a little after its target
 *  shows, with the timed window (`timedWindow`, in the profile's clock), written to the system's temporary folder for Chromium's
 *  DevTools (diagnosis, not reported). */
async function startProfiler(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  // The profile counts in the browser's monotonic clock (µs), the page's timer in performance.now() (ms): one
  // reading of both, back to back, maps the timed window into the profile.
  const { metrics } = await cdp.send('Performance.getMetrics');
  const now = (await page.evaluate('performance.now()')) as number;
  const offsetUs = metrics.find((m) => m.name === 'Timestamp')!.value * 1e6 - now * 1e3;
  await cdp.send('Profiler.start');
  return {
    stop: async (journey: Journey) => {
      const { profile } = await cdp.send('Profiler.stop');
      await cdp.detach();
      const [start, ms] = (await page.evaluate('[window.benchStart, window.benchMs]')) as [number, number];
      const file = join(tmpdir(), `bench-${journey}-${Date.now()}.cpuprofile`);
      writeFileSync(
        file,
        JSON.stringify({ ...profile, timedWindow: [start * 1e3 + offsetUs, (start + ms) * 1e3 + offsetUs] }),
      );
      return file;
    },
  };
}

/** BENCH_TRACE=1: the files and calls in flight during the timed window (those still loading when it started too), as
 *  offsets from its start (diagnosis, not reported). */
const TRACE = `(() => {
  const start = window.benchStart, end = start + window.benchMs;
  return '    ' + Math.round(window.benchMs) + ' ms: ' + performance.getEntriesByType('resource')
    .filter((e) => e.responseEnd >= start && e.startTime <= end)
    .map((e) => e.name.replace(location.origin, '').slice(0, 60) + ' ' + Math.round(e.startTime - start) + '→' + Math.round(e.responseEnd - start))
    .join(', ');
})()`;

const js = (value: string) => JSON.stringify(value);
const settled = (...conditions: string[]) => [...conditions, '!b.loading()'].join(' && ');

/** What differs between the two clients: where things are, and how a user gets there. */
interface Client {
  name: ClientName;
  baseUrl: string;
  loginName: string;
  /** Page source: the menu and the home page's figures show. */
  homeShown: string;
  sider: string;
  /** A tab of the open-pages bar. */
  tab: string;
  /** Page source: the visible list's rows include one holding `text`. */
  rowWith: (text: string) => string;
  /** Page source: the bill form shows a CGRK number and its lines grid. */
  billFormShown: string;
  /** Page source: the bill form shows a line of quantity 1 (the scanned product's). */
  lineShown: string;
  /** Page source: the detail dialog shows the bill's number and the line's product. */
  detailShown: (number: string) => string;
  /** Closes the tour a first visit opens over the page in front (`where`), as a returning user has. */
  closeTours: (page: Page, where: 'home' | 'list' | 'billForm') => Promise<void>;
  /** With the bill form open: the supplier chosen; resolves with the scan field, which has the cursor. */
  toScanField: (page: Page) => Promise<Locator>;
  billNumber: (page: Page) => Promise<string>;
  saveButton: (page: Page) => Locator;
  detailLink: (page: Page, number: string) => Locator;
}

const ours = (baseUrl: string, f: JourneyFixtures): Client => ({
  name: 'ours',
  baseUrl,
  loginName: f.users.ours,
  homeShown: settled(`b.shown('.main-sider li.ant-menu-item')`, `b.shown('.analysis-page .analysis-page__amount')`),
  sider: '.main-sider',
  tab: '.tab-layout__bar [role="tab"]',
  rowWith: (text) => settled(`b.shown('.table-page tbody tr.ant-table-row', ${js(text)})`),
  billFormShown: settled(
    `b.shown('.bill-form .bill-grid')`,
    `b.value('.bill-form input#number', (v) => v.startsWith('CGRK'))`,
    `b.shown('.bill-form input[id^="bill-scan"]')`,
  ),
  lineShown: settled(`b.value('.bill-form .bill-grid [data-cell="operNumber"]', (v) => v === '1')`),
  detailShown: (number) =>
    settled(
      `b.shown('.ant-modal .bill-detail', ${js(number)})`,
      `b.shown('.ant-modal .bill-detail', ${js(f.product)})`,
    ),
  closeTours: async (page, where) => {
    if (where !== 'billForm') await closeTourIfShown(page);
  },
  toScanField: async (page) => {
    // The supplier select has the cursor: typed, taken with Enter, then Enter on to the scan field.
    await choosePartyThenScanField(page, f.mark, f.vendor);
    return page.locator('.bill-form input[id^="bill-scan"]');
  },
  billNumber: (page) => page.locator('.bill-form input#number').inputValue(),
  saveButton: (page) =>
    page
      .locator('.ant-modal:visible')
      .filter({ has: page.locator('.bill-form') })
      .getByRole('button', { name: /^保\s*存(（Ctrl\+S）)?$/ }),
  detailLink: (page, number) =>
    page
      .locator('.table-page:visible tbody tr.ant-table-row')
      .filter({ hasText: number })
      .getByRole('button', { name: /查\s*看/ }),
});

/** The original's open bill form (its 单据编号 field; the list's own search field shares the placeholder). */
const originalBillModal = (page: Page) =>
  page.locator('.ant-modal-content:visible').filter({ has: page.locator('#billModal') });

const original = (baseUrl: string, f: JourneyFixtures): Client => ({
  name: 'original',
  baseUrl,
  loginName: f.users.original,
  homeShown: settled(`b.shown('.ant-layout-sider .ant-menu-submenu-title')`, `b.shown('.chart-card-content')`),
  sider: '.ant-layout-sider',
  tab: '.ant-tabs-bar .ant-tabs-tab',
  rowWith: (text) => settled(`b.shown('.ant-table-tbody tr.ant-table-row', ${js(text)})`),
  billFormShown: settled(
    `b.shown('#billModal')`,
    `b.value('.ant-modal input[placeholder="请输入单据编号"]', (v) => v.startsWith('CGRK') && v.length > 4)`,
  ),
  // Its form opens with an empty line whose quantity is 0; the scanned line replaces it with quantity 1.
  lineShown: settled(`b.value('#billModal input[id^="operNumber"]', (v) => v === '1')`),
  detailShown: (number) =>
    settled(
      `b.shown('.ant-modal-content', ${js(number)})`,
      `b.shown('.ant-modal-content .ant-table-tbody tr', ${js(f.product)})`,
    ),
  closeTours: async (page, where) => {
    // intro.js starts on the home page and as a bill form opens, unless its cache entry says it was closed before
    // (handleIntroJs: Vue.ls key intro_cache_<module>, namespace pro__); list pages have none.
    const module = where === 'home' ? 'indexChart' : where === 'billForm' ? 'CGRK' : null;
    if (!module || (await page.evaluate((key) => localStorage.getItem(key) !== null, `pro__intro_cache_${module}`)))
      return;
    const skip = page.locator('.introjs-skipbutton');
    await skip.click();
    await skip.waitFor({ state: 'detached' });
  },
  toScanField: async (page) => {
    const modal = originalBillModal(page);
    const item = modal.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: /^供应商$/ }) });
    await item.locator('.ant-select').first().click();
    await clickWhenResting(
      page.locator('.ant-select-dropdown:visible').getByRole('option', { name: f.vendor, exact: true }),
    );
    await modal.getByRole('button', { name: '扫码录入' }).click();
    const field = modal.getByPlaceholder('请扫描商品条码并回车');
    await page.waitForFunction((el) => document.activeElement === el, await field.elementHandle());
    return field;
  },
  billNumber: (page) => originalBillModal(page).getByPlaceholder('请输入单据编号').inputValue(),
  saveButton: (page) => originalBillModal(page).getByRole('button', { name: /保存（Ctrl\+S）/ }),
  detailLink: (page, number) =>
    page
      .locator('.ant-table-wrapper:visible .ant-table-tbody tr')
      .filter({ hasText: number })
      .first()
      .getByText('查看', { exact: true }),
});

/**
 * Waits, frame by frame, until a condition (page source) holds. Evaluated as an expression, not through
 * waitForFunction: our shell's content security policy forbids the eval that a string predicate needs.
 */
const waitInPage = (page: Page, source: string, timeoutMs = 30_000) =>
  page.evaluate(`new Promise((resolve, reject) => {
    const b = window.__bench;
    const until = performance.now() + ${timeoutMs};
    (function check() {
      if (${source}) resolve(true);
      else if (performance.now() > until) reject(new Error('timed out waiting for ' + ${JSON.stringify(JSON.stringify(source))}));
      else requestAnimationFrame(check);
    })();
  })`);

async function menuItem(page: Page, client: Client, group: string, leaf: string): Promise<Locator> {
  const sider = page.locator(client.sider).first();
  const item = sider.locator('li.ant-menu-item').filter({ has: page.getByText(leaf, { exact: true }) });
  if (!(await item.isVisible()))
    await clickWhenResting(
      sider.locator('.ant-menu-submenu-title').filter({ has: page.getByText(group, { exact: true }) }),
    );
  // The submenu unfolds: the timed click lands where the item comes to rest.
  await item.waitFor();
  await restingBox(item);
  return item;
}

/** One run of every journey on one client, in a fresh context; `capture` collects the calls made while timing. */
async function runOnce(
  browser: Browser,
  client: Client,
  f: JourneyFixtures,
  profile: NetworkProfile,
  capture: CapturedCall[] | null,
): Promise<Record<Journey, number>> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  await context.addInitScript(PAGE_HELPERS);
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  if (profile.latencyMs > 0) {
    // Chromium's own emulation, as side-by-side tools use it: every request waits `latency` before its answer's
    // headers arrive, whatever else is in flight; bandwidth is not limited.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  let current: Journey | null = null;
  if (capture)
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (current && url.pathname.startsWith(`${API}/`))
        capture.push({
          journey: current,
          method: request.method(),
          path: url.pathname.slice(API.length) + url.search,
          body: request.postData(),
        });
    });
  const timed = async (journey: Journey, event: 'click' | 'enter', done: string, action: () => Promise<unknown>) => {
    current = journey;
    try {
      return await timedInPage(page, journey, event, done, action);
    } finally {
      current = null;
    }
  };
  const ms = {} as Record<Journey, number>;
  try {
    await page.goto(`${client.baseUrl}/user/login`, { waitUntil: 'commit' });
    // performance.now() counts from navigation start.
    ms.firstLoad = (await (
      await page.waitForFunction(
        () => {
          const b = (window as unknown as { __bench?: { shown(s: string): boolean; loading(): boolean } }).__bench;
          return b && b.shown('input[type="password"]') && !b.loading() ? performance.now() : false;
        },
        undefined,
        { polling: 'raf', timeout: 60_000 },
      )
    ).jsonValue()) as number;

    await page.getByPlaceholder('请输入用户名').fill(client.loginName);
    await page.getByPlaceholder('请输入密码').fill('123456');
    // A login is a write of 用户 for the backend: kept apart from the bench's own writes as this user.
    await keepGap(client.loginName);
    ms.loginToHome = await timed('loginToHome', 'click', client.homeShown, () =>
      page.getByRole('button', { name: /登\s*录/ }).click(),
    );
    noteWrite(client.loginName);
    await client.closeTours(page, 'home');

    const purchaseIn = await menuItem(page, client, '采购管理', '采购入库');
    ms.newListPage = await timed('newListPage', 'click', client.rowWith('CGRK'), () => purchaseIn.click());
    await client.closeTours(page, 'list');

    // 商品库存 lists every product of the tenant, newest first; any row answers the query (the backend may hold
    // other people's products).
    const stock = await menuItem(page, client, '报表查询', '商品库存');
    await stock.click();
    await waitInPage(page, client.rowWith(''));
    await client.closeTours(page, 'list');
    const query = page
      .locator('button:visible')
      .filter({ hasText: /^\s*查\s*询\s*$/ })
      .first();
    ms.reportQuery = await timed(
      'reportQuery',
      'click',
      `b.answered('/material/getListWithStock', start) && ${client.rowWith('')}`,
      () => query.click(),
    );

    const tab = page.locator(client.tab).filter({ hasText: '采购入库' });
    ms.tabSwitch = await timed('tabSwitch', 'click', client.rowWith('CGRK'), () => tab.click());

    const add = page
      .locator('button:visible')
      .filter({ hasText: /^\s*新\s*增\s*$/ })
      .first();
    ms.billForm = await timed('billForm', 'click', client.billFormShown, () => add.click());
    await client.closeTours(page, 'billForm');

    const scanField = await client.toScanField(page);
    await scanField.fill(f.barCode);
    ms.scanLine = await timed('scanLine', 'enter', client.lineShown, () => scanField.press('Enter'));

    const number = await client.billNumber(page);
    await keepGap(client.loginName);
    ms.saveBill = await timed('saveBill', 'click', client.rowWith(number), () => client.saveButton(page).click());
    noteWrite(client.loginName);

    ms.billDetail = await timed('billDetail', 'click', client.detailShown(number), () =>
      client.detailLink(page, number).click(),
    );
    return ms;
  } catch (error) {
    const shot = `/tmp/bench-journey-${client.name}-${Date.now()}.png`;
    await page.screenshot({ path: shot }).catch(() => undefined);
    throw new Error(
      `${client.name} (${profile.name}): ${(error as Error).message.split('\n')[0]} (after ${Object.keys(ms).join(', ') || 'nothing'}; screenshot ${shot})`,
      { cause: error },
    );
  } finally {
    await context.close();
  }
}

const emptyRuns = (): Record<Journey, number[]> =>
  Object.fromEntries(JOURNEYS.map((j) => [j, []])) as unknown as Record<Journey, number[]>;

const medians = (runs: Record<Journey, number[]>) =>
  Object.fromEntries(JOURNEYS.map((j) => [j, median(runs[j])])) as Record<Journey, number>;

function summary(runs: Record<Journey, number[]>): ClientJourneys {
  return { runs, median: medians(runs) };
}

/**
 * Every journey on our shell and, when `originalUrl` is given, on the original, on each network profile: one
 * uncounted warm-up run per client (on the LAN; it also captures our shell's calls for the floor), then `runs`
 * counted runs, each run going through every profile and alternating which client goes first, so drift on a shared
 * machine favours neither. After each run the backend's floor is measured once, straight at the backend.
 */
export async function measureJourneys(options: {
  chromiumPath: string;
  oursUrl: string;
  originalUrl: string | null;
  backendUrl: string;
  backendLabel: string;
  fixtures: JourneyFixtures;
  runs: number;
  profiles?: NetworkProfile[];
  log: (line: string) => void;
}): Promise<JourneysResult> {
  const f = options.fixtures;
  const profiles = options.profiles ?? NETWORK_PROFILES;
  const browser = await chromium.launch({ executablePath: options.chromiumPath, args: BENCH_CHROMIUM_ARGS });
  const clients = [ours(options.oursUrl, f), ...(options.originalUrl ? [original(options.originalUrl, f)] : [])];
  const runs = profiles.map(() => ({ ours: emptyRuns(), original: emptyRuns() }));
  const floorRuns = emptyRuns();
  const captured: CapturedCall[] = [];
  let floorMissing: string[] = [];
  const line = (ms: Record<Journey, number>) => JOURNEYS.map((j) => `${j} ${Math.round(ms[j])}`).join(', ');
  try {
    for (const client of clients) {
      const ms = await runOnce(browser, client, f, profiles[0]!, client.name === 'ours' ? captured : null);
      options.log(`  journeys warm-up ${client.name} (${profiles[0]!.name}): ${line(ms)}`);
    }
    for (let run = 1; run <= options.runs; run++) {
      for (const [p, profile] of profiles.entries()) {
        const order = (run + p) % 2 === 0 ? clients : [...clients].reverse();
        for (const client of order) {
          // The run before's context is torn down after its close resolves: this run starts once that is done.
          if (!(await untilMachineIdle())) options.log('  (the machine stayed busy: this run started after 5 s)');
          const ms = await runOnce(browser, client, f, profile, null);
          for (const j of JOURNEYS) runs[p]![client.name][j].push(ms[j]);
          options.log(`  journeys run ${run} ${profile.name} ${client.name}: ${line(ms)}`);
        }
      }
      const floor: FloorSample = await measureFloor({
        backendUrl: options.backendUrl,
        loginName: f.users.ours,
        captured,
      });
      floorMissing = floor.missing;
      for (const j of JOURNEYS) floorRuns[j].push(floor.ms[j]);
      options.log(
        `  floor run ${run} (the backend's own time, LAN): ${line(floor.ms)}${floor.missing.length ? `; not called by ours: ${floor.missing.join(', ')}` : ''}`,
      );
    }
  } finally {
    await browser.close();
  }
  const floorMedian = medians(floorRuns);
  return {
    runs: options.runs,
    backend: options.backendLabel,
    fixtures: f,
    floorMissing,
    profiles: profiles.map((profile, p) => {
      // Each step of a journey's floor waits for one more round trip (but a save's list: floorRoundTrips).
      const trips = (j: Journey) => floorRoundTrips(j) * profile.latencyMs;
      return {
        profile,
        ours: summary(runs[p]!.ours),
        original: options.originalUrl ? summary(runs[p]!.original) : null,
        floor: {
          runs: Object.fromEntries(JOURNEYS.map((j) => [j, floorRuns[j].map((ms) => ms + trips(j))])) as Record<
            Journey,
            number[]
          >,
          median: Object.fromEntries(JOURNEYS.map((j) => [j, floorMedian[j] + trips(j)])) as Record<Journey, number>,
        },
      };
    }),
  };
}
