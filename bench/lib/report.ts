// The bench's result shape and its markdown: one table of targets (met/missed, as ratios within this run),
// then the detail tables.
import type { WrkResult } from './wrk.js';
import type { FirstLoadResult } from './first-load.js';
import type { BroadcastResult } from './notices.js';
import { JOURNEYS, JOURNEY_LABELS, type JourneysResult } from './journeys.js';
import { FLOOR_CALLS } from './floors.js';
import type { ScalingPoint } from './scaling.js';

export interface BenchResult {
  startedAt: string;
  finishedAt?: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; loadAtStart: number; loadAtEnd?: number };
  settings: Record<string, unknown>;
  skipped: string[];
  error?: string;
  /** The backend the first load and the journeys faced (bench/lib/backend.ts). */
  backend?: string;
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
      /** The bare `ws` reference's rounds: as many sockets, the same frame (bench/bare-broadcast.ts). */
      bareRounds: BroadcastResult[];
      /** Bytes of the frame both sent. */
      frameBytes: number;
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
  /** Chromium's connections per host over HTTP/1.1: a file beyond them waits a round trip for a free one. */
  loginFiles: 6,
  /** The gateway's broadcast p99 against a bare ws server's, same sockets and frame, same run. */
  broadcastBareRatio: 1.2,
  bytesPerSocket: 20 * 1024,
  pollsPerInterval: 1,
  /** Ours against the original client, journey by journey, medians of the same run, on every network profile. */
  journeyRatio: 0.33,
  /** Where the backend's own time for a journey is above journeyRatio × the original's: ours against that floor. */
  floorFactor: 1.1,
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

/**
 * A journey's target: ours ≤ journeyRatio × the original's median, unless the backend's own time for it (its floor,
 * same run) is above that — then ours ≤ floorFactor × the floor.
 */
export function journeyTarget(original: number, floor: number | undefined) {
  const byFloor = floor !== undefined && Number.isFinite(floor) && floor > targets.journeyRatio * original;
  return byFloor
    ? { limitMs: targets.floorFactor * floor, text: `≤ ${targets.floorFactor} × the floor` }
    : { limitMs: targets.journeyRatio * original, text: `≤ ${targets.journeyRatio} × original` };
}

const spread = (values: number[]) => (values.length ? `${n0(Math.min(...values))}–${n0(Math.max(...values))}` : '—');

