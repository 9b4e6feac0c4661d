// The one undici pool towards the backend, created by app.ts and shared by the proxy and /readyz, so its saturation
// can be seen (stats(), exhausted()) and every proxied call can be cancelled: when its client leaves, and when it
// has waited for a connection plus an answer longer than the upstream timeout (a queued call otherwise waits
// without any timer, since undici starts its headers timeout only once the request is written).
import { EventEmitter } from 'node:events';
import { Pool, type Dispatcher } from 'undici';

/** undici's PoolStats, as plain numbers (the metrics plugin reads this shape). */
export interface UpstreamPoolStats {
  /** Requests the pool holds: running on a connection plus waiting. */
  size: number;
  connected: number;
  /** Connected and idle. */
  free: number;
  /** Waiting: in the pool's queue or in a client's. */
  pending: number;
  /** In the pool's own queue (no client could take them). */
  queued: number;
  running: number;
}

export interface UpstreamPoolOptions {
  /** The backend's origin, e.g. http://backend:9999. */
  origin: string;
  /** Connections at most (default 128). */
  connections?: number;
  /** From handing a call to the pool until the backend's response headers: queue, connect and answer (504 after). */
  deadlineMs: number;
}

/**
 * A call's cancel switch. undici takes an EventEmitter with `aborted`/`reason` as its `signal`, which is cheaper per
 * request than an AbortController and its EventTarget listeners (this runs on every proxied call).
 */
export class CallSignal extends EventEmitter {
  aborted = false;
  reason: Error | undefined;
  abort(reason: Error): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }
}

/**
 * The proxy puts its request's CallSignal on the headers it hands reply-from under this key (a symbol: undici
 * sends only string keys), and aborts it when the client leaves.
 */
export const callSignal = Symbol('call signal');

/** The reason a call was cancelled because it outlived its deadline (the proxy answers 504). */
export class UpstreamDeadlineError extends Error {
  readonly code = 'GW_UPSTREAM_DEADLINE';
  constructor(ms: number) {
    super(`no answer from the backend within ${ms} ms (waiting for a connection included)`);
  }
}

type RequestOptions = Omit<Dispatcher.RequestOptions, 'headers'> & { headers?: Record<string | symbol, unknown> };
type RequestCallback = (err: Error | null, data: Dispatcher.ResponseData) => void;

export interface UpstreamPool {
  /** What reply-from dispatches through (it accepts any object with undici's callback-style request()). */
  readonly dispatcher: { request(options: RequestOptions, callback: RequestCallback): void };
  stats(): UpstreamPoolStats;
  /** Every connection is busy: a new call waits in the queue. */
  exhausted(): boolean;
  /** Calls handed to the pool whose response body has not finished (running or queued). */
  inFlight(): number;
  /** Cancels what is still running (after the server stopped taking requests) and closes every connection. */
  destroy(): Promise<void>;
}

export function createUpstreamPool(options: UpstreamPoolOptions): UpstreamPool {
  const connections = options.connections ?? 128;
  const pool = new Pool(options.origin, {
    connections,
    pipelining: 1,
    // Below Tomcat's idle keep-alive close (20–60 s) so the gateway, not the backend, retires idle sockets.
    keepAliveTimeout: 10_000,
    // A Keep-Alive hint from the backend (or a proxy before it that closes sooner than it says) never stretches that.
    keepAliveMaxTimeout: 10_000,
    connect: { timeout: 10_000 },
  });
  let inFlight = 0;

  function stats(): UpstreamPoolStats {
    const { size, connected, free, pending, queued, running } = pool.stats;
    return { size, connected, free, pending, queued, running };
  }

  function request(requestOptions: RequestOptions, callback: RequestCallback): void {
    const signal = (requestOptions.headers?.[callSignal] as CallSignal | undefined) ?? new CallSignal();
    // undici only marks a queued call as aborted and reports it once a connection takes it, so the caller is
    // answered here at once; the pool still drops the call without sending it.
    let answered = false;
    const answer = (err: Error | null, data?: Dispatcher.ResponseData): void => {
      if (answered) {
        data?.body?.destroy();
        return;
      }
      answered = true;
      clearTimeout(deadline);
      signal.removeListener('abort', onAbort);
      callback(err, data as Dispatcher.ResponseData);
    };
    const onAbort = (): void => answer(signal.reason ?? new Error('aborted'));
    const deadline = setTimeout(() => signal.abort(new UpstreamDeadlineError(options.deadlineMs)), options.deadlineMs);
    signal.once('abort', onAbort);
    inFlight++;
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      inFlight--;
    };
    pool.request({ ...(requestOptions as Dispatcher.RequestOptions), signal }, (err, data) => {
      if (err) release();
      // The call holds its connection until the answer's body is read or dropped.
      else {
        data.body.once('end', release);
        data.body.once('close', release);
      }
      answer(err, data);
    });
    if (signal.aborted) onAbort();
  }

  return {
    dispatcher: { request },
    stats,
    exhausted: () => inFlight >= connections,
    inFlight: () => inFlight,
    destroy: () => pool.destroy(),
  };
}
