// The production start command (`node dist/server/server.js`, built by `npm test` before tap runs) as a child
// process on a loopback port, its stdout (the JSON log lines) captured for the secrets check.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
export const serverEntry = resolve(root, 'dist', 'server', 'server.js');

export interface GatewayProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `descriptorLimit` starts the process under `ulimit -n` (soft and hard), as a small container would. */
export async function startGatewayProcess(
  env: Record<string, string>,
  options: { descriptorLimit?: number } = {},
): Promise<GatewayProcess> {
  if (!existsSync(serverEntry))
    throw new Error(`${serverEntry} is missing: run \`npm run build\` first (npm test does)`);
  const command = options.descriptorLimit
    ? ([
        '/bin/sh',
        ['-c', `ulimit -n ${options.descriptorLimit} && exec "$0" "$@"`, process.execPath, serverEntry],
      ] as const)
    : ([process.execPath, [serverEntry]] as const);
  const child = spawn(command[0], [...command[1]], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
    child.once('exit', (code, signal) => res({ code, signal })),
  );
  const url = await new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`gateway did not start: ${out.slice(-2000)}`)), 30_000);
    const look = () => {
      for (const line of out.split('\n')) {
        if (!line.includes('gateway listening')) continue;
        try {
          const parsed = JSON.parse(line) as { url?: string };
          if (parsed.url) {
            clearTimeout(timer);
            child.stdout!.off('data', look);
            return res(parsed.url);
          }
        } catch {
          /* not JSON yet */
        }
      }
    };
    child.stdout!.on('data', look);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      rej(new Error(`gateway exited ${code} before listening: ${out.slice(-2000)}`));
    });
  });
  return { child, url, output: () => out, exited };
}
