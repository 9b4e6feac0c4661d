import type { ExpiringStore } from './store.js';

// Search filters a page keeps across reloads (the 零库存 choice of the stock report), under pro__<pageKey>_filter_<name>.

export const rememberedFilterKey = (pageKey: string, name: string): string => `${pageKey}_filter_${name}`;

/** The stored values of `names` that are non-empty strings. */
export function readRememberedFilters(
  store: ExpiringStore,
  pageKey: string,
  names: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = store.get(rememberedFilterKey(pageKey, name));
    if (typeof value === 'string' && value !== '') out[name] = value;
  }
  return out;
}

/** Stores the queried values of `names`; an empty value forgets the name. */
export function writeRememberedFilters(
  store: ExpiringStore,
  pageKey: string,
  names: readonly string[],
  filters: Record<string, unknown>,
): void {
  for (const name of names) {
    const value = filters[name];
    if (value === null || value === undefined || value === '') store.remove(rememberedFilterKey(pageKey, name));
    else store.set(rememberedFilterKey(pageKey, name), String(value));
  }
}
