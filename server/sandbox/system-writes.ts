// 部门 (the organisation tree), 系统配置 (one auto-saving row per tenant), and the platform admin's 平台参数, 租户
// and 菜单管理 — their writes, trees and checks. Platform config, tenant (all but add) and function writes do
// nothing for anyone but `admin`, which the client sees as 服务内部错误.
import { networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { FunctionRow, OrganizationRow, SandboxState } from './store.js';
import { BusinessException } from './wire.js';
import { deletedNames, isAdmin, writeLog, writerOf, type EntitySchema, type Writer } from './writes.js';
import { perState } from './per-state.js';
import { isLive } from './store.js';

export const ORGANIZATION = {
  id: 'long',
  orgNo: 'string',
  orgAbr: 'string',
  parentId: 'long',
  sort: 'string',
  remark: 'string',
} as const satisfies EntitySchema;
export const SYSTEM_CONFIG_FIELDS = [
  'companyName',
  'companyContacts',
  'companyAddress',
  'companyTel',
  'companyFax',
  'companyPostCode',
  'saleAgreement',
  'depotFlag',
  'customerFlag',
  'minusStockFlag',
  'purchaseBySaleFlag',
  'multiLevelApprovalFlag',
  'multiBillType',
  'forceApprovalFlag',
  'updateUnitPriceFlag',
  'overLinkBillFlag',
  'inOutManageFlag',
  'multiAccountFlag',
  'moveAvgPriceFlag',
  'auditPrintFlag',
  'zeroChangeAmountFlag',
  'customerStaticPriceFlag',
  'materialPriceTaxFlag',
];
export const SYSTEM_CONFIG = {
  id: 'long',
  ...Object.fromEntries(SYSTEM_CONFIG_FIELDS.map((f) => [f, 'string' as const])),
} as const satisfies EntitySchema;
export const PLATFORM_CONFIG = {
  id: 'long',
  platformKey: 'string',
  platformKeyInfo: 'string',
  platformValue: 'string',
} as const satisfies EntitySchema;
export const TENANT = {
  id: 'long',
  tenantId: 'long',
  loginName: 'string',
  userNumLimit: 'long',
  type: 'string',
  enabled: 'boolean',
  expireTime: 'date',
  remark: 'string',
} as const satisfies EntitySchema;
export const TENANT_USER = {
  loginName: 'string',
  password: 'string',
  userNumLimit: 'long',
  expireTime: 'date',
  remark: 'string',
  ismanager: 'long',
} as const satisfies EntitySchema;
export const FUNCTION = {
  id: 'long',
  number: 'string',
  name: 'string',
  parentNumber: 'string',
  url: 'string',
  component: 'string',
  state: 'boolean',
  sort: 'string',
  enabled: 'boolean',
  type: 'string',
  pushBtn: 'string',
  icon: 'string',
} as const satisfies EntitySchema;

/** application.yml: manage.roleId, tenant.userNumLimit, tenant.tryDayLimit. */
export const TENANT_ROLE_ID = 10;
export const DEFAULT_USER_LIMIT = 1_000_000;
export const TRIAL_DAYS = 3000;

/** A new tenant's owner as 新增租户 and self-registration write it (TenantServiceImpl / UserService.registerUser). */
export interface TenantOwner {
  loginName: string;
  password: string;
  ismanager: number;
  remark: string | null;
  userNumLimit: number;
  expireTime: Date;
  now: Date;
}

/** A user owning a new tenant (tenant_id = its own id) with the 租户 role, and the tenant's row. */
export function addTenantOwner(state: SandboxState, owner: TenantOwner): void {
  const id = state.nextId('users');
  state.users.push({
    id,
    username: owner.loginName,
    login_name: owner.loginName,
    password: owner.password,
    leader_flag: '0',
    position: null,
    department: null,
    email: null,
    phonenum: null,
    ismanager: owner.ismanager,
    isystem: 0,
    status: 0,
    description: null,
    remark: owner.remark,
    weixin_open_id: null,
    tenant_id: id,
    delete_flag: '0',
  });
  state.userBusiness.push({
    id: state.nextId('userBusiness'),
    type: 'UserRole',
    key_id: String(id),
    value: `[${TENANT_ROLE_ID}]`,
    btn_str: null,
    tenant_id: id,
    delete_flag: '0',
  });
  state.tenants.push({
    id: state.nextId('tenants'),
    tenant_id: id,
    login_name: owner.loginName,
    user_num_limit: owner.userNumLimit,
    type: '0',
    enabled: 1,
    create_time: owner.now,
    expire_time: owner.expireTime,
    remark: owner.remark,
    delete_flag: '0',
  });
}

export const snake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const sortNumber = (s: string): number =>
  s.trim() === '' || Number.isNaN(Number(s)) ? Number.POSITIVE_INFINITY : Number(s);

export interface OrgTreeNode {
  id: number;
  key: number;
  value: number;
  title: string | null;
  state: 'open';
  checked: false;
  attributes: string | null;
  children: OrgTreeNode[];
}

/** A jsh_function row as the Function entity's JSON (camelCase, state and enabled as booleans). */
export function functionJson(f: FunctionRow): Record<string, unknown> {
  return {
    id: f.id,
    number: f.number,
    name: f.name,
    parentNumber: f.parent_number,
    url: f.url,
    component: f.component,
    state: f.state === 1,
    sort: f.sort,
    enabled: f.enabled === 1,
    type: f.type,
    pushBtn: f.push_btn,
    icon: f.icon,
    deleteFlag: f.delete_flag,
  };
}

/** The helpers these routes share across their controllers' files (routes/*.ts); made once per sandbox state. */
function makeSystemWriteKit(state: SandboxState) {
  const writer = (request: FastifyRequest): Writer => writerOf(state, request);
  const inTenant = (w: Writer, tenantId: number | null): boolean => w.tenantId === 0 || tenantId === w.tenantId;

  // --- 部门 --------------------------------------------------------------------------------------------------------
  const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  const liveOrgs = (w: Writer): OrganizationRow[] =>
    state.organizations.filter((o) => isLive(o) && inTenant(w, o.tenant_id));
  // Updates and deletes by id match soft-deleted rows too (found rows).
  const tenantOrgs = (w: Writer): OrganizationRow[] => state.organizations.filter((o) => inTenant(w, o.tenant_id));

  /** The tree (fastjson TreeNode: state 'open', checked false, children [] on leaves), by sort; `exclude` and below left out. */
  const orgTree = (w: Writer, exclude: number | null): OrgTreeNode[] => {
    const orgs = liveOrgs(w).sort((a, b) => sortNumber(a.sort ?? '') - sortNumber(b.sort ?? '') || a.id - b.id);
    const build = (parentId: number | null): OrgTreeNode[] =>
      orgs
        .filter((o) => o.parent_id === parentId && o.id !== exclude)
        .map((o) => ({
          id: o.id,
          key: o.id,
          value: o.id,
          title: o.org_abr,
          state: 'open',
          checked: false,
          attributes: o.org_no,
          children: build(o.id),
        }));
    return build(null);
  };

  // A department with live children is refused (11000006); its users keep their membership.
  const deleteOrgs = (request: FastifyRequest, ids: number[]): number => {
    const w = writer(request);
    if (liveOrgs(w).some((o) => o.parent_id !== null && ids.includes(o.parent_id)))
      throw new BusinessException(11000006, '该部门存在下级不允许删除');
    const orgs = tenantOrgs(w).filter((o) => ids.includes(o.id));
    for (const o of orgs) o.delete_flag = '1';
    if (orgs.length > 0) writeLog(w, '部门', deletedNames(orgs.map((o) => o.org_abr)));
    return orgs.length;
  };
  // --- 系统配置 ----------------------------------------------------------------------------------------------------
  const writeConfig = (row: Record<string, unknown>, entity: Record<string, unknown>): void => {
    for (const field of SYSTEM_CONFIG_FIELDS) {
      const v = entity[field];
      if (v !== null && v !== undefined) row[snake(field)] = v;
    }
  };
  const configLabel = (entity: Record<string, unknown>): string =>
    `${typeof entity.companyName === 'string' ? entity.companyName : '配置信息'}`;

  const deletePlatformConfigs = (request: FastifyRequest, ids: number[]): number => {
    if (!isAdmin(writer(request))) return 0;
    const before = state.platformConfigs.length;
    state.platformConfigs.splice(0, before, ...state.platformConfigs.filter((p) => !ids.includes(p.id)));
    return before - state.platformConfigs.length;
  };
  const deleteTenants = (request: FastifyRequest, ids: number[]): number => {
    if (!isAdmin(writer(request))) return 0;
    const before = state.tenants.length;
    state.tenants.splice(0, before, ...state.tenants.filter((t) => !ids.includes(t.id)));
    return before - state.tenants.length;
  };
  // --- 菜单管理 (jsh_function: admin-only writes, not tenant-filtered, no uniqueness on the server) ------------------
  const liveFunctions = (): FunctionRow[] => state.functions.filter((f) => isLive(f));

  const applyFunction = (row: FunctionRow, entity: Record<string, unknown>): void => {
    const text = (key: string): string | undefined =>
      typeof entity[key] === 'string' ? (entity[key] as string) : undefined;
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

  const deleteFunctions = (request: FastifyRequest, ids: number[]): number => {
    const w = writer(request);
    if (!isAdmin(w)) return 0;
    const rows = state.functions.filter((f) => ids.includes(f.id));
    for (const f of rows) f.delete_flag = '1';
    if (rows.length > 0) writeLog(w, '功能', deletedNames(rows.map((f) => f.name)));
    return rows.length;
  };
  return {
    writer,
    inTenant,
    text,
    liveOrgs,
    tenantOrgs,
    orgTree,
    deleteOrgs,
    writeConfig,
    configLabel,
    deletePlatformConfigs,
    deleteTenants,
    liveFunctions,
    applyFunction,
    deleteFunctions,
  };
}

export const systemWriteKit = perState(makeSystemWriteKit);

/** ComputerInfo.getMacAddress: the first hardware address of the host, lower-case with colons, or "". */
export function macAddress(): string {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) if (!entry.internal && entry.mac !== '00:00:00:00:00:00') return entry.mac;
  }
  return '';
}
