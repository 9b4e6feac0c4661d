// The filters a list was last searched with, kept for a reload of its browser tab: sessionStorage (one browser tab,
// gone when it closes), per user and page. Only plain values (text, numbers, switches, lists of them) are kept;
// anything unreadable is ignored, so a stale or edited entry never breaks the page.

type Plain = string | number | boolean;
export type TabFilters = Record<string, Plain | Plain[]>;

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const tabFiltersKey = (userId: string | number | undefined, pageKey: string): string =>
  `pro__list_filters:${userId ?? '-'}:${pageKey}`;

const isPlain = (value: unknown): value is Plain => ['string', 'number', 'boolean'].includes(typeof value);

/** The plain, non-empty values of `filters`. */
export function plainFilters(filters: Record<string, unknown>): TabFilters {
  const out: TabFilters = {};
  for (const [name, value] of Object.entries(filters)) {
    if (value === '' || value === null || value === undefined) continue;
    if (isPlain(value)) out[name] = value;
    else if (Array.isArray(value) && value.length > 0 && value.every(isPlain)) out[name] = value;
  }
  return out;
}

export function readTabFilters(store: SessionStore | undefined, key: string): TabFilters {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(key) ?? 'null');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? plainFilters(parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Keeps the searched filters (none: forgets them). Storage refused (private mode, quota): nothing kept. */
export function writeTabFilters(store: SessionStore | undefined, key: string, filters: Record<string, unknown>): void {
  try {
    const plain = plainFilters(filters);
    if (Object.keys(plain).length === 0) store?.removeItem(key);
    else store?.setItem(key, JSON.stringify(plain));
  } catch {
    // not kept
  }
}

/** The browser tab's sessionStorage, when the browser lets us have it. */
export function sessionStore(): SessionStore | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
