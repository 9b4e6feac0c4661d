// SANDBOX ONLY — these two endpoints do not exist in jshERP-boot (Jeecg-Boot template leftovers).
// A real backend answers 404 (valid token) or 500 loginOut, and the client copes. The sandbox answers them in
// Jeecg-Boot's Result shape from the fixture organisations so the department switch can be demonstrated.
import type { FastifyInstance } from 'fastify';
import { authOf } from '../auth-filter.js';
import { userJson } from '../state.js';
import type { SandboxState } from '../store.js';
import { sendJackson } from '../wire.js';
import { jsonBody } from '../body.js';
import { isLive } from '../store.js';

export interface DepartmentRoutesOptions {
  state: SandboxState;
}

function jeecgResult(result: unknown, timestamp: number): Record<string, unknown> {
  return { success: true, message: '操作成功！', code: 200, result, timestamp };
}

export async function departmentRoutes(app: FastifyInstance, options: DepartmentRoutesOptions): Promise<void> {
  const { state } = options;

  /** The tenant's departments, ordered by sort; the user's own (orga_user_rel) is the default current one. */
  const departsOf = (tenantId: number) =>
    state.organizations
      .filter((o) => isLive(o) && tenantId !== 0 && o.tenant_id === tenantId)
      .sort((a, b) => Number(a.sort) - Number(b.sort) || a.id - b.id)
      .map((o) => ({ id: String(o.id), departName: o.org_abr, orgCode: o.org_no }));

  const defaultOrgCode = (userId: number): string | null => {
    const rel = state.orgaUserRels.find((r) => r.user_id === userId && isLive(r));
    return state.organizations.find((o) => o.id === rel?.orga_id)?.org_no ?? null;
  };

  app.get('/sys/user/getCurrentUserDeparts', async (request, reply) => {
    const auth = authOf(request);
    const list = departsOf(auth.user.tenant_id);
    const orgCode = auth.session.orgCode ?? defaultOrgCode(auth.user.id) ?? list[0]?.orgCode ?? null;
    return sendJackson(reply, jeecgResult({ list, orgCode }, state.clock.ms()));
  });

  app.put('/sys/selectDepart', async (request, reply) => {
    const auth = authOf(request);
    const body = jsonBody(request);
    const orgCode = body.orgCode;
    if (typeof orgCode !== 'string' || !departsOf(auth.user.tenant_id).some((d) => d.orgCode === orgCode)) {
      return sendJackson(reply, {
        success: false,
        message: '部门不存在',
        code: 500,
        result: null,
        timestamp: state.clock.ms(),
      });
    }
    // `username` is ignored: the selection belongs to the caller's session.
    auth.session.orgCode = orgCode;
    return sendJackson(reply, jeecgResult({ userInfo: { ...userJson(auth.user), orgCode } }, state.clock.ms()));
  });
}
