// The sandbox's whole database and Redis, in memory: seeded at start, changed by writes, gone at restart.
import { randomBytes, randomUUID } from 'node:crypto';
import functionsSeed from './seed/functions.json' with { type: 'json' };
import usersRolesSeed from './seed/users-roles.json' with { type: 'json' };
import { createClock, type Clock } from './clock.js';
import { chinaTime } from './wire.js';
import { backendBusinessTables } from './seed/backend.js';
import { seedBusinessTables, seedMessages } from './seed/business.js';
import type {
  FunctionRow,
  IdTable,
  LogTimeStorage,
  MsgRow,
  OrganizationRow,
  OrgaUserRelRow,
  PlatformConfigRow,
  RoleRow,
  SandboxState,
  Session,
  SystemConfigRow,
  TenantRow,
  UserBusinessRow,
  UserRow,
} from './store.js';
import { isLive } from './store.js';

/** The 3-day sliding Redis TTL of a login (RedisService.MAX_SESSION_IN_SECONDS). */
export const SESSION_TTL_MS = 3 * 24 * 3600 * 1000;
/** captcha_codes:<uuid> lives 2 minutes. */
export const CAPTCHA_TTL_MS = 2 * 60 * 1000;

/** What the store starts from (SANDBOX_SEED): the demo company, or the backend's own seed (seed/backend.ts). */
export type SeedName = 'demo' | 'backend';

export interface StateOptions {
  captcha: boolean;
  /** The demo company when absent. */
  seed?: SeedName;
  /** Real time when absent. */
  clock?: Clock;
  /** The backend's rules on writes close together (store.ts TimingRules); on, with MySQL's rounding, when absent. */
  timingRules?: boolean;
  logTime?: LogTimeStorage;
}

type FixtureTable = { rows: Record<string, unknown>[] };
const tables = (usersRolesSeed as unknown as { tables: Record<string, FixtureTable> }).tables;

function rows<T>(name: string, dates: string[] = []): T[] {
  const table = tables[name];
  if (!table) throw new Error(`fixture table ${name} missing`);
  return table.rows.map((row) => {
    const copy: Record<string, unknown> = { ...row };
    for (const column of dates) {
      const value = copy[column];
      if (typeof value === 'string') copy[column] = chinaTime(value);
    }
    return copy as T;
  });
}

export function createSandboxState(options: StateOptions): SandboxState {
  const clock = options.clock ?? createClock();
  const now = clock.now();
  const platformConfigs = rows<PlatformConfigRow>('jsh_platform_config');
  // The captcha switch is the platform's checkcode_flag: '1' on, '0' off.
  for (const row of platformConfigs) {
    if (row.platform_key === 'checkcode_flag') row.platform_value = options.captcha ? '1' : '0';
  }
  const fixtureMessages: MsgRow[] = rows<Record<string, unknown>>('jsh_msg', ['create_time']).map((m) => ({
    id: m.id as number,
    msgTitle: m.msg_title as string,
    msgContent: m.msg_content as string,
    createTime: m.create_time as Date,
    type: m.type as string,
    userId: m.user_id as number,
    status: m.status as string,
    tenantId: m.tenant_id as number,
    deleteFlag: m.delete_Flag as string,
  }));
  const users = rows<UserRow>('jsh_user');
  const backend = options.seed === 'backend';
  // Both seeds share the dump's system tables; the demo adds its company's goods, bills and money, and notices.
  const business = backend ? backendBusinessTables(users) : seedBusinessTables(now);
  const counters = new Map<string, number>();
  const state: SandboxState = {
    functions: (functionsSeed as unknown as { rows: FunctionRow[] }).rows.map((f) => ({ ...f })),
    users,
    roles: rows<RoleRow>('jsh_role'),
    userBusiness: rows<UserBusinessRow>('jsh_user_business'),
    tenants: rows<TenantRow>('jsh_tenant', ['create_time', 'expire_time']),
    organizations: rows<OrganizationRow>('jsh_organization', ['create_time', 'update_time']),
    orgaUserRels: rows<OrgaUserRelRow>('jsh_orga_user_rel'),
    systemConfigs: rows<SystemConfigRow>('jsh_system_config'),
    platformConfigs,
    messages: backend ? fixtureMessages : [...fixtureMessages, ...seedMessages(now)],
    tables: business.tables,
    depotItems: business.depotItems,
    sessions: new Map(),
    timing: { enabled: options.timingRules ?? true, logTime: options.logTime ?? 'round', billKeys: new Map() },
    captchas: new Map(),
    clock,
    nextId(table: IdTable): number {
      let current = counters.get(table);
      if (current === undefined) {
        const { rows: existing, key } = idColumnOf(state, table);
        current = existing.reduce((max, row) => Math.max(max, Number(row[key]) || 0), 0);
      }
      counters.set(table, current + 1);
      return current + 1;
    },
  };
  return state;
}

