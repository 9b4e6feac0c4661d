import type { ExpiringStore } from './store.js';

// Visible columns per page, stored as a comma list under pro__<pageKey> without expiry.

/**
 * The visible dataIndexes: the stored list, else the page's defaults. A single column (no comma) counts too: the
 * original required a comma and so forgot a one-column choice on reload.
 */
export function readColumnSetting(store: ExpiringStore, pageKey: string, defaults: readonly string[]): string[] {
  const stored = store.get(pageKey);
  const columns = typeof stored === 'string' ? stored.split(',').filter(Boolean) : [];
  return columns.length > 0 ? columns : [...defaults];
}

export function writeColumnSetting(store: ExpiringStore, pageKey: string, checked: readonly string[]): void {
  store.set(pageKey, checked.join(','));
}

/** 恢复默认: removes the key so the defaults apply again. */
export function restoreColumnSetting(store: ExpiringStore, pageKey: string, defaults: readonly string[]): string[] {
  store.remove(pageKey);
  return [...defaults];
}

/** Columns to show: all columns, in their defined order, whose dataIndex is visible. */
export function visibleColumns<C extends { dataIndex: string }>(all: readonly C[], visible: readonly string[]): C[] {
  const set = new Set(visible);
  return all.filter((c) => set.has(c.dataIndex));
}
