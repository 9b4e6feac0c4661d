// Where drafts are kept (components/form-kit/form-draft.ts writes and reads them): `pro__DRAFT:<tenantId>:<userId>:<page>`
// for a day, and what a logout removes. Here, not in the form kit, because the session (lib/session-provider) ends them.
import { storedUser, storedUserId } from './session';
import type { AppStorage } from './storage';

/** A draft is kept a day: long enough for a re-login or the next morning, not for the next person at a shared till. */
export const DRAFT_TTL_MS = 86_400_000;

export const draftKey = (tenantId: string | number, userId: string | number, page: string): string =>
  `DRAFT:${tenantId}:${userId}:${page}`;

/** Whose drafts the stored session reads and writes: its tenant and user, or null without a session. */
export function draftOwner(store: AppStorage): { tenantId: string; userId: string } | null {
  const userId = storedUserId(store);
  if (userId === undefined) return null;
  return { tenantId: String(storedUser(store)?.tenantId ?? 0), userId: String(userId) };
}

/**
 * A logout: every draft of the stored session's user goes (theirs only: another user's on this browser stays), and
 * with them any draft kept under the older key without its tenant (`DRAFT:<userId>:<page>`, which could hold a
 * typed password for a week).
 */
export function clearUserDrafts(store: AppStorage): void {
  const owner = draftOwner(store);
  for (const name of store.names()) {
    const parts = name.split(':');
    if (parts[0] !== 'DRAFT') continue;
    const unkeyed = parts.length === 3;
    const theirs = owner !== null && parts.length === 4 && parts[1] === owner.tenantId && parts[2] === owner.userId;
    if (unkeyed || theirs) store.remove(name);
  }
}
