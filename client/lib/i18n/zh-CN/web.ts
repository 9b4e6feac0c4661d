// The gateway's own error envelopes (shared/error-envelope.ts) in the user's language, the fallback system title,
// and the web-app conveniences (export progress, the offline banner).
export const webMessages = {
  'app.defaultTitle': 'ERP系统',

  'gateway.badPath': '请求路径不合法',
  'gateway.forbiddenPath': '该路径已被网关禁止访问',
  'gateway.upstreamUnreachable': '无法连接后端服务，请稍后再试',
  'gateway.upstreamTimeout': '后端服务响应超时',
  'gateway.upstreamError': '后端服务出错',
  'gateway.overloaded': '服务繁忙，请稍后再试',
  'gateway.payloadTooLarge': '请求内容过大',
  'gateway.requestTimeout': '请求内容接收超时',
  'gateway.notFound': '资源不存在',
  'gateway.badRequest': '请求格式错误',
  'gateway.unauthorized': '未授权',
  'gateway.internal': '网关内部错误',
  'gateway.writeNotSeen': '所等待的写入未到达网关',
  'gateway.loginThrottled': '登录失败次数过多，请 {minutes} 分钟后再试',

  'web.exporting': '正在导出…',
  'web.offline': '网络已断开，恢复后将自动重新连接。',
  'web.offlineRetry': '重试',
  'web.offlineStill': '仍未连接到服务器',
} as const;
