// SysDictTypeController (/dict/type/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import type { Row, SandboxState } from '../store.js';
import { UnknownException, returnStr, sendFastjson, sendJackson, toId } from '../wire.js';
import { queryId, queryIds } from '../writes.js';
import { ajaxSuccess, dictTypeJson, dictWriteKit } from '../dict-writes.js';
import { listHandler } from '../list-routes.js';

export async function sysDictTypeRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/dict/type/list', listHandler(state, '/dict/type/list'));
  const { types, data, liveTypes, loginName, created, readType, typeTaken, deleteTypes } = dictWriteKit(state);
  // --- types ---
  app.post('/dict/type/add', async (request, reply) => {
    const dict = readType(request);
    if (typeTaken(dict)) return sendFastjson(reply, typeTakenAnswer('新增', dict));
    types().push({
      dictId: state.nextId('dictType'),
      dictName: dict.dictName,
      dictType: dict.dictType,
      status: dict.status ?? '0',
      remark: dict.remark ?? null,
      ...created(request),
    });
    return sendFastjson(reply, returnStr(1));
  });

  app.put('/dict/type/update', async (request, reply) => {
    const dict = readType(request);
    if (typeTaken(dict)) return sendFastjson(reply, typeTakenAnswer('修改', dict));
    // The old type is read first (its values follow a renamed type); a missing one is a NullPointerException.
    const old = liveTypes().find((t) => t.dictId === dict.dictId);
    if (!old) throw new UnknownException('dict type not found');
    for (const d of data()) if (d.dictType === old.dictType) d.dictType = dict.dictType;
    const row = types().find((t) => t.dictId === dict.dictId)!;
    row.dictName = dict.dictName;
    row.dictType = dict.dictType;
    if (dict.status !== null && dict.status !== undefined) row.status = dict.status;
    if (dict.remark !== null && dict.remark !== undefined) row.remark = dict.remark;
    row.updateBy = loginName(request);
    row.updateTime = state.clock.now();
    return sendFastjson(reply, returnStr(1));
  });

  app.delete('/dict/type/delete', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteTypes(request, [queryId(request)]))),
  );
  app.delete('/dict/type/deleteBatch', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteTypes(request, queryIds(request)))),
  );
  app.delete('/dict/type/refreshCache', async (_request, reply) => sendJackson(reply, ajaxSuccess()));
  app.get('/dict/type/optionselect', async (_request, reply) =>
    sendJackson(reply, ajaxSuccess(liveTypes().map(dictTypeJson))),
  );
  app.get('/dict/type/:dictId', async (request, reply) => {
    const id = toId((request.params as { dictId: string }).dictId);
    if (id === null) throw new UnknownException('dictId is not a number');
    const row = liveTypes().find((t) => t.dictId === id);
    return sendJackson(reply, ajaxSuccess(row ? dictTypeJson(row) : null));
  });
}

/** A type another dictionary has: the service's refusal, in its words. */
const typeTakenAnswer = (action: '新增' | '修改', dict: Row): Row => ({
  code: 500,
  data: { message: `${action}字典'${String(dict.dictName)}'失败，字典类型已存在` },
});
