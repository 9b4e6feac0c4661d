// npm run bench: the gateway beside nginx and the original client, in one run on one machine, as ratios.
// Writes bench/results/latest.json (git-ignored), bench/RESULTS.md (committed) and prints the markdown table.
// Flags: --quick (short runs, for trying the bench itself), --only=proxy,first-load,journeys,notices,lists,scaling,memory,
// --requests=N (proxied requests of the memory part, 1,000,000 by default). BENCH_RUNS=N: counted runs per client of
// the journeys and cold loads of the first load (5 by default, 2 with --quick).
// The original jshERP client is a ready production build named by ORIGINAL_CLIENT_DIST (bench/lib/original-client.ts),
// measured beside ours; without one the bench says so, runs every other side and judges nothing against the original.
// TEST_UPSTREAM_URL names a running jshERP-boot for the first load and the journeys (bench/lib/backend.ts); without
// it they face the sandbox, in a process of its own. bench/RESULTS.md keeps the latest complete run of each.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { setMaxListeners } from 'node:events';
import { ensureTools } from './lib/tools.js';
import { runWrk, type WrkResult } from './lib/wrk.js';
import {
  repoRoot,
  startBareProxy,
  startFixedUpstream,
  startGateway,
  startNginx,
  startNodeFloor,
  startPortPrinter,
  rssOf,
  type Running,
} from './lib/processes.js';
import { measureFirstLoad, staticImportGraph, type FirstLoadResult } from './lib/first-load.js';
import { measureJourneys, NETWORK_PROFILES } from './lib/journeys.js';
import { startBackend } from './lib/backend.js';
import { makeJourneyFixtures, removeJourneyUser } from './lib/fixtures.js';
import { originalClientDist, serveOriginalClient } from './lib/original-client.js';
import { startCountingRelay } from '../test/support/counting-relay.js';
import {
  bareBroadcast,
  bareSockets,
  broadcastOnce,
  gatewayBroadcast,
  gatewaySockets,
  login,
  openSockets,
  pollsPerInterval,
  type BroadcastResult,
} from './lib/notices.js';
import { renderMarkdown, resultsFile, type BenchResult } from './lib/report.js';
import { TEST_UPSTREAM_URL } from '../test/support/backend.js';
import { growTable, timeCalls, type ScalingPoint } from './lib/scaling.js';
import { startSandbox } from '../server/sandbox/start.js';
import { parseClockStart } from '../server/lib/clock-start.js';
import { tenantIdOfToken } from '../server/sandbox/state.js';

setMaxListeners(0);
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const enabled = (section: string) => !only || only.includes(section);
const log = (line: string) => process.stderr.write(`${line}\n`);

const wrkSeconds = quick ? 3 : 10;
const connectionSteps = [10, 50, 200];
const mainConnections = 50;
const socketCounts = quick ? [1000] : [1000, 10_000];
const tabCounts = [1, 5, 20];
const broadcastRounds = 3;
const sideOrder = quick ? (['gateway', 'bare'] as const) : (['gateway', 'bare', 'bare', 'gateway'] as const);
const pollMs = 500;
const scalingRows = [10_000, 100_000];
const scalingCalls = quick ? 5 : 30;
const memoryRequests = Number(args.find((a) => a.startsWith('--requests='))?.slice('--requests='.length) ?? 1_000_000);
const memorySampleEvery = Math.min(100_000, memoryRequests);
const browserRuns = Number(process.env.BENCH_RUNS ?? (quick ? 2 : 5));

const distDir = join(repoRoot, 'client', 'dist');
// A fresh clone has no build yet: make one (the bench measures the production start and the built shell).
if (!existsSync(join(repoRoot, 'dist', 'server', 'server.js')) || !existsSync(join(distDir, 'index.html'))) {
  log('bench: no build found — running `npm run build`');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
}

const tmpDir = mkdtempSync(join(tmpdir(), 'jsherp-bench-'));
const started: Running[] = [];
const track = <T extends Running>(r: T): T => (started.push(r), r);
// Ctrl-C: stop what the bench started before leaving.
process.once('SIGINT', () => {
  void Promise.all(started.map((running) => running.stop().catch(() => undefined))).then(() => process.exit(130));
});

