// lib/feedback: antd is not on the login route, so what is shown before the feedback host mounts must wait for it,
// in order, and asking for the host must reach the root once.
import { expect, it, vi } from 'vitest';
import type { FeedbackApi } from '../../lib/feedback';

function recordingApi(shown: string[]): FeedbackApi {
  const record = (kind: string) => (config: unknown) => {
    shown.push(
      `${kind}:${typeof config === 'string' ? config : ((config as { message?: string; title?: string }).message ?? (config as { title?: string }).title)}`,
    );
    return undefined as never;
  };
  return {
    message: { info: record('message'), warning: record('message') },
    notification: { error: record('notification'), success: record('notification'), warning: record('notification') },
    modal: { error: record('modal') },
  } as unknown as FeedbackApi;
}

it('messages before the host wait for it, in order; the host is asked for once', async () => {
  // A fresh copy of the module, as at a page load: other test files in this worker have asked for the host already.
  vi.resetModules();
  const { isFeedbackWanted, setFeedback, subscribeFeedbackWanted, wantFeedback, withFeedback } =
    await import('../../lib/feedback');
  let asked = 0;
  const unsubscribe = subscribeFeedbackWanted(() => asked++);
  expect(isFeedbackWanted(), 'nothing has asked yet').toBe(false);

  withFeedback(({ notification }) => notification.error({ message: '登录失败' }));
  withFeedback(({ message }) => message.info('admin只是平台运维用户'));
  expect(isFeedbackWanted(), 'the first message asks for the host').toBe(true);
  wantFeedback();
  expect(asked, 'the root hears it once').toBe(1);

  const shown: string[] = [];
  setFeedback(recordingApi(shown));
  expect(shown, 'both shown when the host mounts, in order').toEqual([
    'notification:登录失败',
    'message:admin只是平台运维用户',
  ]);

  withFeedback(({ modal }) => modal.error({ title: '登录已过期' }));
  expect(shown.at(-1), 'shown at once while the host is there').toEqual('modal:登录已过期');

  setFeedback(null);
  withFeedback(({ notification }) => notification.warning({ message: '友情提醒' }));
  expect(shown.length, 'held while the host is gone').toBe(3);
  setFeedback(recordingApi(shown));
  expect(shown.at(-1), 'and shown when it is back').toEqual('notification:友情提醒');
  unsubscribe();
});
