// One save of any form (the gateway paces writes to the backend's session rules, server/plugins/write-pacing.ts);
// the backend's answer is told to the user — its message on success, its reason on a refusal (the form stays open with everything typed).
import { http } from '../../lib/http';
import type { MessageKey } from '../../lib/i18n/i18n';
import { interpretSaveAnswer } from '../../lib/backend/envelope';
import { afterNextPaint } from '../../lib/use-after-first-paint';
import { writeIdHeaders } from '../../lib/read-after-write';

interface Toasts {
  success: (text: string) => unknown;
  warning: (text: string) => unknown;
}

/**
 * POSTs an add or PUTs an update; true when the backend saved it. An HTTP failure throws (the client reported it).
 * `writeId` names the write for a read sent beside it (lib/read-after-write).
 */
export async function sendSave(
  write: { url: string; method: 'post' | 'put'; body: unknown },
  message: Toasts,
  t: (key: MessageKey) => string,
  writeId?: string,
): Promise<boolean> {
  const options = writeId ? { headers: writeIdHeaders(writeId) } : undefined;
  const answer = await (write.method === 'post'
    ? http.post<unknown>(write.url, write.body, options)
    : http.put<unknown>(write.url, write.body, options));
  const outcome = interpretSaveAnswer(answer);
  if (!outcome.ok) {
    message.warning(outcome.message || t('form.saveFailed'));
    return false;
  }
  // After the frame that closes the form and asks for the list again: antd's message list measures itself when it
  // opens (a style read and the notice's size), which in that frame forced the closing's style and layout early.
  const text = outcome.message || t('form.saved');
  afterNextPaint(() => message.success(text));
  return true;
}
