// UnitController (/unit/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { jsonBody } from '../body.js';
import { type SandboxState, insertRow, liveRows } from '../store.js';
import { returnStr, sendFastjson, sendJackson } from '../wire.js';
import { readEntity, writeLog } from '../writes.js';
import { UNIT, basicWriteKit, unitName } from '../basic-writes.js';
import { listHandler } from '../list-routes.js';
import { infoHandler, nameCheckHandler, statusHandler } from '../resource-actions.js';

export async function unitRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/unit/list', listHandler(state, '/unit/list'));
  app.get('/unit/info', infoHandler(state, 'unit'));
  app.get('/unit/checkIsNameExist', nameCheckHandler(state, 'unit'));
  app.post('/unit/batchSetStatus', statusHandler(state, 'unit'));
  const { writer, deletesOf, updateRow } = basicWriteKit(state);
  // --- 多单位 ------------------------------------------------------------------------------------------------------
  app.post('/unit/add', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const unit = readEntity(request, UNIT);
    const name = unitName(unit, body);
    insertRow(w, 'unit', {
      basicUnit: null,
      otherUnit: null,
      otherUnitTwo: null,
      otherUnitThree: null,
      ratio: null,
      ratioTwo: null,
      ratioThree: null,
      ...unit,
      id: undefined,
      name,
      enabled: true,
    });
    writeLog(w, '多单位', `新增${name}`);
    return sendFastjson(reply, returnStr(1));
  });
  app.put('/unit/update', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const unit = readEntity(request, UNIT);
    unit.name = unitName(unit, body);
    const row = updateRow(w, 'unit', unit, (r) => {
      // An absent second/third ratio is written as NULL (the form clears their names by sending '').
      if (unit.ratioTwo === null || unit.ratioTwo === undefined) r.ratioTwo = null;
      if (unit.ratioThree === null || unit.ratioThree === undefined) r.ratioThree = null;
    });
    if (row) writeLog(w, '多单位', `修改${String(unit.name)}`);
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });
  const deletes = deletesOf('unit', '多单位', 'name');
  app.delete('/unit/delete', deletes.one);
  app.delete('/unit/deleteBatch', deletes.batch);
  app.get('/unit/getAllList', async (request, reply) =>
    sendJackson(reply, { code: 200, data: liveRows(writer(request), 'unit').filter((u) => u.enabled === true) }),
  );
}
