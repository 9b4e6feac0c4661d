// How long the backend's answers take from here: the network's own time of each call (the browser's resource timing,
// request start to the last byte, whatever the page's main thread was doing meanwhile). A list page uses it to decide
// whether to wait for its first answer and render once with its rows (components/table-page/use-table-page.ts), a
// 新增 whether its number can come within its wait (features/bills/form/bill-open.ts). The calls made before this
// module loaded (a login's, with the list code arriving later) count too: the buffered entries.
import { injectedConfig } from './injected-config';

/** Answers kept for the typical figure. */
const KEPT = 12;
const recent: number[] = [];
/** The last answer's time per path (no query), e.g. /depotHead/list. */
const byPath = new Map<string, number>();

/** Records one answered call (exported for the tests; the observer below calls it for every call of the API). */
export function noteAnswerTime(path: string, ms: number): void {
  recent.push(ms);
  if (recent.length > KEPT) recent.shift();
  byPath.set(path, ms);
}

/** Forgets every answer time (the tests' fresh start). */
export function forgetAnswerTimes(): void {
  recent.length = 0;
  byPath.clear();
}

function observe(): void {
  if (typeof PerformanceObserver === 'undefined' || typeof location === 'undefined') return;
  const prefix = new URL(injectedConfig.apiBase, location.href).pathname;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
        if (entry.initiatorType !== 'fetch' || entry.responseEnd <= 0) continue;
        const { pathname } = new URL(entry.name, location.href);
        if (pathname.startsWith(prefix))
          noteAnswerTime(pathname.slice(prefix.length), entry.responseEnd - entry.startTime);
      }
    }).observe({ type: 'resource', buffered: true });
  } catch {
    // A browser without resource timing: no figure, so nothing waits on one.
  }
}
observe();

/**
 * How long an answer of `path` is expected to take: its own last time, else the median of the recent answers;
 * undefined before three answers have come.
 */
export function expectedAnswerMs(path: string): number | undefined {
  const own = byPath.get(path);
  if (own !== undefined) return own;
  if (recent.length < 3) return undefined;
  const sorted = [...recent].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The link's round trip as the recent answers show it: the quickest of them (no answer comes sooner than the round
 * trip; on a LAN a few ms, across a WAN its latency). Undefined before three answers have come.
 */
export function roundTripMs(): number | undefined {
  return recent.length < 3 ? undefined : Math.min(...recent);
}
