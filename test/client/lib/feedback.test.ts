// lib/feedback: antd is not on the login route, so what is shown before the feedback host mounts must wait for it,
// in order, and asking for the host must reach the root once.
import t from 'tap';
import {
  isFeedbackWanted,
  setFeedback,
  subscribeFeedbackWanted,
  wantFeedback,
  withFeedback,
  type FeedbackApi,
} from '../../../client/lib/feedback.js';

function recordingApi(shown: string[]): FeedbackApi {
  const record = (kind: string) => (config: unknown) => {
    shown.push(`${kind}:${typeof config === 'string' ? config : (config as { message?: string; title?: string }).message ?? (config as { title?: string }).title}`);
    return undefined as never;
  };
  return {
    message: { info: record('message'), warning: record('message') },
    notification: { error: record('notification'), success: record('notification'), warning: record('notification') },
    modal: { error: record('modal') },
  } as unknown as FeedbackApi;
}

t.test('messages before the host wait for it, in order; the host is asked for once', async (t) => {
  let asked = 0;
  const unsubscribe = subscribeFeedbackWanted(() => asked++);
  t.equal(isFeedbackWanted(), false, 'nothing has asked yet');

  withFeedback(({ notification }) => notification.error({ message: '登录失败' }));
  withFeedback(({ message }) => message.info('admin只是平台运维用户'));
  t.equal(isFeedbackWanted(), true, 'the first message asks for the host');
  wantFeedback();
  t.equal(asked, 1, 'the root hears it once');

  const shown: string[] = [];
  setFeedback(recordingApi(shown));
  t.same(shown, ['notification:登录失败', 'message:admin只是平台运维用户'], 'both shown when the host mounts, in order');

  withFeedback(({ modal }) => modal.error({ title: '登录已过期' }));
  t.same(shown.at(-1), 'modal:登录已过期', 'shown at once while the host is there');

  setFeedback(null);
  withFeedback(({ notification }) => notification.warning({ message: '友情提醒' }));
  t.equal(shown.length, 3, 'held while the host is gone');
  setFeedback(recordingApi(shown));
  t.same(shown.at(-1), 'notification:友情提醒', 'and shown when it is back');
  unsubscribe();
});
