// The sandbox's tables as typed rows, and the one way to read and write them: a caller's Scope (state, tenant, user),
// its live rows, a row by id, an insert, a soft delete and a transaction that puts every table back on a refusal.
import type { BusinessTables, DepotItemRow, RowOf, StoredRow, TenantTableName } from './business-rows.js';
import type { Clock } from './clock.js';

/** A row read by field names given at run time (search filters, exports, answers being built). */
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

/** How jsh_log.create_time (datetime(0)) stores a moment's fraction: MySQL rounds it, MariaDB drops it. */
export type LogTimeStorage = 'round' | 'truncate';

export interface TimingRules {
  /**
   * Whether the rules apply: two logged writes of one user, module and address in one second end that user's
   * sessions from that address (LogService.insertLog), and a bill number saved holds `<loginName>_<number>` for 2 s
   * (DepotHeadService.checkExistByRedis). Off only for the sandbox's own contract tests, which write back to back.
   */
  enabled: boolean;
  logTime: LogTimeStorage;
  /** `<loginName>_<number>` → when that key expires (clock ms). */
  billKeys: Map<string, number>;
}

/** The tables ids are allocated for: the business tables, the messages, the bill lines and the system tables. */
export type IdTable =
  | keyof BusinessTables
  | 'msg'
  | 'depotItems'
  | 'users'
  | 'roles'
  | 'functions'
  | 'tenants'
  | 'organizations'
  | 'orgaUserRels'
  | 'userBusiness'
  | 'systemConfigs'
  | 'platformConfigs';

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
  tables: BusinessTables;
  /** Bill lines (jsh_depot_item) behind the reports. */
  depotItems: DepotItemRow[];
  sessions: Map<string, Session>;
  /** jshERP-boot's run-time rules on writes close together (writes.ts writeLog, bill-writes.ts holdBillNumber). */
  timing: TimingRules;
  captchas: Map<string, { code: string; expiresAt: number }>;
  /** The next id of a table, for inserts: one counter per table, from the largest id it holds, never reused (as
   *  MySQL's auto_increment). */
  nextId(table: IdTable): number;
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

/** Whether a row is not soft-deleted: delete_flag '1' marks a deleted row in every jshERP table (spelt deleteFlag in
 *  the business rows, delete_flag in the system tables'). Every read of the flag goes through here. */
export function isLive(row: object): boolean {
  const flagged = row as { deleteFlag?: unknown; delete_flag?: unknown };
  return (flagged.deleteFlag ?? flagged.delete_flag) !== '1';
}

const ofTenant = (scope: TenantScope, row: StoredRow): boolean =>
  scope.tenantId === 0 || row.tenantId === scope.tenantId;

/** A tenant table's rows as their common columns (what the filters below read). */
const stored = <K extends TenantTableName>(scope: TenantScope, table: K): RowOf<K>[] =>
  scope.state.tables[table] as RowOf<K>[];

/** Rows of a business table the scope's tenant sees (all tenants for the super-admin), not soft-deleted. */
export function liveRows<K extends TenantTableName>(scope: TenantScope, table: K): RowOf<K>[] {
  return stored(scope, table).filter((r: StoredRow) => isLive(r) && ofTenant(scope, r));
}

/**
 * Every row of the scope's tenant, soft-deleted ones included: what an UPDATE by id matches. The MySQL driver
 * reports matched (found) rows, so updating, deleting or switching an already deleted row still counts as 1 — 成功.
 */
export function tenantRows<K extends TenantTableName>(scope: TenantScope, table: K): RowOf<K>[] {
  return stored(scope, table).filter((r: StoredRow) => ofTenant(scope, r));
}

/** A live row of the scope's tenant by id. */
export function rowById<K extends TenantTableName>(scope: TenantScope, table: K, id: unknown): RowOf<K> | undefined {
  return liveRows(scope, table).find((r: StoredRow) => r.id === id);
}

/**
 * What an insert is given: every column but the id, the tenant and the delete flag, which the insert fills (an
 * `id: undefined` placeholder keeps the id where the entity's JSON has it).
 */
export type NewRow<K extends TenantTableName> = Omit<RowOf<K>, keyof StoredRow> & { id?: undefined };

/** An insert: a fresh id, the tenant column filled from the token (never from the body), delete_flag '0'. */
export function insertRow<K extends TenantTableName>(scope: TenantScope, table: K, values: NewRow<K>): RowOf<K> {
  const row = {
    ...values,
    id: scope.state.nextId(table),
    tenantId: scope.tenantId === 0 ? null : scope.tenantId,
    deleteFlag: '0',
  } as RowOf<K>;
  stored(scope, table).push(row);
  return row;
}

/** Soft delete (`delete_flag='1'`) of the scope's rows with these ids (found rows, deleted ones too); returns them. */
export function softDelete<K extends TenantTableName>(scope: TenantScope, table: K, ids: number[]): RowOf<K>[] {
  const hit = tenantRows(scope, table).filter((r: StoredRow) => ids.includes(r.id));
  for (const row of hit) (row as StoredRow).deleteFlag = '1';
  return hit;
}

/** A row's columns by name: for the writes that copy an entity's sent fields onto a stored row, column by column. */
export const columnsOf = (row: Row): Row => row;

/**
 * One request as one transaction: `work` runs on the live tables; when it throws (a refusal after some writes), every
 * business table and the bill lines are put back as they were, and the error goes on.
 */
export function transaction<T>(state: SandboxState, work: () => T): T {
  const tables = Object.fromEntries(
    Object.entries(state.tables).map(([name, rows]: [string, object[]]) => [name, rows.map((r) => ({ ...r }))]),
  );
  const items = state.depotItems.map((r) => ({ ...r }));
  try {
    return work();
  } catch (error) {
    Object.assign(state.tables, tables);
    state.depotItems.splice(0, state.depotItems.length, ...items);
    throw error;
  }
}

/** Role id of a user: UserRole row value `[10]` with brackets stripped (missing → 0). */
export function roleIdOfUser(state: SandboxState, userId: number): number {
  const row = state.userBusiness.find((b) => b.type === 'UserRole' && b.key_id === String(userId) && isLive(b));
  if (!row || !row.value) return 0;
  const id = Number(row.value.replace(/[[\]]/g, ''));
  return Number.isInteger(id) ? id : 0;
}
