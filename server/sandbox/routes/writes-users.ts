// 用户管理 and 角色管理: user add/update/delete/enable with the tenant's user limit, login-name and leader rules;
// roles; the userBusiness rows behind 分配菜单, 分配按钮, 分配仓库, 分配客户 and a user's role; and the function trees
// the role dialogs load. A role's menu and buttons are read from these rows at every login (menu.ts), so a new
// assignment shows at its users' next login.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonBody } from '../body.js';
import { liveUsers, roleFunctions, userJson } from '../state.js';
import { roleIdOfUser, type OrgaUserRelRow, type RoleRow, type SandboxState, type UserBusinessRow, type UserRow } from '../store.js';
import { BusinessException, UnknownException, idList, returnStr, sendFastjson, sendJackson, toId } from '../wire.js';
import {
  checkQuery,
  deletedNames,
  encodeUserBusinessValue,
  entityOf,
  idsOfValue,
  isAdmin,
  queryId,
  queryIds,
  readEntity,
  writeLog,
  writerOf,
  type EntitySchema,
  type Writer,
} from '../writes.js';

export interface UserWriteRoutesOptions {
  state: SandboxState;
}

const USER_EX: EntitySchema = {
  id: 'long', username: 'string', loginName: 'string', password: 'string', leaderFlag: 'string', position: 'string',
  department: 'string', email: 'string', phonenum: 'string', ismanager: 'long', isystem: 'long', status: 'long',
  description: 'string', remark: 'string', weixinOpenId: 'string', tenantId: 'long', orgaId: 'long', orgAbr: 'string',
  userBlngOrgaDsplSeq: 'string', orgaUserRelId: 'long', roleId: 'long', roleName: 'string', userType: 'string',
  userNumLimit: 'long', leaderFlagStr: 'string',
};
const ROLE: EntitySchema = {
  id: 'long', name: 'string', type: 'string', priceLimit: 'string', value: 'string', description: 'string', enabled: 'boolean', sort: 'string',
};
const USER_BUSINESS: EntitySchema = { id: 'long', type: 'string', keyId: 'string', value: 'string', btnStr: 'string' };

/** JshException.writeFail: what a failure inside a write's try block answers. */
const WRITE_FAIL = new BusinessException(301, '数据写入异常');

/** ExceptionConstants.standardSuccess(): `msg`, no `data`. */
const STANDARD_SUCCESS = { code: 200, msg: '操作成功' };

const inTenant = (w: Writer, tenantId: number | null): boolean => w.tenantId === 0 || tenantId === w.tenantId;

/** The role as Jackson writes the entity (the select sources answer it whole). */
export function roleJson(r: RoleRow): Record<string, unknown> {
  return {
    id: r.id, name: r.name, type: r.type, priceLimit: r.price_limit, value: r.value, description: r.description,
    enabled: r.enabled === 1, sort: r.sort, tenantId: r.tenant_id, deleteFlag: r.delete_flag,
  };
}

const sortKey = (s: string | null): string => s ?? '';
const bySortThenIdDesc = (a: RoleRow, b: RoleRow): number =>
  sortKey(a.sort) < sortKey(b.sort) ? -1 : sortKey(a.sort) > sortKey(b.sort) ? 1 : b.id - a.id;

