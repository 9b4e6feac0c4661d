// Back (the browser's, a phone's back gesture) while a dialog is open closes the dialog and stays on the page, as
// people expect of a web app; a second Back leaves the page as before. An open dialog gets a history entry of its
// own (the same address, marked in the entry's state): Back returns to the entry without its mark, which closes the
// dialog; a dialog closed otherwise goes back over its entry, so the history holds no dead steps.
import { startTransition, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { usePageShown } from './page-shown';
import { useRouterIfAny } from './use-router-if-any';

const MARK = 'openDialogs';

/** The dialogs a history entry was made for (its state's mark), outermost first. */
export function dialogsOf(state: unknown): readonly string[] {
  const marks = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[MARK] : undefined;
  return Array.isArray(marks) ? marks.filter((mark): mark is string => typeof mark === 'string') : [];
}

/** The state of the entry a dialog opening over `state` pushes. */
export function withDialog(state: unknown, dialog: string): Record<string, unknown> {
  const base = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  return { ...base, [MARK]: [...dialogsOf(state), dialog] };
}

/**
 * The dialog's Back, as an element beside it (outside the dialog, which may unmount its content when closed): only
 * this element follows the address, so a page holding a dialog does not render again at every navigation of any
 * tab (pages in hidden tabs stay mounted, and each re-rendered its whole list at every change of address).
 */
export function BackCloses({ open, onBack }: { open: boolean; onBack: () => void }): null {
  useBackCloses(open, onBack);
  return null;
}

/**
 * `open`: whether the dialog shows; `onBack`: what Back does to it (the dialog's own close request, which may ask
 * about unsaved changes first: a dialog still open after it gets its entry again). Outside a router: nothing.
 */
export function useBackCloses(open: boolean, onBack: () => void): void {
  const id = useId();
  const router = useRouterIfAny();
  const latestOnBack = useRef(onBack);
  useLayoutEffect(() => {
    latestOnBack.current = onBack;
  });
  /** The entry this dialog's push started from while that push has not landed yet, else null. */
  const pushedFrom = useRef<string | null>(null);
  /** The dialog has an entry in the history (made here or found on return). */
  const hasEntry = useRef(false);
  // Counts Back presses answered: a dialog still open after one (it asks about unsaved changes) gets its entry back.
  const [backs, setBacks] = useState(0);
  const location = router?.location;
  const navigator = router?.navigator;
  const navigationType = router?.navigationType;

  // A page kept in a hidden tab sees other pages' addresses: its dialogs leave the history alone until it is back.
  const pageShown = usePageShown();

  useEffect(() => {
    if (!location || !navigator || !pageShown()) return;
    if (dialogsOf(location.state).includes(id)) {
      pushedFrom.current = null;
      if (open) hasEntry.current = true;
      else if (hasEntry.current) {
        // Closed by its own buttons (or Esc): back over its entry.
        hasEntry.current = false;
        navigator.go(-1);
      }
      return;
    }
    if (pushedFrom.current === location.key) return; // its push is on the way
    pushedFrom.current = null;
    if (!open) {
      hasEntry.current = false;
      return;
    }
    if (hasEntry.current && navigationType === 'POP') {
      // Back (to the entry before the dialog's): the dialog is asked to close.
      hasEntry.current = false;
      latestOnBack.current();
      setBacks((n) => n + 1);
      return;
    }
    // Opened, or its tab back in front (the tab's address, without the entry): an entry of its own. The router renders address changes at once
    // (a click on a menu item or a tab shows its page in one pass); this entry changes nothing on screen, so its
    // render yields to the dialog's own (its data arriving, say).
    hasEntry.current = false;
    pushedFrom.current = location.key;
    startTransition(() => {
      navigator.push(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        withDialog(location.state, id),
      );
    });
  }, [open, id, location, navigator, navigationType, backs, pageShown]);
}
