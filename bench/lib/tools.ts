// Finds the external tools the bench drives and installs them from Debian when missing (apt-get; the bench runs as
// root on the target machines). A tool that still cannot be found makes its side of the bench skip, with the reason.
import { CHROMIUM_ARGS } from '../../test/support/browser.js';
import { execFileSync, spawnSync } from 'node:child_process';

export interface Tool {
  name: string;
  path: string | null;
  /** Why the tool is unavailable, when path is null. */
  reason: string | null;
}

const debianPackages: Record<string, { binary: string; pkg: string }> = {
  wrk: { binary: 'wrk', pkg: 'wrk' },
  nginx: { binary: 'nginx', pkg: 'nginx-light' },
  chromium: { binary: 'chromium', pkg: 'chromium' },
};

function which(binary: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  for (const dir of ['/usr/sbin', '/usr/bin', '/sbin']) {
    if (spawnSync('test', ['-x', `${dir}/${binary}`]).status === 0) return `${dir}/${binary}`;
  }
  return null;
}

export function ensureTools(names: string[], log: (line: string) => void): Record<string, Tool> {
  const tools: Record<string, Tool> = {};
  const missing = names.filter((name) => !which(debianPackages[name]!.binary));
  if (missing.length > 0) {
    const pkgs = missing.map((name) => debianPackages[name]!.pkg);
    if (process.getuid?.() !== 0) {
      log(`bench: missing ${pkgs.join(', ')} and not root, cannot install`);
    } else {
      log(`bench: installing ${pkgs.join(', ')} from Debian…`);
      try {
        const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
        execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
        execFileSync('apt-get', ['install', '-y', '-qq', ...pkgs], { stdio: 'ignore', env });
      } catch (error) {
        log(`bench: apt-get install failed: ${(error as Error).message.split('\n')[0]}`);
      }
    }
  }
  for (const name of names) {
    const path = which(debianPackages[name]!.binary);
    tools[name] = {
      name,
      path,
      reason: path ? null : `${debianPackages[name]!.pkg} is not installed and could not be installed`,
    };
  }
  return tools;
}

/**
 * The bench's Chromium: the test layer's flags, and every host name but this machine's left unresolved, so the
 * original's Baidu analytics fail at once and the bench stays on this machine. Not a request route: Playwright's
 * routes pause every request of the page until its renderer's main thread is free, which would delay each call by
 * whatever the page is rendering when it asks — a cost no user of either client pays.
 */
export const BENCH_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];
