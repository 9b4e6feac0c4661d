// jshERP-boot logs a user out when two writes of one module land in the same second (its operation log finds a
// row for that user, module, address and second, and deletes the session instead of writing). Writes of one
// module — the first path segment, /person/add and /person/updateIsDefault alike — are therefore sent at least
// a second apart; a write waits for its slot instead of being refused.
export const WRITE_SPACING_MS = 1000;
/** No write waits longer than this many slots: a slot further ahead is stale (the clock was set back). */
const MAX_QUEUED_WRITES = 10;

const nextSlot = new Map<string, number>();

export function writeModule(url: string): string {
  return url.split('?')[0]!.split('/').filter(Boolean)[0] ?? url;
}

export async function spacedWrite<T>(url: string, write: () => Promise<T>, now: () => number = Date.now): Promise<T> {
  const module = writeModule(url);
  const current = now();
  const at = Math.min(Math.max(current, nextSlot.get(module) ?? 0), current + MAX_QUEUED_WRITES * WRITE_SPACING_MS);
  // The slot is taken before waiting, so a write queued meanwhile lines up behind this one.
  nextSlot.set(module, at + WRITE_SPACING_MS);
  const wait = at - current;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return write();
}
