// The option lists the daily pages ask for first — suppliers, customers, depots, users, accounts — are read into the
// session's cache (lib/session-options) while the browser is idle after the login, so the first bill list or bill
// form a user opens waits for its own rows only (on 采购入库 its three filter lists had shared the gateway with the
// list call and held its answer back). Only lists that a page of the user's menu reads; failures stay silent here
// and are reported by the page that needs the list (a failed read is not kept).
import type { MenuItem } from '../lib/backend/types';
import { menuItemPath, menuLeaves } from '../lib/menu';
import { sessionOptions } from '../lib/session-options';

interface IdleOptionList {
  method: 'get' | 'post';
  path: string;
  /** The menu paths whose pages read this list (their filters or their forms). */
  readBy: RegExp;
}

/** Called exactly as the pages call them (method, path, no parameters), so a page finds the cached answer. */
export const IDLE_OPTION_LISTS: readonly IdleOptionList[] = [
  { method: 'post', path: '/supplier/findBySelect_sup', readBy: /^\/bill\/purchase_/ },
  { method: 'post', path: '/supplier/findBySelect_cus', readBy: /^\/bill\/sale_/ },
  { method: 'get', path: '/depot/findDepotByCurrentUser', readBy: /^\/bill\// },
  { method: 'get', path: '/user/getUserList', readBy: /^\/(bill|financial)\// },
  { method: 'get', path: '/account/getAccount', readBy: /^\/(bill|financial)\// },
];

/** The lists some page of this menu reads. */
export function optionListsFor(menu: readonly MenuItem[]): IdleOptionList[] {
  const paths = menuLeaves(menu)
    .map(menuItemPath)
    .filter((path): path is string => path !== null);
  return IDLE_OPTION_LISTS.filter((list) => paths.some((path) => list.readBy.test(path)));
}

/**
 * Reads the menu's option lists when the browser is idle, from `afterMs` after the menu came on (the home page's own
 * calls, sent with the login's answer, go first): before a quick user's first click on a list, whose page had shared
 * its first render with these reads when they waited a second; the returned function cancels.
 */
export function readOptionListsWhenIdle(menu: readonly MenuItem[], afterMs = 300): () => void {
  const lists = optionListsFor(menu);
  if (lists.length === 0) return () => undefined;
  const read = () => {
    for (const list of lists)
      sessionOptions(list.method, list.path, undefined, { silent: true }).catch(() => undefined);
  };
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(read, { timeout: 2000 });
    else read();
  }, afterMs);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