const result: BenchResult = {
  startedAt: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? '?',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    // Other work on a shared machine shifts every absolute figure; the load average says how much there was.
    loadAtStart: loadavg()[0]!,
  },
  settings: { wrkSeconds, mainConnections, connectionSteps, nginxWorkers: 1, pollMs, quick },
  skipped: [],
  proxy: null,
  firstLoad: null,
  originalFirstLoad: null,
  notices: null,
  lists: null,
  journeys: null,
  scaling: null,
  memory: null,
};

const tools = ensureTools(['wrk', 'nginx', 'chromium'], log);
for (const tool of Object.values(tools)) if (!tool.path) result.skipped.push(`${tool.name}: ${tool.reason}`);

async function proxySection() {
  if (!tools.wrk!.path) return;
  log('bench: proxy — fixed upstream, gateway and nginx on loopback');
  const upstream = track(await startFixedUpstream(tmpDir));
  const gateway = track(await startGateway({ name: 'gateway-proxy', tmpDir, env: { UPSTREAM_URL: upstream.url } }));
  const bare = track(await startBareProxy(tmpDir, upstream.url));
  const floor = track(await startNodeFloor(tmpDir, upstream.url));
  const nginx = tools.nginx!.path
    ? track(
        await startNginx({
          nginx: tools.nginx!.path,
          tmpDir,
          staticRoot: distDir,
          upstreamUrl: upstream.url,
          workers: 1,
        }),
      )
    : null;
  const path = '/jshERP-boot/user/list?search=%7B%7D&currentPage=1&pageSize=10';
  const targets: [string, string][] = [
    ['upstream', upstream.url],
    ['gateway', gateway.url],
    ['bare', bare.url],
    ['floor', floor.url],
    ...(nginx ? ([['nginx', nginx.url]] as [string, string][]) : []),
  ];
  // Check every side answers the same body before timing it.
  const bodies = await Promise.all(targets.map(async ([, url]) => (await fetch(url + path)).text()));
  if (new Set(bodies).size !== 1)
    throw new Error(`proxied answers differ: ${bodies.map((b) => b.slice(0, 80)).join(' | ')}`);
  for (const [name, url] of targets) {
    await runWrk({
      wrk: tools.wrk!.path!,
      url: url + path,
      connections: mainConnections,
      durationS: quick ? 1 : 3,
      tmpDir,
    });
    log(`  warm-up ${name}`);
  }
  const points: Record<string, WrkResult[]> = { upstream: [], gateway: [], bare: [], floor: [], nginx: [] };
  for (const connections of connectionSteps) {
    // Alternate the order per step so drift on a shared machine does not always favour one side.
    const ordered = connections === mainConnections ? [...targets].reverse() : targets;
    for (const [name, url] of ordered) {
      const r = await runWrk({ wrk: tools.wrk!.path!, url: url + path, connections, durationS: wrkSeconds, tmpDir });
      points[name]!.push(r);
      log(
        `  ${name} c=${connections}: ${r.okPerSec.toFixed(0)} 2xx req/s (${r.non2xx} non-2xx), p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms, errors ${r.errors}`,
      );
    }
  }
  for (const list of Object.values(points)) list.sort((a, b) => a.connections - b.connections);
  result.proxy = {
    path,
    bodyBytes: Buffer.byteLength(bodies[0]!),
    points,
    gatewayRss: rssOf(gateway.child.pid!),
  };
  await gateway.stop();
  await bare.stop();
  await floor.stop();
  if (nginx) await nginx.stop();
  await upstream.stop();
}

