// The permission menu (FunctionController.findMenuByPNumber) and button rights (UserBusinessController).
import { findUser, roleFunctions } from './state.js';
import { roleIdOfUser, type FunctionRow, type SandboxState, type UserRow, isLive } from './store.js';

export interface MenuNode {
  id: number;
  text: string;
  icon: string | null;
  url: string | null;
  component: string | null;
  children?: MenuNode[];
}

export const HOME_MENU_ITEM: MenuNode = {
  id: 0,
  text: '首页',
  icon: 'home',
  url: '/dashboard/analysis',
  component: '/layouts/TabLayout',
};

/** Enabled, not deleted children of a function number, ordered by the string `sort` column. */
function childrenOf(state: SandboxState, parentNumber: string): FunctionRow[] {
  return state.functions
    .filter((f) => f.enabled === 1 && f.parent_number === parentNumber && isLive(f))
    .sort((a, b) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : 0));
}

function approvalFlag(state: SandboxState, tenantId: number): string {
  const row = state.systemConfigs.find((c) => tenantId === 0 || c.tenant_id === tenantId);
  return String(row?.multi_level_approval_flag ?? '0');
}

/**
 * Builds the menu for `bodyUserId` (the role comes from the request body) as seen by `tokenUser` (visibility check
 * uses the logged-in user) — the real controller's quirk, kept.
 */
export function buildMenu(state: SandboxState, pNumber: string, bodyUserId: number, tokenUser: UserRow): MenuNode[] {
  const top = childrenOf(state, pNumber);
  if (top.length === 0) return [];
  const fc = roleFunctions(state, roleIdOfUser(state, bodyUserId))?.value ?? '';
  const isAdmin = tokenUser.login_name === 'admin';
  const isOwner = tokenUser.id === tokenUser.tenant_id;
  let ownerFunctions = '';
  if (!isAdmin && !isOwner) {
    const owner = findUser(state, tokenUser.tenant_id);
    ownerFunctions = owner ? (roleFunctions(state, roleIdOfUser(state, owner.id))?.value ?? '') : '';
  }
  const topIds = new Set(top.map((f) => f.id));
  const visible = (f: FunctionRow): boolean =>
    isAdmin || isOwner || topIds.has(f.id) || ownerFunctions.includes(`[${f.id}]`);
  const skipWorkflow = approvalFlag(state, tokenUser.tenant_id) === '0';

  const walk = (list: FunctionRow[]): MenuNode[] => {
    const nodes: MenuNode[] = [];
    for (const f of list) {
      if (!visible(f)) continue;
      if (skipWorkflow && f.url === '/workflow') continue;
      const node: MenuNode = { id: f.id, text: f.name, icon: f.icon, url: f.url, component: f.component };
      const children = childrenOf(state, f.number);
      if (children.length > 0) {
        const kept = walk(children);
        if (kept.length > 0) nodes.push({ ...node, children: kept });
      } else if (fc.includes(`[${f.id}]`)) {
        nodes.push(node);
      }
    }
    return nodes;
  };
  return [{ ...HOME_MENU_ITEM }, ...walk(top)];
}

/** `data` of GET /user/getUserBtnByCurrentUser: {} for admin, else the role's btn_str with funId → url. */
export function userButtons(state: SandboxState, user: UserRow): Record<string, unknown> {
  if (user.login_name === 'admin') return {};
  const btnStr = roleFunctions(state, roleIdOfUser(state, user.id))?.btn_str;
  const entries: { url: string | null; btnStr: string }[] = [];
  if (btnStr) {
    const parsed = JSON.parse(btnStr) as { funId: number | string; btnStr: string }[];
    for (const item of parsed) {
      const fn = state.functions.find((f) => String(f.id) === String(item.funId));
      entries.push({ url: fn ? fn.url : null, btnStr: item.btnStr });
    }
  }
  return { userBtn: entries };
}
