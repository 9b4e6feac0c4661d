import { expect, it } from 'vitest';
import { createStorage, memoryBackend, SESSION_TTL_MS, STORAGE_PREFIX, StorageKeys } from '../../lib/storage';
import { clearSession, saveSession, storedToken, storedUserId } from '../../lib/session';

function fixture(start = 1_000_000) {
  let now = start;
  const backend = memoryBackend();
  const store = createStorage(backend, () => now);
  return { backend, store, advance: (ms: number) => (now += ms), now: () => now };
}

it('values are stored vue-ls style under pro__ with an absolute expiry', () => {
  const { backend, store, now } = fixture();
  store.set('Access-Token', 'abc_63', SESSION_TTL_MS);
  expect(STORAGE_PREFIX).toBe('pro__');
  expect(JSON.parse(backend.getItem('pro__Access-Token')!)).toEqual({ value: 'abc_63', expire: now() + 604_800_000 });
  store.set('DEFAULT_THEME', 'dark');
  expect(JSON.parse(backend.getItem('pro__DEFAULT_THEME')!)).toEqual({ value: 'dark', expire: null });
});

it('an entry reads back until its expiry, then is absent and removed', () => {
  const { backend, store, advance } = fixture();
  store.set('Login_userId', 63, 1000);
  expect(store.get('Login_userId')).toBe(63);
  advance(999);
  expect(store.get('Login_userId')).toBe(63);
  advance(1);
  expect(store.get('Login_userId')).toBe(undefined);
  expect(store.get('Login_userId', 'fallback')).toBe('fallback');
  expect(backend.getItem('pro__Login_userId'), 'the expired entry is deleted').toBe(null);
});

it('entries written by the original client (same format) are read', () => {
  const { backend, store } = fixture();
  backend.setItem('pro__DEFAULT_COLOR', JSON.stringify({ value: '#722ED1', expire: null }));
  expect(store.get('DEFAULT_COLOR')).toBe('#722ED1');
});

it('malformed entries read as absent instead of throwing', () => {
  const { backend, store } = fixture();
  backend.setItem('pro__a', 'not json');
  backend.setItem('pro__b', JSON.stringify(42));
  backend.setItem('pro__c', JSON.stringify({ nothing: true }));
  expect(store.get('a', 'x')).toBe('x');
  expect(store.get('b', 'x')).toBe('x');
  expect(store.get('c', 'x')).toBe('x');
});

it('clear removes only pro__ keys', () => {
  const { backend, store } = fixture();
  store.set('one', 1);
  store.set('two', 2);
  backend.setItem('to', 'english');
  store.clear();
  expect(backend.length).toBe(1);
  expect(backend.getItem('to')).toBe('english');
});

it('a session keeps token, user id, name and user for 7 days; logout clears them all', () => {
  const { store, advance } = fixture();
  saveSession(store, 'tok_63', { id: 63, loginName: 'jsh', username: '测试用户' });
  expect(storedUserId(store)).toBe(63);
  expect(storedToken(store)).toBe('tok_63');
  expect(store.get(StorageKeys.loginName)).toBe('jsh');
  expect(store.get(StorageKeys.userInfo)).toMatchObject({ id: 63, username: '测试用户' });
  advance(SESSION_TTL_MS - 1);
  expect(storedToken(store)).toBe('tok_63');
  advance(1);
  expect(storedToken(store), 'gone after exactly 604800000 ms').toBe(undefined);
  expect(storedUserId(store)).toBe(undefined);

  saveSession(store, 'tok2', { id: 63, loginName: 'jsh' });
  store.set(StorageKeys.buttonPermissions, [{ url: '/x', btnStr: '1' }]);
  store.set(StorageKeys.includedRoutes, 'A');
  store.set(StorageKeys.theme, 'dark');
  clearSession(store);
  for (const key of [
    'Access-Token',
    'Login_userId',
    'Login_loginName',
    'Login_Userinfo',
    'winBtnStrList',
    'CACHE_INCLUDED_ROUTES',
  ]) {
    expect(store.get(key), `${key} removed`).toBe(undefined);
  }
  expect(store.get(StorageKeys.theme), 'settings survive a logout').toBe('dark');
});
