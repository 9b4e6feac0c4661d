import t from 'tap';
import type { ExpiringStore } from '../../../client/lib/table/store.js';
import { forgetIntro, INTRO_CACHE_TTL_MS, introCacheKey, rememberIntro, shouldShowIntro } from '../../../client/lib/table/intro-cache.js';
import { readColumnSetting, restoreColumnSetting, visibleColumns, writeColumnSetting } from '../../../client/lib/table/column-settings.js';

/** A pro__ store over a plain map with a movable clock, shaped like the browser's localStorage use. */
function memoryStore() {
  const raw = new Map<string, string>();
  let now = 1_000_000;
  const store: ExpiringStore = {
    get(key) {
      const text = raw.get('pro__' + key);
      if (text === undefined) return null;
      const { value, expire } = JSON.parse(text) as { value: unknown; expire: number | null };
      if (expire !== null && expire <= now) { raw.delete('pro__' + key); return null; }
      return value;
    },
    set(key, value, ttlMs) { raw.set('pro__' + key, JSON.stringify({ value, expire: ttlMs ? now + ttlMs : null })); },
    remove(key) { raw.delete('pro__' + key); },
  };
  return { store, raw, advance: (ms: number) => { now += ms; } };
}

t.test('intro tour shows until completed or exited, then is cached 100 days per page key and version', async (t) => {
  const { store, raw, advance } = memoryStore();
  t.equal(INTRO_CACHE_TTL_MS, 864000000);
  t.equal(introCacheKey('CGRK'), 'intro_cache_CGRK');
  t.ok(shouldShowIntro(store, 'CGRK', 1));
  rememberIntro(store, 'CGRK', 1);
  t.ok(raw.has('pro__intro_cache_CGRK'));
  t.notOk(shouldShowIntro(store, 'CGRK', 1), 'cached for the same version');
  t.ok(shouldShowIntro(store, 'CGRK', 2), 'a new version shows again');
  t.ok(shouldShowIntro(store, 'XSCK', 1), 'other pages are independent');
  advance(INTRO_CACHE_TTL_MS - 1);
  t.notOk(shouldShowIntro(store, 'CGRK', 1));
  advance(1);
  t.ok(shouldShowIntro(store, 'CGRK', 1), 'expired after 864000000 ms');
  rememberIntro(store, 'CGRK', 1);
  forgetIntro(store, 'CGRK');
  t.ok(shouldShowIntro(store, 'CGRK', 1), 'help button replays');
});

t.test('column settings persist per page as a comma list; restore default removes it', async (t) => {
  const { store, raw } = memoryStore();
  const defaults = ['action', 'number', 'totalPrice'];
  t.same(readColumnSetting(store, 'CGRK', defaults), defaults);
  writeColumnSetting(store, 'CGRK', ['number', 'remark']);
  t.equal(JSON.parse(raw.get('pro__CGRK')!).value, 'number,remark');
  t.same(readColumnSetting(store, 'CGRK', defaults), ['number', 'remark']);
  t.same(readColumnSetting(store, 'XSCK', defaults), defaults, 'per page');
  t.same(restoreColumnSetting(store, 'CGRK', defaults), defaults);
  t.notOk(raw.has('pro__CGRK'));
  store.set('CGRK', 'number');
  t.same(readColumnSetting(store, 'CGRK', defaults), ['number'], 'a single column is kept (the original forgot it)');
  store.set('CGRK', '');
  t.same(readColumnSetting(store, 'CGRK', defaults), defaults, 'an empty value falls back to the defaults');
  const all = [{ dataIndex: 'action' }, { dataIndex: 'number' }, { dataIndex: 'remark' }];
  t.same(visibleColumns(all, ['remark', 'action']), [{ dataIndex: 'action' }, { dataIndex: 'remark' }]);
});
