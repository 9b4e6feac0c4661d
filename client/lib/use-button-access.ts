// One hook serves every page's button gating: reads the stored button list and answers per code.
import { useMemo } from 'react';
import { hasButton, type UserBtn } from './permissions';

/** localStorage key of the button list (vue-ls format `{value, expire}` under the pro__ namespace). */
export const BUTTON_LIST_STORAGE_KEY = 'pro__winBtnStrList';

/** The stored `data.userBtn`, or null when none is stored (the admin login) or it has expired. */
export function readStoredButtonList(): UserBtn[] | null {
  try {
    const raw = window.localStorage.getItem(BUTTON_LIST_STORAGE_KEY);
    if (raw == null) return null;
    const parsed: unknown = JSON.parse(raw);
    if (parsed == null || typeof parsed !== 'object' || !('value' in parsed)) return null;
    const { value, expire } = parsed as { value: unknown; expire?: unknown };
    if (typeof expire === 'number' && expire < Date.now()) return null;
    return Array.isArray(value) ? (value as UserBtn[]) : null;
  } catch {
    return null;
  }
}

export interface ButtonAccess {
  can(code: string): boolean;
}

export function useButtonAccess(pageUrl: string): ButtonAccess {
  return useMemo(() => {
    const list = readStoredButtonList();
    return { can: (code: string) => hasButton(list, pageUrl, code) };
  }, [pageUrl]);
}