/** The rows behind each table ids are allocated for, and the column that holds the id. */
function idColumnOf(state: SandboxState, table: IdTable): { rows: readonly Record<string, unknown>[]; key: string } {
  const of = (rows: readonly object[] | undefined, key = 'id') => ({
    rows: (rows ?? []) as readonly Record<string, unknown>[],
    key,
  });
  switch (table) {
    case 'msg':
      return of(state.messages);
    case 'depotItems':
      return of(state.depotItems);
    case 'users':
    case 'roles':
    case 'functions':
    case 'tenants':
    case 'organizations':
    case 'orgaUserRels':
    case 'userBusiness':
    case 'systemConfigs':
    case 'platformConfigs':
      return of(state[table]);
    case 'dictType':
      return of(state.tables.dictType, 'dictId');
    case 'dictData':
      return of(state.tables.dictData, 'dictCode');
    default:
      return of(state.tables[table]);
  }
}

/** `<32 lowercase hex>_<tenantId>` (RedisService), or just the hex when the user has no tenant id. */
export function newToken(tenantId: number | null): string {
  const hex = randomUUID().replaceAll('-', '');
  return tenantId === null ? hex : `${hex}_${tenantId}`;
}

/** Tools.getTenantIdByToken: split on '_', exactly two parts, else 0 (super-admin, no tenant filter). */
export function tenantIdOfToken(token: string): number {
  const parts = token.split('_');
  if (parts.length !== 2) return 0;
  const n = Number(parts[1]);
  return Number.isInteger(n) ? n : 0;
}

/** Redis HGET userId with EXPIRE on hit: the sliding session. */
export function touchSession(state: SandboxState, token: string, now = state.clock.ms()): Session | undefined {
  const session = state.sessions.get(token);
  if (!session) return undefined;
  if (session.expiresAt <= now) {
    state.sessions.delete(token);
    return undefined;
  }
  session.expiresAt = now + SESSION_TTL_MS;
  return session;
}

export function liveUsers(state: SandboxState): UserRow[] {
  return state.users.filter((u) => isLive(u));
}

export function findUser(state: SandboxState, id: number): UserRow | undefined {
  return liveUsers(state).find((u) => u.id === id);
}

export function roleFunctions(state: SandboxState, roleId: number): UserBusinessRow | undefined {
  return state.userBusiness.find((b) => b.type === 'RoleFunctions' && b.key_id === String(roleId) && isLive(b));
}

/** The jsh_user row as the entity serialises it (camelCase, password forced to null). */
export function userJson(user: UserRow): Record<string, unknown> {
  return {
    id: user.id,
    username: user.username,
    loginName: user.login_name,
    password: null,
    leaderFlag: user.leader_flag,
    position: user.position,
    department: user.department,
    email: user.email,
    phonenum: user.phonenum,
    ismanager: user.ismanager,
    isystem: user.isystem,
    status: user.status,
    description: user.description,
    remark: user.remark,
    weixinOpenId: user.weixin_open_id,
    tenantId: user.tenant_id,
    deleteFlag: user.delete_flag,
  };
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}
