// Login, captcha, logout and the user calls the shell makes right after login.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../auth-filter.js';
import { randomCaptchaCode, renderCaptcha } from '../captcha-image.js';
import { buildMenu, userButtons } from '../menu.js';
import { CAPTCHA_TTL_MS, SESSION_TTL_MS, liveUsers, newToken, randomHex, userJson } from '../state.js';
import type { SandboxState, UserRow } from '../store.js';
import { BusinessException, UnknownException, formatDate, formatDateTime, sendFastjson, sendJackson, toId } from '../wire.js';
import { jsonBody } from '../body.js';

export interface SessionRoutesOptions {
  state: SandboxState;
}

const MD5_123456 = createHash('md5').update('123456').digest('hex');
/** Unchecked captchas kept at most (a bound against memory growth from anonymous requests). */
const MAX_CAPTCHAS = 10_000;

const isEmpty = (v: unknown): boolean => v === undefined || v === null || String(v) === '';

function clientIp(request: FastifyRequest): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || request.ip;
}

function pruneCaptchas(state: SandboxState, now: number): void {
  for (const [uuid, entry] of state.captchas) if (entry.expiresAt <= now) state.captchas.delete(uuid);
  while (state.captchas.size >= MAX_CAPTCHAS) {
    const oldest = state.captchas.keys().next().value;
    if (oldest === undefined) break;
    state.captchas.delete(oldest);
  }
}

function captchaOn(state: SandboxState): boolean {
  return state.platformConfigs.find((p) => p.platform_key === 'checkcode_flag')?.platform_value === '1';
}

/** UserService.validateUser: the msgTip for a login attempt, in the real order of checks. */
function validateUser(state: SandboxState, loginName: string, password: string): { tip: string; user?: UserRow } {
  // MySQL's utf8_general_ci makes both comparisons case-insensitive.
  const candidates = liveUsers(state).filter((u) => u.login_name.toLowerCase() === loginName.toLowerCase());
  if (candidates.length === 0) return { tip: 'user is not exist' };
  const first = candidates[0]!;
  if (candidates.length === 1 && first.status !== 0) return { tip: 'user is black' };
  const tenant = state.tenants.find((t) => t.tenant_id === first.tenant_id && t.delete_flag !== '1');
  if (tenant && tenant.enabled !== 1) return { tip: 'tenant is black' };
  if (tenant && tenant.expire_time && tenant.expire_time.getTime() < state.clock.ms()) return { tip: 'tenant is expire' };
  const user = candidates.find((u) => u.status === 0 && u.password.toLowerCase() === password.toLowerCase());
  if (!user) return { tip: 'user password error' };
  return { tip: 'user can login', user };
}

