// Device by width: ≤ 1087.99 px is 'mobile' (the original mapped both of its queries,
// 1087.99 and 767.99, to mobile; we keep both so a 'tablet' split stays a one-line change).
import { useSyncExternalStore } from 'react';

export type Device = 'desktop' | 'mobile';

export const MOBILE_QUERY = 'screen and (max-width: 1087.99px)';
export const SMALL_MOBILE_QUERY = 'screen and (max-width: 767.99px)';

function current(): Device {
  if (typeof window === 'undefined' || !window.matchMedia) return 'desktop';
  return window.matchMedia(MOBILE_QUERY).matches || window.matchMedia(SMALL_MOBILE_QUERY).matches ? 'mobile' : 'desktop';
}

function subscribe(listener: () => void): () => void {
  const lists = [window.matchMedia(MOBILE_QUERY), window.matchMedia(SMALL_MOBILE_QUERY)];
  for (const list of lists) list.addEventListener('change', listener);
  return () => {
    for (const list of lists) list.removeEventListener('change', listener);
  };
}

export function useDevice(): Device {
  return useSyncExternalStore(subscribe, current, () => 'desktop');
}
