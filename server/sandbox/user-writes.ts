// 用户管理 and 角色管理: user add/update/delete/enable with the tenant's user limit, login-name and leader rules;
// roles; the userBusiness rows behind 分配菜单, 分配按钮, 分配仓库, 分配客户 and a user's role; and the function trees
// the role dialogs load. A role's menu and buttons are read from these rows at every login (menu.ts), so a new
// assignment shows at its users' next login.
import type { FastifyRequest } from 'fastify';
import { liveUsers, roleFunctions } from './state.js';
import {
  roleIdOfUser,
  type OrgaUserRelRow,
  type RoleRow,
  type SandboxState,
  type UserBusinessRow,
  type UserRow,
  isLive,
} from './store.js';
import { BusinessException, UnknownException } from './wire.js';
import { deletedNames, idsOfValue, writeLog, writerOf, type EntitySchema, type Writer } from './writes.js';
import { perState } from './per-state.js';

export const USER_EX = {
  id: 'long',
  username: 'string',
  loginName: 'string',
  password: 'string',
  leaderFlag: 'string',
  position: 'string',
  department: 'string',
  email: 'string',
  phonenum: 'string',
  ismanager: 'long',
  isystem: 'long',
  status: 'long',
  description: 'string',
  remark: 'string',
  weixinOpenId: 'string',
  tenantId: 'long',
  orgaId: 'long',
  orgAbr: 'string',
  userBlngOrgaDsplSeq: 'string',
  orgaUserRelId: 'long',
  roleId: 'long',
  roleName: 'string',
  userType: 'string',
  userNumLimit: 'long',
  leaderFlagStr: 'string',
} as const satisfies EntitySchema;
export const ROLE = {
  id: 'long',
  name: 'string',
  type: 'string',
  priceLimit: 'string',
  value: 'string',
  description: 'string',
  enabled: 'boolean',
  sort: 'string',
} as const satisfies EntitySchema;
export const USER_BUSINESS = {
  id: 'long',
  type: 'string',
  keyId: 'string',
  value: 'string',
  btnStr: 'string',
} as const satisfies EntitySchema;

/** JshException.writeFail: what a failure inside a write's try block answers. */
export const WRITE_FAIL = new BusinessException(301, '数据写入异常');

/** ExceptionConstants.standardSuccess(): `msg`, no `data`. */
export const STANDARD_SUCCESS = { code: 200, msg: '操作成功' };

export const inTenant = (w: Writer, tenantId: number | null): boolean => w.tenantId === 0 || tenantId === w.tenantId;

/** The role as Jackson writes the entity (the select sources answer it whole). */
export function roleJson(r: RoleRow): Record<string, unknown> {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    priceLimit: r.price_limit,
    value: r.value,
    description: r.description,
    enabled: r.enabled === 1,
    sort: r.sort,
    tenantId: r.tenant_id,
    deleteFlag: r.delete_flag,
  };
}

export const sortKey = (s: string | null): string => s ?? '';
export const bySortThenIdDesc = (a: RoleRow, b: RoleRow): number =>
  sortKey(a.sort) < sortKey(b.sort) ? -1 : sortKey(a.sort) > sortKey(b.sort) ? 1 : b.id - a.id;

