// The one JSON shape of every error the gateway itself produces (upstream answers pass through untouched).

export interface ErrorEnvelope {
  code: number;
  data: { message: string };
  requestId: string;
}

/** Chinese messages the client shows for what the gateway detects. */
export const GATEWAY_MESSAGES = {
  badPath: '请求路径不合法',
  forbiddenPath: '该路径已被网关禁止访问',
  upstreamUnreachable: '无法连接后端服务，请稍后再试',
  upstreamTimeout: '后端服务响应超时',
  upstreamError: '后端服务出错',
  overloaded: '服务繁忙，请稍后再试',
  payloadTooLarge: '请求内容过大',
  requestTimeout: '请求内容接收超时',
  notFound: '资源不存在',
  badRequest: '请求格式错误',
  unauthorized: '未授权',
  internal: '网关内部错误',
  writeNotSeen: '所等待的写入未到达网关',
} as const;

/** 429 at /user/login after repeated failed logins; `minutes` until the next attempt is let through. */
export function loginThrottledMessage(minutes: number): string {
  return `登录失败次数过多，请 ${minutes} 分钟后再试`;
}

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const data = v.data as Record<string, unknown> | undefined;
  return typeof v.code === 'number' && typeof v.requestId === 'string' && typeof data?.message === 'string';
}
