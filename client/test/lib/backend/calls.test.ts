// Calls several parts of the shell make as it comes up go out once while one runs (the home page and the header
// both read pay_fee_url; the login page and the home page both read the tenant).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fetchPlatformSetting,
  fetchSequenceNumber,
  fetchTenantInfo,
  SEQUENCE_RETRY_MS,
} from '../../../lib/backend/calls';
import { closeSessionCalls } from '../../../lib/http';
import { fakeBackend } from '../../helpers/fake-backend';
import { signIn } from '../../helpers/session';

beforeEach(() => signIn());
afterEach(() => {
  // Ends the session's calls, which also forgets the shared answers.
  closeSessionCalls();
  vi.unstubAllGlobals();
});

describe('calls shared while the shell comes up', () => {
  it('sends a platform setting once for callers at the same time, and each setting apart', async () => {
    const backend = fakeBackend({
      '/platformConfig/getInfoByKey': (url: URL) => ({
        code: 200,
        data: { platformKey: url.searchParams.get('platformKey'), platformValue: 'x' },
      }),
    });
    const [first, second, other] = await Promise.all([
      fetchPlatformSetting('pay_fee_url'),
      fetchPlatformSetting('pay_fee_url'),
      fetchPlatformSetting('bill_excel_url'),
    ]);
    expect(first).toEqual(second);
    expect((other as { data: { platformKey: string } }).data.platformKey).toBe('bill_excel_url');
    expect(backend.callsTo('/platformConfig/getInfoByKey').map((u) => u.searchParams.get('platformKey'))).toEqual([
      'pay_fee_url',
      'bill_excel_url',
    ]);
  });

  it('sends the tenant once for callers at the same time', async () => {
    const backend = fakeBackend({ '/user/infoWithTenant': { code: 200, data: { type: '1' } } });
    await Promise.all([fetchTenantInfo(), fetchTenantInfo()]);
    expect(backend.callsTo('/user/infoWithTenant')).toHaveLength(1);
  });
});

describe('the bill number', () => {
  // jshERP-boot's answer when its number lock stayed taken for 100 ms (SequenceController.buildNumber).
  const LOCKED = { code: 500, data: '获取数据失败' };

  it('asks once more after a pause when the backend refuses it, and takes the second answer', async () => {
    const answers = [LOCKED, { code: 200, data: { defaultNumber: '00000000681' } }];
    const backend = fakeBackend({ '/sequence/buildNumber': () => answers.shift() });
    const started = Date.now();
    expect(await fetchSequenceNumber()).toBe('00000000681');
    expect(backend.callsTo('/sequence/buildNumber')).toHaveLength(2);
    expect(Date.now() - started, 'after the pause').toBeGreaterThanOrEqual(SEQUENCE_RETRY_MS - 20);
  });

  it('gives up after a second refusal, and asks no more', async () => {
    const backend = fakeBackend({ '/sequence/buildNumber': LOCKED });
    expect(await fetchSequenceNumber()).toBeUndefined();
    expect(backend.callsTo('/sequence/buildNumber')).toHaveLength(2);
  });

  it('a number refused as the session ends is not asked for again in the next session', async () => {
    const backend = fakeBackend({ '/sequence/buildNumber': LOCKED });
    const asked = fetchSequenceNumber();
    await vi.waitFor(() => expect(backend.callsTo('/sequence/buildNumber')).toHaveLength(1));
    // Refused, and inside the pause before asking again.
    await new Promise((resolve) => setTimeout(resolve, SEQUENCE_RETRY_MS / 3));
    closeSessionCalls();
    signIn();
    expect(await asked).toBeUndefined();
    expect(backend.callsTo('/sequence/buildNumber'), 'not asked again').toHaveLength(1);
  });

  it('asks once when the first answer carries the number', async () => {
    const backend = fakeBackend({ '/sequence/buildNumber': { code: 200, data: { defaultNumber: '00000000682' } } });
    expect(await fetchSequenceNumber()).toBe('00000000682');
    expect(backend.callsTo('/sequence/buildNumber')).toHaveLength(1);
  });
});