export async function userWriteRoutes(app: FastifyInstance, options: UserWriteRoutesOptions): Promise<void> {
  const { state } = options;
  const writer = (request: FastifyRequest): Writer => writerOf(state, request);
  const nextId = <T extends { id: number }>(rows: T[]): number => Math.max(0, ...rows.map((r) => r.id)) + 1;
  const tenantUsers = (w: Writer): UserRow[] => liveUsers(state).filter((u) => inTenant(w, u.tenant_id));
  const liveRoles = (w: Writer): RoleRow[] => state.roles.filter((r) => r.delete_flag !== '1' && inTenant(w, r.tenant_id));
  // Updates and deletes by id match soft-deleted rows too (found rows).
  const allTenantUsers = (w: Writer): UserRow[] => state.users.filter((u) => inTenant(w, u.tenant_id));
  const allRoles = (w: Writer): RoleRow[] => state.roles.filter((r) => inTenant(w, r.tenant_id));
  const tenantOf = (w: Writer) => state.tenants.find((t) => t.tenant_id === w.user.tenant_id && t.delete_flag !== '1');
  const tenantColumn = (w: Writer): number | null => (w.tenantId === 0 ? null : w.tenantId);

  // --- 用户 --------------------------------------------------------------------------------------------------------

  /** The role type rule: a 本部门数据 role needs a department (not checked for the tenant owner). */
  const checkRoleAndOrg = (ue: Record<string, unknown>): void => {
    if (ue.id !== undefined && ue.id !== null && ue.id === ue.tenantId) return;
    // getRole(roleId).getType() on a missing role id: NullPointerException.
    const role = state.roles.find((r) => r.id === ue.roleId);
    if (!role) throw new UnknownException('role not found');
    if (role.type === '本部门数据' && (ue.orgaId === null || ue.orgaId === undefined)) {
      throw new BusinessException(500013, '当前角色的数据类型是本部门数据，所以必须选择部门');
    }
  };

  /** Login names are unique across all tenants among enabled, live users (a disabled user's name may be reused). */
  const checkLoginName = (ue: Record<string, unknown>): void => {
    if (typeof ue.loginName !== 'string' || ue.loginName === '') return;
    const name = ue.loginName.toLowerCase();
    const holders = liveUsers(state).filter((u) => u.status === 0 && u.login_name.toLowerCase() === name);
    if (holders.length > 1 || (holders.length === 1 && holders[0]!.id !== ue.id)) throw new BusinessException(500003, '登录名在本系统已存在');
  };

  const checkLeader = (w: Writer, ue: Record<string, unknown>, selfId: number): void => {
    if (ue.orgaId === null || ue.orgaId === undefined || ue.leaderFlag !== '1') return;
    const others = state.orgaUserRels.filter((r) => r.delete_flag !== '1' && r.orga_id === ue.orgaId && r.user_id !== selfId);
    if (others.some((r) => tenantUsers(w).find((u) => u.id === r.user_id)?.leader_flag === '1')) {
      throw new BusinessException(500009, '抱歉，当前部门已经存在经理');
    }
  };

  const setUserRole = (w: Writer, userId: number, roleId: number): void => {
    const row = state.userBusiness.find((b) => b.type === 'UserRole' && b.key_id === String(userId) && b.delete_flag !== '1');
    if (row) row.value = `[${roleId}]`;
    else state.userBusiness.push({ id: nextId(state.userBusiness), type: 'UserRole', key_id: String(userId), value: `[${roleId}]`, btn_str: null, tenant_id: tenantColumn(w), delete_flag: '0' });
  };

  const insertOrgaRel = (w: Writer, userId: number, ue: Record<string, unknown>): void => {
    const rel: OrgaUserRelRow = {
      id: nextId(state.orgaUserRels), orga_id: (ue.orgaId as number | null | undefined) ?? null, user_id: userId,
      user_blng_orga_dspl_seq: (ue.userBlngOrgaDsplSeq as string | null | undefined) ?? null, delete_flag: '0', tenant_id: tenantColumn(w),
    };
    state.orgaUserRels.push(rel);
  };

  app.post('/user/addUser', async (request, reply) => {
    const w = writer(request);
    const ue = readEntity(request, USER_EX);
    // The tenant's user limit counts every live user, disabled ones too. A caller without a tenant row (the
    // super-admin) has no limit to read: NullPointerException.
    const tenant = tenantOf(w);
    if (!tenant) throw new UnknownException('no tenant row for the caller');
    if (tenantUsers(w).length >= tenant.user_num_limit) throw new BusinessException(500004, '用户录入数量超出限制，请联系平台管理员');
    if (ue.loginName === 'admin') throw new BusinessException(500005, '此用户名限制使用');
    checkRoleAndOrg(ue);
    checkLoginName({ ...ue, id: null });
    checkLeader(w, ue, -1);
    // jsh_user.username and login_name are NOT NULL: the insert fails inside the write.
    if (typeof ue.username !== 'string' || typeof ue.loginName !== 'string') throw WRITE_FAIL;
    const id = nextId(state.users);
    state.users.push({
      id, username: ue.username, login_name: ue.loginName,
      password: (ue.password as string | null | undefined) ?? '', leader_flag: (ue.leaderFlag as string | null | undefined) ?? '0',
      position: (ue.position as string | null | undefined) ?? null, department: (ue.department as string | null | undefined) ?? null,
      email: (ue.email as string | null | undefined) ?? null, phonenum: (ue.phonenum as string | null | undefined) ?? null,
      ismanager: (ue.ismanager as number | null | undefined) ?? 1, isystem: 0, status: 0,
      description: (ue.description as string | null | undefined) ?? null, remark: (ue.remark as string | null | undefined) ?? null,
      weixin_open_id: null, tenant_id: w.tenantId, delete_flag: '0',
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
    const text = (key: string): string | undefined => (typeof ue[key] === 'string' ? (ue[key] as string) : undefined);
    // Selective: what the body carries overwrites; the password is never part of an edit.
    user.username = text('username') ?? user.username;
    user.login_name = text('loginName') ?? user.login_name;
    user.leader_flag = text('leaderFlag') ?? user.leader_flag;
    for (const [key, column] of [['position', 'position'], ['department', 'department'], ['email', 'email'], ['phonenum', 'phonenum'], ['description', 'description'], ['remark', 'remark']] as const) {
      const v = text(key);
      if (v !== undefined) user[column] = v;
    }
    if (typeof ue.status === 'number') user.status = ue.status;
    if (typeof ue.ismanager === 'number') user.ismanager = ue.ismanager;
    if (typeof ue.roleId === 'number') setUserRole(w, user.id, ue.roleId);
    const rel = typeof ue.orgaUserRelId === 'number' ? state.orgaUserRels.find((r) => r.id === ue.orgaUserRelId && r.delete_flag !== '1') : undefined;
    if (rel) {
      rel.orga_id = (ue.orgaId as number | null | undefined) ?? null;
      rel.user_blng_orga_dspl_seq = (ue.userBlngOrgaDsplSeq as string | null | undefined) ?? null;
    } else {
      insertOrgaRel(w, user.id, ue);
    }
    writeLog(w, '用户', `修改${user.id}`);
    return sendJackson(reply, STANDARD_SUCCESS);
  });

  const deleteUsers = (request: FastifyRequest, ids: number[]): number => {
    const w = writer(request);
    const users = allTenantUsers(w).filter((u) => ids.includes(u.id));
    if (users.some((u) => u.id === u.tenant_id)) throw new BusinessException(500008, '抱歉，租户不能被删除');
    if (users.length === 0) throw new BusinessException(500001, '删除用户信息失败');
    for (const u of users) {
      u.delete_flag = '1';
      for (const [token, session] of state.sessions) if (session.userId === u.id) state.sessions.delete(token);
    }
    writeLog(w, '用户', deletedNames(users.map((u) => u.login_name)));
    return users.length;
  };
  app.delete('/user/delete', async (request, reply) => sendFastjson(reply, returnStr(deleteUsers(request, [queryId(request)]))));
  app.delete('/user/deleteBatch', async (request, reply) => sendFastjson(reply, returnStr(deleteUsers(request, queryIds(request)))));

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

  // returnJson with the user entity; the sandbox leaves the password hash out of it.
  app.get('/user/info', async (request, reply) => {
    const id = queryId(request);
    const user = tenantUsers(writer(request)).find((u) => u.id === id);
    return sendFastjson(reply, user ? { code: 200, data: { info: userJson(user), message: '成功' } } : { code: 500, data: { message: '服务内部错误' } });
  });

  // 分配用户 (of a depot or customer): root 用户列表 and the enabled users, checked when they hold the value.
  app.get('/user/getUserWithChecked', async (request, reply) => {
    const w = writer(request);
    const q = request.query as Record<string, unknown>;
    if (typeof q.UBType !== 'string' || typeof q.UBValue !== 'string') throw new UnknownException('UBType and UBValue are required');
    const holders = new Set(
      state.userBusiness
        .filter((b) => b.type === q.UBType && b.delete_flag !== '1' && inTenant(w, b.tenant_id) && (b.value ?? '').includes(`[${q.UBValue}]`))
        .map((b) => Number(b.key_id)),
    );
    const children = tenantUsers(w)
      .filter((u) => u.status === 0)
      .map((u) => {
        const item: Record<string, unknown> = { id: u.id, key: u.id, value: u.id, title: `${u.login_name}(${u.username})`, attributes: u.login_name };
        if (holders.has(u.id)) item.checked = true;
        return item;
      });
    return sendJackson(reply, [{ id: 0, key: 0, value: 0, title: '用户列表', attributes: '用户列表', children }]);
  });

  // --- 角色 --------------------------------------------------------------------------------------------------------

  app.post('/role/add', async (request, reply) => {
    const w = writer(request);
    const role = readEntity(request, ROLE);
    state.roles.push({
      id: nextId(state.roles), name: (role.name as string | null | undefined) ?? '', type: (role.type as string | null | undefined) ?? '',
      price_limit: (role.priceLimit as string | null | undefined) ?? null, value: (role.value as string | null | undefined) ?? null,
      description: (role.description as string | null | undefined) ?? null, enabled: 1, sort: (role.sort as string | null | undefined) ?? null,
      tenant_id: tenantColumn(w), delete_flag: '0',
    });
    writeLog(w, '角色', `新增${String(role.name ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });

  app.put('/role/update', async (request, reply) => {
    const w = writer(request);
    const role = readEntity(request, ROLE);
    const row = allRoles(w).find((r) => r.id === role.id);
    if (row) {
      const set = <K extends keyof RoleRow>(column: K, value: unknown): void => {
        if (value !== null && value !== undefined) row[column] = value as RoleRow[K];
      };
      set('name', role.name);
      set('type', role.type);
      set('price_limit', role.priceLimit);
      set('value', role.value);
      set('description', role.description);
      set('sort', role.sort);
      if (typeof role.enabled === 'boolean') row.enabled = role.enabled ? 1 : 0;
      writeLog(w, '角色', `修改${String(role.name ?? null)}`);
    }
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });

  // Soft delete without a reference check: users keep their UserRole pointing at the deleted role.
  const deleteRoles = (request: FastifyRequest, ids: number[]): number => {
    const w = writer(request);
    const roles = allRoles(w).filter((r) => ids.includes(r.id));
    for (const r of roles) r.delete_flag = '1';
    if (roles.length > 0) writeLog(w, '角色', deletedNames(roles.map((r) => r.name)));
    return roles.length;
  };
  app.delete('/role/delete', async (request, reply) => sendFastjson(reply, returnStr(deleteRoles(request, [queryId(request)]))));
  app.delete('/role/deleteBatch', async (request, reply) => sendFastjson(reply, returnStr(deleteRoles(request, queryIds(request)))));

  app.post('/role/batchSetStatus', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const { status } = entityOf({ status: body.status }, { status: 'boolean' });
    const ids = idList(body.ids);
    if (ids === null || ids.length === 0 || typeof status !== 'boolean') return sendFastjson(reply, returnStr(0));
    const roles = allRoles(w).filter((r) => ids.includes(r.id));
    for (const r of roles) r.enabled = status ? 1 : 0;
    if (roles.length > 0) writeLog(w, '角色', '更新状态');
    return sendFastjson(reply, returnStr(roles.length));
  });

  app.get('/role/checkIsNameExist', async (request, reply) => {
    const { id, name } = checkQuery(request);
    const exists = liveRoles(writer(request)).some((r) => r.id !== id && r.name === name);
    return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
  });

  // The user form's role select: the tenant's enabled roles, sort asc then id desc, as a bare array.
  app.get('/role/allList', async (request, reply) => {
    const roles = liveRoles(writer(request)).filter((r) => r.enabled === 1).sort(bySortThenIdDesc);
    return sendJackson(reply, roles.map(roleJson));
  });

  // The tenant form's role select: platform roles (no tenant) but 管理员 (id 4), for admin only; anyone else gets
  // the controller's null, an empty body.
  app.get('/role/tenantRoleList', async (request, reply) => {
    const w = writer(request);
    if (!isAdmin(w)) return reply.code(200).send('');
    const roles = state.roles.filter((r) => r.delete_flag !== '1' && r.enabled === 1 && r.tenant_id === null && r.id !== 4).sort(bySortThenIdDesc);
    return sendJackson(reply, roles.map(roleJson));
  });

  // --- userBusiness ------------------------------------------------------------------------------------------------

  const liveBusiness = (w: Writer): UserBusinessRow[] => state.userBusiness.filter((b) => b.delete_flag !== '1' && inTenant(w, b.tenant_id));

  app.post('/userBusiness/add', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const ub = entityOf({ ...body, value: undefined }, USER_BUSINESS);
    // value.replaceAll(…) on a missing value: NullPointerException inside the write.
    if (body.value === null || body.value === undefined) throw WRITE_FAIL;
    state.userBusiness.push({
      id: nextId(state.userBusiness), type: (ub.type as string | null | undefined) ?? '', key_id: (ub.keyId as string | null | undefined) ?? '',
      value: encodeUserBusinessValue(body.value), btn_str: (ub.btnStr as string | null | undefined) ?? null, tenant_id: tenantColumn(w), delete_flag: '0',
    });
    writeLog(w, '关联关系', '新增');
    return sendFastjson(reply, returnStr(1));
  });

  app.put('/userBusiness/update', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const ub = entityOf({ ...body, value: undefined }, USER_BUSINESS);
    if (body.value === null || body.value === undefined) throw WRITE_FAIL;
    const row = liveBusiness(w).find((b) => b.id === ub.id);
    if (row) {
      if (typeof ub.type === 'string') row.type = ub.type;
      if (typeof ub.keyId === 'string') row.key_id = ub.keyId;
      row.value = encodeUserBusinessValue(body.value);
      if (typeof ub.btnStr === 'string') row.btn_str = ub.btnStr;
      writeLog(w, '关联关系', '修改');
    }
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });

  app.get('/userBusiness/checkIsValueExist', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    if (typeof q.type !== 'string' || typeof q.keyId !== 'string') throw new UnknownException('type and keyId are required');
    const row = liveBusiness(writer(request)).find((b) => b.type === q.type && b.key_id === q.keyId);
    return sendFastjson(reply, { code: 200, data: { message: '成功', id: row?.id ?? null } });
  });

  // 分配按钮: btnStr (a JSON string) on the role's RoleFunctions row; no such row → BaseResponseInfo's defaults.
  app.post('/userBusiness/updateBtnStr', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const roleId = toId(body.roleId);
    const btnStr = body.btnStr;
    if (roleId === null || (btnStr !== null && btnStr !== undefined && typeof btnStr !== 'string')) {
      return sendJackson(reply, { code: 500, data: '更新权限失败' });
    }
    writeLog(w, '关联关系', '修改角色的按钮权限');
    const rows = state.userBusiness.filter((b) => b.type === 'RoleFunctions' && b.key_id === String(roleId) && inTenant(w, b.tenant_id));
    for (const row of rows) row.btn_str = (btnStr as string | null | undefined) ?? null;
    return sendJackson(reply, rows.length > 0 ? { code: 200, data: '成功' } : { code: 400, data: null });
  });

  // 分配用户 of a depot / customer: every keyId holds [oneValue]; every other row of the type loses it (a row that
  // held only it is deleted).
  app.post('/userBusiness/updateOneValueByKeyIdAndType', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const type = body.type;
    const oneValue = toId(body.oneValue);
    const keyIds = Array.isArray(body.keyIds) ? body.keyIds.map(toId) : null;
    if (typeof type !== 'string' || oneValue === null || keyIds === null || keyIds.some((k) => k === null)) {
      return sendJackson(reply, { code: 500, data: '更新权限失败' });
    }
    const mark = `[${oneValue}]`;
    const wanted = new Set(keyIds.map(String));
    for (const keyId of wanted) {
      const row = liveBusiness(w).find((b) => b.type === type && b.key_id === keyId);
      if (row) {
        if (!(row.value ?? '').includes(mark)) row.value = `${row.value ?? ''}${mark}`;
      } else {
        state.userBusiness.push({ id: nextId(state.userBusiness), type, key_id: keyId, value: mark, btn_str: null, tenant_id: tenantColumn(w), delete_flag: '0' });
      }
    }
    for (const row of liveBusiness(w).filter((b) => b.type === type && !wanted.has(b.key_id))) {
      if (row.value === mark) row.delete_flag = '1';
      else if ((row.value ?? '').includes(mark)) row.value = (row.value ?? '').replaceAll(mark, '');
    }
    writeLog(w, '关联关系', '修改');
    return sendJackson(reply, { code: 200, data: '成功' });
  });

  // --- the function trees of 分配菜单 / 分配按钮 ---------------------------------------------------------------------

  /** The caller's own function ids (their role's RoleFunctions), which bound what a non-admin may hand out. */
  const ownFunctionIds = (user: UserRow): number[] => idsOfValue(roleFunctions(state, roleIdOfUser(state, user.id))?.value);

  app.get('/function/findRoleFunction', async (request, reply) => {
    const w = writer(request);
    const q = request.query as Record<string, unknown>;
    if (typeof q.UBType !== 'string' || typeof q.UBKeyId !== 'string') throw new UnknownException('UBType and UBKeyId are required');
    const value = state.userBusiness.find((b) => b.type === q.UBType && b.key_id === q.UBKeyId && b.delete_flag !== '1' && inTenant(w, b.tenant_id))?.value ?? '';
    const own = isAdmin(w) ? [] : ownFunctionIds(w.user);
    const config = state.systemConfigs.find((c) => c.delete_flag !== '1' && inTenant(w, c.tenant_id));
    const approval = String(config?.multi_level_approval_flag ?? '0') === '1';
    const children = (parent: string): typeof state.functions =>
      state.functions
        .filter((f) => f.enabled === 1 && f.delete_flag !== '1' && f.parent_number === parent && (own.length === 0 || own.includes(f.id)))
        .filter((f) => parent !== '0' || approval || f.url !== '/workflow')
        .sort((a, b) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : 0));
    const walk = (list: typeof state.functions): Record<string, unknown>[] =>
      list.map((f) => {
        const item: Record<string, unknown> = { id: f.id, key: f.id, value: f.id, title: f.name, attributes: f.name };
        const kids = children(f.number);
        if (kids.length > 0) item.children = walk(kids);
        else item.checked = value.includes(`[${f.id}]`);
        return item;
      });
    // A tenant's token never sees 系统管理 at the top.
    const top = children('0').filter((f) => w.tenantId === 0 || f.name !== '系统管理');
    return sendJackson(reply, [{ id: 0, key: 0, value: 0, title: '功能列表', attributes: '功能列表', children: walk(top) }]);
  });

  app.get('/function/findRoleFunctionsById', async (request, reply: FastifyReply) => {
    const w = writer(request);
    const roleId = toId((request.query as Record<string, unknown>).roleId);
    if (roleId === null) throw new UnknownException('roleId is required');
    const row = roleFunctions(state, roleId);
    if (!row) return sendJackson(reply, { code: 400, data: null });
    const failed = { code: 500, data: '获取数据失败' };
    const buttons = new Map<number, string>();
    if (row.btn_str) {
      try {
        const parsed = JSON.parse(row.btn_str) as unknown;
        if (!Array.isArray(parsed)) return sendJackson(reply, failed);
        for (const item of parsed as Record<string, unknown>[]) {
          const funId = toId(item?.funId);
          if (funId !== null && item.btnStr !== null && item.btnStr !== undefined) buttons.set(funId, String(item.btnStr));
        }
      } catch {
        return sendJackson(reply, failed);
      }
    }
    const ids = idsOfValue(row.value);
    // An empty value cannot be cut into ids, and a non-admin with no functions of their own has nothing to compare.
    if (!row.value) return sendJackson(reply, failed);
    const own = isAdmin(w) ? null : ownFunctionIds(w.user);
    if (own !== null && own.length === 0) return sendJackson(reply, failed);
    const rows = state.functions
      .filter((f) => ids.includes(f.id) && f.enabled === 1 && f.delete_flag !== '1' && f.push_btn !== null && f.push_btn !== '')
      .filter((f) => own === null || own.includes(f.id))
      .sort((a, b) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : 0))
      .map((f) => ({ id: f.id, name: f.name, pushBtn: f.push_btn, btnStr: buttons.get(f.id) ?? null }));
    return sendJackson(reply, { code: 200, data: { rows, total: rows.length } });
  });
}
