// `npm start` (scripts/start.mjs) runs the production start command with inherited stdio and forwards
// SIGTERM, so the gateway shuts down gracefully and the wrapper exits with its code. (The build step
// runs only when client/dist/index.html or dist/server/server.js is missing; `npm test` builds first.)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { PROJECT_ROOT, fixtureDist, productEnv } from '../support/stack.js';
import { startFakeUpstream, json } from '../support/fake-upstream.js';

t.test('starts the built gateway, serves, forwards SIGTERM and exits 0', async (t) => {
  t.ok(existsSync(join(PROJECT_ROOT, 'dist', 'server', 'server.js')), 'built (npm test builds before tap)');
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/platformConfig/getPlatform/name', json(200, '管伊佳ERP'));
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'scripts', 'start.mjs')], {
    cwd: PROJECT_ROOT,
    env: productEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      UPSTREAM_URL: upstream.url,
      CLIENT_DIST_DIR: fixtureDist(),
      LOG_FILE: '',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => child.kill('SIGKILL'));
  let output = '';
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
      const match = /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*"msg":"gateway listening"/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`start.mjs exited ${code}:\n${output}`)));
  });
  t.notMatch(output, 'building', 'nothing rebuilt when everything is built');
  const page = await fetch(`${url}/`);
  t.equal(page.status, 200);
  t.match(await page.text(), '<title>管伊佳ERP</title>');

  // 'close', not 'exit': its last lines may still be in the pipe when it exits.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  child.kill('SIGTERM');
  t.equal(await exited, 0, 'the gateway shut down gracefully and the wrapper passed its exit code on');
  t.match(output, '"msg":"shutting down"');
});

t.test('refuses to serve the demo sandbox on every interface unless SANDBOX=true says so', async (t) => {
  // A misspelt UPSTREAM_URL on a gateway others can reach must not publish the sandbox's known demo passwords.
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'scripts', 'start.mjs')], {
    cwd: PROJECT_ROOT,
    env: productEnv({
      PORT: '0',
      HOST: '0.0.0.0',
      UPSTREAM_URL: '',
      UPSTRAEM_URL: 'http://backend:9999',
      SANDBOX: '',
      CLIENT_DIST_DIR: fixtureDist(),
      LOG_FILE: '',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => child.kill('SIGKILL'));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)));
  t.equal(code, 1);
  t.same(stderr.trim().split('\n'), [
    'config error: UPSTREAM_URL: unset, so the demo sandbox (known passwords) would be served on 0.0.0.0; ' +
      'set UPSTREAM_URL to the jshERP-boot base URL, or SANDBOX=true to serve the sandbox there',
  ]);
  t.notMatch(stdout, 'Demo logins', 'no sandbox was started');
});
