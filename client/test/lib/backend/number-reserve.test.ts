// The number drawn ahead (lib/backend/number-reserve): a list that makes bills draws one at an idle moment, the next
// form takes it at once and another is drawn behind it; a session's end drops it; a refused draw ahead is no error
// and the form draws its own.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepNumberReady, takeDrawnNumber, takeSequenceNumber } from '../../../lib/backend/number-reserve';
import { closeSessionCalls } from '../../../lib/http';
import { fakeBackend } from '../../helpers/fake-backend';
import { signIn } from '../../helpers/session';

const LOCKED = { code: 500, data: '获取数据失败' };

/** Answers the numbers 00000000700, 00000000701, … in turn. */
function numbers() {
  let next = 700;
  return fakeBackend({
    '/sequence/buildNumber': () => ({ code: 200, data: { defaultNumber: `00000000${next++}` } }),
  });
}

beforeEach(() => signIn());
afterEach(() => {
  closeSessionCalls();
  vi.unstubAllGlobals();
});

describe('the number drawn ahead', () => {
  it('is drawn once however often it is asked for, taken at once, and the next one is drawn behind it', async () => {
    const backend = numbers();
    keepNumberReady();
    keepNumberReady();
    await vi.waitFor(() => expect(backend.callsTo('/sequence/buildNumber')).toHaveLength(1));
    await vi.waitFor(() => expect(takeDrawnNumber()).toBe('00000000700'));
    expect(takeDrawnNumber(), 'taken once').toBeUndefined();
    await vi.waitFor(() => expect(backend.callsTo('/sequence/buildNumber')).toHaveLength(2));
    expect(await takeSequenceNumber()).toBe('00000000701');
  });

  it('a form that comes while the draw ahead travels takes that draw, not a second one', async () => {
    const backend = numbers();
    keepNumberReady();
    await vi.waitFor(() => expect(backend.callsTo('/sequence/buildNumber')).toHaveLength(1));
    expect(await takeSequenceNumber()).toBe('00000000700');
    expect(backend.callsTo('/sequence/buildNumber').length, 'at most the one drawn behind it').toBeLessThanOrEqual(2);
  });

  it('without one drawn ahead, a form draws its own', async () => {
    const backend = numbers();
    expect(takeDrawnNumber()).toBeUndefined();
    expect(await takeSequenceNumber()).toBe('00000000700');
    expect(backend.callsTo('/sequence/buildNumber')).toHaveLength(1);
  });

  it("is dropped when the session ends: the next session's form never gets the last session's number", async () => {
    const backend = numbers();
    keepNumberReady();
    await vi.waitFor(() => expect(backend.callsTo('/sequence/buildNumber')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    closeSessionCalls();
    signIn();
    expect(takeDrawnNumber()).toBeUndefined();
    expect(await takeSequenceNumber()).toBe('00000000701');
  });

  it('a draw ahead the backend refuses (its number lock) leaves none, and the form draws its own', async () => {
    const answers = [LOCKED, LOCKED, { code: 200, data: { defaultNumber: '00000000710' } }];
    const backend = fakeBackend({ '/sequence/buildNumber': () => answers.shift() });
    keepNumberReady();
    // Refused, asked once more after the pause, refused again.
    await vi.waitFor(() => expect(backend.callsTo('/sequence/buildNumber')).toHaveLength(2), { timeout: 2_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(takeDrawnNumber()).toBeUndefined();
    expect(await takeSequenceNumber()).toBe('00000000710');
  });
});
