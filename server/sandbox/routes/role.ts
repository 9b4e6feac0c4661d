// RoleController (/role/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { jsonBody } from '../body.js';
import type { RoleRow, SandboxState } from '../store.js';
import { idList, returnStr, sendFastjson, sendJackson } from '../wire.js';
import { checkQuery, entityOf, isAdmin, queryId, queryIds, readEntity, writeLog } from '../writes.js';
import { ROLE, bySortThenIdDesc, roleJson, userWriteKit } from '../user-writes.js';
import { listHandler } from '../list-routes.js';
import { isLive } from '../store.js';

export async function roleRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/role/list', listHandler(state, '/role/list'));
  const { writer, liveRoles, allRoles, tenantColumn, deleteRoles } = userWriteKit(state);
  // --- 角色 --------------------------------------------------------------------------------------------------------

  app.post('/role/add', async (request, reply) => {
    const w = writer(request);
    const role = readEntity(request, ROLE);
    state.roles.push({
      id: state.nextId('roles'),
      name: (role.name as string | null | undefined) ?? '',
      type: (role.type as string | null | undefined) ?? '',
      price_limit: (role.priceLimit as string | null | undefined) ?? null,
      value: (role.value as string | null | undefined) ?? null,
      description: (role.description as string | null | undefined) ?? null,
      enabled: 1,
      sort: (role.sort as string | null | undefined) ?? null,
      tenant_id: tenantColumn(w),
      delete_flag: '0',
    });
    writeLog(w, '角色', `新增${String(role.name ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });

  app.put('/role/update', async (request, reply) => {
    const w = writer(request);
    const role = readEntity(request, ROLE);
    const row = allRoles(w).find((r) => r.id === role.id);
    if (row) {
      const set = <K extends keyof RoleRow>(column: K, value: unknown): void => {
        if (value !== null && value !== undefined) row[column] = value as RoleRow[K];
      };
      set('name', role.name);
      set('type', role.type);
      set('price_limit', role.priceLimit);
      set('value', role.value);
      set('description', role.description);
      set('sort', role.sort);
      if (typeof role.enabled === 'boolean') row.enabled = role.enabled ? 1 : 0;
      writeLog(w, '角色', `修改${String(role.name ?? null)}`);
    }
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });

  app.delete('/role/delete', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteRoles(request, [queryId(request)]))),
  );
  app.delete('/role/deleteBatch', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteRoles(request, queryIds(request)))),
  );

  app.post('/role/batchSetStatus', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const { status } = entityOf({ status: body.status }, { status: 'boolean' });
    const ids = idList(body.ids);
    if (ids === null || ids.length === 0 || typeof status !== 'boolean') return sendFastjson(reply, returnStr(0));
    const roles = allRoles(w).filter((r) => ids.includes(r.id));
    for (const r of roles) r.enabled = status ? 1 : 0;
    if (roles.length > 0) writeLog(w, '角色', '更新状态');
    return sendFastjson(reply, returnStr(roles.length));
  });

  app.get('/role/checkIsNameExist', async (request, reply) => {
    const { id, name } = checkQuery(request);
    const exists = liveRoles(writer(request)).some((r) => r.id !== id && r.name === name);
    return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
  });

  // The user form's role select: the tenant's enabled roles, sort asc then id desc, as a bare array.
  app.get('/role/allList', async (request, reply) => {
    const roles = liveRoles(writer(request))
      .filter((r) => r.enabled === 1)
      .sort(bySortThenIdDesc);
    return sendJackson(reply, roles.map(roleJson));
  });

  // The tenant form's role select: platform roles (no tenant) but 管理员 (id 4), for admin only; anyone else gets
  // the controller's null, an empty body.
  app.get('/role/tenantRoleList', async (request, reply) => {
    const w = writer(request);
    if (!isAdmin(w)) return reply.code(200).send('');
    const roles = state.roles
      .filter((r) => isLive(r) && r.enabled === 1 && r.tenant_id === null && r.id !== 4)
      .sort(bySortThenIdDesc);
    return sendJackson(reply, roles.map(roleJson));
  });
}