/** First load and the journeys: both clients in front of one backend, the real one or a sandbox process. */
async function browserSection() {
  if (!tools.chromium!.path) {
    if (enabled('first-load'))
      result.firstLoad = { staticOnly: staticImportGraph(distDir) } as unknown as FirstLoadResult;
    return;
  }
  const backend = await startBackend(tmpDir, track);
  result.backend = backend.label;
  log(`bench: first load and journeys in front of ${backend.label}`);
  const gateway = track(await startGateway({ name: 'gateway-journeys', tmpDir, env: { UPSTREAM_URL: backend.url } }));
  // The original client behind nginx, /jshERP-boot proxied straight to the same backend, as jshERP deploys it.
  let originalUrl: string | null = null;
  let originalDistDir: string | null = null;
  let stopOriginal = async () => {};
  const built = originalClientDist();
  if (built.dist !== null) {
    const served = await serveOriginalClient({
      dist: built.dist,
      upstreamUrl: backend.url,
      tmpDir,
      nginx: tools.nginx!.path,
    });
    started.push({ child: gateway.child, url: served.url, stop: async () => (await served.stop(), null) });
    stopOriginal = async () => void (await served.stop());
    originalUrl = served.url;
    originalDistDir = built.dist;
    result.original = {
      from: built.origin,
      server: served.server === 'nginx' ? 'nginx' : `a Node static server (${tools.nginx!.reason})`,
    };
    log(`bench: original client from ${built.origin}, served by ${result.original.server} at ${served.url}`);
  } else {
    result.original = { skipped: built.reason };
    result.skipped.push(`original client: ${built.reason}`);
    log(`bench: the original client is not measured — ${built.reason}`);
  }
  try {
    if (enabled('first-load')) {
      result.firstLoad = await measureFirstLoad({
        chromiumPath: tools.chromium!.path,
        baseUrl: gateway.url,
        distDir,
        loads: browserRuns,
        log,
      });
      if (originalUrl && originalDistDir) {
        result.originalFirstLoad = await measureFirstLoad({
          chromiumPath: tools.chromium!.path,
          baseUrl: originalUrl,
          distDir: originalDistDir,
          loads: browserRuns,
          log,
        });
      }
    }
    if (enabled('journeys')) {
      const fixtures = await makeJourneyFixtures(backend.url, log);
      log(
        `bench: journeys in chromium, ours${originalUrl ? ' and the original alternately' : ''}, on ${NETWORK_PROFILES.map((p) => p.name).join(' and ')} (first load, login → home, list page, report query, tab switch, bill form, scan, save, detail)`,
      );
      try {
        result.journeys = await measureJourneys({
          chromiumPath: tools.chromium!.path,
          oursUrl: gateway.url,
          originalUrl,
          backendUrl: backend.url,
          backendLabel: backend.label,
          fixtures,
          runs: browserRuns,
          log,
        });
      } finally {
        // Said, not thrown: a failed journey's own error stays the one reported.
        await removeJourneyUser(backend.url, fixtures).catch((error: unknown) =>
          log(`bench: the original's user ${fixtures.users.original} is left on the backend: ${String(error)}`),
        );
      }
      if (backend.kind === 'real')
        log(
          `bench: left on the backend (all named or marked ${fixtures.mark}): vendor ${fixtures.vendor}, product ${fixtures.product}, ${fixtures.bills.length} bills, and the ${browserRuns * NETWORK_PROFILES.length * 2 + 2 + browserRuns} bills the journeys and the floor saved (the original's user ${fixtures.users.original} is deleted again)`,
        );
    }
  } finally {
    await stopOriginal();
    await gateway.stop();
    await backend.stop();
  }
}

