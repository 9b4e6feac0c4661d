// Route and button permissions. Pure functions (no React, no DOM) so every page and the tests share one rule.
import type { UserBtn } from './backend/types.js';

/** Button codes of jshERP (RolePushBtnModal): what `btnStr` lists per page url. */
export const ButtonCode = {
  edit: '1', // add / edit / delete / import
  audit: '2',
  export: '3',
  enable: '4', // enable / disable
  print: '5',
  void: '6',
  unaudit: '7',
} as const;
export type ButtonCodeValue = (typeof ButtonCode)[keyof typeof ButtonCode];

/** Splits a comma list into trimmed, non-empty items ("1, 2,,7" → ["1","2","7"]). */
export function splitCommaList(list: string | null | undefined): string[] {
  if (!list) return [];
  return list
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * Whether the user may use button `code` on the page at `pageUrl`.
 * No list at all means the server sent no `userBtn` — the admin login — and everything is allowed.
 * Otherwise the entry for exactly this url must list the code (whole items, so '1' never matches '11').
 */
export function hasButton(list: readonly UserBtn[] | null | undefined, pageUrl: string, code: string): boolean {
  if (list == null) return true;
  const entry = list.find((item) => item != null && item.url === pageUrl);
  if (!entry) return false;
  return splitCommaList(entry.btnStr).includes(code);
}

/**
 * The original's check helper (util.getCheckFlag): with flag '1' and a configured comma list,
 * the bill's prefix must be absent from that list; in every other case the check passes.
 */
export function getCheckFlag(
  multiBillType: string | null | undefined,
  multiLevelApprovalFlag: string | null | undefined,
  prefixNo: string,
): boolean {
  if (multiLevelApprovalFlag === '1' && multiBillType) {
    return !splitCommaList(multiBillType).includes(prefixNo);
  }
  return true;
}

/** A menu entry as far as route permissions are concerned; real backend menus carry no `permission`. */
export interface PermissionedMenuItem<T> {
  permission?: readonly string[] | null;
  meta?: { permission?: readonly string[] | null } | null;
  children?: readonly T[] | null;
}

function requiredPermissions(item: PermissionedMenuItem<unknown>): readonly string[] {
  return item.permission ?? item.meta?.permission ?? [];
}

/**
 * Keeps the menu routes the user may see: an item that requires permissions is shown only if the user holds
 * at least one of them; an item without requirements always shows. A parent whose children are all filtered
 * away is dropped too (the backend never sends an empty module). Returns new objects; the input is untouched.
 */
export function filterMenuByPermission<T extends PermissionedMenuItem<T>>(
  menu: readonly T[] | null | undefined,
  permissions: Iterable<string> | null | undefined,
): T[] {
  const held = new Set(permissions ?? []);
  const visit = (items: readonly T[]): T[] => {
    const kept: T[] = [];
    for (const item of items) {
      const required = requiredPermissions(item);
      if (required.length > 0 && !required.some((p) => held.has(p))) continue;
      if (item.children && item.children.length > 0) {
        const children = visit(item.children);
        if (children.length === 0) continue;
        kept.push({ ...item, children });
      } else {
        kept.push(item);
      }
    }
    return kept;
  };
  return visit(menu ?? []);
}
