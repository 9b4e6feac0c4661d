// 部门 (the organisation tree), 系统配置 (one auto-saving row per tenant), and the platform admin's 平台参数, 租户
// and 菜单管理 — their writes, trees and checks. Platform config, tenant (all but add) and function writes do
// nothing for anyone but `admin`, which the client sees as 服务内部错误.
import { createHash } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonBody } from '../body.js';
import { liveUsers } from '../state.js';
import type { FunctionRow, OrganizationRow, SandboxState } from '../store.js';
import { BusinessException, UnknownException, idList, returnStr, sendFastjson, sendJackson, toId } from '../wire.js';
import {
  checkQuery,
  deletedNames,
  entityOf,
  isAdmin,
  queryId,
  queryIds,
  readEntity,
  writeLog,
  writerOf,
  type EntitySchema,
  type Writer,
} from '../writes.js';

export interface SystemWriteRoutesOptions {
  state: SandboxState;
}

const ORGANIZATION: EntitySchema = { id: 'long', orgNo: 'string', orgAbr: 'string', parentId: 'long', sort: 'string', remark: 'string' };
const SYSTEM_CONFIG_FIELDS = [
  'companyName', 'companyContacts', 'companyAddress', 'companyTel', 'companyFax', 'companyPostCode', 'saleAgreement', 'depotFlag',
  'customerFlag', 'minusStockFlag', 'purchaseBySaleFlag', 'multiLevelApprovalFlag', 'multiBillType', 'forceApprovalFlag',
  'updateUnitPriceFlag', 'overLinkBillFlag', 'inOutManageFlag', 'multiAccountFlag', 'moveAvgPriceFlag', 'auditPrintFlag',
  'zeroChangeAmountFlag', 'customerStaticPriceFlag', 'materialPriceTaxFlag',
];
const SYSTEM_CONFIG: EntitySchema = { id: 'long', ...Object.fromEntries(SYSTEM_CONFIG_FIELDS.map((f) => [f, 'string' as const])) };
const PLATFORM_CONFIG: EntitySchema = { id: 'long', platformKey: 'string', platformKeyInfo: 'string', platformValue: 'string' };
const TENANT: EntitySchema = {
  id: 'long', tenantId: 'long', loginName: 'string', userNumLimit: 'long', type: 'string', enabled: 'boolean', expireTime: 'date', remark: 'string',
};
const TENANT_USER: EntitySchema = { loginName: 'string', password: 'string', userNumLimit: 'long', expireTime: 'date', remark: 'string', ismanager: 'long' };
const FUNCTION: EntitySchema = {
  id: 'long', number: 'string', name: 'string', parentNumber: 'string', url: 'string', component: 'string', state: 'boolean',
  sort: 'string', enabled: 'boolean', type: 'string', pushBtn: 'string', icon: 'string',
};

/** application.yml: manage.roleId, tenant.userNumLimit, tenant.tryDayLimit. */
const TENANT_ROLE_ID = 10;
const DEFAULT_USER_LIMIT = 1_000_000;
const TRIAL_DAYS = 3000;

const snake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const sortNumber = (s: string): number => (s.trim() === '' || Number.isNaN(Number(s)) ? Number.POSITIVE_INFINITY : Number(s));

interface OrgTreeNode {
  id: number;
  key: number;
  value: number;
  title: string | null;
  state: 'open';
  checked: false;
  attributes: string | null;
  children: OrgTreeNode[];
}

