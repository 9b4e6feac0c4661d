// Which gateway runs, for the gateway_build_info metric: the package's version and the Node version.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BuildInfo {
  version: string;
  node: string;
}

let cached: BuildInfo | null = null;

/** package.json is found upwards from this file (server/lib from the sources, dist/server/lib when built). */
export function buildInfo(): BuildInfo {
  if (cached) return cached;
  let version = 'unknown';
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const file = resolve(dir, 'package.json');
    if (existsSync(file)) {
      version = String((JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version ?? 'unknown');
      break;
    }
    dir = dirname(dir);
  }
  cached = { version, node: process.versions.node };
  return cached;
}
