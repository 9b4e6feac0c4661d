// The bench's result shape and its markdown: one table of targets (met/missed, as ratios within this run),
// then the detail tables.
import type { WrkResult } from './wrk.js';
import type { FirstLoadResult } from './first-load.js';
import type { BroadcastResult } from './notices.js';
import { JOURNEYS, JOURNEY_LABELS, type Journey, type JourneysResult } from './journeys.js';
import type { ScalingPoint } from './scaling.js';

export interface BenchResult {
  startedAt: string;
  finishedAt?: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; loadAtStart: number; loadAtEnd?: number };
  settings: Record<string, unknown>;
  skipped: string[];
  error?: string;
  proxy: { path: string; bodyBytes: number; points: Record<string, WrkResult[]>; gatewayRss: number } | null;
  firstLoad: FirstLoadResult | null;
  /** The original client's first load, measured the same way (null when it was not measured). */
  originalFirstLoad?: FirstLoadResult | null;
  /** Where the original client came from and what served it, or why it was not measured. */
  original?: { from: string; server: string } | { skipped: string };
  notices: {
    polls: { tabs: number; pollsPerInterval: number }[];
    scales: {
      sockets: number;
      rounds: BroadcastResult[];
      heapPerSocket: number;
      rssPerSocket: number;
      openMs: number;
      shedUpgrades: number;
    }[];
  } | null;
  lists:
    { resource: string; pageSize: number; rows: number; bodyBytes: number; status: number; wrk: WrkResult }[] | null;
  journeys: JourneysResult | null;
  scaling: ScalingPoint[] | null;
  memory: {
    requests: number;
    errors: number;
    samples: { requests: number; rss: number; heapUsed: number; heapTotal: number; external: number }[];
    /** Heap used after GC at the end against after warm-up, as a fraction. */
    heapGrowth: number;
  } | null;
}

export const targets = {
  proxyReqRatio: 0.8,
  proxyP99Ratio: 1.5,
  /** The gateway against the design packages alone (bench/bare-proxy.ts): what its own per-request work may cost. */
  bareReqRatio: 0.85,
  bareP99Ratio: 1.3,
  loginScriptGzip: 150 * 1024,
  broadcastP99Ms: 200,
  bytesPerSocket: 20 * 1024,
  pollsPerInterval: 1,
  /** Ours against the original client, journey by journey, medians of the same run (issue 24). */
  journeyRatio: Object.fromEntries(JOURNEYS.map((j) => [j, j === 'firstLoad' ? 0.3 : 0.5])) as Record<Journey, number>,
  /** Product list and barcode look-up at 10,000 products, median. */
  productCallMs: 50,
  heapGrowth: 0.1,
};

const n0 = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '—');
const n2 = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '—');
const kb = (v: number) => (Number.isFinite(v) ? `${(v / 1024).toFixed(1)} KB` : '—');
const mb = (v: number) => (Number.isFinite(v) ? `${(v / 2 ** 20).toFixed(1)} MiB` : '—');
const mark = (ok: boolean | null) => (ok === null ? 'not measured' : ok ? '**met**' : '**missed**');

/** The run's median broadcast round by p99 (3 rounds per socket count). */
function medianRound(rounds: BroadcastResult[]): BroadcastResult | undefined {
  return [...rounds].sort((a, b) => a.p99Ms - b.p99Ms)[Math.floor(rounds.length / 2)];
}

