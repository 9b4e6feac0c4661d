import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchDelete, batchSetStatus, deleteOne } from '../../../components/table-page/table-actions';
import { fakeBackend } from '../../helpers/fake-backend';
import { signIn } from '../../helpers/session';

const OK = { code: 200, data: { message: '成功' } };

/** The feedback a list page passes: confirmations are accepted at once, messages recorded. */
function feedback() {
  const shown: string[] = [];
  const ui = {
    message: {
      success: (text: string) => shown.push(text),
      warning: (text: string) => shown.push(text),
      error: (text: string) => shown.push(text),
    },
    modal: {
      confirm: ({ onOk }: { onOk: () => unknown }) => {
        void onOk();
      },
    },
  } as unknown as Parameters<typeof deleteOne>[0];
  return { ui, shown };
}

beforeEach(() => {
  signIn();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('list writes leave at once', () => {
  it('a row delete, a batch 禁用 and a batch delete right after a save each reach the backend without waiting', async () => {
    // The gateway paces writes to the backend's session rules (server/plugins/write-pacing.ts), not the shell.
    const backend = fakeBackend({
      '/person/update': OK,
      '/person/delete': OK,
      '/person/batchSetStatus': OK,
      '/person/deleteBatch': OK,
    });
    const { ui, shown } = feedback();
    const reloads: string[] = [];
    await fetch('/jshERP-boot/person/update', { method: 'PUT' });
    const deleted = deleteOne(ui, '/person/delete', 5, () => reloads.push('delete'));
    batchSetStatus(ui, '/person/batchSetStatus', [5], false, () => reloads.push('status'));
    batchDelete(ui, '/person/deleteBatch', [5], () => reloads.push('batch'));
    await deleted;
    await vi.waitFor(() => expect(reloads).toEqual(['delete', 'status', 'batch']));
    expect(backend.callsTo('/person/delete')).toHaveLength(1);
    expect(backend.callsTo('/person/batchSetStatus')).toHaveLength(1);
    expect(backend.callsTo('/person/deleteBatch')).toHaveLength(1);
    expect(shown).toEqual(['成功', '成功', '成功']);
  });
});
