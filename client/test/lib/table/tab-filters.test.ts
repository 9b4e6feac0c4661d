import { expect, it } from 'vitest';
import { plainFilters, readTabFilters, tabFiltersKey, writeTabFilters } from '../../../lib/table/tab-filters';

const memory = () => {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
};

it('keeps plain non-empty values, per user and page', () => {
  const store = memory();
  const key = tabFiltersKey(63, 'vendorList');
  expect(key).toBe('pro__list_filters:63:vendorList');
  writeTabFilters(store, key, {
    supplier: '上海',
    telephone: '',
    type: undefined,
    status: 0,
    ids: ['1', '2'],
    range: { a: 1 },
  });
  expect(readTabFilters(store, key)).toEqual({ supplier: '上海', status: 0, ids: ['1', '2'] });
  expect(readTabFilters(store, tabFiltersKey(64, 'vendorList')), "another user's key is empty").toEqual({});
});

it('nothing searched forgets the entry; a broken entry reads as none', () => {
  const store = memory();
  const key = tabFiltersKey(undefined, 'p');
  writeTabFilters(store, key, { a: 'x' });
  writeTabFilters(store, key, { a: '' });
  expect(store.map.has(key)).toBe(false);
  store.setItem(key, '{not json');
  expect(readTabFilters(store, key)).toEqual({});
  store.setItem(key, '["a"]');
  expect(readTabFilters(store, key)).toEqual({});
  expect(plainFilters({ a: null, b: false })).toEqual({ b: false });
});

it('storage refused: nothing kept, nothing thrown', () => {
  const refusing = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('quota');
    },
    removeItem: () => undefined,
  };
  expect(() => writeTabFilters(refusing, 'k', { a: 'x' })).not.toThrow();
  expect(readTabFilters(refusing, 'k')).toEqual({});
  expect(readTabFilters(undefined, 'k')).toEqual({});
});
