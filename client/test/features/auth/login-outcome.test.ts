import { expect, it } from 'vitest';
import { loginOutcome } from '../../../features/auth/login-outcome';
import { t as translate } from '../../../lib/i18n/i18n';

const text = (reply: unknown, name = 'someone') => {
  const outcome = loginOutcome(reply, name);
  if (outcome.type === 'success') return 'success';
  return 'text' in outcome.message ? outcome.message.text : translate(outcome.message.key, outcome.message.params);
};
const tip = (msgTip: string) => ({ code: 200, data: { msgTip } });

it('every msgTip outcome has its message', () => {
  expect(text({ code: 200, data: { msgTip: 'user can login', token: 'x', user: { id: 1 } } })).toBe('success');
  expect(text(tip('user is not exist'))).toBe('用户不存在');
  expect(text(tip('user password error'))).toBe('用户密码不正确');
  expect(text(tip('user is black'))).toBe('用户被禁用');
  expect(text(tip('tenant is black'), 'jsh')).toBe('jsh用户已停用，请注册租户进行体验！');
  expect(text(tip('tenant is black'), 'other')).toBe('用户所属的租户被禁用');
  expect(text(tip('tenant is expire'))).toBe('试用期已结束，请联系客服续费');
  expect(text(tip('access service error'))).toBe('查询服务异常');
});

it('an unknown outcome still says something', () => {
  expect(text(tip('access service exception'))).toBe('登录未成功（access service exception），请稍后再试');
  expect(text({ code: 200, data: {} })).toBe('登录未成功（—），请稍后再试');
});

it('captcha and other business errors show data.message or data', () => {
  expect(text({ code: 500010, data: { message: '验证码错误' } })).toBe('验证码错误');
  expect(text({ code: 500011, data: { message: '验证码已失效' } })).toBe('验证码已失效');
  expect(text({ code: 500, data: '用户登录失败' })).toBe('用户登录失败');
  expect(text('garbage')).toBe('请求出现错误，请稍后再试');
});
