// Stored upload paths: a head's `fileName` is the paths joined by commas, each served at
// GET /systemConfig/static/<path>. React-free, so the bills' maths can read them.
import { injectedConfig } from '../../lib/injected-config';

/** The paths in a stored `fileName` (none for a blank or absent one). */
export function storedFiles(fileName: unknown): string[] {
  return typeof fileName === 'string' ? fileName.split(',').filter(Boolean) : [];
}

/**
 * Where a stored path is served. Each segment is encoded: the backend keeps `#` and `?` in stored names, which a raw
 * link would cut off as a fragment or query (the backend decodes the path before it looks the file up).
 */
export function fileUrl(path: string): string {
  return `${injectedConfig.apiBase}/systemConfig/static/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** A stored path's file name, as shown. */
export const fileNameOf = (path: string): string => path.split('/').pop() ?? path;
