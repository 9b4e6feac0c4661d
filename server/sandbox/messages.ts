// jsh_msg. The list itself is in the list catalogue (GET /msg/list).
// Nothing here acts for admin (tenant 0): the real SQL filters by the caller and tenant.
import type { FastifyRequest } from 'fastify';
import { type SandboxAuth } from './auth-filter.js';
import type { MsgRow, SandboxState } from './store.js';
import { UnknownException } from './wire.js';
import { perState } from './per-state.js';
import { isLive } from './store.js';

export const isAdmin = (auth: SandboxAuth): boolean => auth.user.login_name === 'admin';

export function requiredQuery(request: FastifyRequest, name: string): string {
  const value = (request.query as Record<string, unknown>)[name];
  if (typeof value !== 'string') throw new UnknownException(`${name} is required`);
  return value;
}

/** The helpers these routes share across their controllers' files (routes/*.ts); made once per sandbox state. */
function makeMessageKit(state: SandboxState) {
  const own = (auth: SandboxAuth): MsgRow[] =>
    isAdmin(auth)
      ? []
      : state.messages.filter(
          (m) => isLive(m) && m.userId === auth.user.id && (auth.tenantId === 0 || m.tenantId === auth.tenantId),
        );
  const inTenant = (auth: SandboxAuth, m: MsgRow): boolean => auth.tenantId === 0 || m.tenantId === auth.tenantId;

  const logicalDelete = (auth: SandboxAuth, ids: number[]): number => {
    let n = 0;
    for (const m of state.messages) {
      if (ids.includes(m.id) && isLive(m) && inTenant(auth, m)) {
        m.deleteFlag = '1';
        n++;
      }
    }
    return n;
  };

  return { own, inTenant, logicalDelete };
}

export const messageKit = perState(makeMessageKit);