/** The helpers these routes share across their controllers' files (routes/*.ts); made once per sandbox state. */
function makeUserWriteKit(state: SandboxState) {
  const writer = (request: FastifyRequest): Writer => writerOf(state, request);
  const tenantUsers = (w: Writer): UserRow[] => liveUsers(state).filter((u) => inTenant(w, u.tenant_id));
  const liveRoles = (w: Writer): RoleRow[] => state.roles.filter((r) => isLive(r) && inTenant(w, r.tenant_id));
  // Updates and deletes by id match soft-deleted rows too (found rows).
  const allTenantUsers = (w: Writer): UserRow[] => state.users.filter((u) => inTenant(w, u.tenant_id));
  const allRoles = (w: Writer): RoleRow[] => state.roles.filter((r) => inTenant(w, r.tenant_id));
  const tenantOf = (w: Writer) => state.tenants.find((t) => t.tenant_id === w.user.tenant_id && isLive(t));
  const tenantColumn = (w: Writer): number | null => (w.tenantId === 0 ? null : w.tenantId);

  // --- 用户 --------------------------------------------------------------------------------------------------------

  /** The role type rule: a 本部门数据 role needs a department (not checked for the tenant owner). */
  const checkRoleAndOrg = (ue: Record<string, unknown>): void => {
    // Objects.equals(id, tenantId): a new user sent without a tenantId (null, null) is not checked at all.
    if ((ue.id ?? null) === (ue.tenantId ?? null)) return;
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
    if (holders.length > 1 || (holders.length === 1 && holders[0]!.id !== ue.id))
      throw new BusinessException(500003, '登录名在本系统已存在');
  };

  const checkLeader = (w: Writer, ue: Record<string, unknown>, selfId: number): void => {
    if (ue.orgaId === null || ue.orgaId === undefined || ue.leaderFlag !== '1') return;
    const others = state.orgaUserRels.filter((r) => isLive(r) && r.orga_id === ue.orgaId && r.user_id !== selfId);
    if (others.some((r) => tenantUsers(w).find((u) => u.id === r.user_id)?.leader_flag === '1')) {
      throw new BusinessException(500009, '抱歉，当前部门已经存在经理');
    }
  };

  const setUserRole = (w: Writer, userId: number, roleId: number): void => {
    const row = state.userBusiness.find((b) => b.type === 'UserRole' && b.key_id === String(userId) && isLive(b));
    if (row) row.value = `[${roleId}]`;
    else
      state.userBusiness.push({
        id: state.nextId('userBusiness'),
        type: 'UserRole',
        key_id: String(userId),
        value: `[${roleId}]`,
        btn_str: null,
        tenant_id: tenantColumn(w),
        delete_flag: '0',
      });
  };

  const insertOrgaRel = (w: Writer, userId: number, ue: Record<string, unknown>): void => {
    const rel: OrgaUserRelRow = {
      id: state.nextId('orgaUserRels'),
      orga_id: (ue.orgaId as number | null | undefined) ?? null,
      user_id: userId,
      user_blng_orga_dspl_seq: (ue.userBlngOrgaDsplSeq as string | null | undefined) ?? null,
      delete_flag: '0',
      tenant_id: tenantColumn(w),
    };
    state.orgaUserRels.push(rel);
  };

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
  // Soft delete without a reference check: users keep their UserRole pointing at the deleted role.
  const deleteRoles = (request: FastifyRequest, ids: number[]): number => {
    const w = writer(request);
    const roles = allRoles(w).filter((r) => ids.includes(r.id));
    for (const r of roles) r.delete_flag = '1';
    if (roles.length > 0) writeLog(w, '角色', deletedNames(roles.map((r) => r.name)));
    return roles.length;
  };
  // --- userBusiness ------------------------------------------------------------------------------------------------

  const liveBusiness = (w: Writer): UserBusinessRow[] =>
    state.userBusiness.filter((b) => isLive(b) && inTenant(w, b.tenant_id));

  // --- the function trees of 分配菜单 / 分配按钮 ---------------------------------------------------------------------

  /** The caller's own function ids (their role's RoleFunctions), which bound what a non-admin may hand out. */
  const ownFunctionIds = (user: UserRow): number[] =>
    idsOfValue(roleFunctions(state, roleIdOfUser(state, user.id))?.value);

  return {
    writer,
    tenantUsers,
    liveRoles,
    allTenantUsers,
    allRoles,
    tenantOf,
    tenantColumn,
    checkRoleAndOrg,
    checkLoginName,
    checkLeader,
    setUserRole,
    insertOrgaRel,
    deleteUsers,
    deleteRoles,
    liveBusiness,
    ownFunctionIds,
  };
}

export const userWriteKit = perState(makeUserWriteKit);
