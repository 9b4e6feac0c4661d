import type { ExpiringStore } from '../../lib/table/store';

/** A pro__ store over a plain map with a movable clock, shaped like the browser's localStorage use. */
export function memoryStore() {
  const raw = new Map<string, string>();
  let now = 1_000_000;
  const store: ExpiringStore = {
    get(key) {
      const text = raw.get('pro__' + key);
      if (text === undefined) return null;
      const { value, expire } = JSON.parse(text) as { value: unknown; expire: number | null };
      if (expire !== null && expire <= now) {
        raw.delete('pro__' + key);
        return null;
      }
      return value;
    },
    set(key, value, ttlMs) {
      raw.set('pro__' + key, JSON.stringify({ value, expire: ttlMs ? now + ttlMs : null }));
    },
    remove(key) {
      raw.delete('pro__' + key);
    },
  };
  return {
    store,
    raw,
    advance: (ms: number) => {
      now += ms;
    },
  };
}
