// A list's reload sent with the save whose success asks for it (server/plugins/read-after-write.ts): the gateway
// holds the reload until the save's answer has come from the backend, so the rows are there a round trip sooner.
// When the gateway cannot order them (it never saw the write), the reload is asked again once the save has answered,
// as it was before.
import { createContext } from 'react';
import { AFTER_WRITE_HEADER, WRITE_ID_HEADER } from '../../shared/read-after-write';
import { HttpError } from './http';

/** 24 hex digits: crypto.randomUUID needs a secure context, and a shop's LAN address over http is not one. */
export function newWriteId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const writeIdHeaders = (writeId: string): Record<string, string> => ({ [WRITE_ID_HEADER]: writeId });

/**
 * How long after its write's answer an ordered read may take before it is asked again, plainly: the gateway sends it
 * to the backend right after that answer, so it comes a list call later; one that does not (a replica that never saw
 * the write holds it for its 2 s) is not waited for.
 */
export const ORDERED_READ_GRACE_MS = 500;

const isEnded = (error: unknown) =>
  (error instanceof HttpError && error.kind === 'dropped') || (error as Error | undefined)?.name === 'AbortError';

type Read<T> = (
  ordered: { headers: Record<string, string>; silent: true } | undefined,
  signal: AbortSignal,
) => Promise<T>;

/**
 * Sends `read` to be answered after the write `writeId`. If the gateway refuses to order it, or it is not back
 * ORDERED_READ_GRACE_MS after `written` has settled, `read` is sent again plainly (after the write, so its answer is
 * as good) and the first answer is taken. A session's end or `signal` ends it as any call.
 */
export function readAfterWrite<T>(
  writeId: string,
  written: Promise<unknown>,
  read: Read<T>,
  signal: AbortSignal,
): Promise<T> {
  const orderedCall = new AbortController();
  const plainCall = new AbortController();
  const stop = () => {
    orderedCall.abort();
    plainCall.abort();
  };
  signal.addEventListener('abort', stop, { once: true });
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let plainSent = false;
    const finish = (outcome: () => void, keep: AbortController) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', stop);
      (keep === orderedCall ? plainCall : orderedCall).abort();
      outcome();
    };
    const sendPlain = () => {
      if (plainSent || settled) return;
      plainSent = true;
      read(undefined, plainCall.signal).then(
        (answer) => finish(() => resolve(answer), plainCall),
        (error: unknown) => finish(() => reject(error), plainCall),
      );
    };
    read({ headers: { [AFTER_WRITE_HEADER]: writeId }, silent: true }, orderedCall.signal).then(
      (answer) => finish(() => resolve(answer), orderedCall),
      (error: unknown) => {
        if (isEnded(error) && !plainSent) finish(() => reject(error), orderedCall);
        else void written.catch(() => undefined).then(sendPlain);
      },
    );
    void written.catch(() => undefined).then(() => setTimeout(sendPlain, ORDERED_READ_GRACE_MS));
  });
}

/**
 * What a list gives the forms inside it: at a save's send, the reload its success will ask for is sent beside it,
 * ordered after it; the function returned drops that reload (the save failed, or was refused).
 */
export type FollowSave = (writeId: string, written: Promise<unknown>) => () => void;

export const FollowSaveContext = createContext<FollowSave | null>(null);
