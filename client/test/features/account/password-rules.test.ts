// The password modal's rules, as pure functions: each returns the message key of the failed rule.
import { expect, it } from 'vitest';
import {
  checkConfirmPassword,
  checkNewPassword,
  checkOldPassword,
  NEW_PASSWORD_PATTERN,
} from '../../../features/account/password-rules';
import { zhCN } from '../../../lib/i18n/zh-CN';

const text = (key: keyof typeof zhCN | null) => (key === null ? null : zhCN[key]);

it('old password required', () => {
  expect(text(checkOldPassword(''))).toBe('请输入旧密码!');
  expect(text(checkOldPassword(undefined))).toBe('请输入旧密码!');
  expect(checkOldPassword('x')).toBe(null);
});

it('new password: required, differs from the old one, 6+ with a lowercase letter and a digit', () => {
  expect(text(checkNewPassword('', 'abc123'))).toBe('请输入新密码!');
  expect(text(checkNewPassword('abc123', 'abc123'))).toBe('新密码和旧密码不能相同!');
  for (const weak of ['abcdef', '123456', 'ABC123', 'ab1', 'Abc12']) {
    expect(text(checkNewPassword(weak, 'old')), weak).toBe('密码由6位数字、小写字母组成!');
  }
  for (const good of ['abc123', 'Abc123', '1a2b3c', 'abc 12 x!'])
    expect(checkNewPassword(good, 'old'), good).toBe(null);
  expect(NEW_PASSWORD_PATTERN).toEqual(/^(?=.*[a-z])(?=.*\d).{6,}$/);
});

it('confirmation: required, equal after trimming', () => {
  expect(text(checkConfirmPassword('', 'abc123'))).toBe('请确认新密码!');
  expect(text(checkConfirmPassword('abc124', 'abc123'))).toBe('两次密码不一致!');
  expect(checkConfirmPassword(' abc123 ', 'abc123')).toBe(null);
  expect(checkConfirmPassword('abc123', 'abc123 ')).toBe(null);
});
