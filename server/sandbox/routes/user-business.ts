// UserBusinessController (/userBusiness/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { jsonBody } from '../body.js';
import type { SandboxState } from '../store.js';
import { UnknownException, returnStr, sendFastjson, sendJackson, toId } from '../wire.js';
import { encodeUserBusinessValue, entityOf, writeLog } from '../writes.js';
import { USER_BUSINESS, WRITE_FAIL, inTenant, userWriteKit } from '../user-writes.js';

export async function userBusinessRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  const { writer, tenantColumn, liveBusiness } = userWriteKit(state);
  app.post('/userBusiness/add', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const ub = entityOf({ ...body, value: undefined }, USER_BUSINESS);
    // value.replaceAll(…) on a missing value: NullPointerException inside the write.
    if (body.value === null || body.value === undefined) throw WRITE_FAIL;
    state.userBusiness.push({
      id: state.nextId('userBusiness'),
      type: (ub.type as string | null | undefined) ?? '',
      key_id: (ub.keyId as string | null | undefined) ?? '',
      value: encodeUserBusinessValue(body.value),
      btn_str: (ub.btnStr as string | null | undefined) ?? null,
      tenant_id: tenantColumn(w),
      delete_flag: '0',
    });
    writeLog(w, '关联关系', '新增');
    return sendFastjson(reply, returnStr(1));
  });

  app.put('/userBusiness/update', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const ub = entityOf({ ...body, value: undefined }, USER_BUSINESS);
    if (body.value === null || body.value === undefined) throw WRITE_FAIL;
    const row = liveBusiness(w).find((b) => b.id === ub.id);
    if (row) {
      if (typeof ub.type === 'string') row.type = ub.type;
      if (typeof ub.keyId === 'string') row.key_id = ub.keyId;
      row.value = encodeUserBusinessValue(body.value);
      if (typeof ub.btnStr === 'string') row.btn_str = ub.btnStr;
      writeLog(w, '关联关系', '修改');
    }
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });

  app.get('/userBusiness/checkIsValueExist', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    if (typeof q.type !== 'string' || typeof q.keyId !== 'string')
      throw new UnknownException('type and keyId are required');
    const row = liveBusiness(writer(request)).find((b) => b.type === q.type && b.key_id === q.keyId);
    return sendFastjson(reply, { code: 200, data: { message: '成功', id: row?.id ?? null } });
  });

  // 分配按钮: btnStr (a JSON string) on the role's RoleFunctions row; no such row → BaseResponseInfo's defaults.
  app.post('/userBusiness/updateBtnStr', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const roleId = toId(body.roleId);
    const btnStr = body.btnStr;
    if (roleId === null || (btnStr !== null && btnStr !== undefined && typeof btnStr !== 'string')) {
      return sendJackson(reply, { code: 500, data: '更新权限失败' });
    }
    writeLog(w, '关联关系', '修改角色的按钮权限');
    const rows = state.userBusiness.filter(
      (b) => b.type === 'RoleFunctions' && b.key_id === String(roleId) && inTenant(w, b.tenant_id),
    );
    for (const row of rows) row.btn_str = (btnStr as string | null | undefined) ?? null;
    return sendJackson(reply, rows.length > 0 ? { code: 200, data: '成功' } : { code: 400, data: null });
  });

  // 分配用户 of a depot / customer: every keyId holds [oneValue]; every other row of the type loses it (a row that
  // held only it is deleted).
  app.post('/userBusiness/updateOneValueByKeyIdAndType', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const type = body.type;
    const oneValue = toId(body.oneValue);
    const keyIds = Array.isArray(body.keyIds) ? body.keyIds.map(toId) : null;
    if (typeof type !== 'string' || oneValue === null || keyIds === null || keyIds.some((k) => k === null)) {
      return sendJackson(reply, { code: 500, data: '更新权限失败' });
    }
    const mark = `[${oneValue}]`;
    const wanted = new Set(keyIds.map(String));
    for (const keyId of wanted) {
      const row = liveBusiness(w).find((b) => b.type === type && b.key_id === keyId);
      if (row) {
        if (!(row.value ?? '').includes(mark)) row.value = `${row.value ?? ''}${mark}`;
      } else {
        state.userBusiness.push({
          id: state.nextId('userBusiness'),
          type,
          key_id: keyId,
          value: mark,
          btn_str: null,
          tenant_id: tenantColumn(w),
          delete_flag: '0',
        });
      }
    }
    for (const row of liveBusiness(w).filter((b) => b.type === type && !wanted.has(b.key_id))) {
      if (row.value === mark) row.delete_flag = '1';
      else if ((row.value ?? '').includes(mark)) row.value = (row.value ?? '').replaceAll(mark, '');
    }
    writeLog(w, '关联关系', '修改');
    return sendJackson(reply, { code: 200, data: '成功' });
  });
}
