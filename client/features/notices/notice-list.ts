// Which unread notices the popover shows: the newest five (the original reversed the server's list and took
// five, which showed the oldest). Newest = latest createTimeStr, then highest id.
import type { Notice } from '../../lib/backend/types.js';

export const POPOVER_MAX_ITEMS = 5;

export function newestNotices(list: readonly Notice[], max = POPOVER_MAX_ITEMS): Notice[] {
  return [...list]
    .sort((a, b) => (b.createTimeStr ?? '').localeCompare(a.createTimeStr ?? '') || b.id - a.id)
    .slice(0, max);
}
