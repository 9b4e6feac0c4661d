// The write machinery every add/update/delete route shares: reading an entity out of a @RequestBody the way fastjson
// does (unknown properties ignored, a value of the wrong type refused with the global handler's 未知异常), tenant
// filling, selective updates, soft deletes, the referenced-record refusal, name checks, batchSetStatus, the
// userBusiness value encoding and the operation log (jsh_log).
import type { FastifyRequest } from 'fastify';
import { authOf } from './auth-filter.js';
import { clientIp } from './session.js';
import { jsonBody } from './body.js';
import type { LogTimeStorage, Row, SandboxState, Scope } from './store.js';
import { BusinessException, UnknownException, chinaTime, formatDateTime, idList, toId } from './wire.js';
import { isLive } from './store.js';

/** Java property types of the entities: String, Long/Integer, BigDecimal, Boolean, Date. */
export type FieldType = 'string' | 'long' | 'decimal' | 'boolean' | 'date';
export type EntitySchema = Record<string, FieldType>;

/** The JS value a field type reads as. */
type FieldValue<T extends FieldType> = T extends 'string'
  ? string
  : T extends 'long' | 'decimal'
    ? number
    : T extends 'boolean'
      ? boolean
      : Date;

/** An entity read from a body: each declared property absent (undefined), null or of its type. */
export type Entity<S extends EntitySchema> = { -readonly [K in keyof S]?: FieldValue<S[K]> | null };

/** Who writes: the caller's Scope and the client address (the operation log's clientIp). */
export interface Writer extends Scope {
  ip: string;
}

/** The caller of a request as a Scope: its tenant (0 = super-admin, no filter) and user. */
export function scopeOf(state: SandboxState, request: FastifyRequest): Scope {
  const auth = authOf(request);
  return { state, user: auth.user, tenantId: auth.tenantId };
}

export function writerOf(state: SandboxState, request: FastifyRequest): Writer {
  const auth = authOf(request);
  return { state, user: auth.user, tenantId: auth.tenantId, ip: clientIp(request) };
}

export const isAdmin = (writer: Writer): boolean => writer.user.login_name === 'admin';

/** The widest decimal column of jshERP's schema is decimal(24, 3): 21 integer digits. */
const DECIMAL_COLUMN_LIMIT = 1e21;

/** fastjson's cast of one JSON value to a Java property; a value it cannot cast fails the whole parse. */
function castField(name: string, type: FieldType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const refuse = (): never => {
    throw new UnknownException(`${name}: cannot read ${JSON.stringify(value)} as ${type}`);
  };
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
    case 'long': {
      if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : refuse();
      if (typeof value === 'string') {
        if (value.trim() === '') return null;
        const id = toId(value);
        return id === null ? refuse() : id;
      }
      return refuse();
    }
    case 'decimal': {
      // BigDecimal reads '1e309' fine, but no decimal(24, 3|6) column holds it: MySQL refuses the insert (out of range)
      // and the backend answers its unknown-error envelope, as for a value of the wrong type. Never Infinity here.
      const fits = (n: number): number => (Number.isFinite(n) && Math.abs(n) < DECIMAL_COLUMN_LIMIT ? n : refuse());
      if (typeof value === 'number') return fits(value);
      if (typeof value === 'string') {
        if (value.trim() === '') return null;
        return /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(value) ? fits(Number(value)) : refuse();
      }
      return refuse();
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      if (typeof value === 'number') return value === 1;
      if (typeof value === 'string') {
        const s = value.trim().toLowerCase();
        if (s === '') return null;
        if (s === 'true' || s === '1' || s === 'y' || s === 't') return true;
        if (s === 'false' || s === '0' || s === 'n' || s === 'f') return false;
      }
      return refuse();
    }
    case 'date': {
      if (typeof value === 'number') return new Date(value);
      if (typeof value === 'string') {
        if (value.trim() === '') return null;
        if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return chinaTime(`${value} 00:00:00`);
        try {
          return chinaTime(value);
        } catch {
          const parsed = Date.parse(value);
          return Number.isNaN(parsed) ? refuse() : new Date(parsed);
        }
      }
      return refuse();
    }
  }
}

/**
 * JSONObject.parseObject(body, Entity.class): the properties the entity declares, cast to their types; every other
 * key is dropped. Absent and null properties come back as undefined / null respectively (both "not set" for a
 * selective write). A body that is not a JSON object is the global handler's 未知异常.
 */
export function readEntity<S extends EntitySchema>(request: FastifyRequest, schema: S): Entity<S> {
  return entityOf(jsonBody(request), schema);
}

export function entityOf<S extends EntitySchema>(body: Record<string, unknown>, schema: S): Entity<S> {
  const out: Row = {};
  for (const [name, type] of Object.entries(schema)) {
    if (name in body) out[name] = castField(name, type, body[name]);
  }
  return out as Entity<S>;
}

/** updateByPrimaryKeySelective: only the non-null properties overwrite the row (an empty string does). */
export function applySelective(row: Row, entity: Row, skip: string[] = ['id', 'tenantId']): void {
  for (const [k, v] of Object.entries(entity)) {
    if (v === null || v === undefined || skip.includes(k)) continue;
    row[k] = v;
  }
}

