// A read answered as if sent after a write it came with: the shell sends a list page's reload together with the save
// whose success asks for it, and the gateway holds the reload until the save's answer has come back from the
// backend. Across a WAN that is one round trip where there were two (the save, then the list).
//
// The write carries `X-Write-Id: <id>`, the read `X-After-Write: <id>` (shared/read-after-write.ts), both with the
// session's token; ids are kept per token, so a read only ever waits for its own session's writes. The two travel on
// different connections and the read may arrive first: it waits up to `appearMs` for its write to arrive, then for
// the write's answer to be sent (which the backend's call deadline bounds). A write that never arrives, an id that is
// not one, a read without a token or one over the waiting limits is answered 409 at once, and the shell then asks
// again after its write's answer, as it did before. Neither header reaches the backend.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONTEXT_PATH } from '../../shared/backend.js';
import { GATEWAY_MESSAGES } from '../../shared/error-envelope.js';
import { AFTER_WRITE_HEADER, WRITE_ID_HEADER, WRITE_ID_PATTERN } from '../../shared/read-after-write.js';
import { sendEnvelope } from '../lib/envelope.js';
import { onResponseClosed } from '../lib/response-closed.js';

/** A read's write arrives within a round trip of it; two seconds leave room for a congested link. */
export const READ_AFTER_WRITE_APPEAR_MS = 2_000;

export interface ReadAfterWriteOptions {
  /** How long a read waits for its write to reach the gateway. */
  appearMs: number;
  /** The longest a read waits for its write's answer once the write has arrived. */
  answerMs: number;
  /** Reads waiting at once for one session. */
  maxWaitingPerSession: number;
  /** Writes and reads kept at once in all: a write beyond it is proxied as it is, unseen by reads. */
  maxKept: number;
}

interface WriteState {
  arrived: boolean;
  answered: boolean;
  /** Reads waiting: each is told when the write has arrived or been answered. */
  readers: Set<() => void>;
}

const PROXIED = `${CONTEXT_PATH}/`;

function headerOf(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}

async function readAfterWrite(app: FastifyInstance, options: ReadAfterWriteOptions): Promise<void> {
  const writes = new Map<string, WriteState>();
  const waitingBySession = new Map<string, number>();
  const lingering = new Set<NodeJS.Timeout>();
  /** Every read waiting, told to stop: the gateway is closing. */
  const waitingReads = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const refuse of [...waitingReads]) refuse();
  });
  app.addHook('onClose', async () => {
    for (const timer of lingering) clearTimeout(timer);
  });

  const stateOf = (key: string): WriteState | undefined => {
    let state = writes.get(key);
    if (!state && writes.size < options.maxKept) {
      state = { arrived: false, answered: false, readers: new Set() };
      writes.set(key, state);
    }
    return state;
  };
  const tell = (state: WriteState) => {
    for (const reader of [...state.readers]) reader();
  };

  /** The write's answer has been sent (or its client left): its readers go on, and later ones for a while. */
  function noteWrite(key: string, reply: FastifyReply): void {
    const state = stateOf(key);
    if (!state || state.arrived) return;
    state.arrived = true;
    tell(state);
    onResponseClosed(reply.raw, () => {
      state.answered = true;
      tell(state);
      const timer = setTimeout(() => {
        lingering.delete(timer);
        if (writes.get(key) === state) writes.delete(key);
      }, options.appearMs);
      timer.unref();
      lingering.add(timer);
    });
  }

  function holdRead(key: string, session: string, reply: FastifyReply, done: (err?: Error) => void): void {
    const waiting = waitingBySession.get(session) ?? 0;
    const state = waiting < options.maxWaitingPerSession ? stateOf(key) : undefined;
    if (!state) {
      void sendEnvelope(reply, 409, GATEWAY_MESSAGES.writeNotSeen);
      return;
    }
    if (state.answered) {
      done();
      return;
    }
    waitingBySession.set(session, waiting + 1);
    let timer: NodeJS.Timeout | undefined;
    const leave = () => {
      clearTimeout(timer);
      waitingReads.delete(refuse);
      state.readers.delete(reader);
      stopHearing();
      const left = (waitingBySession.get(session) ?? 1) - 1;
      if (left > 0) waitingBySession.set(session, left);
      else waitingBySession.delete(session);
      if (!state.arrived && state.readers.size === 0 && writes.get(key) === state) writes.delete(key);
    };
    // Also when the client left while its read waited: nothing was sent, nobody is left to hear it.
    const refuse = () => {
      leave();
      void sendEnvelope(reply, 409, GATEWAY_MESSAGES.writeNotSeen);
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(refuse, state.arrived ? options.answerMs : options.appearMs);
    };
    let armedArrived = state.arrived;
    const reader = () => {
      if (state.answered) {
        leave();
        done();
      } else if (state.arrived && !armedArrived) {
        armedArrived = true;
        arm();
      }
    };
    state.readers.add(reader);
    waitingReads.add(refuse);
    const stopHearing = onResponseClosed(reply.raw, refuse);
    arm();
  }

  app.addHook('onRequest', (request, reply, done) => {
    const writeId = headerOf(request, WRITE_ID_HEADER);
    const afterWrite = headerOf(request, AFTER_WRITE_HEADER);
    if (writeId === null && afterWrite === null) {
      done();
      return;
    }
    delete request.headers[WRITE_ID_HEADER];
    delete request.headers[AFTER_WRITE_HEADER];
    const token = headerOf(request, 'x-access-token');
    const proxied = request.url.startsWith(PROXIED);
    if (afterWrite !== null) {
      if (!proxied || !token || !WRITE_ID_PATTERN.test(afterWrite) || request.method !== 'GET') {
        void sendEnvelope(reply, 409, GATEWAY_MESSAGES.writeNotSeen);
        return;
      }
      holdRead(`${token}\n${afterWrite}`, token, reply, done);
      return;
    }
    if (proxied && token && writeId !== null && WRITE_ID_PATTERN.test(writeId) && request.method !== 'GET')
      noteWrite(`${token}\n${writeId}`, reply);
    done();
  });
}

export default fp(readAfterWrite, { name: 'read-after-write', fastify: '5.x' });
