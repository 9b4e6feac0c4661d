import t from 'tap';
import { loginOutcome } from '../../../client/features/auth/login-outcome.js';
import { t as translate } from '../../../client/lib/i18n/i18n.js';

const text = (reply: unknown, name = 'someone') => {
  const outcome = loginOutcome(reply, name);
  if (outcome.type === 'success') return 'success';
  return 'text' in outcome.message ? outcome.message.text : translate(outcome.message.key, outcome.message.params);
};
const tip = (msgTip: string) => ({ code: 200, data: { msgTip } });

t.test('every msgTip outcome has its message (inventory §2.1)', async (t) => {
  t.equal(text({ code: 200, data: { msgTip: 'user can login', token: 'x', user: { id: 1 } } }), 'success');
  t.equal(text(tip('user is not exist')), '用户不存在');
  t.equal(text(tip('user password error')), '用户密码不正确');
  t.equal(text(tip('user is black')), '用户被禁用');
  t.equal(text(tip('tenant is black'), 'jsh'), 'jsh用户已停用，请注册租户进行体验！');
  t.equal(text(tip('tenant is black'), 'other'), '用户所属的租户被禁用');
  t.equal(text(tip('tenant is expire')), '试用期已结束，请联系客服续费');
  t.equal(text(tip('access service error')), '查询服务异常');
});

t.test('an unknown outcome still says something', async (t) => {
  t.equal(text(tip('access service exception')), '登录未成功（access service exception），请稍后再试');
  t.equal(text({ code: 200, data: {} }), '登录未成功（—），请稍后再试');
});

t.test('captcha and other business errors show data.message or data', async (t) => {
  t.equal(text({ code: 500010, data: { message: '验证码错误' } }), '验证码错误');
  t.equal(text({ code: 500011, data: { message: '验证码已失效' } }), '验证码已失效');
  t.equal(text({ code: 500, data: '用户登录失败' }), '用户登录失败');
  t.equal(text('garbage'), '请求出现错误，请稍后再试');
});
