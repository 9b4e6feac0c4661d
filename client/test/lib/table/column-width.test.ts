import { expect, it } from 'vitest';
import { dragWidth } from '../../../lib/table/column-width';

it('dragged width never goes below 1', () => {
  expect(dragWidth(120, 30)).toBe(150);
  expect(dragWidth(120, -500)).toBe(1);
  expect(dragWidth(120, -119)).toBe(1);
});
