// The generic per-resource calls of ResourceController on the seeded business tables: info, delete,
// deleteBatch, batchSetStatus, checkIsNameExist — so a table page's delete and audit buttons really work.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from './auth-filter.js';
import { jsonBody } from './body.js';
import type { TenantTableName } from './business-rows.js';
import { liveRows, softDelete, tenantRows, type Row, type SandboxState } from './store.js';
import { UnknownException, idList, returnStr, sendFastjson, toId } from './wire.js';
import { checkQuery, entityOf, writeLog, writerOf } from './writes.js';

/**
 * Resource path → its table and the column the name checks look at. `status` tables audit, others enable/disable.
 * `ownDelete`: delete and deleteBatch live with the resource's writes (basic-writes.ts, material-writes.ts),
 * which check references; material's batchSetStatus lives there too (its own log line), and the bills' delete and
 * batchSetStatus live in bill-writes.ts (status rules). `ownNameCheck`: the name
 * check has its own scope (a category's name is checked among its siblings).
 * `module`: the operation-log module its status changes are written under (`更新状态`). `nameCheck: false`: the
 * controller maps no checkIsNameExist (shared/backend-params.json), so neither does the sandbox.
 */
const RESOURCES: {
  path: string;
  table: TenantTableName;
  module?: string;
  nameField: string;
  statusField: 'status' | 'enabled' | null;
  ownDelete?: true;
  ownNameCheck?: true;
  nameCheck?: false;
}[] = [
  { path: 'account', table: 'account', module: '账户', nameField: 'name', statusField: 'enabled', ownDelete: true },
  { path: 'depot', table: 'depot', module: '仓库', nameField: 'name', statusField: 'enabled', ownDelete: true },
  { path: 'unit', table: 'unit', module: '多单位', nameField: 'name', statusField: 'enabled', ownDelete: true },
  {
    path: 'supplier',
    table: 'supplier',
    module: '商家',
    nameField: 'supplier',
    statusField: 'enabled',
    ownDelete: true,
  },
  {
    path: 'inOutItem',
    table: 'inOutItem',
    module: '收支项目',
    nameField: 'name',
    statusField: 'enabled',
    ownDelete: true,
  },
  { path: 'person', table: 'person', module: '经手人', nameField: 'name', statusField: 'enabled', ownDelete: true },
  { path: 'material', table: 'material', nameField: 'name', statusField: null, ownDelete: true },
  {
    path: 'materialCategory',
    table: 'materialCategory',
    nameField: 'name',
    statusField: null,
    ownDelete: true,
    ownNameCheck: true,
  },
  { path: 'materialAttribute', table: 'materialAttribute', nameField: 'attributeName', statusField: null },
  { path: 'materialProperty', table: 'materialProperty', nameField: 'nativeName', statusField: null },
  // Stock and financial bills delete and audit with their own rules (bill-writes.ts, financial-writes.ts).
  { path: 'depotHead', table: 'depotHead', nameField: 'number', statusField: null, ownDelete: true, nameCheck: false },
  {
    path: 'accountHead',
    table: 'accountHead',
    nameField: 'billNo',
    statusField: null,
    ownDelete: true,
    nameCheck: false,
  },
  { path: 'log', table: 'log', nameField: 'operation', statusField: null, nameCheck: false },
];

const OK = { code: 200, data: { message: '成功' } };
const ERROR = { code: 500, data: { message: '服务内部错误' } };

function query(request: FastifyRequest, name: string): string {
  const value = (request.query as Record<string, unknown>)[name];
  if (typeof value !== 'string') throw new UnknownException(`${name} is required`);
  return value;
}

/** Registers the generic calls of one controller (`/<controller>/info`, …) when the table above lists it. */
export function resourceActionRoutes(app: FastifyInstance, state: SandboxState, controller: string): void {
  for (const resource of RESOURCES.filter((r) => r.path === controller)) {
    const scope = (request: FastifyRequest) => ({ state, tenantId: authOf(request).tenantId });
    const rowsOf = (request: FastifyRequest): Row[] => liveRows(scope(request), resource.table);
    // Updates by id match soft-deleted rows too: the driver reports found rows.
    const matchedBy = (request: FastifyRequest): Row[] => tenantRows(scope(request), resource.table);
    const remove = (request: FastifyRequest, ids: number[]): number =>
      softDelete(scope(request), resource.table, ids).length;

    app.get(`/${resource.path}/info`, async (request, reply) => {
      const id = toId(query(request, 'id'));
      const row = rowsOf(request).find((r) => r.id === id);
      // returnJson: fastjson text, nulls left out.
      return sendFastjson(reply, row ? { code: 200, data: { info: row, message: '成功' } } : ERROR);
    });

    if (!resource.ownDelete) {
      app.delete(`/${resource.path}/delete`, async (request, reply) => {
        const id = toId(query(request, 'id'));
        if (id === null) throw new UnknownException('id is not a number');
        return sendFastjson(reply, returnStr(remove(request, [id])));
      });

      app.delete(`/${resource.path}/deleteBatch`, async (request, reply) => {
        const ids = idList(query(request, 'ids'));
        if (ids === null) throw new UnknownException('ids are not numbers');
        return sendFastjson(reply, returnStr(remove(request, ids)));
      });
    }

    if (!resource.ownNameCheck && resource.nameCheck !== false) {
      app.get(`/${resource.path}/checkIsNameExist`, async (request, reply) => {
        const { id, name } = checkQuery(request);
        const exists = rowsOf(request).some((r) => r.id !== id && r[resource.nameField] === name);
        return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
      });
    }

    if (resource.statusField) {
      const field = resource.statusField;
      app.post(`/${resource.path}/batchSetStatus`, async (request, reply) => {
        const body = jsonBody(request);
        const ids = idList(body.ids);
        // jsonObject.getBoolean("status"): a value it cannot read as a Boolean fails the call (未知异常).
        const status =
          field === 'enabled' ? entityOf({ status: body.status }, { status: 'boolean' }).status : body.status;
        if (ids === null || ids.length === 0 || status === undefined || status === null)
          return sendFastjson(reply, ERROR);
        const value = field === 'enabled' ? status : String(status);
        let n = 0;
        for (const row of matchedBy(request)) {
          if (ids.includes(row.id as number)) {
            row[field] = value;
            n++;
          }
        }
        if (n > 0 && resource.module) writeLog(writerOf(state, request), resource.module, '更新状态');
        return sendFastjson(reply, n > 0 ? OK : ERROR);
      });
    }
  }
}
