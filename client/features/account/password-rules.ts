// Password-change rules, pure so they are tested without a browser. Each returns the message key of
// the first failed rule, or null.
import type { MessageKey } from '../../lib/i18n/i18n.js';

/** At least 6 characters with a lowercase letter and a digit. */
export const NEW_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*\d).{6,}$/;

export function checkOldPassword(value: string | undefined): MessageKey | null {
  return value ? null : 'account.oldPasswordRequired';
}

export function checkNewPassword(value: string | undefined, oldPassword: string | undefined): MessageKey | null {
  if (!value) return 'account.newPasswordRequired';
  if (oldPassword !== undefined && value === oldPassword) return 'account.newPasswordSame';
  if (!NEW_PASSWORD_PATTERN.test(value)) return 'account.newPasswordRule';
  return null;
}

export function checkConfirmPassword(value: string | undefined, newPassword: string | undefined): MessageKey | null {
  if (!value) return 'account.confirmPasswordRequired';
  if (value.trim() !== (newPassword ?? '').trim()) return 'account.passwordMismatch';
  return null;
}
