// OrganizationController (/organization/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import type { SandboxState } from '../store.js';
import { UnknownException, returnStr, sendFastjson, sendJackson, toId } from '../wire.js';
import { checkQuery, queryId, queryIds, readEntity, writeLog } from '../writes.js';
import { ORGANIZATION, systemWriteKit } from '../system-writes.js';
import { isLive } from '../store.js';

export async function organizationRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  const { writer, text, liveOrgs, tenantOrgs, orgTree, deleteOrgs } = systemWriteKit(state);
  // `?id=` (empty) for the whole tree; `?id=5` leaves 5 and its descendants out (the edit form's parent select).
  // The id parameter is required (its absence is refused before the handler, app.ts).
  app.get('/organization/getOrganizationTree', async (request, reply) => {
    const raw = (request.query as Record<string, unknown>).id;
    const exclude = typeof raw === 'string' && raw.trim() !== '' ? toId(raw) : null;
    if (typeof raw === 'string' && raw.trim() !== '' && exclude === null)
      throw new UnknownException('id is not a number');
    return sendJackson(reply, orgTree(writer(request), exclude));
  });

  // The reports' department filter: the whole tree for a 全部数据 role, nothing for the others.
  app.get('/organization/getAllOrganizationTreeByUser', async (request, reply) => {
    const w = writer(request);
    const roleId = state.userBusiness
      .find((b) => b.type === 'UserRole' && b.key_id === String(w.user.id) && isLive(b))
      ?.value?.replace(/[[\]]/g, '');
    const role = state.roles.find((r) => String(r.id) === roleId);
    if (!role) throw new UnknownException('the caller has no role');
    return sendJackson(reply, role.type === '全部数据' ? orgTree(w, null) : []);
  });

  app.get('/organization/findById', async (request, reply) => {
    const w = writer(request);
    const id = queryId(request);
    const org = liveOrgs(w).find((o) => o.id === id);
    const data: Record<string, unknown> = {};
    if (org) {
      data.id = org.id;
      data.orgAbr = org.org_abr;
      data.parentId = org.parent_id;
      const parent = org.parent_id === null ? undefined : liveOrgs(w).find((o) => o.id === org.parent_id);
      if (parent) data.orgParentName = parent.org_abr;
      data.orgNo = org.org_no;
      data.sort = org.sort;
      data.remark = org.remark;
    }
    // A JSONObject through Jackson: null values are written.
    return sendJackson(reply, { code: 200, data });
  });

  app.get('/organization/info', async (request, reply) => {
    const id = queryId(request);
    const org = liveOrgs(writer(request)).find((o) => o.id === id);
    if (!org) return sendFastjson(reply, { code: 500, data: { message: '服务内部错误' } });
    const info = {
      id: org.id,
      orgNo: org.org_no,
      orgAbr: org.org_abr,
      parentId: org.parent_id,
      sort: org.sort,
      remark: org.remark,
      createTime: org.create_time,
      updateTime: org.update_time,
      tenantId: org.tenant_id,
      deleteFlag: org.delete_flag,
    };
    return sendFastjson(reply, { code: 200, data: { info, message: '成功' } });
  });

  app.get('/organization/checkIsNameExist', async (request, reply) => {
    const { id, name } = checkQuery(request);
    const exists = liveOrgs(writer(request)).some((o) => o.id !== id && o.org_abr === name);
    return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
  });

  app.post('/organization/add', async (request, reply) => {
    const w = writer(request);
    const org = readEntity(request, ORGANIZATION);
    const now = state.clock.now();
    state.organizations.push({
      id: state.nextId('organizations'),
      org_no: text(org.orgNo),
      org_abr: text(org.orgAbr),
      parent_id: (org.parentId as number | null | undefined) ?? null,
      sort: text(org.sort),
      remark: text(org.remark),
      create_time: now,
      update_time: now,
      tenant_id: w.tenantId,
      delete_flag: '0',
    });
    writeLog(w, '部门', `新增${String(org.orgAbr ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });

  // A full-column update: org_no, org_abr, parent_id, sort and remark all take the body's values (absent → NULL).
  app.put('/organization/update', async (request, reply) => {
    const w = writer(request);
    const org = readEntity(request, ORGANIZATION);
    const row = tenantOrgs(w).find((o) => o.id === org.id);
    if (row) {
      row.org_no = text(org.orgNo);
      row.org_abr = text(org.orgAbr);
      row.parent_id = (org.parentId as number | null | undefined) ?? null;
      row.sort = text(org.sort);
      row.remark = text(org.remark);
      row.update_time = state.clock.now();
      writeLog(w, '部门', `修改${String(org.orgAbr ?? null)}`);
    }
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });

  app.delete('/organization/delete', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteOrgs(request, [queryId(request)]))),
  );
  app.delete('/organization/deleteBatch', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteOrgs(request, queryIds(request)))),
  );
}
