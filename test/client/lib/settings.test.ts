import t from 'tap';
import { DEFAULT_SETTINGS, loadSettings, saveSetting, SETTING_KEYS } from '../../../client/lib/settings.js';
import { createStorage, memoryBackend } from '../../../client/lib/storage.js';

t.test('defaults (spec §3)', async (t) => {
  t.same(loadSettings(createStorage(memoryBackend())), {
    theme: 'light',
    layout: 'sidemenu',
    contentWidth: 'Fixed',
    fixedHeader: true,
    fixSiderbar: true,
    autoHideHeader: false,
    color: '#1890FF',
    weak: false,
    multipage: true,
  });
  t.same(SETTING_KEYS, {
    theme: 'DEFAULT_THEME',
    layout: 'DEFAULT_LAYOUT_MODE',
    contentWidth: 'DEFAULT_CONTENT_WIDTH_TYPE',
    fixedHeader: 'DEFAULT_FIXED_HEADER',
    fixSiderbar: 'DEFAULT_FIXED_SIDEMENU',
    autoHideHeader: 'DEFAULT_FIXED_HEADER_HIDDEN',
    color: 'DEFAULT_COLOR',
    weak: 'DEFAULT_COLOR_WEAK',
    multipage: 'DEFAULT_MULTI_PAGE',
  });
});

t.test('saved values persist under pro__ keys without expiry; invalid stored values fall back', async (t) => {
  const backend = memoryBackend();
  const store = createStorage(backend);
  saveSetting(store, 'theme', 'dark');
  saveSetting(store, 'multipage', false);
  t.same(JSON.parse(backend.getItem('pro__DEFAULT_THEME')!), { value: 'dark', expire: null });
  backend.setItem('pro__DEFAULT_COLOR', JSON.stringify({ value: 'red;}', expire: null }));
  const loaded = loadSettings(store);
  t.equal(loaded.theme, 'dark');
  t.equal(loaded.multipage, false);
  t.equal(loaded.color, DEFAULT_SETTINGS.color);
});
