// MaterialAttributeController (/materialAttribute/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { returnStr, sendFastjson, sendJackson } from '../wire.js';
import { queryId, readEntity, writeLog } from '../writes.js';
import { insertRow, liveRows, tenantRows, type SandboxState } from '../store.js';
import { ATTRIBUTE, materialWriteKit } from '../material-writes.js';
import { listHandler } from '../list-routes.js';
import { deleteBatchHandler, deleteHandler, infoHandler, nameCheckHandler } from '../resource-actions.js';

export async function materialAttributeRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/materialAttribute/list', listHandler(state, '/materialAttribute/list'));
  app.get('/materialAttribute/info', infoHandler(state, 'materialAttribute'));
  app.delete('/materialAttribute/delete', deleteHandler(state, 'materialAttribute'));
  app.delete('/materialAttribute/deleteBatch', deleteBatchHandler(state, 'materialAttribute'));
  app.get('/materialAttribute/checkIsNameExist', nameCheckHandler(state, 'materialAttribute'));
  const { writer } = materialWriteKit(state);
  // --- 多属性 (list, delete and the name check are the generic ones: no reference check, no log) -----------------
  app.post('/materialAttribute/add', async (request, reply) => {
    const w = writer(request);
    const attribute = readEntity(request, ATTRIBUTE);
    insertRow(w, 'materialAttribute', { attributeName: null, attributeValue: null, ...attribute, id: undefined });
    writeLog(w, '商品属性', `新增${String(attribute.attributeName ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });
  // The service answers 1 whether or not a row matched.
  app.put('/materialAttribute/update', async (request, reply) => {
    const w = writer(request);
    const attribute = readEntity(request, ATTRIBUTE);
    const row = tenantRows(w, 'materialAttribute').find((r) => r.id === attribute.id);
    if (row) {
      for (const key of ['attributeName', 'attributeValue'] as const)
        if (attribute[key] !== null && attribute[key] !== undefined) row[key] = attribute[key];
    }
    writeLog(w, '商品属性', `修改${String(attribute.attributeName ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });
  // Bare arrays: [{value: "<id>", name}] (getMaterialAttribute: id desc) and the values of one attribute [{value, name}].
  app.get('/materialAttribute/getNameList', async (request, reply) =>
    sendJackson(
      reply,
      liveRows(writer(request), 'materialAttribute')
        .sort((a, b) => b.id - a.id)
        .map((a) => ({ value: String(a.id), name: a.attributeName })),
    ),
  );
  app.get('/materialAttribute/getValueListById', async (request, reply) => {
    const id = queryId(request);
    const attribute = liveRows(writer(request), 'materialAttribute').find((a) => a.id === id);
    const values =
      typeof attribute?.attributeValue === 'string' && attribute.attributeValue !== ''
        ? attribute.attributeValue.split('|')
        : [];
    return sendJackson(
      reply,
      values.map((v) => ({ value: v, name: v })),
    );
  });
}
