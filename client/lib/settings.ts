// The one typed settings object: defaults, storage keys, read and write.
// The layout applies it; the settings drawer (features/settings) edits it through useSettings() (settings-provider.tsx).
import { StorageKeys, type AppStorage } from './storage.js';

export interface Settings {
  theme: 'light' | 'dark';
  layout: 'sidemenu' | 'topmenu';
  contentWidth: 'Fixed' | 'Fluid';
  fixedHeader: boolean;
  fixSiderbar: boolean;
  autoHideHeader: boolean;
  color: string;
  /** The original blue as it is, below AA contrast: only on the user's explicit choice (the colours above are
   *  drawn in their AA shades, lib/accessible-colors). */
  classicColor: boolean;
  weak: boolean;
  multipage: boolean;
  /** The largest quantity a bill line may hold; a larger one is refused before saving (a scanned code in 数量). */
  maxLineQuantity: number;
  /** How many decimals quantities show with in lists, reports, the bill grid's stock and print (0–6; the backend keeps 6). */
  quantityDecimals: number;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: 'light',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: true,
  fixSiderbar: true,
  autoHideHeader: false,
  color: '#1890FF',
  classicColor: false,
  weak: false,
  multipage: true,
  maxLineQuantity: 99999,
  quantityDecimals: 3,
};

/** Each setting's key under the pro__ prefix (no expiry, as in the original). */
export const SETTING_KEYS: { readonly [K in keyof Settings]: string } = {
  theme: StorageKeys.theme,
  layout: StorageKeys.layoutMode,
  contentWidth: StorageKeys.contentWidth,
  fixedHeader: StorageKeys.fixedHeader,
  fixSiderbar: StorageKeys.fixSiderbar,
  autoHideHeader: StorageKeys.autoHideHeader,
  color: StorageKeys.color,
  classicColor: StorageKeys.classicColor,
  weak: StorageKeys.weak,
  multipage: StorageKeys.multipage,
  maxLineQuantity: StorageKeys.maxLineQuantity,
  quantityDecimals: StorageKeys.quantityDecimals,
};

/** The eight primary colours the drawer offers (name → hex); each is drawn in its AA shade (lib/accessible-colors). */
export const PRIMARY_COLORS = [
  { name: '薄暮', color: '#F5222D' },
  { name: '火山', color: '#FA541C' },
  { name: '日暮', color: '#FAAD14' },
  { name: '明青', color: '#13C2C2' },
  { name: '极光绿', color: '#52C41A' },
  { name: '拂晓蓝（默认）', color: '#1890FF' },
  { name: '极客蓝', color: '#2F54EB' },
  { name: '酱紫', color: '#722ED1' },
] as const;

const validators: { readonly [K in keyof Settings]: (value: unknown) => value is Settings[K] } = {
  theme: (v): v is Settings['theme'] => v === 'light' || v === 'dark',
  layout: (v): v is Settings['layout'] => v === 'sidemenu' || v === 'topmenu',
  contentWidth: (v): v is Settings['contentWidth'] => v === 'Fixed' || v === 'Fluid',
  fixedHeader: (v): v is boolean => typeof v === 'boolean',
  fixSiderbar: (v): v is boolean => typeof v === 'boolean',
  autoHideHeader: (v): v is boolean => typeof v === 'boolean',
  color: (v): v is string => typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v),
  classicColor: (v): v is boolean => typeof v === 'boolean',
  weak: (v): v is boolean => typeof v === 'boolean',
  multipage: (v): v is boolean => typeof v === 'boolean',
  maxLineQuantity: (v): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0,
  quantityDecimals: (v): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 6,
};

/** Stored values where valid, defaults elsewhere. */
export function loadSettings(store: AppStorage): Settings {
  const result = { ...DEFAULT_SETTINGS } as Record<keyof Settings, unknown>;
  for (const name of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const value = store.get<unknown>(SETTING_KEYS[name]);
    if (validators[name](value)) result[name] = value;
  }
  return result as unknown as Settings;
}

export function saveSetting<K extends keyof Settings>(store: AppStorage, name: K, value: Settings[K]): void {
  store.set(SETTING_KEYS[name], value);
}
