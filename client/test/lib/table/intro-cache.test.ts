import { expect, it } from 'vitest';
import {
  forgetIntro,
  INTRO_CACHE_TTL_MS,
  introCacheKey,
  rememberIntro,
  shouldShowIntro,
} from '../../../lib/table/intro-cache';
import { memoryStore } from '../../helpers/memory-store';

it('intro tour shows until completed or exited, then is cached 10 days per page key and version', () => {
  const { store, raw, advance } = memoryStore();
  expect(INTRO_CACHE_TTL_MS).toBe(864000000);
  expect(introCacheKey('CGRK')).toBe('intro_cache_CGRK');
  expect(shouldShowIntro(store, 'CGRK', 1)).toBeTruthy();
  rememberIntro(store, 'CGRK', 1);
  expect(raw.has('pro__intro_cache_CGRK')).toBeTruthy();
  expect(shouldShowIntro(store, 'CGRK', 1), 'cached for the same version').toBeFalsy();
  expect(shouldShowIntro(store, 'CGRK', 2), 'a new version shows again').toBeTruthy();
  expect(shouldShowIntro(store, 'XSCK', 1), 'other pages are independent').toBeTruthy();
  advance(INTRO_CACHE_TTL_MS - 1);
  expect(shouldShowIntro(store, 'CGRK', 1)).toBeFalsy();
  advance(1);
  expect(shouldShowIntro(store, 'CGRK', 1), 'expired after 864000000 ms').toBeTruthy();
  rememberIntro(store, 'CGRK', 1);
  forgetIntro(store, 'CGRK');
  expect(shouldShowIntro(store, 'CGRK', 1), 'help button replays').toBeTruthy();
});
