// Device by width: 'mobile' below 768 px (drawer menu, no tabs), 'tablet' from 768 to 1087 px (the desktop layout
// with the side menu collapsed, tabs on), 'desktop' from 1088 px. The original mapped both of its queries to mobile,
// which gave a 1024 px screen the phone layout.
import { useSyncExternalStore } from 'react';

export type Device = 'desktop' | 'tablet' | 'mobile';

export const TABLET_QUERY = 'screen and (max-width: 1087.99px)';
export const MOBILE_QUERY = 'screen and (max-width: 767.99px)';

function current(): Device {
  if (typeof window === 'undefined' || !window.matchMedia) return 'desktop';
  if (window.matchMedia(MOBILE_QUERY).matches) return 'mobile';
  return window.matchMedia(TABLET_QUERY).matches ? 'tablet' : 'desktop';
}

function subscribe(listener: () => void): () => void {
  const lists = [window.matchMedia(TABLET_QUERY), window.matchMedia(MOBILE_QUERY)];
  for (const list of lists) list.addEventListener('change', listener);
  return () => {
    for (const list of lists) list.removeEventListener('change', listener);
  };
}

export function useDevice(): Device {
  return useSyncExternalStore(subscribe, current, () => 'desktop');
}
