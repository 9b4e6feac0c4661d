import { expect, it } from 'vitest';
import { DEFAULT_SETTINGS, loadSettings, saveSetting, SETTING_KEYS } from '../../lib/settings';
import { createStorage, memoryBackend } from '../../lib/storage';

it('defaults', () => {
  expect(loadSettings(createStorage(memoryBackend()))).toEqual({
    theme: 'light',
    layout: 'sidemenu',
    contentWidth: 'Fixed',
    fixedHeader: true,
    fixSiderbar: true,
    autoHideHeader: false,
    color: '#1890FF',
    classicColor: false, // drawn in its AA shade; the classic #1890FF only on the user's choice
    weak: false,
    multipage: true,
    maxLineQuantity: 99999,
    quantityDecimals: 3,
  });
  expect(SETTING_KEYS).toEqual({
    theme: 'DEFAULT_THEME',
    layout: 'DEFAULT_LAYOUT_MODE',
    contentWidth: 'DEFAULT_CONTENT_WIDTH_TYPE',
    fixedHeader: 'DEFAULT_FIXED_HEADER',
    fixSiderbar: 'DEFAULT_FIXED_SIDEMENU',
    autoHideHeader: 'DEFAULT_FIXED_HEADER_HIDDEN',
    color: 'DEFAULT_COLOR',
    classicColor: 'DEFAULT_CLASSIC_COLOR',
    weak: 'DEFAULT_COLOR_WEAK',
    multipage: 'DEFAULT_MULTI_PAGE',
    maxLineQuantity: 'BILL_MAX_LINE_QUANTITY',
    quantityDecimals: 'QUANTITY_DECIMALS',
  });
});

it('saved values persist under pro__ keys without expiry; invalid stored values fall back', () => {
  const backend = memoryBackend();
  const store = createStorage(backend);
  saveSetting(store, 'theme', 'dark');
  saveSetting(store, 'multipage', false);
  expect(JSON.parse(backend.getItem('pro__DEFAULT_THEME')!)).toEqual({ value: 'dark', expire: null });
  backend.setItem('pro__DEFAULT_COLOR', JSON.stringify({ value: 'red;}', expire: null }));
  const loaded = loadSettings(store);
  expect(loaded.theme).toBe('dark');
  expect(loaded.multipage).toBe(false);
  expect(loaded.color).toBe(DEFAULT_SETTINGS.color);
  // The bill lines' quantity ceiling: a positive number, else the default.
  backend.setItem('pro__BILL_MAX_LINE_QUANTITY', JSON.stringify({ value: 'lots', expire: null }));
  expect(loadSettings(store).maxLineQuantity).toBe(99999);
  saveSetting(store, 'maxLineQuantity', 500);
  expect(loadSettings(store).maxLineQuantity).toBe(500);
});
