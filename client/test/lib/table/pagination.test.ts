import { expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, REPORT_PAGE_SIZE_OPTIONS } from '../../../lib/table/pagination';
import { t as translate } from '../../../lib/i18n/i18n';

it('pagination defaults and total text a-b 共N条', () => {
  expect(DEFAULT_PAGE_SIZE).toBe(10);
  expect(PAGE_SIZE_OPTIONS).toEqual([10, 20, 30, 50, 100]);
  expect(REPORT_PAGE_SIZE_OPTIONS).toEqual([11, 21, 31, 101, 201]);
  expect(translate('table.total', { from: 11, to: 20, total: 57 }), 'zh-CN, the default language').toBe('11-20 共57条');
});
