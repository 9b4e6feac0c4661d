import { expect, it } from 'vitest';
import { clampColumns, DETAIL_SPANS } from '../../../lib/table/detail-spans';

it('detail list: 1–4 columns with the original spans, clamped', () => {
  expect(clampColumns(undefined)).toBe(3);
  expect(clampColumns(7)).toBe(4);
  expect(clampColumns(0)).toBe(1);
  expect(DETAIL_SPANS[1]).toEqual({ xs: 24 });
  expect(DETAIL_SPANS[2]).toEqual({ xs: 24, sm: 12 });
  expect(DETAIL_SPANS[3]).toEqual({ xs: 24, sm: 12, md: 8 });
  expect(DETAIL_SPANS[4]).toEqual({ xs: 24, sm: 12, md: 6 });
});
