// The calls each basic-data controller of jshERP-boot declares alike — info, delete, deleteBatch, checkIsNameExist,
// batchSetStatus — over its service's table, as handlers: the controller's route file (routes/*.ts) writes each path
// out and takes the handler from here, so a table page's delete and audit buttons really work.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jsonBody } from './body.js';
import type { TenantTableName } from './business-rows.js';
import { liveRows, softDelete, tenantRows, type Row, type SandboxState } from './store.js';
import { UnknownException, idList, returnStr, sendFastjson, toId } from './wire.js';
import { checkQuery, entityOf, scopeOf, writeLog, writerOf } from './writes.js';

/**
 * Each resource's table, the column its name check looks at, its status column (`status` tables audit, others
 * enable/disable) and the operation-log module its status changes are written under (`更新状态`). Which of the calls a
 * controller maps — and which it answers with its own rules instead (deletes that check references in
 * basic-writes.ts and material-writes.ts, the bills' in bill-writes.ts and financial-writes.ts, a category's name
 * checked among its siblings) — is its route file's to say.
 */
const RESOURCES = {
  account: { table: 'account', module: '账户', nameField: 'name', statusField: 'enabled' },
  depot: { table: 'depot', module: '仓库', nameField: 'name', statusField: 'enabled' },
  unit: { table: 'unit', module: '多单位', nameField: 'name', statusField: 'enabled' },
  supplier: { table: 'supplier', module: '商家', nameField: 'supplier', statusField: 'enabled' },
  inOutItem: { table: 'inOutItem', module: '收支项目', nameField: 'name', statusField: 'enabled' },
  person: { table: 'person', module: '经手人', nameField: 'name', statusField: 'enabled' },
  material: { table: 'material', nameField: 'name', statusField: null },
  materialCategory: { table: 'materialCategory', nameField: 'name', statusField: null },
  materialAttribute: { table: 'materialAttribute', nameField: 'attributeName', statusField: null },
  materialProperty: { table: 'materialProperty', nameField: 'nativeName', statusField: null },
  depotHead: { table: 'depotHead', nameField: 'number', statusField: null },
  accountHead: { table: 'accountHead', nameField: 'billNo', statusField: null },
  log: { table: 'log', nameField: 'operation', statusField: null },
} satisfies Record<
  string,
  { table: TenantTableName; module?: string; nameField: string; statusField: 'status' | 'enabled' | null }
>;

export type ResourceName = keyof typeof RESOURCES;
type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const OK = { code: 200, data: { message: '成功' } };
const ERROR = { code: 500, data: { message: '服务内部错误' } };

function query(request: FastifyRequest, name: string): string {
  const value = (request.query as Record<string, unknown>)[name];
  if (typeof value !== 'string') throw new UnknownException(`${name} is required`);
  return value;
}

const rowsOf = (state: SandboxState, name: ResourceName, request: FastifyRequest): Row[] =>
  liveRows(scopeOf(state, request), RESOURCES[name].table);
const remove = (state: SandboxState, name: ResourceName, request: FastifyRequest, ids: number[]): number =>
  softDelete(scopeOf(state, request), RESOURCES[name].table, ids).length;

/**
 * `GET /<resource>/info?id=`: the row, or 服务内部错误 (returnJson: fastjson text, nulls left out); `listColumns` are
 * the columns the sandbox keeps on a row for its lists, which the entity the controller answers has not.
 */
export function infoHandler(state: SandboxState, name: ResourceName, listColumns: readonly string[] = []): Handler {
  return async (request, reply) => {
    const id = toId(query(request, 'id'));
    const row = rowsOf(state, name, request).find((r) => r.id === id);
    const info = row && Object.fromEntries(Object.entries(row).filter(([k]) => !listColumns.includes(k)));
    return sendFastjson(reply, info ? { code: 200, data: { info, message: '成功' } } : ERROR);
  };
}

/** `DELETE /<resource>/delete?id=`: a soft delete with nothing checked. */
export function deleteHandler(state: SandboxState, name: ResourceName): Handler {
  return async (request, reply) => {
    const id = toId(query(request, 'id'));
    if (id === null) throw new UnknownException('id is not a number');
    return sendFastjson(reply, returnStr(remove(state, name, request, [id])));
  };
}

/** `DELETE /<resource>/deleteBatch?ids=`: soft deletes with nothing checked. */
export function deleteBatchHandler(state: SandboxState, name: ResourceName): Handler {
  return async (request, reply) => {
    const ids = idList(query(request, 'ids'));
    if (ids === null) throw new UnknownException('ids are not numbers');
    return sendFastjson(reply, returnStr(remove(state, name, request, ids)));
  };
}

/** `GET /<resource>/checkIsNameExist?id=&name=`: another live row of the tenant with that name. */
export function nameCheckHandler(state: SandboxState, name: ResourceName): Handler {
  const field = RESOURCES[name].nameField;
  return async (request, reply) => {
    const { id, name: wanted } = checkQuery(request);
    const exists = rowsOf(state, name, request).some((r) => r.id !== id && r[field] === wanted);
    return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
  };
}

/** `POST /<resource>/batchSetStatus` `{ids, status}` on a resource with a status column. */
export function statusHandler(state: SandboxState, name: ResourceName): Handler {
  const resource: { table: TenantTableName; module?: string; statusField: 'status' | 'enabled' | null } =
    RESOURCES[name];
  const field = resource.statusField;
  if (field === null) throw new Error(`${name} has no status column`);
  return async (request, reply) => {
    const body = jsonBody(request);
    const ids = idList(body.ids);
    // jsonObject.getBoolean("status"): a value it cannot read as a Boolean fails the call (未知异常).
    const status = field === 'enabled' ? entityOf({ status: body.status }, { status: 'boolean' }).status : body.status;
    if (ids === null || ids.length === 0 || status === undefined || status === null) return sendFastjson(reply, ERROR);
    const value = field === 'enabled' ? status : String(status);
    let n = 0;
    // Updates by id match soft-deleted rows too: the driver reports found rows.
    const rows: Row[] = tenantRows(scopeOf(state, request), resource.table);
    for (const row of rows) {
      if (ids.includes(row.id as number)) {
        row[field] = value;
        n++;
      }
    }
    if (n > 0 && resource.module) writeLog(writerOf(state, request), resource.module, '更新状态');
    return sendFastjson(reply, n > 0 ? OK : ERROR);
  };
}
