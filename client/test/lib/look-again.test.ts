// When pages look again: the window's focus back, the tab visible again, the backend's news; events together are one.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { announceBackendNews, onLookAgain } from '../../lib/look-again';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('focus, visibility and news each make one look; together within a second they are one', () => {
  const looks = vi.fn();
  const stop = onLookAgain(looks);
  vi.advanceTimersByTime(5000);
  window.dispatchEvent(new FocusEvent('focus'));
  document.dispatchEvent(new Event('visibilitychange'));
  expect(looks).toHaveBeenCalledTimes(1);
  vi.advanceTimersByTime(1500);
  announceBackendNews();
  expect(looks).toHaveBeenCalledTimes(2);
  vi.advanceTimersByTime(1500);
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  expect(looks).toHaveBeenCalledTimes(2);
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  expect(looks).toHaveBeenCalledTimes(3);
  stop();
  vi.advanceTimersByTime(1500);
  window.dispatchEvent(new FocusEvent('focus'));
  expect(looks).toHaveBeenCalledTimes(3);
});

it('a page that has just come looks at the next event, whatever looks others had just before', () => {
  const first = vi.fn();
  const stopFirst = onLookAgain(first);
  vi.advanceTimersByTime(5000);
  window.dispatchEvent(new FocusEvent('focus'));
  const second = vi.fn();
  const stopSecond = onLookAgain(second);
  vi.advanceTimersByTime(200);
  window.dispatchEvent(new FocusEvent('focus'));
  expect(first).toHaveBeenCalledTimes(1);
  expect(second).toHaveBeenCalledTimes(1);
  stopFirst();
  stopSecond();
});
