// One 'close' listener per response for all the gateway's plugins. The access log, the proxy (its body budget and
// the client-gone signal), the write pacing, the login throttle and the reads after writes each need to hear a
// response close; with Fastify's and the stream's own listeners a save's response passed Node's limit of ten and
// every save wrote a MaxListenersExceededWarning ("possible memory leak") to the gateway's stderr.
import type { ServerResponse } from 'node:http';

interface Entry {
  run: () => void;
}

const waiting = new WeakMap<ServerResponse, Set<Entry>>();

/** The entries of `res`, run by its one listener. */
function entriesOf(res: ServerResponse): Set<Entry> {
  const known = waiting.get(res);
  if (known) return known;
  const entries = new Set<Entry>();
  waiting.set(res, entries);
  res.once('close', () => {
    waiting.delete(res);
    for (const entry of [...entries]) entry.run();
  });
  return entries;
}

/**
 * Calls `run` once when `res` closes, as `res.once('close', run)` would (never, if it has closed already); the
 * function returned stops that.
 */
export function onResponseClosed(res: ServerResponse, run: () => void): () => void {
  const entries = entriesOf(res);
  // An entry of its own: the same function added twice runs twice, as with listeners.
  const entry = { run };
  entries.add(entry);
  return () => {
    entries.delete(entry);
  };
}