/** One run's part of the results; `h` is the heading level of its title (its sections one below). */
export function renderMarkdown(r: BenchResult, h = 1): string {
  const lines: string[] = [];
  const title = '#'.repeat(h);
  const section = '#'.repeat(h + 1);
  lines.push(`${title} ${h === 1 ? 'Bench results' : `In front of ${r.backend ?? 'the sandbox'}`}`, '');
  lines.push(
    `Run ${r.startedAt} → ${r.finishedAt ?? '?'} on ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGiB} GiB, Node ${r.machine.node}, load average ${r.machine.loadAtStart.toFixed(1)} at the start and ${r.machine.loadAtEnd?.toFixed(1) ?? '?'} at the end. ` +
      `All sides measured in this one run on this machine; compare ratios, not absolute numbers. ` +
      `The first load and the journeys faced ${r.backend ?? 'the sandbox'}; the other parts their own sandbox or fixed upstream.`,
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
  const bigBare = big ? medianRound(big.bareRounds) : undefined;
  const broadcastRatio = bigRound && bigBare ? bigRound.p99Ms / bigBare.p99Ms : NaN;
  const maxPolls = r.notices ? Math.max(...r.notices.polls.map((p) => p.pollsPerInterval)) : NaN;
  const minPolls = r.notices ? Math.min(...r.notices.polls.map((p) => p.pollsPerInterval)) : NaN;

  lines.push(
    `${section} Targets`,
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
    `| Script and style files before the login form | ${fl ? fl.assets.length : '—'} | original ${ofl ? ofl.assets.length : '—'} | — | ≤ ${targets.loginFiles} (one round trip on a browser's connections) | ${mark(fl ? fl.assets.length <= targets.loginFiles : null)} |`,
  );
  lines.push(
    `| Broadcast to 10,000 sockets, p99 of the median round | ${bigRound ? n0(bigRound.p99Ms) : '—'} ms (${bigRound ? `${bigRound.received}/${bigRound.sockets}` : '—'}) | bare ws ${bigBare ? n0(bigBare.p99Ms) : '—'} ms | ${n2(broadcastRatio)} × | ≤ ${targets.broadcastBareRatio} × bare ws, all delivered | ${mark(bigRound && bigBare ? broadcastRatio <= targets.broadcastBareRatio && bigRound.received === bigRound.sockets : null)} |`,
  );
  lines.push(
    `| Gateway memory per idle socket (RSS) | ${big ? kb(big.rssPerSocket) : '—'} | — | heap ${big ? kb(big.heapPerSocket) : '—'} | < 20 KB | ${mark(big ? big.rssPerSocket < targets.bytesPerSocket : null)} |`,
  );
  lines.push(
    `| Upstream polls per user per interval | ${r.notices ? r.notices.polls.map((p) => `${n2(p.pollsPerInterval)} (${p.tabs} tab${p.tabs > 1 ? 's' : ''})`).join(', ') : '—'} | original: 1 per tab | — | 1 whatever the tabs | ${mark(r.notices ? maxPolls <= 1.25 && minPolls >= 0.75 : null)} |`,
  );
  const j = r.journeys;
  // Ours against the original, journey by journey and network by network: medians of the same run (every run below).
  for (const p of j?.profiles ?? []) {
    for (const journey of JOURNEYS) {
      const ours = p.ours.median[journey];
      const orig = p.original?.median[journey];
      const floor = p.floor?.median[journey];
      const target = orig !== undefined ? journeyTarget(orig, floor) : null;
      const judged = target
        ? mark(Number.isFinite(ours) ? ours <= target.limitMs : null)
        : `not judged${originalSkipped ? ` (the original: ${originalSkipped})` : ''}`;
      lines.push(
        `| ${JOURNEY_LABELS[journey]}, ${p.profile.name}, median of ${p.ours.runs[journey].length} | ${n0(ours)} ms | original ${orig !== undefined ? `${n0(orig)} ms` : '—'}; floor ${FLOOR_CALLS[journey].length ? `${n0(floor ?? NaN)} ms` : '—'} | ${orig !== undefined ? n2(ours / orig) : '—'} × | ${target ? `${target.text} (${n0(target.limitMs)} ms)` : '—'} | ${judged} |`,
      );
    }
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
      `${section} Proxy (wrk, ${r.settings.wrkSeconds} s per point, 2 threads; one fixed upstream answering ${r.proxy.bodyBytes} B of JSON; nginx ${r.settings.nginxWorkers} worker with upstream keep-alive)`,
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
      `${section} First load of /user/login (chromium, new context per load, median of ${fl.loadsMs.length})`,
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
    for (const p of j.profiles) {
      lines.push(
        `${section} Journeys on ${p.profile.name}, ours against the original (in front of ${j.backend}; chromium, fresh context per run, clients alternating, ${j.runs} counted runs each after a warm-up; ${from})`,
        '',
        "| Journey | ours median (spread) | original median (spread) | ours / original | the backend's floor (spread) | ours, every run (ms) | original, every run (ms) |",
        '|---|---|---|---|---|---|---|',
      );
      for (const journey of JOURNEYS) {
        const ours = p.ours.runs[journey];
        const orig = p.original?.runs[journey];
        const floor = FLOOR_CALLS[journey].length ? p.floor?.runs[journey] : undefined;
        lines.push(
          `| ${JOURNEY_LABELS[journey]} | ${n0(p.ours.median[journey])} ms (${spread(ours)}) | ${orig ? `${n0(p.original!.median[journey])} ms (${spread(orig)})` : '—'} | ${orig ? `${n2(p.ours.median[journey] / p.original!.median[journey])} ×` : '—'} | ${floor ? `${n0(p.floor!.median[journey])} ms (${spread(floor)})` : '—'} | ${ours.map(n0).join(', ')} | ${orig?.map(n0).join(', ') ?? '—'} |`,
        );
      }
      lines.push('');
    }
    const network = j.profiles
      .filter((p) => p.profile.latencyMs > 0)
      .map((p) => `${p.profile.name}: ${p.profile.latencyMs} ms`)
      .join(', ');
    lines.push(
      "Each journey is timed in the page from the click (or the Enter) to the first animation frame in which its target is laid out and visible and nothing visible is a skeleton, a spinner or a loading card; 查询 also waits for its call's answer. First load counts from navigation start. " +
        `Both clients face one backend: ours through its gateway, the original through nginx with /jshERP-boot proxied straight to the backend. Ours logs in as ${j.fixtures.users.ours}, the original as ${j.fixtures.users.original} (a user of the same tenant with ${j.fixtures.users.ours}'s role, checked to see the same menu and buttons); the records are the run's own (mark ${j.fixtures.mark}). ` +
        (network
          ? `The round trip is Chromium's network emulation (CDP Network.emulateNetworkConditions, latency per request, no bandwidth limit) for both clients alike — ${network}. `
          : '') +
        "The floor is the backend's own time for the calls a journey's target shows, sent straight to the backend as our shell sent them, one round trip added per step on an emulated network" +
        (j.floorMissing.length ? ` (not called by ours, not counted: ${j.floorMissing.join(', ')})` : '') +
        '.',
      '',
    );
  }

  if (r.notices) {
    lines.push(
      `${section} Notices (one gateway, sockets of 3 logged-in users; beside it a bare ws server, as many sockets opened the same way, the gateway's own frame; sockets opened gateway, bare, bare, gateway, 3 rounds each time)`,
      '',
      '| Sockets | opened in | frame | gateway broadcast p50 / p99 / max (ms), per round | bare ws p50 / p99 / max (ms), per round | heap / RSS per idle socket |',
      '|---|---|---|---|---|---|',
    );
    const show = (rounds: BroadcastResult[]) =>
      rounds
        .map(
          (x) =>
            `${n0(x.p50Ms)} / ${n0(x.p99Ms)} / ${n0(x.maxMs)}${x.received < x.sockets ? ` (${x.received}/${x.sockets})` : ''}${x.refusals ? ` after ${x.refusals} refused` : ''}`,
        )
        .join('; ');
    for (const s of r.notices.scales) {
      lines.push(
        `| ${n0(s.sockets)} | ${n0(s.openMs)} ms${s.shedUpgrades ? ` (${n0(s.shedUpgrades)} upgrades shed with 503, retried)` : ''} | ${n0(s.frameBytes)} B | ${show(s.rounds)} | ${show(s.bareRounds)} | ${kb(s.heapPerSocket)} / ${kb(s.rssPerSocket)} |`,
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
      `${section} Sandbox list calls through the gateway (wrk, 10 connections)`,
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
      `${section} Sandbox answers as its tables grow (through the gateway, one call at a time, logged in as jsh)`,
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
      `${section} Gateway memory over ${n0(m.requests)} proxied requests (wrk, ${r.settings.mainConnections} connections, fixed upstream; heap read after a forced GC)`,
      '',
      '| Requests | RSS | heap used | heap total | external |',
      '|---|---|---|---|---|',
    );
    for (const s of m.samples)
      lines.push(`| ${n0(s.requests)} | ${mb(s.rss)} | ${mb(s.heapUsed)} | ${mb(s.heapTotal)} | ${mb(s.external)} |`);
    lines.push('', `Socket errors and non-2xx answers over the run: ${m.errors}.`, '');
  }
  return lines.join('\n');
}

export type BackendKind = 'real' | 'sandbox';
const KINDS: BackendKind[] = ['real', 'sandbox'];
const begin = (kind: BackendKind) => `<!-- bench run in front of: ${kind} -->`;
const end = (kind: BackendKind) => `<!-- end of bench run: ${kind} -->`;

/**
 * bench/RESULTS.md holds the latest complete run in front of each kind of backend: this run's part replaces the part
 * of its kind in `existing` (the file as it is, or null), the other kind's part stays as it was.
 */
export function resultsFile(existing: string | null, r: BenchResult, kind: BackendKind): string {
  const parts = new Map<BackendKind, string>();
  for (const other of KINDS) {
    const from = existing?.indexOf(begin(other)) ?? -1;
    const to = existing?.indexOf(end(other)) ?? -1;
    if (existing && from >= 0 && to > from) parts.set(other, existing.slice(from, to + end(other).length));
  }
  parts.set(kind, `${begin(kind)}\n\n${renderMarkdown(r, 2)}\n\n${end(kind)}`);
  return [
    '# Bench results',
    '',
    'The latest complete `npm run bench` in front of each backend: a real jshERP-boot (`TEST_UPSTREAM_URL`) and the ' +
      'sandbox. Each part is one run, every side measured in it; how the bench works and what it judges: ' +
      '[docs/performance.md](../docs/performance.md).',
    '',
    ...KINDS.filter((k) => parts.has(k)).flatMap((k) => [parts.get(k)!, '']),
  ].join('\n');
}
