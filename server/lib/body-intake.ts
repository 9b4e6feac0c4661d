// Request bodies are received by the gateway before a backend connection is taken, as nginx buffers them: a client
// that trickles its body then holds only its own connection, never one of the pool's. Up to `bufferBytes` the body is
// read whole into memory; a larger one is handed on as a stream once that much has arrived (its remainder guarded by
// the proxy's BodyGuard). Either way a body must keep coming: no byte for `stallMs`, or less than
// `minBytesPerSecond` on average once `stallMs` has passed, abandons it.
//
// What is held in memory is counted against one budget for every request at once (BODY_BUFFER_TOTAL_BYTES): without
// it the ceiling was MAX_CONNECTIONS × BODY_BUFFER_BYTES (640 near-limit bodies trickling their last byte held
// ~800 MB). A body whose next chunk would pass the budget is refused (503 with Retry-After) rather than held; what
// it took is given back when its request ends, since until then the buffered body waits for, or is on its way to,
// the backend.
import { PassThrough, Readable } from 'node:stream';

/** The bytes of request bodies held in memory, across all requests. */
export interface BodyBudget {
  readonly limitBytes: number;
  /** Bytes held now. */
  held(): number;
  /** Takes `bytes` if they fit; false (nothing taken) when they would pass the limit. */
  take(bytes: number): boolean;
  give(bytes: number): void;
}

export function createBodyBudget(limitBytes: number): BodyBudget {
  let held = 0;
  return {
    limitBytes,
    held: () => held,
    take(bytes) {
      if (held + bytes > limitBytes) return false;
      held += bytes;
      return true;
    },
    give(bytes) {
      held = Math.max(0, held - bytes);
    },
  };
}

export interface BodyIntakeOptions {
  bufferBytes: number;
  limitBytes: number;
  stallMs: number;
  minBytesPerSecond: number;
  /** Where the buffered bytes are counted; the caller gives back `bytes` of the result (or of the error). */
  budget: BodyBudget;
}

export type BodyFaultKind = 'too-large' | 'stalled' | 'over-budget';

const faultMessages: Record<BodyFaultKind | 'gone', string> = {
  gone: 'the client went away mid-body',
  'too-large': 'request body over the limit',
  stalled: 'request body too slow',
  'over-budget': 'the request body buffer is full (BODY_BUFFER_TOTAL_BYTES)',
};

export class BodyFaultError extends Error {
  /** Bytes taken from the budget before the fault: the caller gives them back. */
  held = 0;
  constructor(readonly fault: BodyFaultKind | 'gone') {
    super(faultMessages[fault]);
  }
}

/**
 * Whether a body that has sent `bytes` since `startedAt` is too slow: checked once `graceMs` has passed, so a slow
 * start (a TLS handshake, a phone waking up) is not judged.
 */
export function tooSlow(
  bytes: number,
  startedAt: number,
  now: number,
  graceMs: number,
  minBytesPerSecond: number,
): boolean {
  const elapsed = now - startedAt;
  return minBytesPerSecond > 0 && elapsed >= graceMs && bytes < (minBytesPerSecond * elapsed) / 1000;
}

/**
 * Reads `source` until it ends (→ the whole body, as a stream of one buffer) or passes `bufferBytes` (→ a stream of
 * what was read followed by the rest). Rejects with BodyFaultError when the body stalls, is too slow, goes over the
 * limit or its client goes away.
 */
export function receiveBody(
  source: Readable,
  options: BodyIntakeOptions,
): Promise<{ body: Readable; whole: boolean; startedAt: number; bytes: number; held: number; buffer: Buffer | null }> {
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    const chunks: Buffer[] = [];
    let bytes = 0;
    /** Bytes taken from the budget: what is buffered here (a streamed body's rest is not). */
    let held = 0;
    let settled = false;
    const finish = (
      error: BodyFaultError | null,
      result?: { body: Readable; whole: boolean; buffer: Buffer | null },
    ): void => {
      if (settled) return;
      settled = true;
      clearTimeout(stall);
      clearInterval(rate);
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onGone);
      source.off('close', onGone);
      if (error) {
        // Not destroyed: that would take the socket and the answer with it. The rest is discarded; the answer
        // says Connection: close. What was buffered is dropped with it.
        source.resume();
        chunks.length = 0;
        error.held = held;
        reject(error);
      } else resolve({ ...result!, startedAt, bytes, held });
    };
    const stall = setTimeout(() => finish(new BodyFaultError('stalled')), options.stallMs);
    const rate = setInterval(
      () => {
        if (tooSlow(bytes, startedAt, Date.now(), options.stallMs, options.minBytesPerSecond))
          finish(new BodyFaultError('stalled'));
      },
      Math.max(50, Math.min(1_000, options.stallMs / 4)),
    );
    const onData = (chunk: Buffer): void => {
      stall.refresh();
      bytes += chunk.length;
      if (bytes > options.limitBytes) {
        finish(new BodyFaultError('too-large'));
        return;
      }
      if (!options.budget.take(chunk.length)) {
        finish(new BodyFaultError('over-budget'));
        return;
      }
      held += chunk.length;
      chunks.push(chunk);
      if (bytes <= options.bufferBytes) return;
      // Larger than the buffer: stream the rest, starting with what is here.
      source.pause();
      const rest = new PassThrough();
      for (const held of chunks) rest.write(held);
      finish(null, { body: rest, whole: false, buffer: null });
      source.pipe(rest);
      source.once('error', (error) => rest.destroy(error));
      source.once('close', () => {
        if (!source.readableEnded) rest.destroy(new BodyFaultError('gone'));
      });
    };
    const onEnd = (): void => {
      const buffer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      finish(null, { body: Readable.from([buffer]), whole: true, buffer });
    };
    const onGone = (): void => finish(new BodyFaultError('gone'));
    source.on('data', onData);
    source.once('end', onEnd);
    source.once('error', onGone);
    source.once('close', onGone);
  });
}
