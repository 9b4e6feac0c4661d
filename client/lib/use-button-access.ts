// One hook serves every page's button gating: reads the stored button list (pro__winBtnStrList, written at
// login by the session) and answers per code. No stored list is the admin login, which sees every button.
import { useMemo } from 'react';
import type { UserBtn } from './backend/types';
import { hasButton } from './permissions';
import { storage, StorageKeys } from './storage';

/** The stored `data.userBtn`, or undefined when none is stored (the admin login). */
export function readStoredButtonList(): UserBtn[] | undefined {
  const list = storage.get<unknown>(StorageKeys.buttonPermissions);
  return Array.isArray(list) ? (list as UserBtn[]) : undefined;
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
