// MaterialCategoryController (/materialCategory/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { UnknownException, returnStr, sendFastjson, sendJackson, toId } from '../wire.js';
import { checkQuery, queryId, queryIds, readEntity, writeLog } from '../writes.js';
import { columnsOf, insertRow, tenantRows, type SandboxState } from '../store.js';
import { CATEGORY, materialWriteKit } from '../material-writes.js';
import { listHandler } from '../list-routes.js';
import { infoHandler } from '../resource-actions.js';

export async function materialCategoryRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/materialCategory/list', listHandler(state, '/materialCategory/list'));
  app.get('/materialCategory/info', infoHandler(state, 'materialCategory'));
  const { writer, queryOf, categories, categoryTree, deleteCategories } = materialWriteKit(state);
  // `?id=` (empty) for the whole tree; `?id=5` leaves 5 and its descendants out (the edit form's parent select).
  app.get('/materialCategory/getMaterialCategoryTree', async (request, reply) => {
    const raw = queryOf(request).id;
    const exclude = typeof raw === 'string' && raw.trim() !== '' ? toId(raw) : null;
    if (typeof raw === 'string' && raw.trim() !== '' && exclude === null)
      throw new UnknownException('id is not a number');
    return sendJackson(reply, categoryTree(writer(request), exclude));
  });
  app.get('/materialCategory/findById', async (request, reply) => {
    const w = writer(request);
    const id = queryId(request);
    const c = categories(w).find((r) => r.id === id);
    const data: Record<string, unknown> = {};
    if (c) {
      data.id = c.id;
      data.name = c.name;
      data.parentId = c.parentId ?? null;
      const parent = categories(w).find((r) => r.id === c.parentId);
      if (parent) data.parentName = parent.name;
      data.sort = c.sort ?? null;
      data.serialNo = c.serialNo ?? null;
      data.remark = c.remark ?? null;
    }
    return sendJackson(reply, { code: 200, data });
  });
  app.get('/materialCategory/checkIsNameExist', async (request, reply) => {
    const { id, name } = checkQuery(request);
    const rawParent = queryOf(request).parentId;
    const parentId = typeof rawParent === 'string' && rawParent.trim() !== '' ? toId(rawParent) : null;
    if (typeof rawParent === 'string' && rawParent.trim() !== '' && parentId === null)
      throw new UnknownException('parentId is not a number');
    const exists = categories(writer(request)).some(
      (c) => c.id !== id && c.name === name && (parentId === null || c.parentId === parentId),
    );
    return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
  });
  app.post('/materialCategory/add', async (request, reply) => {
    const w = writer(request);
    const category = readEntity(request, CATEGORY);
    const now = state.clock.now();
    insertRow(w, 'materialCategory', {
      name: null,
      categoryLevel: null,
      parentId: null,
      sort: null,
      serialNo: null,
      remark: null,
      ...category,
      id: undefined,
      createTime: now,
      updateTime: now,
    });
    writeLog(w, '商品类型', `新增${String(category.name ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });
  // editMaterialCategory writes all five columns: a field the body leaves out becomes NULL.
  app.put('/materialCategory/update', async (request, reply) => {
    const w = writer(request);
    const category = readEntity(request, CATEGORY);
    const row = tenantRows(w, 'materialCategory').find((r) => r.id === category.id);
    if (row) {
      for (const key of ['parentId', 'sort', 'serialNo', 'name', 'remark'])
        columnsOf(row)[key] = columnsOf(category)[key] ?? null;
      row.updateTime = state.clock.now();
    }
    writeLog(w, '商品类型', `修改${String(category.name ?? null)}`);
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });
  app.delete('/materialCategory/delete', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteCategories(request, [queryId(request)]))),
  );
  app.delete('/materialCategory/deleteBatch', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteCategories(request, queryIds(request)))),
  );
}
