// TenantController (/tenant/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { jsonBody } from '../body.js';
import { liveUsers } from '../state.js';
import type { SandboxState } from '../store.js';
import { BusinessException, UnknownException, idList, returnStr, sendFastjson } from '../wire.js';
import { checkQuery, entityOf, isAdmin, queryId, queryIds, readEntity, writeLog } from '../writes.js';
import {
  DEFAULT_USER_LIMIT,
  TENANT,
  TENANT_USER,
  TRIAL_DAYS,
  addTenantOwner,
  systemWriteKit,
} from '../system-writes.js';
import { listHandler } from '../list-routes.js';
import { isLive } from '../store.js';

export async function tenantRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/tenant/list', listHandler(state, '/tenant/list'));
  const { writer, deleteTenants } = systemWriteKit(state);
  // --- 租户 --------------------------------------------------------------------------------------------------------
  // Anyone may add a tenant (the service has no admin check): a user owning a new tenant with role 租户.
  app.post('/tenant/add', async (request, reply) => {
    const ue = readEntity(request, TENANT_USER);
    const loginName = typeof ue.loginName === 'string' ? ue.loginName : '';
    if (
      loginName !== '' &&
      liveUsers(state).some((u) => u.status === 0 && u.login_name.toLowerCase() === loginName.toLowerCase())
    ) {
      throw new BusinessException(500003, '登录名在本系统已存在');
    }
    if (loginName === 'admin') throw new BusinessException(500005, '此用户名限制使用');
    // jsh_user.login_name is NOT NULL: without one the insert fails inside the write.
    if (typeof ue.loginName !== 'string') throw new BusinessException(301, '数据写入异常');
    const now = state.clock.now();
    addTenantOwner(state, {
      loginName,
      password: (ue.password as string | null | undefined) ?? '',
      ismanager: (ue.ismanager as number | null | undefined) ?? 1,
      remark: (ue.remark as string | null | undefined) ?? null,
      userNumLimit: (ue.userNumLimit as number | null | undefined) ?? DEFAULT_USER_LIMIT,
      expireTime: (ue.expireTime as Date | null | undefined) ?? new Date(now.getTime() + TRIAL_DAYS * 24 * 3600 * 1000),
      now,
    });
    return sendFastjson(reply, returnStr(1));
  });

  app.put('/tenant/update', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const tenant = entityOf(body, TENANT);
    if (!isAdmin(w)) return sendFastjson(reply, returnStr(0));
    // `1 == userNumLimit` on a missing limit: NullPointerException inside the write.
    if (tenant.userNumLimit === null || tenant.userNumLimit === undefined)
      throw new BusinessException(301, '数据写入异常');
    if (tenant.userNumLimit === 1) {
      for (const u of state.users) if (u.tenant_id === tenant.tenantId && u.id !== u.tenant_id) u.status = 2;
    }
    const row = state.tenants.find((t) => t.id === tenant.id);
    if (row) {
      if (typeof tenant.tenantId === 'number') row.tenant_id = tenant.tenantId;
      if (typeof tenant.loginName === 'string') row.login_name = tenant.loginName;
      row.user_num_limit = tenant.userNumLimit;
      if (typeof tenant.type === 'string') row.type = tenant.type;
      if (typeof tenant.enabled === 'boolean') row.enabled = tenant.enabled ? 1 : 0;
      if (tenant.expireTime instanceof Date) row.expire_time = tenant.expireTime;
      if (typeof tenant.remark === 'string') row.remark = tenant.remark;
    }
    if (body.roleId !== null && body.roleId !== undefined && typeof tenant.tenantId === 'number') {
      const roleValue = `[${typeof body.roleId === 'string' ? body.roleId : JSON.stringify(body.roleId)}]`;
      for (const b of state.userBusiness)
        if (b.type === 'UserRole' && b.key_id === String(tenant.tenantId)) b.value = roleValue;
    }
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });

  app.post('/tenant/batchSetStatus', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const { status } = entityOf({ status: body.status }, { status: 'boolean' });
    const ids = idList(body.ids);
    if (ids === null || typeof status !== 'boolean') throw new UnknownException('status and ids are required');
    if (!isAdmin(w)) return sendFastjson(reply, returnStr(0));
    writeLog(w, '用户', `修改${String(body.ids)}-${status ? '批量启用' : '批量禁用'}`);
    const rows = state.tenants.filter((t) => ids.includes(t.id));
    for (const t of rows) t.enabled = status ? 1 : 0;
    return sendFastjson(reply, returnStr(rows.length));
  });

  app.get('/tenant/checkIsNameExist', async (request, reply) => {
    const { id, name } = checkQuery(request);
    const exists = state.tenants.some((t) => isLive(t) && t.id !== id && t.login_name === name);
    return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
  });

  app.delete('/tenant/delete', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteTenants(request, [queryId(request)]))),
  );
  app.delete('/tenant/deleteBatch', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteTenants(request, queryIds(request)))),
  );
}
