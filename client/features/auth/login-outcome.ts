// What the login answer means to the user, pure.
import { answerText, isOk, okObject } from '../../lib/backend/envelope.js';
import { LOGIN_OK_TIP } from '../../../shared/backend.js';
import type { MessageKey } from '../../lib/i18n/i18n.js';

export type LoginOutcome =
  | { type: 'success' }
  | { type: 'failure'; message: { key: MessageKey; params?: Record<string, string> } | { text: string } };

const TIP_MESSAGES: Record<string, MessageKey> = {
  'user is not exist': 'login.userNotExist',
  'user password error': 'login.passwordError',
  'user is black': 'login.userBlack',
  'tenant is expire': 'login.tenantExpire',
  'access service error': 'login.serviceError',
};

export function loginOutcome(reply: unknown, loginName: string): LoginOutcome {
  if (!isOk(reply)) {
    // Captcha errors (5000xx) and other business errors carry data.message; some carry a bare string.
    // A body that is no envelope (a proxy's page) is no message to show.
    const text = reply !== null && typeof reply === 'object' ? answerText(reply) : '';
    return { type: 'failure', message: text ? { text } : { key: 'login.requestError' } };
  }
  const tip = okObject(reply)?.msgTip;
  if (tip === LOGIN_OK_TIP) return { type: 'success' };
  if (tip === 'tenant is black') {
    return { type: 'failure', message: { key: loginName === 'jsh' ? 'login.jshTenantBlack' : 'login.tenantBlack' } };
  }
  const key = typeof tip === 'string' ? TIP_MESSAGES[tip] : undefined;
  if (key) return { type: 'failure', message: { key } };
  // An outcome the original left unhandled (button spinning forever): say what came back.
  return {
    type: 'failure',
    message: { key: 'login.unknownOutcome', params: { tip: typeof tip === 'string' ? tip : '—' } },
  };
}
