// A bill list's 查看 in the address: opening a bill's detail puts `?number=<单据编号>` in the URL (a history entry of
// its own, so Back closes the detail first), an address with it opens the list on that bill's detail (a link, a
// reload, a login's redirect: the list's entry gets the detail's pushed over it, so there too Back closes the detail
// and stays on the list), and closing the detail takes the query away again. Outside a router (a list rendered
// alone) the detail is plain state.
// The bill named is kept outside the page's state: only the element that shows the detail (useBillNumber) renders
// when it opens or closes, not the page holding the hook (a list with its whole table, re-rendered twice per 查看).
// 查看 opens the detail at once and the address follows once the detail shows its bill (`settle`, or after
// SETTLE_FALLBACK_MS): the router's render of an address change (the tab area, every open page's follower) fell
// between the detail's calls and their answers and held them back.
import {
  createElement,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { UNSAFE_NavigationContext, UNSAFE_RouteContext, type Location, type Navigator } from 'react-router';
import { billDetailPath, billNumberOf } from './page-query';
import { useRouterIfAny } from './use-router-if-any';
import { createValueStore, useStoredState } from './value-store';

/** How long 查看's address waits for its detail to show the bill (a slow read gets it meanwhile). */
export const SETTLE_FALLBACK_MS = 1000;

/** Marks the history entry 查看 pushed, so closing the detail goes back over it instead of adding another. */
const PUSHED = 'billDetail';

const pushedHere = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[PUSHED] === true;

export interface BillQuery {
  /** The bill whose detail the address names, or null, as it stands now: read it in a render with useBillNumber. */
  current: () => string | null;
  subscribe: (listener: () => void) => () => void;
  /** 查看: the bill's detail opens, and gets the address (and a history entry) once it shows the bill. */
  show: (number: string) => void;
  /** The detail shows its bill: the address follows now. */
  settle: () => void;
  /** The detail closed: the address loses its query (going back over the entry `show` made). */
  hide: () => void;
  /** Render it in the page: the element that follows the address. Only it renders again at a change of address;
   *  the page (its whole list) does not, in any tab, shown or hidden. */
  follower: ReactNode;
}

/** What the follower last saw: the address, and the page's own path (the address it opened at). */
interface Seen {
  location: Location | null;
  ownPath: string | null;
}

/** The follower's report: what it saw, and the bill the address names when the address is the page's own. */
interface Followed extends Seen {
  named?: string | null;
}

export function useBillQuery(): BillQuery {
  // The navigator's context does not change with the address (the location's does).
  const navigator = (useContext(UNSAFE_NavigationContext) as { navigator: Navigator } | null)?.navigator ?? null;
  const [shown] = useState(() => createValueStore<string | null>(null));
  const setNumber = shown.set;
  const seen = useRef<Seen>({ location: null, ownPath: null });
  // 查看's number not yet in the address.
  const pending = useRef<{ number: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  // The number whose entry `settle` pushed while the follower has not yet seen that address.
  const unseenPush = useRef<string | null>(null);
  // The number of that entry once closed before it was seen: history goes back over it, and the router may still
  // render it on the way (a browser's Back is asynchronous), which must not open the detail again.
  const goneBack = useRef<string | null>(null);
  const onAddress = useCallback(
    ({ location, ownPath, named }: Followed) => {
      seen.current = { location, ownPath };
      if (named != null && named === unseenPush.current) unseenPush.current = null;
      if (named != null && named === goneBack.current) return;
      if (named === null) goneBack.current = null;
      // The address without a bill while 查看's number waits to enter it (or to be rendered) says nothing about the detail.
      if (named === null && (pending.current || unseenPush.current)) return;
      if (named !== undefined) setNumber(named);
    },
    [setNumber],
  );
  // The follower calls onAddress from its layout effect, never while rendering.
  const follower = useMemo(
    // eslint-disable-next-line react-hooks/refs
    () => (navigator ? createElement(AddressFollower, { onAddress }) : null),
    [navigator, onAddress],
  );

  const settle = useCallback(() => {
    const waiting = pending.current;
    if (!waiting) return;
    pending.current = null;
    clearTimeout(waiting.timer);
    const { location: here, ownPath } = seen.current;
    // Left meanwhile (another tab, another page): the detail stays this page's, the address is the other's.
    if (!navigator || ownPath === null || here?.pathname !== ownPath) return;
    unseenPush.current = waiting.number;
    navigator.push(billDetailPath(ownPath, waiting.number), { [PUSHED]: true });
  }, [navigator]);
  const show = useCallback(
    (next: string) => {
      const { ownPath } = seen.current;
      goneBack.current = null;
      if (navigator && ownPath !== null && next) {
        if (pending.current) clearTimeout(pending.current.timer);
        pending.current = { number: next, timer: setTimeout(settle, SETTLE_FALLBACK_MS) };
      }
      setNumber(next || null);
    },
    [navigator, setNumber, settle],
  );
  // One function for the page's life (a detail's loading effect depends on it); it reads the latest address.
  const hide = useCallback(() => {
    if (pending.current) {
      // Closed before the address followed: nothing to take back.
      clearTimeout(pending.current.timer);
      pending.current = null;
      setNumber(null);
      return;
    }
    // Closed right after the address followed, before the router rendered it: the pushed entry is there all the
    // same, and going back over it closes the detail (a 关闭 in that moment was lost).
    if (navigator && unseenPush.current) {
      goneBack.current = unseenPush.current;
      unseenPush.current = null;
      setNumber(null);
      navigator.go(-1);
      return;
    }
    const { location: here, ownPath } = seen.current;
    if (!navigator || !here) {
      setNumber(null);
      return;
    }
    if (here.pathname !== ownPath || !billNumberOf(here.search)) return;
    if (pushedHere(here.state)) navigator.go(-1);
    else navigator.replace(ownPath!, null);
  }, [navigator, setNumber]);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current.timer);
    },
    [],
  );
  return useMemo(
    () => ({ current: shown.get, subscribe: shown.subscribe, show, settle, hide, follower }),
    [shown, show, settle, hide, follower],
  );
}

/** The bill whose detail the address names, or null; the component reading it renders again when it changes. */
export function useBillNumber(query: Pick<BillQuery, 'current' | 'subscribe'>): string | null {
  return useStoredState({ get: query.current, subscribe: query.subscribe });
}

function AddressFollower({ onAddress }: { onAddress: (followed: Followed) => void }): null {
  const router = useRouterIfAny();
  const location = router?.location ?? null;
  const navigator = router?.navigator ?? null;
  // The page's own path: a page kept in a hidden tab sees other pages' addresses, which say nothing about its bill.
  // Its route's, not the address it mounted at: the tab area mounts every kept tab's page again when the window
  // widens past a phone's, at whichever page is in front (a 查看 there then never closed).
  const route = useContext(UNSAFE_RouteContext) as { matches: readonly { pathname: string }[] } | null;
  const [ownPath] = useState(route?.matches.at(-1)?.pathname ?? location?.pathname ?? null);
  const mine = location !== null && location.pathname === ownPath;
  const current = mine ? billNumberOf(location.search) : null;
  useLayoutEffect(() => {
    onAddress({ location, ownPath, named: mine ? current : undefined });
  });

  // Arrived at the detail's address (not through 查看): the list's entry first, then the detail's over it.
  const arrived = mine && current !== null && !pushedHere(location.state);
  useEffect(() => {
    if (!arrived || !navigator || ownPath === null || current === null) return;
    navigator.replace(ownPath, null);
    navigator.push(billDetailPath(ownPath, current), { [PUSHED]: true });
  }, [arrived, navigator, ownPath, current]);
  return null;
}
