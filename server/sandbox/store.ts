// The sandbox's tables as typed rows, and the one way to read and write them: a caller's Scope (state, tenant, user),
// its live rows, a row by id, an insert, a soft delete and a transaction that puts every table back on a refusal.
import type { Clock } from './clock.js';

/** A business-table row, already in the entity's JSON (camelCase) form. */
export type Row = Record<string, unknown>;

export interface FunctionRow {
  id: number;
  number: string;
  name: string;
  parent_number: string;
  url: string;
  component: string;
  state: number;
  sort: string;
  enabled: number;
  type: string;
  push_btn: string | null;
  icon: string;
  delete_flag: string;
}

export interface UserRow {
  id: number;
  username: string;
  login_name: string;
  password: string;
  leader_flag: string;
  position: string | null;
  department: string | null;
  email: string | null;
  phonenum: string | null;
  ismanager: number;
  isystem: number;
  status: number;
  description: string | null;
  remark: string | null;
  weixin_open_id: string | null;
  tenant_id: number;
  delete_flag: string;
}

export interface RoleRow {
  id: number;
  name: string;
  type: string;
  price_limit: string | null;
  value: string | null;
  description: string | null;
  enabled: number;
  sort: string | null;
  tenant_id: number | null;
  delete_flag: string;
}

export interface UserBusinessRow {
  id: number;
  type: string;
  key_id: string;
  value: string;
  btn_str: string | null;
  tenant_id: number | null;
  delete_flag: string;
}

export interface TenantRow {
  id: number;
  tenant_id: number;
  login_name: string;
  user_num_limit: number;
  type: string;
  enabled: number;
  create_time: Date;
  expire_time: Date | null;
  remark: string | null;
  delete_flag: string;
}

export interface OrganizationRow {
  id: number;
  org_no: string | null;
  org_abr: string | null;
  parent_id: number | null;
  sort: string | null;
  remark: string | null;
  create_time: Date;
  update_time: Date;
  tenant_id: number;
  delete_flag: string;
}

export interface OrgaUserRelRow {
  id: number;
  orga_id: number | null;
  user_id: number;
  user_blng_orga_dspl_seq: string | null;
  delete_flag: string;
  tenant_id: number | null;
}

export interface PlatformConfigRow {
  id: number;
  platform_key: string;
  platform_key_info: string;
  platform_value: string;
}

export type SystemConfigRow = Record<string, string | number | null> & { id: number; tenant_id: number };

export interface MsgRow {
  id: number;
  msgTitle: string;
  msgContent: string;
  createTime: Date | null;
  type: string;
  userId: number | null;
  status: string;
  tenantId: number | null;
  deleteFlag: string;
}

export interface Session {
  userId: number;
  clientIp: string;
  expiresAt: number;
  /** Sandbox-only department selection (see routes/departments.ts). */
  orgCode: string | null;
}

export interface SandboxState {
  functions: FunctionRow[];
  users: UserRow[];
  roles: RoleRow[];
  userBusiness: UserBusinessRow[];
  tenants: TenantRow[];
  organizations: OrganizationRow[];
  orgaUserRels: OrgaUserRelRow[];
  systemConfigs: SystemConfigRow[];
  platformConfigs: PlatformConfigRow[];
  messages: MsgRow[];
  /** Business tables keyed by resource name (account, depot, depotHead, …), rows already in JSON (camelCase) form. */
  tables: Record<string, Row[]>;
  /** Bill lines (jsh_depot_item) behind the reports. */
  depotItems: Row[];
  sessions: Map<string, Session>;
  captchas: Map<string, { code: string; expiresAt: number }>;
  /** Next id per table, for inserts. */
  nextId(table: string): number;
  /** The sandbox's time: the seed's "now", bill and log times, 今日/本月/今年, sessions. */
  clock: Clock;
}

/** Who asks: the state, the tenant from the token suffix (0 = super-admin, every tenant) and the calling user. */
export interface Scope {
  state: SandboxState;
  tenantId: number;
  user: UserRow;
}

/** What a read by tenant needs: a Scope without its user (the seed, the stock index). */
export type TenantScope = Pick<Scope, 'state' | 'tenantId'>;

const ofTenant = (scope: TenantScope, row: Row): boolean => scope.tenantId === 0 || row.tenantId === scope.tenantId;

/** Rows of a business table the scope's tenant sees (all tenants for the super-admin), not soft-deleted. */
export function liveRows(scope: TenantScope, table: string): Row[] {
  return (scope.state.tables[table] ?? []).filter((r) => r.deleteFlag !== '1' && ofTenant(scope, r));
}

/**
 * Every row of the scope's tenant, soft-deleted ones included: what an UPDATE by id matches. The MySQL driver
 * reports matched (found) rows, so updating, deleting or switching an already deleted row still counts as 1 — 成功.
 */
export function tenantRows(scope: TenantScope, table: string): Row[] {
  return (scope.state.tables[table] ?? []).filter((r) => ofTenant(scope, r));
}

/** A live row of the scope's tenant by id. */
export function rowById(scope: TenantScope, table: string, id: unknown): Row | undefined {
  return liveRows(scope, table).find((r) => r.id === id);
}

/** An insert: a fresh id, the tenant column filled from the token (never from the body), delete_flag '0'. */
export function insertRow(scope: TenantScope, table: string, values: Row): Row {
  const row: Row = { ...values, id: scope.state.nextId(table), tenantId: scope.tenantId === 0 ? null : scope.tenantId, deleteFlag: '0' };
  (scope.state.tables[table] ??= []).push(row);
  return row;
}

/** Soft delete (`delete_flag='1'`) of the scope's rows with these ids (found rows, deleted ones too); returns them. */
export function softDelete(scope: TenantScope, table: string, ids: number[]): Row[] {
  const hit = tenantRows(scope, table).filter((r) => ids.includes(r.id as number));
  for (const row of hit) row.deleteFlag = '1';
  return hit;
}

/**
 * One request as one transaction: `work` runs on the live tables; when it throws (a refusal after some writes), every
 * business table and the bill lines are put back as they were, and the error goes on.
 */
export function transaction<T>(state: SandboxState, work: () => T): T {
  const tables = Object.fromEntries(Object.entries(state.tables).map(([name, rows]) => [name, rows.map((r) => ({ ...r }))]));
  const items = state.depotItems.map((r) => ({ ...r }));
  try {
    return work();
  } catch (error) {
    for (const name of Object.keys(state.tables)) if (!(name in tables)) delete state.tables[name];
    Object.assign(state.tables, tables);
    state.depotItems.splice(0, state.depotItems.length, ...items);
    throw error;
  }
}

/** Role id of a user: UserRole row value `[10]` with brackets stripped (missing → 0). */
export function roleIdOfUser(state: SandboxState, userId: number): number {
  const row = state.userBusiness.find((b) => b.type === 'UserRole' && b.key_id === String(userId) && b.delete_flag !== '1');
  if (!row || !row.value) return 0;
  const id = Number(row.value.replace(/[[\]]/g, ''));
  return Number.isInteger(id) ? id : 0;
}
