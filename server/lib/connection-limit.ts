// How many client connections the gateway accepts at once. Every connection is a file descriptor; past the process's
// descriptor limit nothing can open a file any more (a log file, a backend connection, /proc for a memory sample),
// so the gateway stops accepting well before it: Node drops connections beyond server.maxConnections at once.
import { readFileSync } from 'node:fs';

/** Used when the descriptor limit cannot be read (not Linux): the usual soft limit of a shell. */
export const FALLBACK_DESCRIPTOR_LIMIT = 1024;
/** Never fewer than this many client connections, however low the limit. */
const MIN_CONNECTIONS = 16;
/** Descriptors kept for what is not a client connection: files, logs, redis, the event loop's own. */
const BASE_HEADROOM = 128;

/** The soft RLIMIT_NOFILE from /proc/self/limits' text ('unlimited' → Infinity), or null when absent. */
export function parseDescriptorLimit(limitsText: string): number | null {
  const match = /^Max open files\s+(\d+|unlimited)\s/m.exec(limitsText);
  if (!match) return null;
  return match[1] === 'unlimited' ? Infinity : Number(match[1]);
}

export function readDescriptorLimit(): number | null {
  try {
    return parseDescriptorLimit(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The descriptor limit less headroom: each backend connection is a descriptor, twice over when the sandbox runs in
 * this process (its side of each connection too), plus BASE_HEADROOM.
 */
export function deriveMaxConnections(descriptorLimit: number | null, upstreamConnections: number): number {
  const limit = descriptorLimit ?? FALLBACK_DESCRIPTOR_LIMIT;
  if (limit === Infinity) return 1_000_000;
  return Math.max(MIN_CONNECTIONS, limit - 2 * upstreamConnections - BASE_HEADROOM);
}
