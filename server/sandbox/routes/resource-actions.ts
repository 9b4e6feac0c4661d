// The generic per-resource calls of ResourceController on the seeded business tables: info, delete,
// deleteBatch, batchSetStatus, checkIsNameExist — so a table page's delete and audit buttons really work.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../auth-filter.js';
import { jsonBody } from '../body.js';
import type { Row, SandboxState } from '../state.js';
import { UnknownException, idList, returnStr, sendFastjson, toId } from '../wire.js';

export interface ResourceActionRoutesOptions {
  state: SandboxState;
}

/** Resource path → its table and the column the name checks look at. `status` tables audit, others enable/disable. */
const RESOURCES: { path: string; table: string; nameField: string; statusField: 'status' | 'enabled' | null }[] = [
  { path: 'account', table: 'account', nameField: 'name', statusField: 'enabled' },
  { path: 'depot', table: 'depot', nameField: 'name', statusField: 'enabled' },
  { path: 'unit', table: 'unit', nameField: 'name', statusField: 'enabled' },
  { path: 'supplier', table: 'supplier', nameField: 'supplier', statusField: 'enabled' },
  { path: 'inOutItem', table: 'inOutItem', nameField: 'name', statusField: 'enabled' },
  { path: 'person', table: 'person', nameField: 'name', statusField: 'enabled' },
  { path: 'material', table: 'material', nameField: 'name', statusField: 'enabled' },
  { path: 'materialCategory', table: 'materialCategory', nameField: 'name', statusField: null },
  { path: 'materialAttribute', table: 'materialAttribute', nameField: 'attributeName', statusField: null },
  { path: 'materialProperty', table: 'materialProperty', nameField: 'nativeName', statusField: 'enabled' },
  { path: 'depotHead', table: 'depotHead', nameField: 'number', statusField: 'status' },
  { path: 'accountHead', table: 'accountHead', nameField: 'billNo', statusField: 'status' },
  { path: 'serialNumber', table: 'serialNumber', nameField: 'serialNumber', statusField: null },
  { path: 'log', table: 'log', nameField: 'operation', statusField: null },
];

const OK = { code: 200, data: { message: '成功' } };
const ERROR = { code: 500, data: { message: '服务内部错误' } };

function query(request: FastifyRequest, name: string): string {
  const value = (request.query as Record<string, unknown>)[name];
  if (typeof value !== 'string') throw new UnknownException(`${name} is required`);
  return value;
}

export async function resourceActionRoutes(app: FastifyInstance, options: ResourceActionRoutesOptions): Promise<void> {
  const { state } = options;

  for (const resource of RESOURCES) {
    const rowsOf = (request: FastifyRequest): Row[] => {
      const { tenantId } = authOf(request);
      return (state.tables[resource.table] ?? []).filter((r) => r.deleteFlag !== '1' && (tenantId === 0 || r.tenantId === tenantId));
    };
    const remove = (request: FastifyRequest, ids: number[]): number => {
      let n = 0;
      for (const row of rowsOf(request)) {
        if (ids.includes(row.id as number)) {
          row.deleteFlag = '1';
          n++;
        }
      }
      return n;
    };

    app.get(`/${resource.path}/info`, async (request, reply) => {
      const id = toId(query(request, 'id'));
      const row = rowsOf(request).find((r) => r.id === id);
      // returnJson: fastjson text, nulls left out.
      return sendFastjson(reply, row ? { code: 200, data: { info: row, message: '成功' } } : ERROR);
    });

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

    app.get(`/${resource.path}/checkIsNameExist`, async (request, reply) => {
      const q = request.query as Record<string, unknown>;
      const id = toId(q.id) ?? 0;
      const name = typeof q.name === 'string' ? q.name : '';
      const exists = rowsOf(request).some((r) => r.id !== id && r[resource.nameField] === name);
      return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
    });

    if (resource.statusField) {
      const field = resource.statusField;
      app.post(`/${resource.path}/batchSetStatus`, async (request, reply) => {
        const body = jsonBody(request);
        const ids = idList(body.ids);
        if (ids === null || ids.length === 0 || body.status === undefined || body.status === null) return sendFastjson(reply, ERROR);
        const value = field === 'enabled' ? body.status === true || body.status === 1 || body.status === '1' || body.status === 'true' : String(body.status);
        let n = 0;
        for (const row of rowsOf(request)) {
          if (ids.includes(row.id as number)) {
            row[field] = value;
            n++;
          }
        }
        return sendFastjson(reply, n > 0 ? OK : ERROR);
      });
    }
  }

  // Users: batchSetStatus sets jsh_user.status (0 normal, 2 banned); a banned user then gets 'user is black'.
  app.post('/user/batchSetStatus', async (request, reply) => {
    const body = jsonBody(request);
    const { tenantId } = authOf(request);
    const ids = idList(body.ids);
    const status = toId(body.status);
    if (ids === null || ids.length === 0 || status === null) return sendFastjson(reply, ERROR);
    let n = 0;
    for (const user of state.users) {
      if (ids.includes(user.id) && user.delete_flag !== '1' && (tenantId === 0 || user.tenant_id === tenantId)) {
        user.status = status;
        n++;
      }
    }
    return sendFastjson(reply, n > 0 ? OK : ERROR);
  });
}
