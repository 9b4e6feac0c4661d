// PersonController (/person/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { type SandboxState, insertRow, liveRows } from '../store.js';
import { UnknownException, returnStr, sendFastjson, sendJackson } from '../wire.js';
import { readEntity, selectOrder, writeLog } from '../writes.js';
import { PERSON, basicWriteKit } from '../basic-writes.js';
import { listHandler } from '../list-routes.js';
import { infoHandler, nameCheckHandler, statusHandler } from '../resource-actions.js';

export async function personRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/person/list', listHandler(state, '/person/list'));
  app.get('/person/info', infoHandler(state, 'person'));
  app.get('/person/checkIsNameExist', nameCheckHandler(state, 'person'));
  app.post('/person/batchSetStatus', statusHandler(state, 'person'));
  const { writer, deletesOf, updateRow } = basicWriteKit(state);
  // --- 经手人 ------------------------------------------------------------------------------------------------------
  app.post('/person/add', async (request, reply) => {
    const w = writer(request);
    const person = readEntity(request, PERSON);
    insertRow(w, 'person', { type: null, name: null, sort: null, ...person, id: undefined, enabled: true });
    writeLog(w, '经手人', `新增${String(person.name ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });
  app.put('/person/update', async (request, reply) => {
    const w = writer(request);
    const person = readEntity(request, PERSON);
    const row = updateRow(w, 'person', person);
    if (row) writeLog(w, '经手人', `修改${String(person.name ?? null)}`);
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });
  const deletes = deletesOf('person', '经手人', 'name');
  app.delete('/person/delete', deletes.one);
  app.delete('/person/deleteBatch', deletes.batch);
  // {code:200, data:{personList}} of the enabled people of one type (销售员 / 仓管员 / 财务员 …).
  app.get('/person/getPersonByType', async (request, reply) => {
    const type = (request.query as Record<string, unknown>).type;
    if (typeof type !== 'string') throw new UnknownException('type is required');
    const people = selectOrder(liveRows(writer(request), 'person').filter((p) => p.type === type));
    return sendJackson(reply, { code: 200, data: { personList: people } });
  });
  // Bare array of {value: "<id>", text: name} for type 1 销售员, 2 仓管员, 3 财务员 (anything else: no type matches).
  app.get('/person/getPersonByNumType', async (request, reply) => {
    const num = (request.query as Record<string, unknown>).type;
    if (typeof num !== 'string') throw new UnknownException('type is required');
    const type = ({ '1': '销售员', '2': '仓管员', '3': '财务员' } as Record<string, string>)[num] ?? '';
    const people = selectOrder(liveRows(writer(request), 'person').filter((p) => p.type === type));
    return sendJackson(
      reply,
      people.map((p) => ({ value: String(p.id), text: p.name })),
    );
  });
}
