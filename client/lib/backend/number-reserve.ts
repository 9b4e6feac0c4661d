// One number of the backend's bill sequence drawn ahead, so that 新增 and 复制 open on their number without waiting a
// round trip for it: drawn at an idle moment once a list that makes bills shows, taken by the next form, drawn again
// behind it. jshERP-boot keeps one sequence for every tenant and every kind of bill (jsh_sequence 'depot_number_seq',
// one step per GET /sequence/buildNumber, SequenceMapperEx.updateBuildOnlyNumber), so a number drawn and never used is
// a gap like that of a form the original opened and closed unsaved. A session's end drops what it drew.
import { onSessionCallsClosed, sessionCallsClosings } from '../http';
import { whenIdle } from '../when-idle';
import { fetchSequenceNumber } from './calls';

/** The number drawn ahead, undefined while there is none. */
let drawn: unknown;
/** The draw on its way, null when none. */
let drawing: Promise<unknown> | null = null;
onSessionCallsClosed(() => {
  drawn = undefined;
  drawing = null;
});

function draw(): void {
  if (drawn !== undefined || drawing) return;
  // Quiet: a refused draw ahead is no error of the page; the form that finds none draws its own, loudly.
  const call = fetchSequenceNumber({ silent: true }).catch(() => undefined);
  drawing = call;
  void call.then((number) => {
    if (drawing !== call) return; // taken on its way, or the session ended
    drawing = null;
    if (number !== undefined) drawn = number;
  });
}

/** Keeps a number drawn ahead: drawn at the next idle moment unless one is kept or on its way. */
export function keepNumberReady(): void {
  // A draw asked for in one session never starts in the next.
  const session = sessionCallsClosings();
  whenIdle(() => {
    if (session === sessionCallsClosings()) draw();
  }, 1_000);
}

/** The number drawn ahead, now (another is drawn behind it); undefined when none has come. */
export function takeDrawnNumber(): unknown {
  const number = drawn;
  if (number === undefined) return undefined;
  drawn = undefined;
  keepNumberReady();
  return number;
}

/**
 * A number for a new bill, as fetchSequenceNumber gives it: the one drawn ahead, else the draw on its way, else one
 * drawn now. A draw ahead that was refused is drawn again, with the caller's `silent`.
 */
export async function takeSequenceNumber(options: { silent?: boolean } = {}): Promise<unknown> {
  const ready = takeDrawnNumber();
  if (ready !== undefined) return ready;
  const pending = drawing;
  if (!pending) return fetchSequenceNumber(options);
  drawing = null;
  const session = sessionCallsClosings();
  const number = await pending;
  // Drawn behind it in the same session only: the next session draws its own when its list shows.
  if (session === sessionCallsClosings()) keepNumberReady();
  return number === undefined ? fetchSequenceNumber(options) : number;
}
