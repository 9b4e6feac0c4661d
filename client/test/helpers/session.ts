// A logged-in shell for component tests: the stored session (token, user id, user) the http client sends calls
// with, and the session's calls open, as the session module leaves them after a login.
import type { SessionUser } from '../../lib/backend/types';
import { openSessionCalls } from '../../lib/http';
import { saveSession } from '../../lib/session';
import { storage } from '../../lib/storage';

export const TEST_TOKEN = '0123456789abcdef0123456789abcdef_63';
export const JSH: SessionUser = { id: 63, loginName: 'jsh', username: 'jsh', tenantId: 63 };

export function signIn(user: SessionUser = JSH): void {
  saveSession(storage, TEST_TOKEN, user);
  openSessionCalls();
}
