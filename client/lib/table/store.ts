/**
 * The slice of core's pro__ storage (client/lib/storage.ts) the table rules need. Keys are given without the
 * `pro__` prefix; the store adds it and drops values past their expiry.
 */
export interface ExpiringStore {
  get(key: string): unknown;
  set(key: string, value: unknown, ttlMs?: number): void;
  remove(key: string): void;
}
