// The password modal's rules (spec §5), as pure functions: each returns the message key of the failed rule.
import t from 'tap';
import { checkConfirmPassword, checkNewPassword, checkOldPassword, NEW_PASSWORD_PATTERN } from '../../client/features/account/password-rules.js';
import { zhCN } from '../../client/lib/i18n/zh-CN.js';

const text = (key: keyof typeof zhCN | null) => (key === null ? null : zhCN[key]);

t.test('old password required', async (t) => {
  t.equal(text(checkOldPassword('')), '请输入旧密码!');
  t.equal(text(checkOldPassword(undefined)), '请输入旧密码!');
  t.equal(checkOldPassword('x'), null);
});

t.test('new password: required, differs from the old one, 6+ with a lowercase letter and a digit', async (t) => {
  t.equal(text(checkNewPassword('', 'abc123')), '请输入新密码!');
  t.equal(text(checkNewPassword('abc123', 'abc123')), '新密码和旧密码不能相同!');
  for (const weak of ['abcdef', '123456', 'ABC123', 'ab1', 'Abc12']) {
    t.equal(text(checkNewPassword(weak, 'old')), '密码由6位数字、小写字母组成!', weak);
  }
  for (const good of ['abc123', 'Abc123', '1a2b3c', 'abc 12 x!']) t.equal(checkNewPassword(good, 'old'), null, good);
  t.same(NEW_PASSWORD_PATTERN, /^(?=.*[a-z])(?=.*\d).{6,}$/);
});

t.test('confirmation: required, equal after trimming', async (t) => {
  t.equal(text(checkConfirmPassword('', 'abc123')), '请确认新密码!');
  t.equal(text(checkConfirmPassword('abc124', 'abc123')), '两次密码不一致!');
  t.equal(checkConfirmPassword(' abc123 ', 'abc123'), null);
  t.equal(checkConfirmPassword('abc123', 'abc123 '), null);
});
