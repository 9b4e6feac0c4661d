// UserController (/user/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { jsonBody } from '../body.js';
import { liveUsers, userJson, CAPTCHA_TTL_MS, SESSION_TTL_MS, newToken, randomHex } from '../state.js';
import { columnsOf, type SandboxState, isLive } from '../store.js';
import {
  BusinessException,
  UnknownException,
  idList,
  returnStr,
  sendFastjson,
  sendJackson,
  toId,
  formatDate,
} from '../wire.js';
import { queryId, queryIds, readEntity, writeLog } from '../writes.js';
import { authOf } from '../auth-filter.js';
import { randomCaptchaCode, renderCaptcha } from '../captcha-image.js';
import { userButtons } from '../menu.js';
import { MD5_123456, clientIp, pruneCaptchas, sessionKit, validateUser } from '../session.js';
import { STANDARD_SUCCESS, USER_EX, WRITE_FAIL, inTenant, userWriteKit } from '../user-writes.js';
import { listHandler } from '../list-routes.js';
import { DEFAULT_USER_LIMIT, TRIAL_DAYS, addTenantOwner } from '../system-writes.js';

export async function userRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/user/list', listHandler(state, '/user/list'));
  userWriteRoutes(app, state);
  userReadRoutes(app, state);
  userAssignRoutes(app, state);
  userSelectRoutes(app, state);
  userLoginRoutes(app, state);
  userSessionRoutes(app, state);
  userButtonRoutes(app, state);
}

