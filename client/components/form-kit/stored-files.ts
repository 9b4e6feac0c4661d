// Stored upload paths: a head's `fileName` is the paths joined by commas, each served at
// GET /systemConfig/static/<path>. React-free, so the bills' maths can read them.
import { injectedConfig } from '../../lib/injected-config';

/** The paths in a stored `fileName` (none for a blank or absent one). */
export function storedFiles(fileName: unknown): string[] {
  return typeof fileName === 'string' ? fileName.split(',').filter(Boolean) : [];
}

/** Where a stored path is served. */
export function fileUrl(path: string): string {
  return `${injectedConfig.apiBase}/systemConfig/static/${path}`;
}

/** A stored path's file name, as shown. */
export const fileNameOf = (path: string): string => path.split('/').pop() ?? path;
