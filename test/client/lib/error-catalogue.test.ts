import t from 'tap';
import { mapFailure, messageOf } from '../../../client/lib/error-catalogue.js';
import { loginThrottledMessage } from '../../../shared/error-envelope.js';

const http = (status: number, body: unknown = '', hadToken = true) => mapFailure({ kind: 'http', status, body, hadToken });

t.test('spec §8 lines, exact texts', async (t) => {
  t.same(http(403), { type: 'notify', description: '拒绝访问', durationSeconds: 4 });
  t.same(http(404, { timestamp: 'x', status: 404, error: 'Not Found', message: 'No message available' }), {
    type: 'notify',
    description: '很抱歉，资源未找到!',
    durationSeconds: 4,
  });
  t.same(http(504), { type: 'notify', description: '网络超时', durationSeconds: null });
  t.same(http(401), { type: 'unauthorized', description: '未授权，请重新登录', logout: true });
  t.same(http(401, '', false), { type: 'unauthorized', description: '未授权，请重新登录', logout: false }, 'no token: nothing to log out');
});

t.test('500 loginOut while holding a token is the login-expired dialog', async (t) => {
  t.same(http(500, 'loginOut', true), {
    type: 'loginExpired',
    title: '登录已过期',
    content: '很抱歉，登录已过期，请重新登录',
    okText: '重新登录',
  });
  const withoutToken = http(500, 'loginOut', false);
  t.equal(withoutToken.type, 'notify', 'without a token it is not the dialog');
  t.not((withoutToken as { description: string }).description, 'loginOut', 'and the raw word is not shown');
});

t.test('other statuses show the response message', async (t) => {
  t.same(http(500, { code: 500, data: { message: '服务内部错误' } }), { type: 'notify', description: '服务内部错误', durationSeconds: 4 });
  t.same(http(502, { code: 502, data: { message: '无法连接后端服务，请稍后再试' }, requestId: 'r1' }), {
    type: 'notify',
    description: '无法连接后端服务，请稍后再试',
    durationSeconds: 4,
  }, 'gateway 502 envelope');
  t.same(http(503, { code: 503, data: { message: '服务繁忙，请稍后再试' }, requestId: 'r2' }), {
    type: 'notify',
    description: '服务繁忙，请稍后再试',
    durationSeconds: 4,
  }, 'gateway 503 envelope');
  t.same(http(413, { message: '请求内容过大' }), { type: 'notify', description: '请求内容过大', durationSeconds: 4 });
  const throttled = { code: 429, data: { message: loginThrottledMessage(15) }, requestId: 'r3' };
  t.same(http(429, throttled, false), { type: 'notify', description: '登录失败次数过多，请 15 分钟后再试', durationSeconds: 4 }, 'gateway 429 envelope (login throttling)');
  t.equal(messageOf(throttled), '登录失败次数过多，请 15 分钟后再试', 'the text the login page shows for a refused login');
});

t.test('a 500 without a message is never silent', async (t) => {
  t.same(http(500, ''), { type: 'notify', description: '请求失败（HTTP 500），请稍后再试', durationSeconds: 4 });
  t.same(http(502, '<html>bad gateway</html>'), { type: 'notify', description: '请求失败（HTTP 502），请稍后再试', durationSeconds: 4 });
  t.same(http(500, '退出失败'), { type: 'notify', description: '退出失败', durationSeconds: 4 }, 'a short text body is the message');
});

t.test('network failure and timeout are never silent', async (t) => {
  t.same(mapFailure({ kind: 'network', hadToken: true }), { type: 'notify', description: '网络异常，请检查网络连接', durationSeconds: 4 });
  t.same(mapFailure({ kind: 'timeout', hadToken: false }), { type: 'notify', description: '请求超时', durationSeconds: 4 });
});

t.test('messageOf reads data.message, then message', async (t) => {
  t.equal(messageOf({ code: 500010, data: { message: '验证码错误' } }), '验证码错误');
  t.equal(messageOf({ message: 'm' }), 'm');
  t.equal(messageOf({ code: 500, data: '未知异常' }), undefined);
  t.equal(messageOf(null), undefined);
  t.equal(messageOf('text'), undefined);
});
