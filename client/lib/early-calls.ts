// Calls started before the component that reads them asks: at the event that makes the need certain (a login's
// answer for the home page's figures, 查看's click for a bill's detail, a save's send for the list's reload), or the
// moment before it (查看's mouse press), or in a page's first render, instead of in an effect after the page's render
// and commit — a few hundred milliseconds on a busy machine. The reader takes the call of its key once; a call nobody
// took within EARLY_CALL_MS (a render React threw away, a page never opened, a press never released) is dropped,
// never reused, and so is every call of a session that ended (the next login's home page asks for its own figures,
// not the last user's).
import { onSessionCallsClosed } from './http';

export const EARLY_CALL_MS = 5_000;

interface EarlyCall {
  promise: Promise<unknown>;
  controller: AbortController;
  at: number;
}

const calls = new Map<string, EarlyCall>();

onSessionCallsClosed(() => {
  for (const early of calls.values()) early.controller.abort();
  calls.clear();
});

/** Starts `call` under `key` unless a fresh call of that key is waiting to be taken. */
export function startEarlyCall(key: string, call: (signal: AbortSignal) => Promise<unknown>): void {
  const now = Date.now();
  for (const [k, early] of calls) if (now - early.at > EARLY_CALL_MS) calls.delete(k);
  if (calls.has(key)) return;
  const controller = new AbortController();
  // Sent now, inside the render that asks: a render of the router's address change runs in one task, and a call
  // left for a microtask went out only after it (the HTTP client tells a lost session from a microtask of its own).
  let promise: Promise<unknown>;
  try {
    promise = Promise.resolve(call(controller.signal));
  } catch (error) {
    promise = Promise.reject(error);
  }
  // The reader handles the outcome; one nobody reads is not an error of the page.
  promise.catch(() => undefined);
  calls.set(key, { promise, controller, at: now });
}

/** The call started under `key` (its promise and its abort controller), once; undefined when none is fresh. */
export function takeEarlyCall<T>(key: string): { promise: Promise<T>; controller: AbortController } | undefined {
  const early = calls.get(key);
  calls.delete(key);
  return early && Date.now() - early.at <= EARLY_CALL_MS
    ? { promise: early.promise as Promise<T>, controller: early.controller }
    : undefined;
}

/** The call waiting under `key`, if nobody has taken it, is aborted and forgotten (what it would answer is wrong now). */
export function dropEarlyCall(key: string): void {
  calls.get(key)?.controller.abort();
  calls.delete(key);
}
