import { expect, it } from 'vitest';
import { mapFailure, messageOf } from '../../lib/error-catalogue';
import { loginThrottledMessage } from '../../../shared/error-envelope';

const http = (status: number, body: unknown = '', hadToken = true) =>
  mapFailure({ kind: 'http', status, body, hadToken });

it('every catalogue line, exact texts', () => {
  expect(http(403)).toEqual({ type: 'notify', description: '拒绝访问', durationSeconds: 4 });
  expect(http(404, { timestamp: 'x', status: 404, error: 'Not Found', message: 'No message available' })).toEqual({
    type: 'notify',
    description: '很抱歉，资源未找到!',
    durationSeconds: 4,
  });
  expect(http(504)).toEqual({ type: 'notify', description: '网络超时', durationSeconds: null });
  expect(http(401)).toEqual({ type: 'unauthorized', description: '未授权，请重新登录', logout: true });
  expect(http(401, '', false), 'no token: nothing to log out').toEqual({
    type: 'unauthorized',
    description: '未授权，请重新登录',
    logout: false,
  });
});

it('500 loginOut while holding a token is the login-expired dialog', () => {
  expect(http(500, 'loginOut', true)).toEqual({
    type: 'loginExpired',
    title: '登录已过期',
    content: '很抱歉，登录已过期，请重新登录',
    okText: '重新登录',
  });
  const withoutToken = http(500, 'loginOut', false);
  expect(withoutToken.type, 'without a token it is not the dialog').toBe('notify');
  expect((withoutToken as { description: string }).description, 'and the raw word is not shown').not.toBe('loginOut');
});

it('other statuses show the response message', () => {
  expect(http(500, { code: 500, data: { message: '服务内部错误' } })).toEqual({
    type: 'notify',
    description: '服务内部错误',
    durationSeconds: 4,
  });
  expect(
    http(502, { code: 502, data: { message: '无法连接后端服务，请稍后再试' }, requestId: 'r1' }),
    'gateway 502 envelope',
  ).toEqual({
    type: 'notify',
    description: '无法连接后端服务，请稍后再试',
    durationSeconds: 4,
  });
  expect(
    http(503, { code: 503, data: { message: '服务繁忙，请稍后再试' }, requestId: 'r2' }),
    'gateway 503 envelope',
  ).toEqual({
    type: 'notify',
    description: '服务繁忙，请稍后再试',
    durationSeconds: 4,
  });
  expect(http(413, { message: '请求内容过大' })).toEqual({
    type: 'notify',
    description: '请求内容过大',
    durationSeconds: 4,
  });
  const throttled = { code: 429, data: { message: loginThrottledMessage(15) }, requestId: 'r3' };
  expect(http(429, throttled, false), 'gateway 429 envelope (login throttling)').toEqual({
    type: 'notify',
    description: '登录失败次数过多，请 15 分钟后再试',
    durationSeconds: 4,
  });
  expect(messageOf(throttled), 'the text the login page shows for a refused login').toBe(
    '登录失败次数过多，请 15 分钟后再试',
  );
});

it('a 500 without a message is never silent', () => {
  expect(http(500, '')).toEqual({
    type: 'notify',
    description: '请求失败（HTTP 500），请稍后再试',
    durationSeconds: 4,
  });
  expect(http(502, '<html>bad gateway</html>')).toEqual({
    type: 'notify',
    description: '请求失败（HTTP 502），请稍后再试',
    durationSeconds: 4,
  });
  expect(http(500, '退出失败'), 'a short text body is the message').toEqual({
    type: 'notify',
    description: '退出失败',
    durationSeconds: 4,
  });
});

it('network failure and timeout are never silent', () => {
  expect(mapFailure({ kind: 'network', hadToken: true })).toEqual({
    type: 'notify',
    description: '网络异常，请检查网络连接',
    durationSeconds: 4,
  });
  expect(mapFailure({ kind: 'timeout', hadToken: false })).toEqual({
    type: 'notify',
    description: '请求超时',
    durationSeconds: 4,
  });
});

it('messageOf reads data.message, then message', () => {
  expect(messageOf({ code: 500010, data: { message: '验证码错误' } })).toBe('验证码错误');
  expect(messageOf({ message: 'm' })).toBe('m');
  expect(messageOf({ code: 500, data: '未知异常' })).toBe(undefined);
  expect(messageOf(null)).toBe(undefined);
  expect(messageOf('text')).toBe(undefined);
});

it("the gateway's own envelopes in the user's language, by kind", async () => {
  const { GATEWAY_MESSAGES } = await import('../../../shared/error-envelope');
  const { languageLoaders, setLanguage } = await import('../../lib/i18n/i18n');
  const enUS = (await import('../../lib/i18n/en-US')).default;
  const envelope = (code: number, message: string) => ({ code, data: { message }, requestId: 'r' });
  languageLoaders['en-US'] = async () => ({ default: enUS });
  await setLanguage('en-US');
  try {
    expect(http(502, envelope(502, GATEWAY_MESSAGES.upstreamUnreachable))).toEqual({
      type: 'notify',
      description: 'Cannot reach the backend service, please try again later',
      durationSeconds: 4,
    });
    expect(
      messageOf(envelope(502, GATEWAY_MESSAGES.upstreamUnreachable)),
      'what the login page shows with the backend down',
    ).toBe('Cannot reach the backend service, please try again later');
    expect(messageOf(envelope(503, GATEWAY_MESSAGES.overloaded))).toBe('The service is busy, please try again later');
    expect(messageOf(envelope(408, GATEWAY_MESSAGES.requestTimeout))).toBe('The request took too long to arrive');
    expect(messageOf(envelope(413, GATEWAY_MESSAGES.payloadTooLarge))).toBe('The request is too large');
    expect(messageOf(envelope(429, loginThrottledMessage(15)))).toBe(
      'Too many failed logins, please try again in 15 minutes',
    );
    expect(messageOf(envelope(500, GATEWAY_MESSAGES.internal))).toBe('Internal gateway error');
    expect(messageOf(envelope(400, GATEWAY_MESSAGES.badPath))).toBe('Invalid request path');
    for (const text of Object.values(GATEWAY_MESSAGES)) {
      expect(messageOf(envelope(500, text)), `${text} translated`).not.toMatch(/[\u4e00-\u9fff]/);
    }
    expect(messageOf(envelope(500, '新的网关消息')), 'an unknown text is shown as sent').toBe('新的网关消息');
    expect(
      messageOf({ code: 500, data: { message: '服务内部错误' } }),
      "the backend's own messages stay as it sent them",
    ).toBe('服务内部错误');
  } finally {
    await setLanguage('zh-CN');
  }
});
