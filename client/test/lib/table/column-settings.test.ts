import { expect, it } from 'vitest';
import {
  readColumnSetting,
  restoreColumnSetting,
  visibleColumns,
  writeColumnSetting,
} from '../../../lib/table/column-settings';
import { memoryStore } from '../../helpers/memory-store';

it('column settings persist per page as a comma list; restore default removes it', () => {
  const { store, raw } = memoryStore();
  const defaults = ['action', 'number', 'totalPrice'];
  expect(readColumnSetting(store, 'CGRK', defaults)).toEqual(defaults);
  writeColumnSetting(store, 'CGRK', ['number', 'remark']);
  expect(JSON.parse(raw.get('pro__CGRK')!).value).toBe('number,remark');
  expect(readColumnSetting(store, 'CGRK', defaults)).toEqual(['number', 'remark']);
  expect(readColumnSetting(store, 'XSCK', defaults), 'per page').toEqual(defaults);
  expect(restoreColumnSetting(store, 'CGRK', defaults)).toEqual(defaults);
  expect(raw.has('pro__CGRK')).toBeFalsy();
  store.set('CGRK', 'number');
  expect(readColumnSetting(store, 'CGRK', defaults), 'a single column is kept (the original forgot it)').toEqual([
    'number',
  ]);
  store.set('CGRK', '');
  expect(readColumnSetting(store, 'CGRK', defaults), 'an empty value falls back to the defaults').toEqual(defaults);
  const all = [{ dataIndex: 'action' }, { dataIndex: 'number' }, { dataIndex: 'remark' }];
  expect(visibleColumns(all, ['remark', 'action'])).toEqual([{ dataIndex: 'action' }, { dataIndex: 'remark' }]);
});