/** The `id` query parameter of /delete (Long, required): missing or not a number is 未知异常. */
export function queryId(request: FastifyRequest, name = 'id'): number {
  const id = toId((request.query as Record<string, unknown>)[name]);
  if (id === null) throw new UnknownException(`${name} is required`);
  return id;
}

/** The `ids` query parameter of /deleteBatch: `12,13,` (trailing comma allowed). */
export function queryIds(request: FastifyRequest, name = 'ids'): number[] {
  const ids = idList((request.query as Record<string, unknown>)[name]);
  if (ids === null) throw new UnknownException(`${name} are required`);
  return ids;
}

/** The 601 refusal of a delete whose rows other records still use. */
export function refuseInUse(): never {
  throw new BusinessException(601, '检测到存在依赖数据，不能删除！');
}

/** The second a moment is stored as in jsh_log.create_time (datetime(0)), as epoch milliseconds. */
function storedSecond(ms: number, storage: LogTimeStorage): number {
  return (storage === 'round' ? Math.round(ms / 1000) : Math.floor(ms / 1000)) * 1000;
}

/**
 * LogService.insertLog: module (operation) and content, by the caller from their client address. With the timing
 * rules on, a row of the same user, module and address stored as this second (the check formats "now" to the
 * second, truncating) means no row is written and every session of that user from that address ends
 * (RedisService.deleteObjectByUserAndIp); the write itself has happened and is answered as usual.
 * `checked: false` is insertLogWithUserId (the login, 系统配置's add and update): a row without the check.
 */
export function writeLog(writer: Writer, module: string, content: string, { checked = true } = {}): void {
  const { state, user } = writer;
  const ms = state.clock.ms();
  const log = (state.tables.log ??= []);
  if (state.timing.enabled && checked) {
    const second = Math.floor(ms / 1000) * 1000;
    const taken = log.some(
      (row) =>
        row.userId === user.id &&
        row.operation === module &&
        row.clientIp === writer.ip &&
        (row.createTime as Date).getTime() === second,
    );
    if (taken) {
      for (const [token, session] of state.sessions)
        if (session.userId === user.id && session.clientIp === writer.ip) state.sessions.delete(token);
      return;
    }
  }
  const stored = new Date(state.timing.enabled ? storedSecond(ms, state.timing.logTime) : ms);
  log.push({
    id: state.nextId('log'),
    userId: user.id,
    operation: module,
    clientIp: writer.ip,
    createTime: stored,
    status: 0,
    content,
    tenantId: user.tenant_id,
    createTimeStr: formatDateTime(stored),
    userName: user.username,
    loginName: user.login_name,
  });
}

/** `删除[a][b]`, the content of every delete's log line. */
export const deletedNames = (names: unknown[]): string => `删除${names.map((n) => `[${String(n)}]`).join('')}`;

/** `id != :id AND <field> = :name` among the live rows (the generic checkIsNameExist). */
export function nameTaken(rows: Row[], field: string, name: unknown, id: number): boolean {
  return rows.some((r) => r.id !== id && r[field] === name);
}

/** The check endpoints' query: `id` (Long, required; the client sends 0 for a new record) and `name`. */
export function checkQuery(request: FastifyRequest): { id: number; name: string | null } {
  const q = request.query as Record<string, unknown>;
  const id = toId(q.id);
  if (id === null) throw new UnknownException('id is required');
  return { id, name: typeof q.name === 'string' ? q.name : null };
}

/** `{status, ids}` of a batchSetStatus body; the status cast like the entity's Boolean (true/false, 1/0). */
export function statusBody(request: FastifyRequest): { ids: number[] | null; status: unknown } {
  const body = jsonBody(request);
  return { ids: idList(body.ids), status: body.status };
}

/**
 * UserBusinessService's value encoding: fastjson writes the array (`[13,14]`), every `,` becomes `][`, then `[0]`
 * and `[]` are removed — `[13][14]`, or '' for an empty selection. A string is taken as it is.
 */
export function encodeUserBusinessValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return text.replaceAll(',', '][').replaceAll('[0]', '').replaceAll('[]', '');
}

/** `[a][b]` → the ids it holds. */
export function idsOfValue(value: string | null | undefined): number[] {
  return [...(value ?? '').matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
}

/** Appends `[id]` to the UserBusiness row of (type, keyId) — even when it is there already, as the services do — or creates the row. */
export function grantValue(
  state: SandboxState,
  type: string,
  keyId: number,
  id: number,
  tenantId: number | null,
): void {
  const row = state.userBusiness.find((b) => b.type === type && b.key_id === String(keyId) && isLive(b));
  if (row) {
    row.value = `${row.value ?? ''}[${id}]`;
    return;
  }
  state.userBusiness.push({
    id: state.nextId('userBusiness'),
    type,
    key_id: String(keyId),
    value: `[${id}]`,
    btn_str: null,
    tenant_id: tenantId,
    delete_flag: '0',
  });
}

/** Enabled, not deleted, `sort asc, id desc`: the order of every select source. */
export function selectOrder(rows: Row[]): Row[] {
  const sortKey = (r: Row): string => (r.sort === null || r.sort === undefined ? '' : String(r.sort));
  return rows
    .filter((r) => r.enabled === true)
    .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : (b.id as number) - (a.id as number)));
}
