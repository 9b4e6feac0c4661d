// Waits, between the clients' runs, until the machine's processors are idle: a closed browser context's renderer
// (the original's holds hundreds of megabytes of script) is torn down after `close()` resolves, and whatever run
// comes next would pay for that teardown in its own timings — the next client's, never the one that left it.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Busy and total jiffies of all processors, from /proc/stat's first line. */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/**
 * Resolves once one `windowMs` window has passed with the processors busy below `busyBelow` (a share of all of
 * them): true; false after `maxMs` without one. Without /proc/stat it resolves true at once.
 */
export async function untilMachineIdle(
  options: { windowMs?: number; busyBelow?: number; maxMs?: number } = {},
): Promise<boolean> {
  const { windowMs = 250, busyBelow = 0.15, maxMs = 5_000 } = options;
  const started = Date.now();
  let before = cpuTimes();
  if (!before) return true;
  while (Date.now() - started < maxMs) {
    await sleep(windowMs);
    const after = cpuTimes()!;
    const share = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (share < busyBelow) return true;
    before = after;
  }
  return false;
}