async function listsSection() {
  if (!tools.wrk!.path) return;
  log('bench: sandbox lists — gateway on its embedded sandbox');
  const gateway = track(await startGateway({ name: 'gateway-sandbox', tmpDir, env: { SANDBOX_CAPTCHA: 'false' } }));
  try {
    const admin = await login(gateway.url, 'admin');
    const jsh = await login(gateway.url, 'jsh');
    const lists: NonNullable<BenchResult['lists']> = [];
    // Resources with the most seeded rows, as the users who see the most of them.
    for (const [resource, session] of [
      ['function', admin],
      ['user', jsh],
    ] as const) {
      for (const pageSize of [10, 100]) {
        const path = `/jshERP-boot/${resource}/list?search=%7B%7D&currentPage=1&pageSize=${pageSize}`;
        const probe = await fetch(gateway.url + path, { headers: { 'x-access-token': session.token } });
        const body = await probe.text();
        let rows = -1;
        try {
          rows = (JSON.parse(body) as { data: { rows: unknown[] } }).data.rows.length;
        } catch {
          /* not a list answer: recorded as rows -1 */
        }
        const r = await runWrk({
          wrk: tools.wrk!.path!,
          url: gateway.url + path,
          connections: 10,
          durationS: quick ? 2 : 5,
          headers: { 'X-Access-Token': session.token },
          tmpDir,
        });
        lists.push({ resource, pageSize, rows, bodyBytes: Buffer.byteLength(body), status: probe.status, wrk: r });
        log(
          `  ${resource}/list pageSize=${pageSize} (${rows} rows, ${body.length} B): ${r.okPerSec.toFixed(0)} 2xx req/s (${r.non2xx} non-2xx), p99 ${r.p99Ms.toFixed(2)} ms`,
        );
      }
    }
    result.lists = lists;
  } finally {
    await gateway.stop();
  }
}

