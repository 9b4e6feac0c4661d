// The option lists the table pages load for their search selects.
import type { FastifyRequest } from 'fastify';
import { authOf } from './auth-filter.js';
import type { DepotRow } from './business-rows.js';
import type { Row, SandboxState, UserRow } from './store.js';
import { perState } from './per-state.js';
import { isLive } from './store.js';

/** DepotService.findDepotByCurrentUser: the tenant's enabled depots; with the system config's depot_flag '1' only
 *  those granted to the user by UserDepot rows. */
export function depotsOfUser(state: SandboxState, tenantId: number, user: UserRow): DepotRow[] {
  const config = state.systemConfigs.find((c) => tenantId === 0 || c.tenant_id === tenantId);
  const restricted = config?.depot_flag === '1' && user.login_name !== 'admin';
  const allowed =
    state.userBusiness.find((b) => b.type === 'UserDepot' && b.key_id === String(user.id) && isLive(b))?.value ?? '';
  return (state.tables.depot ?? []).filter(
    (d) =>
      isLive(d) &&
      d.enabled === true &&
      (tenantId === 0 || d.tenantId === tenantId) &&
      (!restricted || allowed.includes(`[${String(d.id)}]`)),
  );
}

/** The helpers these routes share across their controllers' files (routes/*.ts); made once per sandbox state. */
function makeLookupKit(state: SandboxState) {
  const partners = (request: FastifyRequest, types: string[]): Row[] => {
    const { tenantId } = authOf(request);
    return (state.tables.supplier ?? [])
      .filter(
        (s) =>
          isLive(s) &&
          s.enabled === true &&
          types.includes(s.type as string) &&
          (tenantId === 0 || s.tenantId === tenantId),
      )
      .sort((a, b) => String(a.sort).localeCompare(String(b.sort)) || a.id - b.id);
  };

  return { partners };
}

export const lookupKit = perState(makeLookupKit);
