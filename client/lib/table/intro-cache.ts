import type { ExpiringStore } from './store.js';

/** 10 days (864,000,000 ms), as the original's handleIntroJs. */
export const INTRO_CACHE_TTL_MS = 864000000;

export const introCacheKey = (pageKey: string): string => `intro_cache_${pageKey}`;

/** The tour shows until this page key has been completed or exited at this version. */
export function shouldShowIntro(store: ExpiringStore, pageKey: string, version: number | string): boolean {
  return store.get(introCacheKey(pageKey)) !== version;
}

/** Called on both finish and close (exit), like the original's oncomplete/onexit. */
export function rememberIntro(store: ExpiringStore, pageKey: string, version: number | string): void {
  store.set(introCacheKey(pageKey), version, INTRO_CACHE_TTL_MS);
}

/** The help button (新手引导) forgets the cache so the tour replays. */
export function forgetIntro(store: ExpiringStore, pageKey: string): void {
  store.remove(introCacheKey(pageKey));
}
