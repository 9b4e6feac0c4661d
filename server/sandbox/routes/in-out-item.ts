// InOutItemController (/inOutItem/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { type SandboxState, insertRow, liveRows } from '../store.js';
import { UnknownException, returnStr, sendFastjson } from '../wire.js';
import { readEntity, selectOrder, writeLog } from '../writes.js';
import { IN_OUT_ITEM, basicWriteKit } from '../basic-writes.js';
import { listHandler } from '../list-routes.js';
import { infoHandler, nameCheckHandler, statusHandler } from '../resource-actions.js';

export async function inOutItemRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/inOutItem/list', listHandler(state, '/inOutItem/list'));
  app.get('/inOutItem/info', infoHandler(state, 'inOutItem'));
  app.get('/inOutItem/checkIsNameExist', nameCheckHandler(state, 'inOutItem'));
  app.post('/inOutItem/batchSetStatus', statusHandler(state, 'inOutItem'));
  const { writer, deletesOf, updateRow, checkInOutName } = basicWriteKit(state);
  app.post('/inOutItem/add', async (request, reply) => {
    const w = writer(request);
    const item = readEntity(request, IN_OUT_ITEM);
    checkInOutName(w, { ...item, id: 0 });
    insertRow(w, 'inOutItem', {
      name: null,
      type: null,
      remark: null,
      sort: null,
      ...item,
      id: undefined,
      enabled: true,
    });
    writeLog(w, '收支项目', `新增${String(item.name ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });
  app.put('/inOutItem/update', async (request, reply) => {
    const w = writer(request);
    const item = readEntity(request, IN_OUT_ITEM);
    checkInOutName(w, item);
    const row = updateRow(w, 'inOutItem', item);
    if (row) writeLog(w, '收支项目', `修改${String(item.name ?? null)}`);
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });
  const deletes = deletesOf('inOutItem', '收支项目', 'name');
  app.delete('/inOutItem/delete', deletes.one);
  app.delete('/inOutItem/deleteBatch', deletes.batch);
  // A fastjson string of [{id, name}]: type in = 收入, out = 支出, anything else both.
  app.get('/inOutItem/findBySelect', async (request, reply) => {
    const type = (request.query as Record<string, unknown>).type;
    if (typeof type !== 'string') throw new UnknownException('type is required');
    const wanted = type === 'in' ? '收入' : type === 'out' ? '支出' : null;
    const items = selectOrder(
      liveRows(writer(request), 'inOutItem').filter((i) => wanted === null || i.type === wanted),
    );
    return sendFastjson(
      reply,
      items.map((i) => ({ id: i.id, name: i.name })),
    );
  });
}
