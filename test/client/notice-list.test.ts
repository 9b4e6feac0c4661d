import t from 'tap';
import { newestNotices, POPOVER_MAX_ITEMS } from '../../client/features/notices/notice-list.js';
import type { Notice } from '../../client/lib/backend/types.js';

const notice = (id: number, createTimeStr: string | null): Notice => ({
  id, msgTitle: `m${id}`, msgContent: '', type: null, status: '1', createTimeStr,
});

t.test('the popover shows the newest five, newest first (the original showed the oldest five)', async (t) => {
  const list = [1, 2, 3, 4, 5, 6, 7].map((id) => notice(id, `2026-11-2${id % 3} 10:00:0${id}`));
  const shown = newestNotices(list);
  t.equal(POPOVER_MAX_ITEMS, 5);
  t.equal(shown.length, 5);
  t.same(shown.map((n) => n.createTimeStr), [...list.map((n) => n.createTimeStr!)].sort().reverse().slice(0, 5));
  t.equal(list.length, 7, 'input untouched');
});

t.test('same time: higher id first; missing times last', async (t) => {
  const shown = newestNotices([notice(1, '2026-01-01 00:00:00'), notice(3, '2026-01-01 00:00:00'), notice(2, null)]);
  t.same(shown.map((n) => n.id), [3, 1, 2]);
});

t.test('five or fewer: all of them', async (t) => {
  t.same(newestNotices([]), []);
  t.equal(newestNotices([notice(1, 'a'), notice(2, 'b')]).length, 2);
});
