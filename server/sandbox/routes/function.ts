// FunctionController (/function/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { jsonBody } from '../body.js';
import type { FunctionRow, SandboxState } from '../store.js';
import { UnknownException, returnStr, sendFastjson, sendJackson, toId } from '../wire.js';
import { checkQuery, isAdmin, queryId, queryIds, readEntity, writeLog, idsOfValue } from '../writes.js';
import type { FastifyReply } from 'fastify';
import { roleFunctions } from '../state.js';
import { authOf } from '../auth-filter.js';
import { buildMenu } from '../menu.js';
import { FUNCTION, functionJson, systemWriteKit } from '../system-writes.js';
import { inTenant, userWriteKit } from '../user-writes.js';
import { listHandler } from '../list-routes.js';
import { isLive } from '../store.js';

export async function functionRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/function/list', listHandler(state, '/function/list'));
  functionSystemRoutes(app, state);
  functionGrantRoutes(app, state);
  functionSessionRoutes(app, state);
}

function functionSystemRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer, liveFunctions, applyFunction, deleteFunctions } = systemWriteKit(state);
  app.get('/function/info', async (request, reply) => {
    const id = queryId(request);
    const f = liveFunctions().find((x) => x.id === id);
    return sendFastjson(
      reply,
      f
        ? { code: 200, data: { info: functionJson(f), message: '成功' } }
        : { code: 500, data: { message: '服务内部错误' } },
    );
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

  app.post('/function/add', async (request, reply) => {
    const w = writer(request);
    const entity = readEntity(request, FUNCTION);
    if (!isAdmin(w)) return sendFastjson(reply, returnStr(0));
    const row: FunctionRow = {
      id: state.nextId('functions'),
      number: '',
      name: '',
      parent_number: '',
      url: '',
      component: '',
      state: 0,
      sort: '',
      enabled: 0,
      type: '电脑版',
      push_btn: null,
      icon: '',
      delete_flag: '0',
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
  app.delete('/function/delete', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteFunctions(request, [queryId(request)]))),
  );
  app.delete('/function/deleteBatch', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteFunctions(request, queryIds(request)))),
  );
}

function functionGrantRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer, ownFunctionIds } = userWriteKit(state);
  app.get('/function/findRoleFunction', async (request, reply) => {
    const w = writer(request);
    const q = request.query as Record<string, unknown>;
    if (typeof q.UBType !== 'string' || typeof q.UBKeyId !== 'string')
      throw new UnknownException('UBType and UBKeyId are required');
    const value =
      state.userBusiness.find(
        (b) => b.type === q.UBType && b.key_id === q.UBKeyId && isLive(b) && inTenant(w, b.tenant_id),
      )?.value ?? '';
    const own = isAdmin(w) ? [] : ownFunctionIds(w.user);
    const config = state.systemConfigs.find((c) => isLive(c) && inTenant(w, c.tenant_id));
    const approval = String(config?.multi_level_approval_flag ?? '0') === '1';
    const children = (parent: string): typeof state.functions =>
      state.functions
        .filter(
          (f) => f.enabled === 1 && isLive(f) && f.parent_number === parent && (own.length === 0 || own.includes(f.id)),
        )
        .filter((f) => parent !== '0' || approval || f.url !== '/workflow')
        .sort((a, b) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : 0));
    const walk = (list: typeof state.functions): Record<string, unknown>[] =>
      list.map((f) => {
        const item: Record<string, unknown> = { id: f.id, key: f.id, value: f.id, title: f.name, attributes: f.name };
        const kids = children(f.number);
        if (kids.length > 0) item.children = walk(kids);
        else item.checked = value.includes(`[${f.id}]`);
        return item;
      });
    // A tenant's token never sees 系统管理 at the top.
    const top = children('0').filter((f) => w.tenantId === 0 || f.name !== '系统管理');
    return sendJackson(reply, [
      { id: 0, key: 0, value: 0, title: '功能列表', attributes: '功能列表', children: walk(top) },
    ]);
  });

  app.get('/function/findRoleFunctionsById', async (request, reply: FastifyReply) => {
    const w = writer(request);
    const roleId = toId((request.query as Record<string, unknown>).roleId);
    if (roleId === null) throw new UnknownException('roleId is required');
    const row = roleFunctions(state, roleId);
    if (!row) return sendJackson(reply, { code: 400, data: null });
    const failed = { code: 500, data: '获取数据失败' };
    const buttons = new Map<number, string>();
    if (row.btn_str) {
      try {
        const parsed = JSON.parse(row.btn_str) as unknown;
        if (!Array.isArray(parsed)) return sendJackson(reply, failed);
        for (const item of parsed as Record<string, unknown>[]) {
          const funId = toId(item?.funId);
          if (funId !== null && item.btnStr !== null && item.btnStr !== undefined)
            buttons.set(funId, String(item.btnStr));
        }
      } catch {
        return sendJackson(reply, failed);
      }
    }
    const ids = idsOfValue(row.value);
    // An empty value cannot be cut into ids, and a non-admin with no functions of their own has nothing to compare.
    if (!row.value) return sendJackson(reply, failed);
    const own = isAdmin(w) ? null : ownFunctionIds(w.user);
    if (own !== null && own.length === 0) return sendJackson(reply, failed);
    const rows = state.functions
      .filter((f) => ids.includes(f.id) && f.enabled === 1 && isLive(f) && f.push_btn !== null && f.push_btn !== '')
      .filter((f) => own === null || own.includes(f.id))
      .sort((a, b) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : 0))
      .map((f) => ({ id: f.id, name: f.name, pushBtn: f.push_btn, btnStr: buttons.get(f.id) ?? null }));
    return sendJackson(reply, { code: 200, data: { rows, total: rows.length } });
  });
}

function functionSessionRoutes(app: FastifyInstance, state: SandboxState): void {
  app.post('/function/findMenuByPNumber', async (request, reply) => {
    const body = jsonBody(request);
    const pNumber = body.pNumber === undefined || body.pNumber === null ? null : String(body.pNumber);
    const userId = toId(body.userId);
    if (pNumber === null || userId === null) throw new UnknownException('pNumber and userId are required');
    return sendJackson(reply, buildMenu(state, pNumber, userId, authOf(request).user));
  });
}
