// MsgController (/msg/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { authOf } from '../auth-filter.js';
import type { SandboxState } from '../store.js';
import { UnknownException, idList, returnStr, sendFastjson, sendJackson, toId, formatDateTime } from '../wire.js';
import { jsonBody } from '../body.js';
import { isAdmin, messageKit, requiredQuery } from '../messages.js';
import { listHandler } from '../list-routes.js';
import { isLive } from '../store.js';

export async function msgRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/msg/list', listHandler(state, '/msg/list'));
  const { own, inTenant, logicalDelete } = messageKit(state);
  app.get('/msg/getMsgByStatus', async (request, reply) => {
    const status = requiredQuery(request, 'status');
    const auth = authOf(request);
    const data = own(auth)
      .filter((m) => m.status === status && m.createTime !== null)
      .sort((a, b) => b.id - a.id)
      // Only these columns are selected; the rest of MsgEx is null.
      .map((m) => ({
        id: m.id,
        msgTitle: m.msgTitle,
        msgContent: m.msgContent,
        createTime: null,
        type: m.type,
        userId: null,
        status: m.status,
        tenantId: null,
        deleteFlag: null,
        createTimeStr: formatDateTime(m.createTime as Date),
      }));
    return sendJackson(reply, { code: 200, data });
  });

  app.get('/msg/getMsgCountByStatus', async (request, reply) => {
    const status = requiredQuery(request, 'status');
    const auth = authOf(request);
    const count = isAdmin(auth) ? null : own(auth).filter((m) => m.status === status).length;
    return sendJackson(reply, { code: 200, data: { count } });
  });

  app.get('/msg/getMsgCountByType', async (request, reply) => {
    const type = requiredQuery(request, 'type');
    const auth = authOf(request);
    const count = isAdmin(auth) ? null : own(auth).filter((m) => m.type === type).length;
    return sendJackson(reply, { code: 200, data: { count } });
  });

  app.post('/msg/batchUpdateStatus', async (request, reply) => {
    const body = jsonBody(request);
    const auth = authOf(request);
    const ids = idList(body.ids);
    const status = body.status === undefined || body.status === null ? null : String(body.status);
    if (ids === null || ids.length === 0 || status === null)
      return sendJackson(reply, { code: 500, data: '获取数据失败' });
    if (!isAdmin(auth)) {
      // Tenant-filtered, not user-checked (the real quirk).
      for (const m of state.messages) if (ids.includes(m.id) && inTenant(auth, m) && isLive(m)) m.status = status;
    }
    return sendJackson(reply, { code: 200, data: '更新成功' });
  });

  app.post('/msg/readAllMsg', async (request, reply) => {
    const auth = authOf(request);
    // Every message of the tenant, whoever it was for.
    if (!isAdmin(auth)) for (const m of state.messages) if (inTenant(auth, m) && isLive(m)) m.status = '2';
    return sendJackson(reply, { code: 200, data: '操作成功!' });
  });

  // The backend's way to create a notice: the generic add. createTime now, status '1' (unread).
  app.post('/msg/add', async (request, reply) => {
    const body = jsonBody(request);
    const auth = authOf(request);
    const userId = body.userId === undefined || body.userId === null ? null : toId(body.userId);
    if (body.userId !== undefined && body.userId !== null && userId === null)
      throw new UnknownException('userId is not a number');
    const text = (v: unknown): string =>
      v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
    const bodyTenant = toId(body.tenantId);
    state.messages.push({
      id: state.nextId('msg'),
      msgTitle: text(body.msgTitle),
      msgContent: text(body.msgContent),
      createTime: state.clock.now(),
      type: text(body.type),
      userId,
      status: '1',
      // The tenant interceptor writes the token's tenant; super-admin inserts keep what was sent.
      tenantId: auth.tenantId !== 0 ? auth.tenantId : bodyTenant,
      deleteFlag: '0',
    });
    return sendFastjson(reply, returnStr(1));
  });

  app.delete('/msg/delete', async (request, reply) => {
    const id = toId(requiredQuery(request, 'id'));
    if (id === null) throw new UnknownException('id is not a number');
    return sendFastjson(reply, returnStr(logicalDelete(authOf(request), [id])));
  });

  app.delete('/msg/deleteBatch', async (request, reply) => {
    const ids = idList(requiredQuery(request, 'ids'));
    if (ids === null) throw new UnknownException('ids are not numbers');
    return sendFastjson(reply, returnStr(logicalDelete(authOf(request), ids)));
  });
}
