// `npm start`: builds what is missing (the shell bundle, the compiled gateway), then runs the
// production start command with inherited stdio, forwarding SIGINT/SIGTERM so shutdown stays graceful.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const clientDist = process.env.CLIENT_DIST_DIR?.trim() || join(root, 'client', 'dist');
const needed = [join(clientDist, 'index.html'), join(root, 'dist', 'server', 'server.js')];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (needed.some((file) => !existsSync(file))) {
  console.log('start: building (client bundle and gateway)…');
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const gateway = spawn(process.execPath, [join(root, 'dist', 'server', 'server.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => gateway.kill(signal));
}
gateway.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