export function renderMarkdown(r: BenchResult): string {
  const lines: string[] = [];
  lines.push(`# Bench results`, '');
  lines.push(
    `Run ${r.startedAt} → ${r.finishedAt ?? '?'} on ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGiB} GiB, Node ${r.machine.node}, load average ${r.machine.loadAtStart.toFixed(1)} at the start and ${r.machine.loadAtEnd?.toFixed(1) ?? '?'} at the end. ` +
      `All sides measured in this one run on this machine; compare ratios, not absolute numbers.`,
    '',
  );
  if (r.skipped.length) lines.push(`Skipped: ${r.skipped.join('; ')}`, '');
  if (r.error) lines.push(`**The run failed:** ${r.error}`, '');

  const at = (name: string, c: number) => r.proxy?.points[name]?.find((p) => p.connections === c);
  const mainC = Number(r.settings.mainConnections ?? 50);
  const gw = at('gateway', mainC);
  const ng = at('nginx', mainC);
  const reqRatio = gw && ng ? gw.okPerSec / ng.okPerSec : NaN;
  const p99Ratio = gw && ng ? gw.p99Ms / ng.p99Ms : NaN;
  const bare = at('bare', mainC);
  const bareReqRatio = gw && bare ? gw.okPerSec / bare.okPerSec : NaN;
  const bareP99Ratio = gw && bare ? gw.p99Ms / bare.p99Ms : NaN;
  const fl = r.firstLoad && 'medianMs' in r.firstLoad ? r.firstLoad : null;
  const ofl = r.originalFirstLoad && 'medianMs' in r.originalFirstLoad ? r.originalFirstLoad : null;
  const originalSkipped = r.original && 'skipped' in r.original ? r.original.skipped : null;
  const big = r.notices?.scales.find((s) => s.sockets === 10_000) ?? null;
  const bigRound = big ? medianRound(big.rounds) : undefined;
  const maxPolls = r.notices ? Math.max(...r.notices.polls.map((p) => p.pollsPerInterval)) : NaN;
  const minPolls = r.notices ? Math.min(...r.notices.polls.map((p) => p.pollsPerInterval)) : NaN;

  lines.push(
    `## Targets`,
    '',
    '| Measure | Gateway | Reference | Ratio / figure | Target | Result |',
    '|---|---|---|---|---|---|',
  );
  lines.push(
    `| Proxied req/s answered 2xx (c=${mainC}) | ${gw ? n0(gw.okPerSec) : '—'}${gw?.non2xx ? ` (+${n0(gw.non2xx / gw.durationS)}/s non-2xx)` : ''} | nginx ${ng ? n0(ng.okPerSec) : '—'} | ${n2(reqRatio)} × | ≥ ${targets.proxyReqRatio} × nginx | ${mark(Number.isFinite(reqRatio) ? reqRatio >= targets.proxyReqRatio : null)} |`,
  );
  lines.push(
    `| Proxied latency p99 (c=${mainC}) | ${gw ? n2(gw.p99Ms) : '—'} ms | nginx ${ng ? n2(ng.p99Ms) : '—'} ms | ${n2(p99Ratio)} × | ≤ ${targets.proxyP99Ratio} × nginx | ${mark(Number.isFinite(p99Ratio) ? p99Ratio <= targets.proxyP99Ratio : null)} |`,
  );
  lines.push(
    `| Proxied req/s 2xx against the bare packages (c=${mainC}) | ${gw ? n0(gw.okPerSec) : '—'} | bare ${bare ? n0(bare.okPerSec) : '—'} | ${n2(bareReqRatio)} × | ≥ ${targets.bareReqRatio} × bare | ${mark(Number.isFinite(bareReqRatio) ? bareReqRatio >= targets.bareReqRatio : null)} |`,
  );
  lines.push(
    `| Proxied p99 against the bare packages (c=${mainC}) | ${gw ? n2(gw.p99Ms) : '—'} ms | bare ${bare ? n2(bare.p99Ms) : '—'} ms | ${n2(bareP99Ratio)} × | ≤ ${targets.bareP99Ratio} × bare | ${mark(Number.isFinite(bareP99Ratio) ? bareP99Ratio <= targets.bareP99Ratio : null)} |`,
  );
  lines.push(
    `| Login route script, gzip | ${fl ? kb(fl.scriptGzip) : '—'} | original ${ofl ? kb(ofl.scriptGzip) : '—'} | ${fl && ofl ? n2(fl.scriptGzip / ofl.scriptGzip) : '—'} × | ≤ 150 KB | ${mark(fl ? fl.scriptGzip <= targets.loginScriptGzip : null)} |`,
  );
  lines.push(
    `| Broadcast to 10,000 sockets, p99 | ${bigRound ? n0(bigRound.p99Ms) : '—'} ms (${bigRound ? `${bigRound.received}/${bigRound.sockets}` : '—'}) | — | — | ≤ 200 ms | ${mark(bigRound ? bigRound.p99Ms <= targets.broadcastP99Ms && bigRound.received === bigRound.sockets : null)} |`,
  );
  lines.push(
    `| Gateway memory per idle socket (RSS) | ${big ? kb(big.rssPerSocket) : '—'} | — | heap ${big ? kb(big.heapPerSocket) : '—'} | < 20 KB | ${mark(big ? big.rssPerSocket < targets.bytesPerSocket : null)} |`,
  );
  lines.push(
    `| Upstream polls per user per interval | ${r.notices ? r.notices.polls.map((p) => `${n2(p.pollsPerInterval)} (${p.tabs} tab${p.tabs > 1 ? 's' : ''})`).join(', ') : '—'} | original: 1 per tab | — | 1 whatever the tabs | ${mark(r.notices ? maxPolls <= 1.25 && minPolls >= 0.75 : null)} |`,
  );
  const j = r.journeys;
  // Ours against the original, journey by journey: medians of the same run, every run listed below.
  for (const journey of JOURNEYS) {
    const ours = j?.ours.median[journey];
    const orig = j?.original?.median[journey];
    const ratio = ours !== undefined && orig !== undefined ? ours / orig : NaN;
    const limit = targets.journeyRatio[journey];
    const judged = j?.original
      ? mark(Number.isFinite(ratio) ? ratio <= limit : null)
      : `not judged${originalSkipped ? ` (the original: ${originalSkipped})` : ''}`;
    lines.push(
      `| ${JOURNEY_LABELS[journey]}, median of ${j?.ours.runs[journey].length ?? 0} (in the page) | ${j ? n0(ours ?? NaN) : '—'} ms | original ${orig !== undefined ? `${n0(orig)} ms` : '—'} | ${n2(ratio)} × | ≤ ${limit} × original | ${judged} |`,
    );
  }
  for (const path of ['/jshERP-boot/material/list', '/jshERP-boot/material/getMaterialByBarCode']) {
    const p = r.scaling?.find((x) => x.path === path && x.rows === 10_000 && (x.pageSize ?? 10) === 10);
    lines.push(
      `| ${path.slice('/jshERP-boot/'.length)} at 10,000 products, median | ${p ? n2(p.medianMs) : '—'} ms | — | — | ≤ ${targets.productCallMs} ms | ${mark(p ? p.medianMs <= targets.productCallMs : null)} |`,
    );
  }
  const m = r.memory;
  lines.push(
    `| Gateway heap after GC, after ${m ? n0(m.requests) : '—'} proxied requests against after warm-up | ${m ? mb(m.samples.at(-1)!.heapUsed) : '—'} | ${m ? mb(m.samples[0]!.heapUsed) : '—'} | ${m ? `${(m.heapGrowth * 100).toFixed(1)} %` : '—'} | within ±10 % | ${mark(m ? Math.abs(m.heapGrowth) <= targets.heapGrowth : null)} |`,
  );
  lines.push('');

  if (r.proxy) {
    const sideNames: Record<string, string> = {
      upstream: 'upstream direct',
      gateway: 'gateway',
      bare: 'bare Fastify + @fastify/http-proxy',
      floor: 'Node floor (node:http + undici Pool)',
      nginx: 'nginx',
    };
    lines.push(
      `## Proxy (wrk, ${r.settings.wrkSeconds} s per point, 2 threads; one fixed upstream answering ${r.proxy.bodyBytes} B of JSON; nginx ${r.settings.nginxWorkers} worker with upstream keep-alive)`,
      '',
      '| Connections | Side | 2xx req/s | p50 ms | p99 ms | non-2xx / socket errors |',
      '|---|---|---|---|---|---|',
    );
    for (const c of (r.settings.connectionSteps as number[]) ?? []) {
      for (const name of ['upstream', 'floor', 'bare', 'gateway', 'nginx']) {
        const p = at(name, c);
        if (p)
          lines.push(
            `| ${c} | ${sideNames[name] ?? name} | ${n0(p.okPerSec)} | ${n2(p.p50Ms)} | ${n2(p.p99Ms)} | ${p.non2xx} / ${p.errors - p.non2xx} |`,
          );
      }
      // Each layer against the one below it, and against nginx.
      const ratios: [string, string][] = [
        ['gateway', 'bare'],
        ['bare', 'floor'],
        ['gateway', 'nginx'],
        ['bare', 'nginx'],
        ['floor', 'nginx'],
      ];
      for (const [name, below] of ratios) {
        const g = at(name, c);
        const x = at(below, c);
        if (g && x)
          lines.push(
            `| ${c} | ${sideNames[name]} / ${sideNames[below]} | ${n2(g.okPerSec / x.okPerSec)} × | ${n2(g.p50Ms / x.p50Ms)} × | ${n2(g.p99Ms / x.p99Ms)} × | |`,
          );
      }
    }
    lines.push(
      '',
      '"bare Fastify + @fastify/http-proxy" is the design packages alone (bench/bare-proxy.ts: no logging, hooks, headers or error mapping), the ceiling for a gateway built on them. ' +
        '"Node floor" is a plain node:http server relaying through an undici Pool with the gateway\'s pool settings (bench/node-floor.ts): the runtime\'s own cost of a proxied call, no framework.',
    );
    lines.push('');
  }

  if (fl) {
    lines.push(
      `## First load of /user/login (chromium, new context per load, median of ${fl.loadsMs.length})`,
      '',
      '| | Gateway shell | Original Vue client |',
      '|---|---|---|',
      `| Script before the login form | ${n0(fl.scriptRaw)} B (${n0(fl.scriptGzip)} B gzip) | ${ofl ? `${n0(ofl.scriptRaw)} B (${n0(ofl.scriptGzip)} B gzip)` : '—'} |`,
      `| CSS before the login form | ${n0(fl.cssRaw)} B (${n0(fl.cssGzip)} B gzip) | ${ofl ? `${n0(ofl.cssRaw)} B (${n0(ofl.cssGzip)} B gzip)` : '—'} |`,
      `| Prefetched links | ${fl.prefetchLinks} (+${fl.laterRequests} JS/CSS requests in the second after) | ${ofl ? `${ofl.prefetchLinks} (+${ofl.laterRequests})` : '—'} |`,
      `| Login form visible | ${n0(fl.medianMs)} ms (${fl.loadsMs.map(n0).join(', ')}) | ${ofl ? `${n0(ofl.medianMs)} ms (${ofl.loadsMs.map(n0).join(', ')})` : '—'} |`,
      `| Entry's static import graph (no browser) | ${n0(fl.staticGraph.scriptRaw)} B JS (${n0(fl.staticGraph.scriptGzip)} gzip), ${n0(fl.staticGraph.cssRaw)} B CSS, ${fl.staticGraph.files} files | — |`,
      '',
    );
  }

  if (j) {
    const from =
      r.original && 'from' in r.original
        ? `the original: ${r.original.from}, served by ${r.original.server}`
        : `the original not measured${originalSkipped ? `: ${originalSkipped}` : ''}`;
    lines.push(
      `## Journeys, ours against the original (chromium, fresh context per run, clients alternating, ${j.runs} counted runs each after a warm-up; ${from})`,
      '',
      '| Journey | ours median | original median | ours / original | ours, every run (ms) | original, every run (ms) |',
      '|---|---|---|---|---|---|',
    );
    for (const journey of JOURNEYS) {
      const ours = j.ours.median[journey];
      const orig = j.original?.median[journey];
      lines.push(
        `| ${JOURNEY_LABELS[journey]} | ${n0(ours)} ms | ${orig !== undefined ? `${n0(orig)} ms` : '—'} | ${orig !== undefined ? `${n2(ours / orig)} ×` : '—'} | ${j.ours.runs[journey].map(n0).join(', ')} | ${j.original?.runs[journey].map(n0).join(', ') ?? '—'} |`,
      );
    }
    lines.push(
      '',
      "Each journey is timed in the page from the click (or the Enter) to the first animation frame in which its target is laid out and visible and nothing visible is a skeleton, a spinner or a loading card; 查询 also waits for its call's answer. First load counts from navigation start. The two clients run on two gateways (each on its own sandbox) of the same build; the original behind nginx, ours served by its gateway.",
      '',
    );
  }

  if (r.notices) {
    lines.push(
      '## Notices (one gateway, sockets of 3 logged-in users, 3 broadcast rounds each)',
      '',
      '| Sockets | opened in | broadcast p50 / p99 / max (ms), per round | heap / RSS per idle socket |',
      '|---|---|---|---|',
    );
    for (const s of r.notices.scales) {
      lines.push(
        `| ${n0(s.sockets)} | ${n0(s.openMs)} ms${s.shedUpgrades ? ` (${n0(s.shedUpgrades)} upgrades shed with 503, retried)` : ''} | ${s.rounds.map((x) => `${n0(x.p50Ms)} / ${n0(x.p99Ms)} / ${n0(x.maxMs)}${x.received < x.sockets ? ` (${x.received}/${x.sockets})` : ''}${x.refusals ? ` after ${x.refusals} refused` : ''}`).join('; ')} | ${kb(s.heapPerSocket)} / ${kb(s.rssPerSocket)} |`,
      );
    }
    lines.push(
      '',
      `Upstream \`/msg/getMsgByStatus\` calls per user per ${r.settings.pollMs} ms interval, counted at the upstream: ${r.notices.polls.map((p) => `${p.tabs} tab(s) → ${n2(p.pollsPerInterval)}`).join(', ')}.`,
      '',
    );
  }

  if (r.lists) {
    lines.push(
      '## Sandbox list calls through the gateway (wrk, 10 connections)',
      '',
      '| Call | rows | body | 2xx req/s | p50 ms | p99 ms |',
      '|---|---|---|---|---|---|',
    );
    for (const l of r.lists) {
      lines.push(
        `| ${l.resource}/list pageSize=${l.pageSize} | ${l.rows} | ${n0(l.bodyBytes)} B | ${n0(l.wrk.okPerSec)} | ${n2(l.wrk.p50Ms)} | ${n2(l.wrk.p99Ms)} |`,
      );
    }
    lines.push('');
  }
  if (r.scaling) {
    lines.push(
      '## Sandbox answers as its tables grow (through the gateway, one call at a time, logged in as jsh)',
      '',
      '| Call | rows in the table | page size | median ms | p95 ms | calls | body |',
      '|---|---|---|---|---|---|---|',
    );
    for (const p of r.scaling) {
      lines.push(
        `| ${p.path.slice('/jshERP-boot/'.length)} | ${n0(p.rows)} | ${p.pageSize ?? '—'} | ${n2(p.medianMs)} | ${n2(p.p95Ms)} | ${p.calls} | ${n0(p.bodyBytes)} B |`,
      );
    }
    lines.push('');
  }

  if (m) {
    lines.push(
      `## Gateway memory over ${n0(m.requests)} proxied requests (wrk, ${r.settings.mainConnections} connections, fixed upstream; heap read after a forced GC)`,
      '',
      '| Requests | RSS | heap used | heap total | external |',
      '|---|---|---|---|---|',
    );
    for (const s of m.samples)
      lines.push(`| ${n0(s.requests)} | ${mb(s.rss)} | ${mb(s.heapUsed)} | ${mb(s.heapTotal)} | ${mb(s.external)} |`);
    lines.push('', `Socket errors and non-2xx answers over the run: ${m.errors}.`, '');
  }
  lines.push(
    'Run it: `npm run build && npm run bench` (builds itself when no build exists, and the original client once per jshERP commit; about 10 minutes on an idle 2-core machine; `BENCH_RUNS=N` counted runs per client; `--quick` for a short trial, `--only=proxy,first-load,journeys,lists,notices,scaling,memory`, `--requests=N` for the memory part).',
  );
  return lines.join('\n');
}
