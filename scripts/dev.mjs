// `npm run dev`: rebuilds the shell on change (vite build --watch, so the gateway serves real hashed
// assets exactly as in production) and restarts the gateway on server changes (tsx watch).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const children = [
  spawn(npx, ['vite', 'build', '--watch'], { cwd: join(root, 'client'), stdio: 'inherit' }),
  spawn(npx, ['tsx', 'watch', '--clear-screen=false', 'server/server.ts'], { cwd: root, stdio: 'inherit' }),
];

function stop(signal) {
  for (const child of children) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