function userWriteRoutes(app: FastifyInstance, state: SandboxState): void {
  const {
    writer,
    tenantUsers,
    allTenantUsers,
    tenantOf,
    checkRoleAndOrg,
    checkLoginName,
    checkLeader,
    setUserRole,
    insertOrgaRel,
    deleteUsers,
  } = userWriteKit(state);
  app.post('/user/addUser', async (request, reply) => {
    const w = writer(request);
    const ue = readEntity(request, USER_EX);
    // The tenant's user limit counts every live user, disabled ones too. A caller without a tenant row (the
    // super-admin) has no limit to read: NullPointerException.
    const tenant = tenantOf(w);
    if (!tenant) throw new UnknownException('no tenant row for the caller');
    if (tenantUsers(w).length >= tenant.user_num_limit)
      throw new BusinessException(500004, '用户录入数量超出限制，请联系平台管理员');
    if (ue.loginName === 'admin') throw new BusinessException(500005, '此用户名限制使用');
    checkRoleAndOrg(ue);
    checkLoginName({ ...ue, id: null });
    checkLeader(w, ue, -1);
    // jsh_user.username and login_name are NOT NULL: the insert fails inside the write.
    if (typeof ue.username !== 'string' || typeof ue.loginName !== 'string') throw WRITE_FAIL;
    const id = state.nextId('users');
    state.users.push({
      id,
      username: ue.username,
      login_name: ue.loginName,
      password: (ue.password as string | null | undefined) ?? '',
      leader_flag: (ue.leaderFlag as string | null | undefined) ?? '0',
      position: (ue.position as string | null | undefined) ?? null,
      department: (ue.department as string | null | undefined) ?? null,
      email: (ue.email as string | null | undefined) ?? null,
      phonenum: (ue.phonenum as string | null | undefined) ?? null,
      ismanager: (ue.ismanager as number | null | undefined) ?? 1,
      isystem: 0,
      status: 0,
      description: (ue.description as string | null | undefined) ?? null,
      remark: (ue.remark as string | null | undefined) ?? null,
      weixin_open_id: null,
      tenant_id: w.tenantId,
      delete_flag: '0',
    });
    if (typeof ue.roleId === 'number') setUserRole(w, id, ue.roleId);
    insertOrgaRel(w, id, ue);
    writeLog(w, '用户', `新增${String(ue.loginName ?? null)}`);
    return sendJackson(reply, STANDARD_SUCCESS);
  });

  app.put('/user/updateUser', async (request, reply) => {
    const w = writer(request);
    const ue = readEntity(request, USER_EX);
    if (ue.loginName === 'admin') throw new BusinessException(500005, '此用户名限制使用');
    checkRoleAndOrg(ue);
    checkLoginName(ue);
    const user = allTenantUsers(w).find((u) => u.id === ue.id);
    if (!user) throw new BusinessException(500002, '修改用户信息失败');
    // The manager check runs after the update in one transaction: a refusal leaves nothing changed.
    checkLeader(w, ue, user.id);
    const text = (key: string): string | undefined => {
      const value = columnsOf(ue)[key];
      return typeof value === 'string' ? value : undefined;
    };
    // Selective: what the body carries overwrites; the password is never part of an edit.
    user.username = text('username') ?? user.username;
    user.login_name = text('loginName') ?? user.login_name;
    user.leader_flag = text('leaderFlag') ?? user.leader_flag;
    for (const [key, column] of [
      ['position', 'position'],
      ['department', 'department'],
      ['email', 'email'],
      ['phonenum', 'phonenum'],
      ['description', 'description'],
      ['remark', 'remark'],
    ] as const) {
      const v = text(key);
      if (v !== undefined) user[column] = v;
    }
    if (typeof ue.status === 'number') user.status = ue.status;
    if (typeof ue.ismanager === 'number') user.ismanager = ue.ismanager;
    if (typeof ue.roleId === 'number') setUserRole(w, user.id, ue.roleId);
    const rel =
      typeof ue.orgaUserRelId === 'number'
        ? state.orgaUserRels.find((r) => r.id === ue.orgaUserRelId && isLive(r))
        : undefined;
    if (rel) {
      rel.orga_id = (ue.orgaId as number | null | undefined) ?? null;
      rel.user_blng_orga_dspl_seq = (ue.userBlngOrgaDsplSeq as string | null | undefined) ?? null;
    } else {
      insertOrgaRel(w, user.id, ue);
    }
    writeLog(w, '用户', `修改${user.id}`);
    return sendJackson(reply, STANDARD_SUCCESS);
  });

  app.delete('/user/delete', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteUsers(request, [queryId(request)]))),
  );
  app.delete('/user/deleteBatch', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteUsers(request, queryIds(request)))),
  );

  // 启用 (status 0) / 禁用 (status 2). Enabling past the limit is refused; tenant owners are skipped.
  app.post('/user/batchSetStatus', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const ids = idList(body.ids);
    const status = toId(body.status);
    if (ids === null || status === null) throw new UnknownException('status and ids are required');
    const selected = allTenantUsers(w).filter((u) => ids.includes(u.id));
    const tenant = tenantOf(w);
    if (!tenant) throw new UnknownException('no tenant row for the caller');
    const enabled = tenantUsers(w).filter((u) => u.status === 0).length;
    // The selected users are counted on top of the enabled ones, even those already enabled.
    if (status === 0 && selected.length + enabled > tenant.user_num_limit) {
      throw new BusinessException(500006, '启用的用户数量超出限制，请联系平台管理员');
    }
    const changed = selected.filter((u) => u.id !== u.tenant_id);
    if (changed.length === 0) return sendFastjson(reply, returnStr(1));
    for (const u of changed) u.status = status;
    const label = status === 0 ? '批量启用' : status === 2 ? '批量禁用' : '';
    writeLog(w, '用户', `修改${changed.map((u) => `${u.login_name} `).join('')}-${label}`);
    return sendFastjson(reply, returnStr(changed.length));
  });

  app.post('/user/resetPwd', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const id = toId(body.id);
    const user = id === null ? undefined : allTenantUsers(w).find((u) => u.id === id);
    if (!user) throw new UnknownException('user not found');
    if (user.login_name === 'admin') return sendFastjson(reply, { code: 500, data: { message: '操作失败' } });
    // Without a password the selective UPDATE has nothing to set: invalid SQL inside the write.
    if (body.password === null || body.password === undefined) throw WRITE_FAIL;
    user.password = typeof body.password === 'string' ? body.password : JSON.stringify(body.password);
    writeLog(w, '用户', `修改${user.id}`);
    return sendFastjson(reply, { code: 200, data: { message: '操作成功' } });
  });
}

function userReadRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer, tenantUsers } = userWriteKit(state);
  // returnJson with the user entity; the sandbox leaves the password hash out of it.
  app.get('/user/info', async (request, reply) => {
    const id = queryId(request);
    const user = tenantUsers(writer(request)).find((u) => u.id === id);
    return sendFastjson(
      reply,
      user
        ? { code: 200, data: { info: userJson(user), message: '成功' } }
        : { code: 500, data: { message: '服务内部错误' } },
    );
  });
}

function userAssignRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer, tenantUsers } = userWriteKit(state);
  // 分配用户 (of a depot or customer): root 用户列表 and the enabled users, checked when they hold the value.
  app.get('/user/getUserWithChecked', async (request, reply) => {
    const w = writer(request);
    const q = request.query as Record<string, unknown>;
    if (typeof q.UBType !== 'string' || typeof q.UBValue !== 'string')
      throw new UnknownException('UBType and UBValue are required');
    const holders = new Set(
      state.userBusiness
        .filter(
          (b) =>
            b.type === q.UBType && isLive(b) && inTenant(w, b.tenant_id) && (b.value ?? '').includes(`[${q.UBValue}]`),
        )
        .map((b) => Number(b.key_id)),
    );
    const children = tenantUsers(w)
      .filter((u) => u.status === 0)
      .map((u) => {
        const item: Record<string, unknown> = {
          id: u.id,
          key: u.id,
          value: u.id,
          title: `${u.login_name}(${u.username})`,
          attributes: u.login_name,
        };
        if (holders.has(u.id)) item.checked = true;
        return item;
      });
    return sendJackson(reply, [{ id: 0, key: 0, value: 0, title: '用户列表', attributes: '用户列表', children }]);
  });
}

function userSelectRoutes(app: FastifyInstance, state: SandboxState): void {
  // GET, bare array of {id, userName} for the tenant's enabled users.
  app.get('/user/getUserList', async (request, reply) => {
    const { tenantId } = authOf(request);
    const users = liveUsers(state).filter((u) => u.status === 0 && (tenantId === 0 || u.tenant_id === tenantId));
    return sendJackson(
      reply,
      users.map((u) => ({ id: u.id, userName: u.username })),
    );
  });
}

function userLoginRoutes(app: FastifyInstance, state: SandboxState): void {
  const { checkCaptcha } = sessionKit(state);
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
    // @RequestBody UserEx: Jackson reads its String fields from a JSON string, number or boolean; an array or an
    // object is no String (HttpMessageNotReadableException), so such a body never reaches the password check.
    for (const field of ['loginName', 'password', 'code', 'uuid']) {
      const value = body[field];
      if (value !== null && typeof value === 'object') throw new UnknownException(`${field} is not text`);
    }
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
    state.sessions.set(token, {
      userId: user.id,
      clientIp: ip,
      expiresAt: state.clock.ms() + SESSION_TTL_MS,
      orgCode: null,
    });
    // insertLogWithUserId: the login's row is written without the same-second check.
    writeLog({ state, user, tenantId: user.tenant_id ?? 0, ip }, '用户', `登录${user.login_name}`, { checked: false });
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
    if (
      typeof body.loginName !== 'string' ||
      typeof body.password !== 'string' ||
      body.loginName.trim() === '' ||
      body.password === ''
    ) {
      throw new UnknownException('loginName and password are required');
    }
    const loginName = body.loginName.trim();
    const users = liveUsers(state);
    // username = loginName, and the username check comes first.
    if (users.some((u) => u.username === loginName)) throw new BusinessException(500003, '用户名在本系统已存在');
    if (users.some((u) => u.login_name.toLowerCase() === loginName.toLowerCase()))
      throw new BusinessException(500003, '登录名在本系统已存在');
    const now = state.clock.now();
    addTenantOwner(state, {
      loginName,
      password: body.password,
      ismanager: 1,
      remark: null,
      userNumLimit: DEFAULT_USER_LIMIT,
      expireTime: new Date(now.getTime() + TRIAL_DAYS * 24 * 3600 * 1000),
      now,
    });
    // ExceptionConstants.standardSuccess().
    return sendJackson(reply, { code: 200, msg: '操作成功' });
  });

  app.get('/user/logout', async (request, reply) => {
    state.sessions.delete(authOf(request).token);
    // BaseResponseInfo's defaults: the controller never sets the code on success.
    return sendJackson(reply, { code: 400, data: null });
  });
}

function userSessionRoutes(app: FastifyInstance, state: SandboxState): void {
  app.get('/user/getUserSession', async (request, reply) => {
    return sendJackson(reply, { code: 200, data: { user: userJson(authOf(request).user) } });
  });

  app.get('/user/infoWithTenant', async (request, reply) => {
    const auth = authOf(request);
    const tenant = state.tenants.find((t) => t.tenant_id === auth.user.tenant_id && isLive(t));
    const activeUsers = (tenantId: number | null): number =>
      liveUsers(state).filter((u) => u.status === 0 && (tenantId === null || u.tenant_id === tenantId)).length;
    if (!tenant) {
      return sendJackson(reply, {
        code: 200,
        data: { type: null, expireTime: '', userCurrentNum: activeUsers(null), userNumLimit: null, tenantId: null },
      });
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
}

function userButtonRoutes(app: FastifyInstance, state: SandboxState): void {
  app.get('/user/getUserBtnByCurrentUser', async (request, reply) => {
    return sendJackson(reply, { code: 200, data: userButtons(state, authOf(request).user) });
  });
}
