// Where load shedding starts refusing for memory (plugins/under-pressure.ts): short of what the process may use, so
// it answers 503 while there is room left instead of being killed for want of it. Request bodies and answers in
// flight live outside V8's heap (Buffers), so the resident size is watched as well as the heap.
import { totalmem } from 'node:os';
import { getHeapStatistics } from 'node:v8';

/** The share of the limit at which shedding starts. */
const SHARE = 0.9;

/** 90 % of the memory the process may use: its cgroup's limit (a container), else the machine's memory. */
export function deriveMaxRssBytes(constrained = process.constrainedMemory(), machine = totalmem()): number {
  const limit = constrained > 0 && constrained < machine ? constrained : machine;
  return Math.floor(limit * SHARE);
}

/** 90 % of V8's heap limit (--max-old-space-size, or V8's own choice from the machine's memory). */
export function deriveMaxHeapUsedBytes(heapLimit = getHeapStatistics().heap_size_limit): number {
  return Math.floor(heapLimit * SHARE);
}