export async function sessionRoutes(app: FastifyInstance, options: SessionRoutesOptions): Promise<void> {
  const { state } = options;

  /** UserService.validateCaptcha: only when checkcode_flag is '1'; the entry goes whether it matched or not. */
  const checkCaptcha = (body: Record<string, unknown>): void => {
    if (!captchaOn(state)) return;
    if (isEmpty(body.code) || isEmpty(body.uuid)) throw new BusinessException(500012, '验证码不能为空');
    const uuid = String(body.uuid);
    const entry = state.captchas.get(uuid);
    state.captchas.delete(uuid);
    if (!entry || entry.expiresAt <= state.clock.ms()) throw new BusinessException(500011, '验证码已失效');
    if (String(body.code).trim().toLowerCase() !== entry.code.toLowerCase()) throw new BusinessException(500010, '验证码错误');
  };

  app.get('/user/randomImage', async (_request, reply) => {
    const now = state.clock.ms();
    pruneCaptchas(state, now);
    const uuid = randomHex(16);
    const code = randomCaptchaCode();
    state.captchas.set(uuid, { code, expiresAt: now + CAPTCHA_TTL_MS });
    const base64 = `data:image/png;base64,${renderCaptcha(code).toString('base64')}`;
    return sendJackson(reply, { code: 200, data: { uuid, base64 } });
  });

  app.post('/user/login', async (request, reply) => {
    const body = jsonBody(request);
    checkCaptcha(body);
    // trim() on a missing field: NullPointerException, caught by the controller.
    if (body.loginName == null || body.password == null) {
      return sendJackson(reply, { code: 500, data: '用户登录失败' });
    }
    const loginName = String(body.loginName).trim();
    const password = String(body.password).trim();
    // A live session on the request's own token is ended first.
    if (request.sandboxAuth) state.sessions.delete(request.sandboxAuth.token);
    const { tip, user } = validateUser(state, loginName, password);
    if (!user) return sendJackson(reply, { code: 200, data: { msgTip: tip } });

    const token = newToken(user.tenant_id);
    const ip = clientIp(request);
    // Redis would have expired these on its own; drop them so memory follows live sessions only.
    for (const [key, session] of state.sessions) if (session.expiresAt <= state.clock.ms()) state.sessions.delete(key);
    state.sessions.set(token, { userId: user.id, clientIp: ip, expiresAt: state.clock.ms() + SESSION_TTL_MS, orgCode: null });
    const now = state.clock.now();
    state.tables.log?.push({
      id: state.nextId('log'), userId: user.id, operation: '用户', clientIp: ip, createTime: now, status: 0,
      content: `登录${user.login_name}`, tenantId: user.tenant_id, createTimeStr: formatDateTime(now),
      userName: user.username, loginName: user.login_name,
    });
    return sendJackson(reply, {
      code: 200,
      data: { msgTip: tip, token, pwdSimple: user.password.toLowerCase() === MD5_123456, user: userJson(user) },
    });
  });

  // Tenant self-registration (open). Only loginName/password/code/uuid are read; the new user owns a new tenant with
  // the 租户 role (manage.roleId 10), 1000000 users and 3000 days (application.yml tenant.*), type '0' (trial).
  app.post('/user/registerUser', async (request, reply) => {
    const body = jsonBody(request);
    checkCaptcha(body);
    if (typeof body.loginName !== 'string' || typeof body.password !== 'string' || body.loginName.trim() === '' || body.password === '') {
      throw new UnknownException('loginName and password are required');
    }
    const loginName = body.loginName.trim();
    const users = liveUsers(state);
    // username = loginName, and the username check comes first.
    if (users.some((u) => u.username === loginName)) throw new BusinessException(500003, '用户名在本系统已存在');
    if (users.some((u) => u.login_name.toLowerCase() === loginName.toLowerCase())) throw new BusinessException(500003, '登录名在本系统已存在');
    const id = Math.max(...state.users.map((u) => u.id)) + 1;
    state.users.push({
      id, username: loginName, login_name: loginName, password: body.password, leader_flag: '0', position: null, department: null,
      email: null, phonenum: null, ismanager: 1, isystem: 0, status: 0, description: null, remark: null, weixin_open_id: null,
      tenant_id: id, delete_flag: '0',
    });
    state.userBusiness.push({ id: Math.max(...state.userBusiness.map((b) => b.id)) + 1, type: 'UserRole', key_id: String(id), value: '[10]', btn_str: null, tenant_id: id, delete_flag: '0' });
    const now = state.clock.ms();
    state.tenants.push({
      id: Math.max(...state.tenants.map((t) => t.id)) + 1, tenant_id: id, login_name: loginName, user_num_limit: 1_000_000, type: '0',
      enabled: 1, create_time: new Date(now), expire_time: new Date(now + 3000 * 24 * 3600 * 1000), remark: null, delete_flag: '0',
    });
    // ExceptionConstants.standardSuccess().
    return sendJackson(reply, { code: 200, msg: '操作成功' });
  });

  app.get('/user/logout', async (request, reply) => {
    state.sessions.delete(authOf(request).token);
    // BaseResponseInfo's defaults: the controller never sets the code on success.
    return sendJackson(reply, { code: 400, data: null });
  });

  app.get('/user/getUserSession', async (request, reply) => {
    return sendJackson(reply, { code: 200, data: { user: userJson(authOf(request).user) } });
  });

  app.get('/user/infoWithTenant', async (request, reply) => {
    const auth = authOf(request);
    const tenant = state.tenants.find((t) => t.tenant_id === auth.user.tenant_id && t.delete_flag !== '1');
    const activeUsers = (tenantId: number | null): number =>
      liveUsers(state).filter((u) => u.status === 0 && (tenantId === null || u.tenant_id === tenantId)).length;
    if (!tenant) {
      return sendJackson(reply, { code: 200, data: { type: null, expireTime: '', userCurrentNum: activeUsers(null), userNumLimit: null, tenantId: null } });
    }
    // An expired tenant loses the session here, yet the answer is still a normal 200.
    if (tenant.expire_time && tenant.expire_time.getTime() < state.clock.ms()) state.sessions.delete(auth.token);
    return sendJackson(reply, {
      code: 200,
      data: {
        type: tenant.type,
        expireTime: tenant.expire_time ? formatDate(tenant.expire_time) : '',
        userCurrentNum: activeUsers(tenant.tenant_id),
        userNumLimit: tenant.user_num_limit,
        tenantId: tenant.tenant_id,
      },
    });
  });

  // PUT, as the real backend maps it; a POST answers the global handler's 未知异常.
  app.put('/user/updatePwd', async (request, reply) => {
    const body = jsonBody(request);
    const userId = toId(body.userId);
    const user = userId === null ? undefined : liveUsers(state).find((u) => u.id === userId);
    if (!user || typeof body.oldpassword !== 'string' || typeof body.password !== 'string' || body.password === '') {
      return sendFastjson(reply, { code: 500, data: { status: 3, message: '操作失败' } });
    }
    if (body.oldpassword.toLowerCase() !== user.password.toLowerCase()) {
      return sendFastjson(reply, { code: 200, data: { status: 2, message: '原始密码输入错误' } });
    }
    user.password = body.password;
    return sendFastjson(reply, { code: 200, data: { status: 1, message: '修改成功' } });
  });

  app.get('/user/getUserBtnByCurrentUser', async (request, reply) => {
    return sendJackson(reply, { code: 200, data: userButtons(state, authOf(request).user) });
  });

  app.post('/function/findMenuByPNumber', async (request, reply) => {
    const body = jsonBody(request);
    const pNumber = body.pNumber === undefined || body.pNumber === null ? null : String(body.pNumber);
    const userId = toId(body.userId);
    if (pNumber === null || userId === null) throw new UnknownException('pNumber and userId are required');
    return sendJackson(reply, buildMenu(state, pNumber, userId, authOf(request).user));
  });
}
