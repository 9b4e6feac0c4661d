import t from 'tap';
import {
  createStorage,
  memoryBackend,
  SESSION_TTL_MS,
  STORAGE_PREFIX,
  StorageKeys,
} from '../../../client/lib/storage.js';
import { clearSession, saveSession, storedToken, storedUserId } from '../../../client/lib/session.js';

function fixture(start = 1_000_000) {
  let now = start;
  const backend = memoryBackend();
  const store = createStorage(backend, () => now);
  return { backend, store, advance: (ms: number) => (now += ms), now: () => now };
}

t.test('values are stored vue-ls style under pro__ with an absolute expiry', async (t) => {
  const { backend, store, now } = fixture();
  store.set('Access-Token', 'abc_63', SESSION_TTL_MS);
  t.equal(STORAGE_PREFIX, 'pro__');
  t.same(JSON.parse(backend.getItem('pro__Access-Token')!), { value: 'abc_63', expire: now() + 604_800_000 });
  store.set('DEFAULT_THEME', 'dark');
  t.same(JSON.parse(backend.getItem('pro__DEFAULT_THEME')!), { value: 'dark', expire: null });
});

t.test('an entry reads back until its expiry, then is absent and removed', async (t) => {
  const { backend, store, advance } = fixture();
  store.set('Login_userId', 63, 1000);
  t.equal(store.get('Login_userId'), 63);
  advance(999);
  t.equal(store.get('Login_userId'), 63);
  advance(1);
  t.equal(store.get('Login_userId'), undefined);
  t.equal(store.get('Login_userId', 'fallback'), 'fallback');
  t.equal(backend.getItem('pro__Login_userId'), null, 'the expired entry is deleted');
});

t.test('entries written by the original client (same format) are read', async (t) => {
  const { backend, store } = fixture();
  backend.setItem('pro__DEFAULT_COLOR', JSON.stringify({ value: '#722ED1', expire: null }));
  t.equal(store.get('DEFAULT_COLOR'), '#722ED1');
});

t.test('malformed entries read as absent instead of throwing', async (t) => {
  const { backend, store } = fixture();
  backend.setItem('pro__a', 'not json');
  backend.setItem('pro__b', JSON.stringify(42));
  backend.setItem('pro__c', JSON.stringify({ nothing: true }));
  t.equal(store.get('a', 'x'), 'x');
  t.equal(store.get('b', 'x'), 'x');
  t.equal(store.get('c', 'x'), 'x');
});

t.test('clear removes only pro__ keys', async (t) => {
  const { backend, store } = fixture();
  store.set('one', 1);
  store.set('two', 2);
  backend.setItem('to', 'english');
  store.clear();
  t.equal(backend.length, 1);
  t.equal(backend.getItem('to'), 'english');
});

t.test('a session keeps token, user id, name and user for 7 days; logout clears them all', async (t) => {
  const { store, advance } = fixture();
  saveSession(store, 'tok_63', { id: 63, loginName: 'jsh', username: '测试用户' });
  t.equal(storedUserId(store), 63);
  t.equal(storedToken(store), 'tok_63');
  t.equal(store.get(StorageKeys.loginName), 'jsh');
  t.match(store.get(StorageKeys.userInfo), { id: 63, username: '测试用户' });
  advance(SESSION_TTL_MS - 1);
  t.equal(storedToken(store), 'tok_63');
  advance(1);
  t.equal(storedToken(store), undefined, 'gone after exactly 604800000 ms');
  t.equal(storedUserId(store), undefined);

  saveSession(store, 'tok2', { id: 63, loginName: 'jsh' });
  store.set(StorageKeys.buttonPermissions, [{ url: '/x', btnStr: '1' }]);
  store.set(StorageKeys.includedRoutes, 'A');
  store.set(StorageKeys.theme, 'dark');
  clearSession(store);
  for (const key of ['Access-Token', 'Login_userId', 'Login_loginName', 'Login_Userinfo', 'winBtnStrList', 'CACHE_INCLUDED_ROUTES']) {
    t.equal(store.get(key), undefined, `${key} removed`);
  }
  t.equal(store.get(StorageKeys.theme), 'dark', 'settings survive a logout');
});
