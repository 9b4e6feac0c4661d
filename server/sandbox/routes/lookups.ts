// The option lists the table pages load for their search selects, and the department tree page.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../auth-filter.js';
import { liveUsers, type Row, type SandboxState } from '../state.js';
import { UnknownException, idList, returnStr, sendFastjson, sendJackson, toId } from '../wire.js';

export interface LookupRoutesOptions {
  state: SandboxState;
}

interface TreeNode {
  id: number;
  key: number;
  value: string;
  title: string;
  attributes: string;
  children?: TreeNode[];
}

export async function lookupRoutes(app: FastifyInstance, options: LookupRoutesOptions): Promise<void> {
  const { state } = options;
  const partners = (request: FastifyRequest, types: string[]): Row[] => {
    const { tenantId } = authOf(request);
    return (state.tables.supplier ?? [])
      .filter((s) => s.deleteFlag !== '1' && s.enabled === true && types.includes(s.type as string) && (tenantId === 0 || s.tenantId === tenantId))
      .sort((a, b) => String(a.sort).localeCompare(String(b.sort)) || (a.id as number) - (b.id as number));
  };

  // SupplierController's selects are POST and answer bare JSON arrays.
  app.post('/supplier/findBySelect_sup', async (request, reply) =>
    sendJackson(reply, partners(request, ['供应商']).map((s) => ({ id: s.id, supplier: s.supplier }))));
  app.post('/supplier/findBySelect_cus', async (request, reply) =>
    sendJackson(reply, partners(request, ['客户']).map((s) => ({ id: s.id, supplier: s.supplier }))));
  app.post('/supplier/findBySelect_retail', async (request, reply) =>
    sendJackson(reply, partners(request, ['会员']).map((s) => ({ id: s.id, supplier: s.supplier, advanceIn: s.advanceIn }))));
  app.post('/supplier/findBySelect_organ', async (request, reply) =>
    sendJackson(reply, partners(request, ['供应商', '客户']).map((s) => ({ id: s.id, supplier: `${s.supplier as string}[${s.type as string}]` }))));

  // The tenant's depots; with the system config's depot_flag '1' only those granted by UserDepot rows.
  app.get('/depot/findDepotByCurrentUser', async (request, reply) => {
    const { tenantId, user } = authOf(request);
    const config = state.systemConfigs.find((c) => tenantId === 0 || c.tenant_id === tenantId);
    const restricted = config?.depot_flag === '1' && user.login_name !== 'admin';
    const allowed = state.userBusiness.find((b) => b.type === 'UserDepot' && b.key_id === String(user.id) && b.delete_flag !== '1')?.value ?? '';
    const depots = (state.tables.depot ?? []).filter(
      (d) => d.deleteFlag !== '1' && d.enabled === true && (tenantId === 0 || d.tenantId === tenantId) &&
        (!restricted || allowed.includes(`[${String(d.id)}]`)),
    );
    return sendJackson(reply, { code: 200, data: depots.map((d) => ({ id: d.id, depotName: d.name, isDefault: d.isDefault })) });
  });

  // GET, bare array of {id, userName} for the tenant's users.
  app.get('/user/getUserList', async (request, reply) => {
    const { tenantId } = authOf(request);
    const users = liveUsers(state).filter((u) => tenantId === 0 || u.tenant_id === tenantId);
    return sendJackson(reply, users.map((u) => ({ id: u.id, userName: u.username })));
  });

  // The department page's tree (TreeNode: id, key, value, title, attributes = org_no, children).
  app.get('/organization/getOrganizationTree', async (request, reply) => {
    const { tenantId } = authOf(request);
    const orgs = state.organizations
      .filter((o) => o.delete_flag !== '1' && (tenantId === 0 || o.tenant_id === tenantId))
      .sort((a, b) => Number(a.sort) - Number(b.sort) || a.id - b.id);
    const build = (parentId: number | null): TreeNode[] =>
      orgs
        .filter((o) => o.parent_id === parentId)
        .map((o) => {
          const children = build(o.id);
          const node: TreeNode = { id: o.id, key: o.id, value: String(o.id), title: o.org_abr, attributes: o.org_no };
          return children.length ? { ...node, children } : node;
        });
    return sendJackson(reply, build(null));
  });

  const removeOrgs = (request: FastifyRequest, ids: number[]): number => {
    const { tenantId } = authOf(request);
    let n = 0;
    for (const o of state.organizations) {
      if (ids.includes(o.id) && o.delete_flag !== '1' && (tenantId === 0 || o.tenant_id === tenantId)) {
        o.delete_flag = '1';
        n++;
      }
    }
    return n;
  };
  app.delete('/organization/delete', async (request, reply) => {
    const id = toId((request.query as Record<string, unknown>).id);
    if (id === null) throw new UnknownException('id is required');
    return sendFastjson(reply, returnStr(removeOrgs(request, [id])));
  });
  app.delete('/organization/deleteBatch', async (request, reply) => {
    const ids = idList((request.query as Record<string, unknown>).ids);
    if (ids === null) throw new UnknownException('ids are required');
    return sendFastjson(reply, returnStr(removeOrgs(request, ids)));
  });
}
