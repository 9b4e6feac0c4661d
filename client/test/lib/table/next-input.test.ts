import { expect, it } from 'vitest';
import { nextInputIndex } from '../../../lib/table/next-input';

it('Enter moves to the next input and wraps', () => {
  expect(nextInputIndex(0, 3)).toBe(1);
  expect(nextInputIndex(1, 3)).toBe(2);
  expect(nextInputIndex(2, 3)).toBe(0);
  expect(nextInputIndex(-1, 3)).toBe(0);
  expect(nextInputIndex(0, 1)).toBe(0);
  expect(nextInputIndex(0, 0)).toBe(-1);
});
