// The option lists the table pages load for their search selects.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../auth-filter.js';
import { liveUsers } from '../state.js';
import type { Row, SandboxState, UserRow } from '../store.js';
import { sendJackson } from '../wire.js';

export interface LookupRoutesOptions {
  state: SandboxState;
}

/** DepotService.findDepotByCurrentUser: the tenant's enabled depots; with the system config's depot_flag '1' only
 *  those granted to the user by UserDepot rows. */
export function depotsOfUser(state: SandboxState, tenantId: number, user: UserRow): Row[] {
  const config = state.systemConfigs.find((c) => tenantId === 0 || c.tenant_id === tenantId);
  const restricted = config?.depot_flag === '1' && user.login_name !== 'admin';
  const allowed = state.userBusiness.find((b) => b.type === 'UserDepot' && b.key_id === String(user.id) && b.delete_flag !== '1')?.value ?? '';
  return (state.tables.depot ?? []).filter(
    (d) => d.deleteFlag !== '1' && d.enabled === true && (tenantId === 0 || d.tenantId === tenantId) &&
      (!restricted || allowed.includes(`[${String(d.id)}]`)),
  );
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

  app.get('/depot/findDepotByCurrentUser', async (request, reply) => {
    const { tenantId, user } = authOf(request);
    const depots = depotsOfUser(state, tenantId, user);
    return sendJackson(reply, { code: 200, data: depots.map((d) => ({ id: d.id, depotName: d.name, isDefault: d.isDefault })) });
  });

  // GET, bare array of {id, userName} for the tenant's enabled users.
  app.get('/user/getUserList', async (request, reply) => {
    const { tenantId } = authOf(request);
    const users = liveUsers(state).filter((u) => u.status === 0 && (tenantId === 0 || u.tenant_id === tenantId));
    return sendJackson(reply, users.map((u) => ({ id: u.id, userName: u.username })));
  });
}
