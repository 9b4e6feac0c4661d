import { expect, it } from 'vitest';
import { dragWidth } from '../../../lib/table/column-width';

it('dragged width never goes below a readable 50 px', () => {
  expect(dragWidth(120, 30)).toBe(150);
  expect(dragWidth(120, -500)).toBe(50);
  expect(dragWidth(120, -70)).toBe(50);
  expect(dragWidth(120, -69)).toBe(51);
});