async function noticesSection() {
  log('bench: notices — measured gateway → counting relay → sandbox gateway');
  const broadcastToken = `bench-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  const sandbox = track(
    await startGateway({ name: 'gateway-notice-sandbox', tmpDir, env: { SANDBOX_CAPTCHA: 'false' } }),
  );
  const relay = await startCountingRelay(sandbox.url, { keepAlive: true });
  const gateway = track(
    await startGateway({
      name: 'gateway-notices',
      tmpDir,
      withMemoryProbe: true,
      env: {
        UPSTREAM_URL: relay.url,
        BROADCAST_TOKEN: broadcastToken,
        NOTICE_POLL_MS: String(pollMs),
        WS_MAX_PER_USER: '10000',
        WS_MAX_TOTAL: '20000',
        // Every socket comes from this machine's one address: the per-address cap (256 by default) would refuse them.
        MAX_CONNECTIONS_PER_ADDRESS: '20000',
      },
    }),
  );
  try {
    const sessions = await Promise.all(['admin', 'jsh', 'test123'].map((name) => login(gateway.url, name)));
    const pollPath = '/jshERP-boot/msg/getMsgByStatus';
    const polls: { tabs: number; pollsPerInterval: number }[] = [];
    for (const tabs of tabCounts) {
      const perInterval = await pollsPerInterval({
        gatewayUrl: gateway.url,
        session: sessions[1]!,
        tabs,
        intervalMs: pollMs,
        intervals: quick ? 4 : 8,
        countPolls: (token) => relay.countsFor(pollPath).get(token) ?? 0,
        resetCounts: relay.reset,
      });
      polls.push({ tabs, pollsPerInterval: perInterval });
      log(`  ${tabs} tab(s) of one user: ${perInterval.toFixed(2)} upstream polls per interval`);
    }
    const scales: NonNullable<BenchResult['notices']>['scales'] = [];
    const bare = track(await startPortPrinter(tmpDir, 'bare-broadcast', {}));
    // The bare server sends the gateway's own frame (as a socket received it), its title swapped per round.
    let gatewayFrame: { text: string; title: string } | null = null;
    const keepFrame = (text: string, title: string) => void (gatewayFrame ??= { text, title });
    for (const count of socketCounts) {
      const rounds: BroadcastResult[] = [];
      const bareRounds: BroadcastResult[] = [];
      let memory: { heapPerSocket: number; rssPerSocket: number; openMs: number; shed: number } | null = null;
      // Gateway, bare, bare, gateway (one of each with --quick): drift on a shared machine favours neither side.
      for (const side of sideOrder) {
        await sleep(500);
        const before = await gateway.memory!();
        const rssBefore = rssOf(gateway.child.pid!);
        const t = Date.now();
        // The same count of sockets, opened the same way from this process, on either server.
        const pool = await openSockets(
          side === 'gateway' ? gatewaySockets(gateway.url, sessions) : bareSockets(bare.url),
          count,
        );
        const openMs = Date.now() - t;
        await sleep(1500);
        if (side === 'gateway' && !memory) {
          const after = await gateway.memory!();
          memory = {
            heapPerSocket: (after.heapUsed - before.heapUsed) / count,
            rssPerSocket: (rssOf(gateway.child.pid!) - rssBefore) / count,
            openMs,
            shed: pool.shed,
          };
        }
        for (let round = 0; round < broadcastRounds; round++) {
          if (side === 'gateway')
            rounds.push(await broadcastOnce(gatewayBroadcast(gateway.url, broadcastToken), pool, round, keepFrame));
          else
            bareRounds.push(
              await broadcastOnce(
                bareBroadcast(bare.url, () => gatewayFrame!),
                pool,
                round,
              ),
            );
          await sleep(300);
        }
        await pool.closeAll();
        await sleep(1000);
      }
      const { heapPerSocket, rssPerSocket, openMs } = memory!;
      scales.push({
        sockets: count,
        rounds,
        bareRounds,
        frameBytes: Buffer.byteLength(gatewayFrame!.text),
        heapPerSocket,
        rssPerSocket,
        openMs,
        shedUpgrades: memory!.shed,
      });
      const show = (list: BroadcastResult[]) =>
        list
          .map(
            (r) =>
              `p50 ${r.p50Ms.toFixed(0)} ms p99 ${r.p99Ms.toFixed(0)} ms (${r.received}/${r.sockets}${r.refusals ? `, ${r.refusals} refused first` : ''})`,
          )
          .join('; ');
      log(
        `  ${count} sockets (opened in ${openMs} ms, ${memory!.shed} upgrades shed with 503 and retried): heap ${(heapPerSocket / 1024).toFixed(1)} KB/socket, rss ${(rssPerSocket / 1024).toFixed(1)} KB/socket; ` +
          `broadcast ${show(rounds)}; bare ws ${show(bareRounds)}`,
      );
    }
    await bare.stop();
    result.notices = { polls, scales };
  } finally {
    await gateway.stop();
    await relay.close();
    await sandbox.stop();
  }
}

async function scalingSection() {
  log('bench: scaling — gateway on an in-process sandbox whose tables the bench grows');
  // SANDBOX_CLOCK fixes the demo data's calendar for runs to be compared; the gateways started below read it too.
  const sandbox = await startSandbox({ captcha: false, clock: parseClockStart(process.env.SANDBOX_CLOCK) });
  const state = sandbox.app.sandbox.state;
  const gateway = track(await startGateway({ name: 'gateway-scaling', tmpDir, env: { UPSTREAM_URL: sandbox.url } }));
  try {
    const session = await login(gateway.url, 'jsh');
    const tenantId = tenantIdOfToken(session.token);
    const points: ScalingPoint[] = [];
    for (const rows of scalingRows) {
      for (const table of ['material', 'depotHead', 'supplier'] as const) growTable(state, table, tenantId, rows);
      // The largest answers take seconds per call at 100,000 rows: fewer calls there.
      const calls = rows > 10_000 ? Math.ceil(scalingCalls / 3) : scalingCalls;
      const barCode = `9${String(state.tables.material!.at(-1)!.id).padStart(12, '0')}`;
      const paths: [string, number | null][] = [];
      for (const resource of ['material', 'depotHead', 'supplier']) {
        for (const pageSize of [10, 100])
          paths.push([`/jshERP-boot/${resource}/list?search=%7B%7D&currentPage=1&pageSize=${pageSize}`, pageSize]);
      }
      paths.push([`/jshERP-boot/material/getMaterialByBarCode?barCode=${barCode}&mpList=&prefixNo=CGRK`, null]);
      for (const [path, pageSize] of paths) {
        const point = {
          path: path.replace(/\?.*/, ''),
          rows,
          pageSize,
          ...(await timeCalls(gateway.url + path, session.token, calls)),
        };
        points.push(point);
        log(
          `  ${point.path}${pageSize ? ` pageSize=${pageSize}` : ''} at ${rows} rows: median ${point.medianMs.toFixed(1)} ms, p95 ${point.p95Ms.toFixed(1)} ms (${calls} calls, ${point.bodyBytes} B)`,
        );
      }
    }
    result.scaling = points;
  } finally {
    await gateway.stop();
    await sandbox.close();
  }
}

async function memorySection() {
  if (!tools.wrk!.path) return;
  log(`bench: memory — gateway RSS and heap over ${memoryRequests} proxied requests of the fixed upstream`);
  const upstream = track(await startFixedUpstream(tmpDir));
  const gateway = track(
    await startGateway({ name: 'gateway-memory', tmpDir, withMemoryProbe: true, env: { UPSTREAM_URL: upstream.url } }),
  );
  try {
    const url = `${gateway.url}/jshERP-boot/user/list?search=%7B%7D&currentPage=1&pageSize=10`;
    const warm = await runWrk({ wrk: tools.wrk!.path!, url, connections: mainConnections, durationS: 3, tmpDir });
    const sample = async (requests: number) => {
      const memory = await gateway.memory!();
      const point = {
        requests,
        rss: rssOf(gateway.child.pid!),
        heapUsed: memory.heapUsed,
        heapTotal: memory.heapTotal,
        external: memory.external,
      };
      log(
        `  after ${requests} requests: rss ${(point.rss / 2 ** 20).toFixed(1)} MiB, heap used after GC ${(point.heapUsed / 2 ** 20).toFixed(1)} MiB`,
      );
      return point;
    };
    const samples = [await sample(0)];
    let done = 0;
    let errors = 0;
    let rate = warm.reqPerSec;
    // wrk runs for a time, not a count: each run is sized from the last rate to reach the next sample point, and
    // capped at 5 s so a wrong first rate (cold JIT, a busy machine) overshoots a point by seconds, not minutes.
    while (done < memoryRequests) {
      const next = Math.min(memoryRequests, (Math.floor(done / memorySampleEvery) + 1) * memorySampleEvery);
      const seconds = Math.min(5, Math.max(1, Math.round((next - done) / rate)));
      const r = await runWrk({ wrk: tools.wrk!.path!, url, connections: mainConnections, durationS: seconds, tmpDir });
      done += r.requests;
      errors += r.errors;
      rate = r.reqPerSec;
      if (done >= next) samples.push(await sample(done));
    }
    const first = samples[0]!.heapUsed;
    const last = samples.at(-1)!.heapUsed;
    result.memory = { requests: done, errors, samples, heapGrowth: (last - first) / first };
  } finally {
    await gateway.stop();
    await upstream.stop();
  }
}

let failed = false;
try {
  if (enabled('proxy')) await proxySection();
  if (enabled('first-load') || enabled('journeys')) await browserSection();
  if (enabled('lists')) await listsSection();
  if (enabled('notices')) await noticesSection();
  if (enabled('scaling')) await scalingSection();
  if (enabled('memory')) await memorySection();
} catch (error) {
  failed = true;
  log(`bench: failed — ${(error as Error).stack ?? error}`);
  result.error = String((error as Error).message ?? error);
} finally {
  for (const running of started.reverse()) await running.stop().catch(() => undefined);
}

result.finishedAt = new Date().toISOString();
result.machine.loadAtEnd = loadavg()[0]!;
mkdirSync(join(repoRoot, 'bench', 'results'), { recursive: true });
writeFileSync(join(repoRoot, 'bench', 'results', 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);
const markdown = renderMarkdown(result);
process.stdout.write(`${markdown}\n`);
// Only a complete, successful full run with every side measured replaces its backend's part of the committed summary.
if (!only && !quick && !failed && result.skipped.length === 0) {
  const file = join(repoRoot, 'bench', 'RESULTS.md');
  const kind = TEST_UPSTREAM_URL ? 'real' : 'sandbox';
  writeFileSync(file, resultsFile(existsSync(file) ? readFileSync(file, 'utf8') : null, result, kind));
  execFileSync(join(repoRoot, 'node_modules', '.bin', 'prettier'), ['--write', '--log-level', 'warn', file]);
  log(`bench: bench/RESULTS.md — the ${kind} backend's part replaced`);
}
if (failed) log(`bench: logs kept in ${tmpDir}`);
else rmSync(tmpDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
