// Where drafts are kept: per tenant and user, a day at most, and a logout takes the user's (and any kept under the
// older key without its tenant), no one else's.
import { beforeEach, expect, it } from 'vitest';
import { clearUserDrafts, DRAFT_TTL_MS, draftKey } from '../../lib/draft-keys';
import { writeDraft, readDraft } from '../../components/form-kit/form-draft';
import { saveSession } from '../../lib/session';
import { createStorage, storage, STORAGE_PREFIX } from '../../lib/storage';

const user = (id: number, tenantId: number) => ({ id, loginName: `u${id}`, username: `u${id}`, tenantId });

beforeEach(() => localStorage.clear());

it('keys a draft by tenant and user, and keeps it a day', () => {
  let now = 1_000_000;
  const clocked = createStorage(localStorage, () => now);
  saveSession(clocked, 'token-a', user(131, 63));
  writeDraft(clocked, 'CGRK', '采购入库', { remark: 'x' }, now);
  expect(localStorage.getItem(`${STORAGE_PREFIX}${draftKey(63, 131, 'CGRK')}`)).toContain('"remark":"x"');
  // The same user id under another tenant is another user: nothing of it.
  saveSession(clocked, 'token-b', user(131, 64));
  expect(readDraft(clocked, 'CGRK')).toBeUndefined();
  saveSession(clocked, 'token-c', user(131, 63));
  now += DRAFT_TTL_MS - 1;
  saveSession(clocked, 'token-c', user(131, 63));
  expect(readDraft(clocked, 'CGRK')).toBeDefined();
  now += 2;
  expect(readDraft(clocked, 'CGRK')).toBeUndefined();
  expect(DRAFT_TTL_MS).toBeLessThanOrEqual(86_400_000);
});

it('a logout clears every draft of its user and the unkeyed old ones, not another user’s', () => {
  saveSession(storage, 'token-b', user(132, 63));
  writeDraft(storage, 'XSCK', '销售出库', { remark: 'theirs' });
  saveSession(storage, 'token-a', user(131, 63));
  writeDraft(storage, 'CGRK', '采购入库', { remark: 'mine' });
  writeDraft(storage, 'userList', '用户', { username: 'mine too' });
  storage.set('DRAFT:131:userList', { savedAt: 1, title: '用户', data: { password: 'old' } });
  storage.set('DEFAULT_THEME', 'dark');
  clearUserDrafts(storage);
  expect(
    storage
      .names()
      .filter((n) => n.startsWith('DRAFT:'))
      .sort(),
  ).toEqual([draftKey(63, 132, 'XSCK')]);
  expect(storage.get('DEFAULT_THEME')).toBe('dark');
});
