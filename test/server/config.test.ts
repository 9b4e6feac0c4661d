// Configuration: validated at start; a bad value stops the process with one line naming the variable.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import t from 'tap';
import { ConfigError, loadConfig } from '../../server/config.js';
import { PROJECT_ROOT } from '../helpers/stack.js';

t.test('defaults', async (t) => {
  const config = loadConfig({});
  t.equal(config.host, '127.0.0.1');
  t.equal(config.port, 3000);
  t.equal(config.upstreamUrl, null, 'unset means the sandbox upstream');
  t.equal(config.upstreamTimeoutMs, 300_000);
  t.equal(config.bodyLimitBytes, 10 * 1024 * 1024);
  t.equal(config.trustProxyHops, 0);
  t.equal(config.upstreamConnections, 128);
  t.equal(config.bodyStallTimeoutMs, 30_000);
  t.equal(config.maxConnections, null, 'unset: derived from the descriptor limit at start');
  t.equal(config.clientDistDir, join(PROJECT_ROOT, 'client', 'dist'));
});

t.test('values are parsed and normalised', async (t) => {
  const config = loadConfig({
    UPSTREAM_URL: 'http://backend:9999/',
    PRODUCTION_HOSTS: 'ERP.example.com, erp.example.com:8443',
    CLIENT_DIST_DIR: PROJECT_ROOT,
    MAX_CONNECTIONS: '5000',
    UPSTREAM_CONNECTIONS: '16',
    BODY_STALL_TIMEOUT_MS: '10000',
  });
  t.equal(config.upstreamUrl, 'http://backend:9999');
  t.equal(config.maxConnections, 5000);
  t.equal(config.upstreamConnections, 16);
  t.equal(config.bodyStallTimeoutMs, 10_000);
  t.same(config.loginExtras.hosts, ['erp.example.com', 'erp.example.com:8443']);
  t.equal(config.clientDistDir, PROJECT_ROOT);
});

const bad: Array<[Record<string, string>, string]> = [
  [{ PORT: 'eighty' }, 'PORT'],
  [{ PORT: '70000' }, 'PORT'],
  [{ UPSTREAM_URL: 'backend:9999' }, 'UPSTREAM_URL'],
  [{ UPSTREAM_URL: 'ftp://backend' }, 'UPSTREAM_URL'],
  [{ UPSTREAM_TIMEOUT_MS: '0' }, 'UPSTREAM_TIMEOUT_MS'],
  [{ TRUST_PROXY_HOPS: '-1' }, 'TRUST_PROXY_HOPS'],
  [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  [{ LOG_FILE_MAX_SIZE: 'big' }, 'LOG_FILE_MAX_SIZE'],
  [{ PRODUCTION_HOSTS: 'erp.example.com/login' }, 'PRODUCTION_HOSTS'],
  [{ ALLOW_BACKEND_DOCS: 'maybe' }, 'ALLOW_BACKEND_DOCS'],
  [{ CLIENT_DIST_DIR: '/nonexistent/dist' }, 'CLIENT_DIST_DIR'],
  [{ MAX_CONNECTIONS: '0' }, 'MAX_CONNECTIONS'],
  [{ MAX_CONNECTIONS: 'many' }, 'MAX_CONNECTIONS'],
  [{ UPSTREAM_CONNECTIONS: '0' }, 'UPSTREAM_CONNECTIONS'],
  [{ BODY_STALL_TIMEOUT_MS: '5' }, 'BODY_STALL_TIMEOUT_MS'],
];

t.test('a bad value throws a ConfigError naming the variable', async (t) => {
  for (const [env, variable] of bad) {
    let thrown: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      thrown = err;
    }
    t.ok(thrown instanceof ConfigError, `${variable}: a ConfigError`);
    t.equal((thrown as ConfigError).variable, variable);
    t.match((thrown as Error).message, new RegExp(`^${variable}: `));
  }
});

t.test('the production start command prints one line and exits 1 on a bad value', async (t) => {
  for (const [env, variable] of bad.slice(0, 4)) {
    const result = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, [join(PROJECT_ROOT, 'dist', 'server', 'server.js')], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.on('exit', (code) => resolve({ code, stderr, stdout }));
    });
    t.equal(result.code, 1, `${variable}: exit code 1`);
    const lines = result.stderr.trim().split('\n');
    t.equal(lines.length, 1, `${variable}: exactly one line`);
    t.match(lines[0], new RegExp(`^config error: ${variable}: `), `${variable}: names the variable`);
    t.equal(result.stdout, '', 'nothing on stdout');
  }
});
