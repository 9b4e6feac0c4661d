// DepotController (/depot/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { type Row, type SandboxState, insertRow, liveRows, isLive } from '../store.js';
import { UnknownException, returnStr, sendFastjson, sendJackson } from '../wire.js';
import { grantValue, queryId, readEntity, selectOrder, writeLog } from '../writes.js';
import { stockByDepot } from '../materials.js';
import { authOf } from '../auth-filter.js';
import { DEPOT, WRITE_FAIL, basicWriteKit } from '../basic-writes.js';
import { depotsOfUser } from '../lookups.js';
import { materialWriteKit } from '../material-writes.js';
import { listHandler } from '../list-routes.js';
import { infoHandler, nameCheckHandler, statusHandler } from '../resource-actions.js';

export async function depotRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/depot/list', listHandler(state, '/depot/list'));
  // The Depot entity: the list's joined principalName is no column.
  app.get('/depot/info', infoHandler(state, 'depot', ['principalName']));
  app.get('/depot/checkIsNameExist', nameCheckHandler(state, 'depot'));
  app.post('/depot/batchSetStatus', statusHandler(state, 'depot'));
  depotRecordRoutes(app, state);
  depotProductRoutes(app, state);
  depotSelectRoutes(app, state);
}

function depotRecordRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer, userName, deletesOf, updateRow, setDefault } = basicWriteKit(state);
  // --- 仓库 --------------------------------------------------------------------------------------------------------
  app.post('/depot/add', async (request, reply) => {
    const w = writer(request);
    const depot = readEntity(request, DEPOT);
    // The grant below looks the depot up by name: without one the query fails and the insert is rolled back.
    if (typeof depot.name !== 'string') throw WRITE_FAIL;
    const first = liveRows(w, 'depot').length === 0;
    insertRow(w, 'depot', {
      name: null,
      address: null,
      warehousing: null,
      truckage: null,
      sort: null,
      remark: null,
      principal: null,
      ...depot,
      id: undefined,
      type: 0,
      enabled: true,
      isDefault: first,
      principalName: userName(depot.principal),
    });
    // The new depot is granted to its creator (UserDepot) — by name, so a repeated name grants the first depot of
    // that name again instead of the new one.
    const granted = liveRows(w, 'depot')
      .filter((d) => d.name === depot.name)
      .sort((a, b) => a.id - b.id)[0]!;
    grantValue(state, 'UserDepot', w.user.id, granted.id, w.tenantId === 0 ? null : w.tenantId);
    writeLog(w, '仓库', `新增${String(depot.name ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });
  app.put('/depot/update', async (request, reply) => {
    const w = writer(request);
    const depot = readEntity(request, DEPOT);
    const row = updateRow(w, 'depot', depot, (r) => {
      r.principalName = userName(r.principal);
    });
    if (row) writeLog(w, '仓库', `修改${String(depot.name ?? null)}`);
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });
  const deletes = deletesOf('depot', '仓库', 'name');
  app.delete('/depot/delete', deletes.one);
  app.delete('/depot/deleteBatch', deletes.batch);

  app.post('/depot/updateIsDefault', setDefault('depot', '仓库'));

  // 分配仓库's tree: root 仓库列表, the tenant's enabled type-0 depots, checked when the user holds them.
  app.get('/depot/findUserDepot', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    if (typeof q.UBType !== 'string' || typeof q.UBKeyId !== 'string')
      throw new UnknownException('UBType and UBKeyId are required');
    const value =
      state.userBusiness.find((b) => b.type === q.UBType && b.key_id === q.UBKeyId && isLive(b))?.value ?? '';
    const depots = selectOrder(liveRows(writer(request), 'depot').filter((d) => d.type === 0));
    const children = depots.map((d) => {
      const item: Row = { id: d.id, key: d.id, value: d.id, title: d.name, attributes: d.name };
      if (value.includes(`[${String(d.id)}]`)) item.checked = true;
      return item;
    });
    return sendJackson(reply, [{ id: 0, key: 0, value: 0, title: '仓库列表', attributes: '仓库列表', children }]);
  });
  // The Depot entities themselves: the list's joined principalName is no column of jsh_depot.
  app.get('/depot/getAllList', async (request, reply) =>
    sendJackson(reply, {
      code: 200,
      data: selectOrder(liveRows(writer(request), 'depot').filter((d) => d.type === 0)).map(
        ({ principalName: _joined, ...depot }) => depot,
      ),
    }),
  );
}

function depotProductRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer } = materialWriteKit(state);
  // --- 库存数量 tab: every enabled depot with the product's opening / current stock and warning levels ---------------
  app.get('/depot/getAllListWithStock', async (request, reply) => {
    const w = writer(request);
    const mId = queryId(request, 'mId');
    const depots = liveRows(w, 'depot')
      .filter((d) => d.enabled === true)
      .sort((a, b) => String(a.sort ?? '').localeCompare(String(b.sort ?? '')) || a.id - b.id);
    const stock = new Map(stockByDepot(w, mId).map((s) => [s.depotId, s]));
    const data = depots.map((d) => {
      const s = stock.get(d.id as number);
      return {
        id: d.id,
        name: d.name,
        address: null,
        warehousing: null,
        truckage: null,
        type: null,
        sort: null,
        remark: null,
        principal: null,
        enabled: null,
        tenantId: null,
        deleteFlag: null,
        isDefault: null,
        initStock: mId === 0 ? 0 : (s?.initStock ?? 0),
        currentStock: mId === 0 ? 0 : (s?.currentStock ?? 0),
        lowSafeStock: mId === 0 ? null : (s?.lowSafeStock ?? null),
        highSafeStock: mId === 0 ? null : (s?.highSafeStock ?? null),
      };
    });
    return sendJackson(reply, { code: 200, data });
  });
}

function depotSelectRoutes(app: FastifyInstance, state: SandboxState): void {
  app.get('/depot/findDepotByCurrentUser', async (request, reply) => {
    const { tenantId, user } = authOf(request);
    const depots = depotsOfUser(state, tenantId, user);
    return sendJackson(reply, {
      code: 200,
      data: depots.map((d) => ({ id: d.id, depotName: d.name, isDefault: d.isDefault })),
    });
  });
}
