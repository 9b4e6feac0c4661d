// A bill list's 查看 in the address: opening a bill's detail puts `?number=<单据编号>` in the URL (a history entry of
// its own, so Back closes the detail first), an address with it opens the list on that bill's detail (a link, a
// reload, a login's redirect: the list's entry gets the detail's pushed over it, so there too Back closes the detail
// and stays on the list), and closing the detail takes the query away again. Outside a router (a list rendered
// alone) the detail is plain state.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { billDetailPath, billNumberOf } from './page-query';
import { useRouterIfAny } from './use-router-if-any';

/** Marks the history entry 查看 pushed, so closing the detail goes back over it instead of adding another. */
const PUSHED = 'billDetail';

const pushedHere = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[PUSHED] === true;

export interface BillQuery {
  /** The bill whose detail the address names, or null. */
  number: string | null;
  /** 查看: the bill's detail gets the address (and a history entry). */
  show: (number: string) => void;
  /** The detail closed: the address loses its query (going back over the entry `show` made). */
  hide: () => void;
}

export function useBillQuery(): BillQuery {
  const router = useRouterIfAny();
  const location = router?.location ?? null;
  const navigator = router?.navigator ?? null;
  // The page's own path: a page kept in a hidden tab sees other pages' addresses, which say nothing about its bill.
  const [ownPath] = useState(location?.pathname ?? null);
  const mine = location !== null && location.pathname === ownPath;
  const [number, setNumber] = useState(mine ? billNumberOf(location.search) : null);
  const current = mine ? billNumberOf(location.search) : number;
  if (current !== number) setNumber(current);
  // The latest address for `hide`, which stays one function (a detail's loading effect depends on it).
  const latest = useRef(location);
  useLayoutEffect(() => {
    latest.current = location;
  });

  // Arrived at the detail's address (not through 查看): the list's entry first, then the detail's over it.
  const arrived = mine && current !== null && !pushedHere(location.state);
  useEffect(() => {
    if (!arrived || !navigator || ownPath === null || current === null) return;
    navigator.replace(ownPath, null);
    navigator.push(billDetailPath(ownPath, current), { [PUSHED]: true });
  }, [arrived, navigator, ownPath, current]);

  const show = useCallback((next: string) => {
    if (!navigator || ownPath === null) setNumber(next || null);
    else navigator.push(billDetailPath(ownPath, next), { [PUSHED]: true });
  }, [navigator, ownPath]);
  const hide = useCallback(() => {
    const here = latest.current;
    if (!navigator || !here) {
      setNumber(null);
      return;
    }
    if (here.pathname !== ownPath || !billNumberOf(here.search)) return;
    if (pushedHere(here.state)) navigator.go(-1);
    else navigator.replace(ownPath, null);
  }, [navigator, ownPath]);
  return { number, show, hide };
}