export async function systemWriteRoutes(app: FastifyInstance, options: SystemWriteRoutesOptions): Promise<void> {
  const { state } = options;
  const writer = (request: FastifyRequest): Writer => writerOf(state, request);
  const nextId = <T extends { id: number }>(rows: T[]): number => Math.max(0, ...rows.map((r) => r.id)) + 1;
  const inTenant = (w: Writer, tenantId: number | null): boolean => w.tenantId === 0 || tenantId === w.tenantId;

  // --- 部门 --------------------------------------------------------------------------------------------------------
  const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  const liveOrgs = (w: Writer): OrganizationRow[] => state.organizations.filter((o) => o.delete_flag !== '1' && inTenant(w, o.tenant_id));
  // Updates and deletes by id match soft-deleted rows too (found rows).
  const tenantOrgs = (w: Writer): OrganizationRow[] => state.organizations.filter((o) => inTenant(w, o.tenant_id));

  /** The tree (fastjson TreeNode: state 'open', checked false, children [] on leaves), by sort; `exclude` and below left out. */
  const orgTree = (w: Writer, exclude: number | null): OrgTreeNode[] => {
    const orgs = liveOrgs(w).sort((a, b) => sortNumber(a.sort ?? '') - sortNumber(b.sort ?? '') || a.id - b.id);
    const build = (parentId: number | null): OrgTreeNode[] =>
      orgs
        .filter((o) => o.parent_id === parentId && o.id !== exclude)
        .map((o) => ({ id: o.id, key: o.id, value: o.id, title: o.org_abr, state: 'open', checked: false, attributes: o.org_no, children: build(o.id) }));
    return build(null);
  };

  // `?id=` (empty) for the whole tree; `?id=5` leaves 5 and its descendants out (the edit form's parent select).
  // The id parameter is required (its absence is refused before the handler, app.ts).
  app.get('/organization/getOrganizationTree', async (request, reply) => {
    const raw = (request.query as Record<string, unknown>).id;
    const exclude = typeof raw === 'string' && raw.trim() !== '' ? toId(raw) : null;
    if (typeof raw === 'string' && raw.trim() !== '' && exclude === null) throw new UnknownException('id is not a number');
    return sendJackson(reply, orgTree(writer(request), exclude));
  });

  // The reports' department filter: the whole tree for a 全部数据 role, nothing for the others.
  app.get('/organization/getAllOrganizationTreeByUser', async (request, reply) => {
    const w = writer(request);
    const roleId = state.userBusiness.find((b) => b.type === 'UserRole' && b.key_id === String(w.user.id) && b.delete_flag !== '1')?.value?.replace(/[[\]]/g, '');
    const role = state.roles.find((r) => String(r.id) === roleId);
    if (!role) throw new UnknownException('the caller has no role');
    return sendJackson(reply, role.type === '全部数据' ? orgTree(w, null) : []);
  });

  app.get('/organization/findById', async (request, reply) => {
    const w = writer(request);
    const id = queryId(request);
    const org = liveOrgs(w).find((o) => o.id === id);
    const data: Record<string, unknown> = {};
    if (org) {
      data.id = org.id;
      data.orgAbr = org.org_abr;
      data.parentId = org.parent_id;
      const parent = org.parent_id === null ? undefined : liveOrgs(w).find((o) => o.id === org.parent_id);
      if (parent) data.orgParentName = parent.org_abr;
      data.orgNo = org.org_no;
      data.sort = org.sort;
      data.remark = org.remark;
    }
    // A JSONObject through Jackson: null values are written.
    return sendJackson(reply, { code: 200, data });
  });

  app.get('/organization/info', async (request, reply) => {
    const id = queryId(request);
    const org = liveOrgs(writer(request)).find((o) => o.id === id);
    if (!org) return sendFastjson(reply, { code: 500, data: { message: '服务内部错误' } });
    const info = {
      id: org.id, orgNo: org.org_no, orgAbr: org.org_abr, parentId: org.parent_id, sort: org.sort, remark: org.remark,
      createTime: org.create_time, updateTime: org.update_time, tenantId: org.tenant_id, deleteFlag: org.delete_flag,
    };
    return sendFastjson(reply, { code: 200, data: { info, message: '成功' } });
  });

  app.get('/organization/checkIsNameExist', async (request, reply) => {
    const { id, name } = checkQuery(request);
    const exists = liveOrgs(writer(request)).some((o) => o.id !== id && o.org_abr === name);
    return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
  });

  app.post('/organization/add', async (request, reply) => {
    const w = writer(request);
    const org = readEntity(request, ORGANIZATION);
    const now = state.clock.now();
    state.organizations.push({
      id: nextId(state.organizations), org_no: text(org.orgNo), org_abr: text(org.orgAbr), parent_id: (org.parentId as number | null | undefined) ?? null,
      sort: text(org.sort), remark: text(org.remark),
      create_time: now, update_time: now, tenant_id: w.tenantId, delete_flag: '0',
    });
    writeLog(w, '部门', `新增${String(org.orgAbr ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });

  // A full-column update: org_no, org_abr, parent_id, sort and remark all take the body's values (absent → NULL).
  app.put('/organization/update', async (request, reply) => {
    const w = writer(request);
    const org = readEntity(request, ORGANIZATION);
    const row = tenantOrgs(w).find((o) => o.id === org.id);
    if (row) {
      row.org_no = text(org.orgNo);
      row.org_abr = text(org.orgAbr);
      row.parent_id = (org.parentId as number | null | undefined) ?? null;
      row.sort = text(org.sort);
      row.remark = text(org.remark);
      row.update_time = state.clock.now();
      writeLog(w, '部门', `修改${String(org.orgAbr ?? null)}`);
    }
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });

  // A department with live children is refused (11000006); its users keep their membership.
  const deleteOrgs = (request: FastifyRequest, ids: number[]): number => {
    const w = writer(request);
    if (liveOrgs(w).some((o) => o.parent_id !== null && ids.includes(o.parent_id))) throw new BusinessException(11000006, '该部门存在下级不允许删除');
    const orgs = tenantOrgs(w).filter((o) => ids.includes(o.id));
    for (const o of orgs) o.delete_flag = '1';
    if (orgs.length > 0) writeLog(w, '部门', deletedNames(orgs.map((o) => o.org_abr)));
    return orgs.length;
  };
  app.delete('/organization/delete', async (request, reply) => sendFastjson(reply, returnStr(deleteOrgs(request, [queryId(request)]))));
  app.delete('/organization/deleteBatch', async (request, reply) => sendFastjson(reply, returnStr(deleteOrgs(request, queryIds(request)))));

  // --- 系统配置 ----------------------------------------------------------------------------------------------------
  const writeConfig = (row: Record<string, unknown>, entity: Record<string, unknown>): void => {
    for (const field of SYSTEM_CONFIG_FIELDS) {
      const v = entity[field];
      if (v !== null && v !== undefined) row[snake(field)] = v;
    }
  };
  const configLabel = (entity: Record<string, unknown>): string => `${typeof entity.companyName === 'string' ? entity.companyName : '配置信息'}`;

  app.post('/systemConfig/add', async (request, reply) => {
    const w = writer(request);
    const entity = readEntity(request, SYSTEM_CONFIG);
    const row: Record<string, unknown> = { id: nextId(state.systemConfigs), tenant_id: w.tenantId, delete_flag: '0' };
    for (const field of SYSTEM_CONFIG_FIELDS) row[snake(field)] = null;
    writeConfig(row, entity);
    state.systemConfigs.push(row as (typeof state.systemConfigs)[number]);
    writeLog(w, '系统配置', `新增${configLabel(entity)}`);
    return sendFastjson(reply, returnStr(1));
  });

  app.put('/systemConfig/update', async (request, reply) => {
    const w = writer(request);
    const entity = readEntity(request, SYSTEM_CONFIG);
    const row = state.systemConfigs.find((c) => c.id === entity.id && c.delete_flag !== '1' && inTenant(w, c.tenant_id));
    if (row) {
      writeConfig(row, entity);
      writeLog(w, '系统配置', `修改${configLabel(entity)}`);
    }
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });

  app.get('/systemConfig/checkIsNameExist', async (request, reply) => {
    const w = writer(request);
    const { id, name } = checkQuery(request);
    const exists = state.systemConfigs.some((c) => c.delete_flag !== '1' && inTenant(w, c.tenant_id) && c.id !== id && c.company_name === name);
    return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
  });

  // The config page asks whether the workflow plugin is installed (多级审核): true when any listed id is.
  app.get('/plugin/checkByPluginId', async (request, reply) => {
    const ids = (request.query as Record<string, unknown>).pluginIds;
    if (typeof ids !== 'string') throw new UnknownException('pluginIds is required');
    const installed = new Set((state.tables.plugin ?? []).map((p) => (p.pluginDescriptor as { pluginId?: string } | undefined)?.pluginId));
    return sendJackson(reply, { code: 200, data: ids.split(',').some((id) => installed.has(id)) });
  });

  // PluginController.getMacWithSecret: md5 of the first MAC address `ifconfig -a` prints (ComputerInfo), "" when there
  // is none, as in a container without ifconfig.
  app.get('/plugin/getMacWithSecret', async (_request, reply) => sendJackson(reply, { code: 200, data: createHash('md5').update(macAddress()).digest('hex') }));

  // PluginController.install: only admin may upload; the sandbox runs no plugin framework, so every upload fails as
  // an unreadable jar does (导入失败).
  app.post('/plugin/uploadInstallPluginJar', async (request, reply) => {
    const w = writerOf(state, request);
    return sendJackson(reply, isAdmin(w) ? { code: 500, data: '导入失败' } : { code: 500, data: '抱歉，无操作权限！' });
  });

  // The upload size limit in bytes (BaseResponseInfo data: a number).
  app.get('/systemConfig/fileSizeLimit', async (_request, reply) => sendJackson(reply, { code: 200, data: 10 * 1024 * 1024 }));

  // --- 平台参数 (admin only; not tenant-filtered; deletes are hard) -------------------------------------------------
  app.put('/platformConfig/update', async (request, reply) => {
    const w = writer(request);
    const entity = readEntity(request, PLATFORM_CONFIG);
    const row = isAdmin(w) ? state.platformConfigs.find((p) => p.id === entity.id) : undefined;
    if (row) {
      if (typeof entity.platformKey === 'string') row.platform_key = entity.platformKey;
      if (typeof entity.platformKeyInfo === 'string') row.platform_key_info = entity.platformKeyInfo;
      if (typeof entity.platformValue === 'string') row.platform_value = entity.platformValue;
    }
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });
  app.post('/platformConfig/add', async (request, reply) => {
    const w = writer(request);
    const entity = readEntity(request, PLATFORM_CONFIG);
    if (!isAdmin(w)) return sendFastjson(reply, returnStr(0));
    state.platformConfigs.push({
      id: nextId(state.platformConfigs), platform_key: (entity.platformKey as string | null | undefined) ?? '',
      platform_key_info: (entity.platformKeyInfo as string | null | undefined) ?? '', platform_value: (entity.platformValue as string | null | undefined) ?? '',
    });
    return sendFastjson(reply, returnStr(1));
  });
  const deletePlatformConfigs = (request: FastifyRequest, ids: number[]): number => {
    if (!isAdmin(writer(request))) return 0;
    const before = state.platformConfigs.length;
    state.platformConfigs.splice(0, before, ...state.platformConfigs.filter((p) => !ids.includes(p.id)));
    return before - state.platformConfigs.length;
  };
  app.delete('/platformConfig/delete', async (request, reply) => sendFastjson(reply, returnStr(deletePlatformConfigs(request, [queryId(request)]))));
  app.delete('/platformConfig/deleteBatch', async (request, reply) => sendFastjson(reply, returnStr(deletePlatformConfigs(request, queryIds(request)))));
  // The login page's switches by key (admin only): 成功 when admin, else 服务内部错误.
  app.post('/platformConfig/updatePlatformConfigByKey', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    if (typeof body.platformKey !== 'string') throw new UnknownException('platformKey is required');
    const row = isAdmin(w) ? state.platformConfigs.find((p) => p.platform_key === body.platformKey) : undefined;
    if (row) row.platform_value = body.platformValue === null || body.platformValue === undefined ? row.platform_value : String(body.platformValue);
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });

  // --- 租户 --------------------------------------------------------------------------------------------------------
  // Anyone may add a tenant (the service has no admin check): a user owning a new tenant with role 租户.
  app.post('/tenant/add', async (request, reply) => {
    const ue = readEntity(request, TENANT_USER);
    const loginName = typeof ue.loginName === 'string' ? ue.loginName : '';
    if (loginName !== '' && liveUsers(state).some((u) => u.status === 0 && u.login_name.toLowerCase() === loginName.toLowerCase())) {
      throw new BusinessException(500003, '登录名在本系统已存在');
    }
    if (loginName === 'admin') throw new BusinessException(500005, '此用户名限制使用');
    // jsh_user.login_name is NOT NULL: without one the insert fails inside the write.
    if (typeof ue.loginName !== 'string') throw new BusinessException(301, '数据写入异常');
    const id = nextId(state.users);
    state.users.push({
      id, username: loginName, login_name: loginName, password: (ue.password as string | null | undefined) ?? '', leader_flag: '0', position: null,
      department: null, email: null, phonenum: null, ismanager: (ue.ismanager as number | null | undefined) ?? 1, isystem: 0, status: 0,
      description: null, remark: (ue.remark as string | null | undefined) ?? null, weixin_open_id: null, tenant_id: id, delete_flag: '0',
    });
    state.userBusiness.push({
      id: nextId(state.userBusiness), type: 'UserRole', key_id: String(id), value: `[${TENANT_ROLE_ID}]`, btn_str: null, tenant_id: id, delete_flag: '0',
    });
    const now = state.clock.now();
    state.tenants.push({
      id: nextId(state.tenants), tenant_id: id, login_name: loginName, user_num_limit: (ue.userNumLimit as number | null | undefined) ?? DEFAULT_USER_LIMIT,
      type: '0', enabled: 1, create_time: now, expire_time: (ue.expireTime as Date | null | undefined) ?? new Date(now.getTime() + TRIAL_DAYS * 24 * 3600 * 1000),
      remark: (ue.remark as string | null | undefined) ?? null, delete_flag: '0',
    });
    return sendFastjson(reply, returnStr(1));
  });

  app.put('/tenant/update', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const tenant = entityOf(body, TENANT);
    if (!isAdmin(w)) return sendFastjson(reply, returnStr(0));
    // `1 == userNumLimit` on a missing limit: NullPointerException inside the write.
    if (tenant.userNumLimit === null || tenant.userNumLimit === undefined) throw new BusinessException(301, '数据写入异常');
    if (tenant.userNumLimit === 1) {
      for (const u of state.users) if (u.tenant_id === tenant.tenantId && u.id !== u.tenant_id) u.status = 2;
    }
    const row = state.tenants.find((t) => t.id === tenant.id);
    if (row) {
      if (typeof tenant.tenantId === 'number') row.tenant_id = tenant.tenantId;
      if (typeof tenant.loginName === 'string') row.login_name = tenant.loginName;
      row.user_num_limit = tenant.userNumLimit as number;
      if (typeof tenant.type === 'string') row.type = tenant.type;
      if (typeof tenant.enabled === 'boolean') row.enabled = tenant.enabled ? 1 : 0;
      if (tenant.expireTime instanceof Date) row.expire_time = tenant.expireTime;
      if (typeof tenant.remark === 'string') row.remark = tenant.remark;
    }
    if (body.roleId !== null && body.roleId !== undefined && typeof tenant.tenantId === 'number') {
      const roleValue = `[${typeof body.roleId === 'string' ? body.roleId : JSON.stringify(body.roleId)}]`;
      for (const b of state.userBusiness) if (b.type === 'UserRole' && b.key_id === String(tenant.tenantId)) b.value = roleValue;
    }
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });

  app.post('/tenant/batchSetStatus', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const { status } = entityOf({ status: body.status }, { status: 'boolean' });
    const ids = idList(body.ids);
    if (ids === null || typeof status !== 'boolean') throw new UnknownException('status and ids are required');
    if (!isAdmin(w)) return sendFastjson(reply, returnStr(0));
    writeLog(w, '用户', `修改${String(body.ids)}-${status ? '批量启用' : '批量禁用'}`);
    const rows = state.tenants.filter((t) => ids.includes(t.id));
    for (const t of rows) t.enabled = status ? 1 : 0;
    return sendFastjson(reply, returnStr(rows.length));
  });

  app.get('/tenant/checkIsNameExist', async (request, reply) => {
    const { id, name } = checkQuery(request);
    const exists = state.tenants.some((t) => t.delete_flag !== '1' && t.id !== id && t.login_name === name);
    return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
  });

  const deleteTenants = (request: FastifyRequest, ids: number[]): number => {
    if (!isAdmin(writer(request))) return 0;
    const before = state.tenants.length;
    state.tenants.splice(0, before, ...state.tenants.filter((t) => !ids.includes(t.id)));
    return before - state.tenants.length;
  };
  app.delete('/tenant/delete', async (request, reply) => sendFastjson(reply, returnStr(deleteTenants(request, [queryId(request)]))));
  app.delete('/tenant/deleteBatch', async (request, reply) => sendFastjson(reply, returnStr(deleteTenants(request, queryIds(request)))));

  // --- 菜单管理 (jsh_function: admin-only writes, not tenant-filtered, no uniqueness on the server) ------------------
  const liveFunctions = (): FunctionRow[] => state.functions.filter((f) => f.delete_flag !== '1');
  const functionJson = (f: FunctionRow): Record<string, unknown> => ({
    id: f.id, number: f.number, name: f.name, parentNumber: f.parent_number, url: f.url, component: f.component, state: f.state === 1,
    sort: f.sort, enabled: f.enabled === 1, type: f.type, pushBtn: f.push_btn, icon: f.icon, deleteFlag: f.delete_flag,
  });

  app.get('/function/info', async (request, reply) => {
    const id = queryId(request);
    const f = liveFunctions().find((x) => x.id === id);
    return sendFastjson(reply, f ? { code: 200, data: { info: functionJson(f), message: '成功' } } : { code: 500, data: { message: '服务内部错误' } });
  });
  app.get('/function/checkIsNameExist', async (request, reply) => {
    const { id, name } = checkQuery(request);
    const exists = liveFunctions().some((f) => f.id !== id && f.name === name);
    return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
  });
  app.get('/function/checkIsNumberExist', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const id = toId(q.id);
    if (id === null) throw new UnknownException('id is required');
    const exists = liveFunctions().some((f) => f.id !== id && f.number === q.number);
    return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
  });

  const applyFunction = (row: FunctionRow, entity: Record<string, unknown>): void => {
    const text = (key: string): string | undefined => (typeof entity[key] === 'string' ? (entity[key] as string) : undefined);
    row.number = text('number') ?? row.number;
    row.name = text('name') ?? row.name;
    row.parent_number = text('parentNumber') ?? row.parent_number;
    row.url = text('url') ?? row.url;
    row.component = text('component') ?? row.component;
    row.sort = text('sort') ?? row.sort;
    row.type = text('type') ?? row.type;
    row.icon = text('icon') ?? row.icon;
    if (typeof entity.pushBtn === 'string') row.push_btn = entity.pushBtn;
    if (typeof entity.enabled === 'boolean') row.enabled = entity.enabled ? 1 : 0;
    if (typeof entity.state === 'boolean') row.state = entity.state ? 1 : 0;
  };

  app.post('/function/add', async (request, reply) => {
    const w = writer(request);
    const entity = readEntity(request, FUNCTION);
    if (!isAdmin(w)) return sendFastjson(reply, returnStr(0));
    const row: FunctionRow = {
      id: nextId(state.functions), number: '', name: '', parent_number: '', url: '', component: '', state: 0, sort: '', enabled: 0,
      type: '电脑版', push_btn: null, icon: '', delete_flag: '0',
    };
    applyFunction(row, { ...entity, state: false, type: '电脑版' });
    state.functions.push(row);
    writeLog(w, '功能', `新增${row.name}`);
    return sendFastjson(reply, returnStr(1));
  });
  app.put('/function/update', async (request, reply) => {
    const w = writer(request);
    const entity = readEntity(request, FUNCTION);
    const row = isAdmin(w) ? state.functions.find((f) => f.id === entity.id) : undefined;
    if (row) {
      applyFunction(row, entity);
      writeLog(w, '功能', `修改${String(entity.name ?? null)}`);
    }
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });
  const deleteFunctions = (request: FastifyRequest, ids: number[]): number => {
    const w = writer(request);
    if (!isAdmin(w)) return 0;
    const rows = state.functions.filter((f) => ids.includes(f.id));
    for (const f of rows) f.delete_flag = '1';
    if (rows.length > 0) writeLog(w, '功能', deletedNames(rows.map((f) => f.name)));
    return rows.length;
  };
  app.delete('/function/delete', async (request, reply) => sendFastjson(reply, returnStr(deleteFunctions(request, [queryId(request)]))));
  app.delete('/function/deleteBatch', async (request, reply) => sendFastjson(reply, returnStr(deleteFunctions(request, queryIds(request)))));

}

/** ComputerInfo.getMacAddress: the first hardware address of the host, lower-case with colons, or "". */
function macAddress(): string {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) if (!entry.internal && entry.mac !== '00:00:00:00:00:00') return entry.mac;
  }
  return '';
}
