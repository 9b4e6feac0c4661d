// One 'close' listener per response for all the gateway's plugins. The access log, the proxy (its body budget and
// the client-gone signal), the write pacing, the login throttle and the reads after writes each need to hear a
// response close; with Fastify's and the stream's own listeners a save's response passed Node's limit of ten and
// every save wrote a MaxListenersExceededWarning ("possible memory leak") to the gateway's stderr.
import type { ServerResponse } from 'node:http';

const waiting = new WeakMap<ServerResponse, Set<{ run: () => void }>>();

/**
 * Calls `run` once when `res` closes, as `res.once('close', run)` would (never, if it has closed already); the
 * function returned stops that.
 */
export function onResponseClosed(res: ServerResponse, run: () => void): () => void {
  let entries = waiting.get(res);
  if (!entries) {
    const fresh = new Set<{ run: () => void }>();
    entries = fresh;
    waiting.set(res, fresh);
    res.once('close', () => {
      waiting.delete(res);
      for (const entry of [...fresh]) entry.run();
    });
  }
  // An entry of its own: the same function added twice runs twice, as with listeners.
  const entry = { run };
  const own = entries;
  own.add(entry);
  return () => {
    own.delete(entry);
  };
}
