// MaterialPropertyController (/materialProperty/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { returnStr, sendFastjson, sendJackson } from '../wire.js';
import { readEntity, writeLog } from '../writes.js';
import { insertRow, liveRows, type SandboxState } from '../store.js';
import { authOf } from '../auth-filter.js';
import { PROPERTY, materialWriteKit } from '../material-writes.js';
import { listHandler } from '../list-routes.js';
import { deleteBatchHandler, deleteHandler, infoHandler, nameCheckHandler } from '../resource-actions.js';

export async function materialPropertyRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/materialProperty/list', listHandler(state, '/materialProperty/list'));
  app.get('/materialProperty/info', infoHandler(state, 'materialProperty'));
  app.delete('/materialProperty/delete', deleteHandler(state, 'materialProperty'));
  app.delete('/materialProperty/deleteBatch', deleteBatchHandler(state, 'materialProperty'));
  app.get('/materialProperty/checkIsNameExist', nameCheckHandler(state, 'materialProperty'));
  materialPropertyProductRoutes(app, state);
  materialPropertyPlatformRoutes(app, state);
}

function materialPropertyProductRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer } = materialWriteKit(state);
  // --- 扩展字段别名 ------------------------------------------------------------------------------------------------
  // Inserted the first time an extension field gets an alias, afterwards its alias is updated (by nativeName).
  app.post('/materialProperty/addOrUpdate', async (request, reply) => {
    const w = writer(request);
    const property = readEntity(request, PROPERTY);
    const existing = liveRows(w, 'materialProperty').filter((p) => p.nativeName === property.nativeName);
    if (existing.length === 0) {
      insertRow(w, 'materialProperty', {
        nativeName: null,
        enabled: null,
        sort: null,
        anotherName: null,
        ...property,
        id: undefined,
      });
      writeLog(w, '商品属性', `新增${String(property.nativeName ?? null)}`);
    } else {
      for (const p of existing) p.anotherName = property.anotherName ?? null;
    }
    return sendFastjson(reply, returnStr(1));
  });
}

function materialPropertyPlatformRoutes(app: FastifyInstance, state: SandboxState): void {
  // The dump has no jsh_material_property rows.
  app.get('/materialProperty/getAllList', async (request, reply) => {
    const { tenantId } = authOf(request);
    const rows = liveRows({ state, tenantId }, 'materialProperty');
    return sendJackson(reply, { code: 200, data: rows });
  });
}
