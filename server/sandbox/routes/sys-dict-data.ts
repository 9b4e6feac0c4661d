// SysDictDataController (/dict/data/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import type { SandboxState } from '../store.js';
import { UnknownException, idList, returnStr, sendFastjson, sendJackson, toId } from '../wire.js';
import { queryId, queryIds } from '../writes.js';
import { ajaxSuccess, dictDataJson, dictWriteKit } from '../dict-writes.js';
import { listHandler } from '../list-routes.js';

export async function sysDictDataRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/dict/data/list', listHandler(state, '/dict/data/list'));
  const { data, liveData, bySort, loginName, created, readData, deleteData } = dictWriteKit(state);
  // The values of one type for the pages' selects: enabled ones, by sort; none → [].
  app.get('/dict/data/type/:dictType', async (request, reply) => {
    const type = (request.params as { dictType: string }).dictType;
    const rows = liveData()
      .filter((d) => d.dictType === type && d.status === '0')
      .sort(bySort)
      .map(dictDataJson);
    return sendJackson(reply, ajaxSuccess(rows));
  });

  app.post('/dict/data/add', async (request, reply) => {
    const dict = readData(request);
    data().push({
      dictCode: state.nextId('dictData'),
      dictSort: dict.dictSort ?? 0,
      dictLabel: dict.dictLabel,
      dictValue: dict.dictValue,
      dictType: dict.dictType,
      cssClass: dict.cssClass ?? null,
      listClass: dict.listClass ?? null,
      isDefault: dict.isDefault ?? 'N',
      status: dict.status ?? '0',
      remark: dict.remark ?? null,
      ...created(request),
    });
    return sendFastjson(reply, returnStr(1));
  });

  app.put('/dict/data/update', async (request, reply) => {
    const dict = readData(request);
    const row = data().find((d) => d.dictCode === dict.dictCode);
    if (row) {
      for (const key of ['dictSort', 'cssClass', 'listClass', 'status', 'remark'])
        if (dict[key] !== null && dict[key] !== undefined) row[key] = dict[key];
      for (const key of ['dictLabel', 'dictValue', 'dictType', 'isDefault'])
        if (typeof dict[key] === 'string' && dict[key] !== '') row[key] = dict[key];
      row.updateBy = loginName(request);
      row.updateTime = state.clock.now();
    }
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });

  app.delete('/dict/data/delete', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteData([queryId(request)]))),
  );
  app.delete('/dict/data/deleteBatch', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteData(queryIds(request)))),
  );
  // DELETE /dict/data/1,2: a hard delete, always 操作成功.
  app.delete('/dict/data/:dictCodes', async (request, reply) => {
    const ids = idList((request.params as { dictCodes: string }).dictCodes);
    if (ids === null) throw new UnknownException('dictCodes are not numbers');
    const keep = data().filter((d) => !ids.includes(d.dictCode as number));
    data().splice(0, data().length, ...keep);
    return sendJackson(reply, ajaxSuccess());
  });
  app.get('/dict/data/:dictCode', async (request, reply) => {
    const id = toId((request.params as { dictCode: string }).dictCode);
    if (id === null) throw new UnknownException('dictCode is not a number');
    const row = liveData().find((d) => d.dictCode === id);
    return sendJackson(reply, ajaxSuccess(row ? dictDataJson(row) : null));
  });
}
