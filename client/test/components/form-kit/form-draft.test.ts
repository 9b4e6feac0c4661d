// The draft store: kept per user and page, dates survive the round trip, clear removes it, no session keeps nothing.
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearDraft, readDraft, writeDraft } from '../../../components/form-kit/form-draft';
import { draftKey } from '../../../lib/draft-keys';
import { saveSession, clearSession } from '../../../lib/session';
import { storage, STORAGE_PREFIX } from '../../../lib/storage';

const user = (id: number) => ({ id, loginName: `u${id}`, username: `u${id}`, tenantId: 63 });

describe('form drafts', () => {
  beforeEach(() => localStorage.clear());

  it('keeps what was typed per user and page, dates included, until cleared', () => {
    saveSession(storage, 'token-a', user(63));
    const when = dayjs('2026-11-20T09:30:00');
    writeDraft(
      storage,
      'CGRK',
      '新增采购入库',
      {
        values: { operTime: when, remark: '货到付款', salesMan: ['3'] },
        lines: [{ barCode: '1000001', operNumber: 10 }],
      },
      1_000,
    );
    expect(localStorage.getItem(`${STORAGE_PREFIX}${draftKey(63, 63, 'CGRK')}`)).toContain('货到付款');

    const draft = readDraft<{
      values: { operTime: dayjs.Dayjs; remark: string; salesMan: string[] };
      lines: unknown[];
    }>(storage, 'CGRK');
    expect(draft?.savedAt).toBe(1_000);
    expect(draft?.title).toBe('新增采购入库');
    expect(dayjs.isDayjs(draft?.data.values.operTime)).toBe(true);
    expect(draft?.data.values.operTime.valueOf()).toBe(when.valueOf());
    expect(draft?.data.values.salesMan).toEqual(['3']);
    expect(draft?.data.lines).toEqual([{ barCode: '1000001', operNumber: 10 }]);

    // Another page, another user: nothing of it.
    expect(readDraft(storage, 'XSCK')).toBeUndefined();
    saveSession(storage, 'token-b', user(64));
    expect(readDraft(storage, 'CGRK')).toBeUndefined();

    // The same user again (a re-login): offered back; cleared, gone.
    saveSession(storage, 'token-c', user(63));
    expect(readDraft(storage, 'CGRK')?.data).toBeDefined();
    clearDraft(storage, 'CGRK');
    expect(readDraft(storage, 'CGRK')).toBeUndefined();
  });

  it('survives the session ending (the expired-login dialog clears the session, not the drafts)', () => {
    saveSession(storage, 'token-a', user(63));
    writeDraft(storage, 'SKD', '收款单 - 新增', { head: { remark: 'x' }, rows: [] });
    clearSession(storage);
    // Without a session nothing is read or written.
    expect(readDraft(storage, 'SKD')).toBeUndefined();
    writeDraft(storage, 'OTHER', 't', { a: 1 });
    saveSession(storage, 'token-b', user(63));
    expect(readDraft(storage, 'SKD')?.data).toEqual({ head: { remark: 'x' }, rows: [] });
    expect(readDraft(storage, 'OTHER')).toBeUndefined();
  });
});
