// One module over localStorage, compatible with what the original client (vue-ls) wrote:
// key `pro__<name>`, value JSON `{"value": …, "expire": <epoch ms> | null}`. Expired entries read as absent
// and are removed. Pure core (createStorage) over any key/value backend so it is unit-testable.

export const STORAGE_PREFIX = 'pro__';

/** 7 days: how long the token and the cached user are kept. */
export const SESSION_TTL_MS = 604_800_000;
/** 100 days: the button-permission list. */
export const LONG_TTL_MS = 8_640_000_000;

/** Every key the shell stores; pages add theirs (column settings…) as plain strings. */
export const StorageKeys = {
  accessToken: 'Access-Token',
  userId: 'Login_userId',
  loginName: 'Login_loginName',
  userInfo: 'Login_Userinfo',
  buttonPermissions: 'winBtnStrList',
  cachedLoginName: 'cache_loginName',
  cachedPassword: 'cache_password',
  includedRoutes: 'CACHE_INCLUDED_ROUTES',
  dictCache: 'UI_CACHE_DB_DICT_DATA',
  materialPropertyList: 'materialPropertyList',
  isShowExcel: 'isShowExcel',
  theme: 'DEFAULT_THEME',
  layoutMode: 'DEFAULT_LAYOUT_MODE',
  contentWidth: 'DEFAULT_CONTENT_WIDTH_TYPE',
  fixedHeader: 'DEFAULT_FIXED_HEADER',
  fixSiderbar: 'DEFAULT_FIXED_SIDEMENU',
  autoHideHeader: 'DEFAULT_FIXED_HEADER_HIDDEN',
  color: 'DEFAULT_COLOR',
  classicColor: 'DEFAULT_CLASSIC_COLOR',
  weak: 'DEFAULT_COLOR_WEAK',
  multipage: 'DEFAULT_MULTI_PAGE',
  language: 'DEFAULT_LANGUAGE',
  maxLineQuantity: 'BILL_MAX_LINE_QUANTITY',
  quantityDecimals: 'QUANTITY_DECIMALS',
} as const;

/** Prefix of the per-url tab title cache (`route:title:<url>`). */
export const routeTitleKey = (url: string): string => `route:title:${url}`;

/**
 * The permission menu a user's last session loaded (`MENU:<userId>`), shown at once when their next session lands on
 * home and checked behind (lib/session-provider). Page names and paths, nothing secret; kept across logouts.
 */
export const menuCacheKey = (userId: string | number): string => `MENU:${userId}`;

/** The open tabs and the active one of a user, restored on the next boot (`OPEN_TABS:<userId>`). */
export const openTabsKey = (userId: string | number): string => `OPEN_TABS:${userId}`;

export interface KeyValueBackend {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

export interface AppStorage {
  get<T>(name: string): T | undefined;
  get<T>(name: string, fallback: T): T;
  /** expireMs: lifetime from now; omitted or null keeps it forever. */
  set(name: string, value: unknown, expireMs?: number | null): void;
  remove(name: string): void;
  /** The names (without `pro__`) of every entry kept. */
  names(): string[];
  /** Removes every `pro__` key. */
  clear(): void;
}

interface Stored {
  value: unknown;
  expire: number | null;
}

export function createStorage(backend: KeyValueBackend, now: () => number = Date.now): AppStorage {
  function get<T>(name: string, fallback?: T): T | undefined {
    const key = STORAGE_PREFIX + name;
    let raw: string | null;
    try {
      raw = backend.getItem(key);
    } catch {
      return fallback;
    }
    if (raw === null) return fallback;
    let parsed: Stored;
    try {
      parsed = JSON.parse(raw) as Stored;
    } catch {
      return fallback;
    }
    if (typeof parsed !== 'object' || parsed === null || !('value' in parsed)) return fallback;
    if (parsed.expire !== null && parsed.expire !== undefined && parsed.expire <= now()) {
      backend.removeItem(key);
      return fallback;
    }
    return (parsed.value ?? fallback) as T | undefined;
  }
  return {
    get: get as AppStorage['get'],
    set(name, value, expireMs) {
      const stored: Stored = { value, expire: expireMs === undefined || expireMs === null ? null : now() + expireMs };
      try {
        backend.setItem(STORAGE_PREFIX + name, JSON.stringify(stored));
      } catch {
        // Quota exceeded or storage disabled (private mode): the shell keeps working, only unpersisted.
      }
    },
    remove(name) {
      backend.removeItem(STORAGE_PREFIX + name);
    },
    names() {
      const names: string[] = [];
      try {
        for (let i = 0; i < backend.length; i++) {
          const key = backend.key(i);
          if (key?.startsWith(STORAGE_PREFIX)) names.push(key.slice(STORAGE_PREFIX.length));
        }
      } catch {
        // Storage disabled: nothing kept.
      }
      return names;
    },
    clear() {
      const keys: string[] = [];
      for (let i = 0; i < backend.length; i++) {
        const key = backend.key(i);
        if (key?.startsWith(STORAGE_PREFIX)) keys.push(key);
      }
      for (const key of keys) backend.removeItem(key);
    },
  };
}

/** A Map-backed backend: tests, and browsers where localStorage is unavailable. */
export function memoryBackend(): KeyValueBackend {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
  };
}

function browserBackend(): KeyValueBackend {
  try {
    const local = (globalThis as { localStorage?: KeyValueBackend }).localStorage;
    if (local) return local;
  } catch {
    // Accessing localStorage throws when storage is blocked.
  }
  return memoryBackend();
}

/** The shell's storage (localStorage in the browser). */
export const storage: AppStorage = createStorage(browserBackend());
