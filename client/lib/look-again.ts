// When what a page shows may have changed elsewhere — another clerk's sale, a bill saved in another browser: the
// window gets the focus back, the browser tab becomes visible again, or the backend tells (a notice arrived,
// `announceBackendNews`). The page in front then asks again: a list for its rows, an open bill for its lines' stock.
// Several of these at once (focus and visibility come together) are one look.
import { useContext, useEffect, useEffectEvent } from 'react';
import { PageShownContext } from './page-shown';

/** Events closer than this are one look. */
const ONE_LOOK_MS = 1000;

const listeners = new Set<() => void>();
let watching = false;

function look(): void {
  for (const listener of [...listeners]) listener();
}

function watchWindow(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('focus', look);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') look();
  });
}

/** The backend told of a change (a notice for this user, an operator's broadcast): shown pages look again. */
export function announceBackendNews(): void {
  look();
}

/** Calls `listener` at each look; returns the unsubscribe. */
export function onLookAgain(listener: () => void): () => void {
  watchWindow();
  // Each listener counts its own looks on the monotonic clock: one that has just come has seen none, and a wall clock
  // set back (by the system, or a test's fake one) never holds the next look off.
  let lastLook = -Infinity;
  const once = () => {
    const now = performance.now();
    if (now - lastLook < ONE_LOOK_MS && now >= lastLook) return;
    lastLook = now;
    listener();
  };
  listeners.add(once);
  return () => listeners.delete(once);
}

/** Runs `callback` (its latest version) at each look while its page is the one in front and `active` holds. */
export function useOnLookAgain(callback: () => void, active = true): void {
  const page = useContext(PageShownContext);
  const run = useEffectEvent(callback);
  useEffect(() => {
    if (!active) return;
    return onLookAgain(() => {
      if (page.shown()) run();
    });
  }, [page, active]);
}
