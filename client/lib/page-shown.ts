// Whether the page a piece sits in is the one shown. The tab area (features/tabs) keeps every open tab's page mounted,
// the hidden ones hidden by their box only, so their effects keep running: what must act only on the page in front
// reads this, and what must happen when a tab comes back to the front (a list asking for its rows again) listens
// for it. Outside the tab area (a single page, a test) a page is always shown.
import { createContext, useCallback, useContext, useEffect, useEffectEvent, useRef } from 'react';

export interface PageShown {
  /** Whether the page is in front now. */
  shown: () => boolean;
  /** Calls `listener` each time the page comes back to the front (not when it first shows); returns the unsubscribe. */
  onShownAgain: (listener: () => void) => () => void;
}

export interface PageShownSwitch extends PageShown {
  /** The tab area's setter: shown or hidden; a hidden page set shown calls the listeners. */
  set: (shown: boolean) => void;
}

const ALWAYS_SHOWN: PageShown = { shown: () => true, onShownAgain: () => () => {} };

export const PageShownContext = createContext<PageShown>(ALWAYS_SHOWN);

export function createPageShown(initiallyShown: boolean): PageShownSwitch {
  let shown = initiallyShown;
  const listeners = new Set<() => void>();
  return {
    shown: () => shown,
    onShownAgain: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set: (next) => {
      if (next === shown) return;
      shown = next;
      if (shown) for (const listener of [...listeners]) listener();
    },
  };
}

/** The page's state as a function to call when it matters (in an event handler): no render follows a switch. */
export function usePageShown(): PageShown['shown'] {
  return useContext(PageShownContext).shown;
}

/**
 * Runs `callback` (its latest version) each time the page comes back to the front, once the frame that shows it is
 * painted: the switch shows the page as it was at once, and what the callback asks for follows (asked inside the
 * switch's task, a list's call and its answer took a quarter of the switch).
 */
export function useOnShownAgain(callback: () => void): void {
  const page = useContext(PageShownContext);
  const run = useEffectEvent(callback);
  useEffect(() => {
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = page.onShownAgain(() => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => {
          if (page.shown()) run();
        }, 0);
      });
    });
    return () => {
      stop();
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [page]);
}

/**
 * A value for `take` on the page in front: taken at once while the page is shown, else kept (the latest one) and
 * taken when the page is back in front — a dialog opened for a page in a hidden tab would show over the page in
 * front. Returns the function to hand the value to (as stable as `take`).
 */
export function useWhenShown<T>(take: (value: T) => void): (value: T) => void {
  const page = useContext(PageShownContext);
  const waiting = useRef<{ value: T } | null>(null);
  useOnShownAgain(() => {
    const kept = waiting.current;
    waiting.current = null;
    if (kept) take(kept.value);
  });
  return useCallback(
    (value: T) => {
      if (page.shown()) take(value);
      else waiting.current = { value };
    },
    [page, take],
  );
}
