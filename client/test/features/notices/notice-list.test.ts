import { expect, it } from 'vitest';
import { newestNotices, POPOVER_MAX_ITEMS } from '../../../features/notices/notice-list';
import type { Notice } from '../../../lib/backend/types';

const notice = (id: number, createTimeStr: string | null): Notice => ({
  id,
  msgTitle: `m${id}`,
  msgContent: '',
  type: null,
  status: '1',
  createTimeStr,
});

it('the popover shows the newest five, newest first (the original showed the oldest five)', () => {
  const list = [1, 2, 3, 4, 5, 6, 7].map((id) => notice(id, `2026-11-2${id % 3} 10:00:0${id}`));
  const shown = newestNotices(list);
  expect(POPOVER_MAX_ITEMS).toBe(5);
  expect(shown.length).toBe(5);
  expect(shown.map((n) => n.createTimeStr)).toEqual(
    [...list.map((n) => n.createTimeStr!)].sort().reverse().slice(0, 5),
  );
  expect(list.length, 'input untouched').toBe(7);
});

it('same time: higher id first; missing times last', () => {
  const shown = newestNotices([notice(1, '2026-01-01 00:00:00'), notice(3, '2026-01-01 00:00:00'), notice(2, null)]);
  expect(shown.map((n) => n.id)).toEqual([3, 1, 2]);
});

it('five or fewer: all of them', () => {
  expect(newestNotices([])).toEqual([]);
  expect(newestNotices([notice(1, 'a'), notice(2, 'b')]).length).toBe(2);
});
