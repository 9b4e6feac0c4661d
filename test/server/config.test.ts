// Configuration: validated at start; a bad value stops the process with one line naming the variable.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { ConfigError, loadConfig } from '../../server/config.js';
import { PROJECT_ROOT, productEnv } from '../support/stack.js';

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
  t.same(config.loginThrottle, { maxFailuresPerName: 5, maxFailuresPerAddress: 50, windowMs: 15 * 60_000 });
  t.equal(config.metricsPort, null, 'no metrics listener unless asked');
  t.equal(config.metricsHost, '127.0.0.1');
});

t.test('login throttling and metrics values', async (t) => {
  const config = loadConfig({
    LOGIN_MAX_FAILURES: '0',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '200',
    LOGIN_FAILURE_WINDOW_MS: '60000',
    METRICS_PORT: '9464',
    METRICS_HOST: '0.0.0.0',
  });
  t.same(config.loginThrottle, { maxFailuresPerName: 0, maxFailuresPerAddress: 200, windowMs: 60_000 });
  t.equal(config.metricsPort, 9464);
  t.equal(config.metricsHost, '0.0.0.0');
});

t.test('the sandbox (demo logins, known passwords) is served beyond loopback only when asked for', async (t) => {
  for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2']) {
    t.equal(loadConfig({ HOST: host }).upstreamUrl, null, `${host}: the sandbox runs`);
  }
  for (const host of ['0.0.0.0', '::', '192.168.1.20', 'erp.example.com']) {
    let thrown: unknown;
    try {
      loadConfig({ HOST: host });
    } catch (err) {
      thrown = err;
    }
    t.ok(thrown instanceof ConfigError, `${host}: refused`);
    t.equal((thrown as ConfigError).variable, 'UPSTREAM_URL');
    t.match((thrown as Error).message, `the demo sandbox (known passwords) would be served on ${host}`);
    t.match((thrown as Error).message, 'SANDBOX=true', 'and says how to have it anyway');
    t.equal(
      loadConfig({ HOST: host, SANDBOX: 'true' }).upstreamUrl,
      null,
      `${host} with SANDBOX=true: the sandbox runs`,
    );
  }
  t.equal(loadConfig({ HOST: '0.0.0.0', UPSTREAM_URL: 'http://backend:9999' }).upstreamUrl, 'http://backend:9999');
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
  [{ SANDBOX_UPLOAD_MAX_BYTES: '256MiB' }, 'SANDBOX_UPLOAD_MAX_BYTES'],
  [{ SANDBOX_UPLOAD_MAX_BYTES: '0' }, 'SANDBOX_UPLOAD_MAX_BYTES'],
  [{ SANDBOX_UPLOAD_TENANT_MAX_BYTES: '32m' }, 'SANDBOX_UPLOAD_TENANT_MAX_BYTES'],
  [{ SANDBOX_SEED: 'real' }, 'SANDBOX_SEED'],
  [{ PORT: '70000' }, 'PORT'],
  [{ UPSTREAM_URL: 'backend:9999' }, 'UPSTREAM_URL'],
  [{ UPSTREAM_URL: 'ftp://backend' }, 'UPSTREAM_URL'],
  [{ UPSTREAM_TIMEOUT_MS: '0' }, 'UPSTREAM_TIMEOUT_MS'],
  [{ TRUST_PROXY_HOPS: '-1' }, 'TRUST_PROXY_HOPS'],
  [{ TRUST_PROXY_HOPS: '1' }, 'TRUSTED_PROXIES'],
  [{ TRUSTED_PROXIES: '10.0.0.5,proxy.local' }, 'TRUSTED_PROXIES'],
  [{ TRUSTED_PROXIES: '10.1.0.0/40' }, 'TRUSTED_PROXIES'],
  [{ TRUSTED_PROXIES: '10.0.0.5', TRUST_PROXY_HOPS: '0' }, 'TRUST_PROXY_HOPS'],
  [{ HEADERS_TIMEOUT_MS: '10' }, 'HEADERS_TIMEOUT_MS'],
  [{ FIRST_BYTE_TIMEOUT_MS: '5s' }, 'FIRST_BYTE_TIMEOUT_MS'],
  [{ FIRST_BYTE_TIMEOUT_MS: '10' }, 'FIRST_BYTE_TIMEOUT_MS'],
  [{ IPV6_PREFIX_LENGTH: '0' }, 'IPV6_PREFIX_LENGTH'],
  [{ CLIENT_ERROR_REPORTS_PER_MINUTE: '0' }, 'CLIENT_ERROR_REPORTS_PER_MINUTE'],
  [{ BODY_BUFFER_TOTAL_BYTES: '128MiB' }, 'BODY_BUFFER_TOTAL_BYTES'],
  [{ BODY_BUFFER_TOTAL_BYTES: '65536', BODY_BUFFER_BYTES: '1048576' }, 'BODY_BUFFER_TOTAL_BYTES'],
  [{ MAX_RSS_BYTES: '1.5g' }, 'MAX_RSS_BYTES'],
  [{ MAX_HEAP_USED_BYTES: '-1' }, 'MAX_HEAP_USED_BYTES'],
  [{ IPV6_PREFIX_LENGTH: '129' }, 'IPV6_PREFIX_LENGTH'],
  [{ IPV6_PREFIX_LENGTH: '/64' }, 'IPV6_PREFIX_LENGTH'],
  [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  [{ LOG_FILE_MAX_SIZE: 'big' }, 'LOG_FILE_MAX_SIZE'],
  [{ PRODUCTION_HOSTS: 'erp.example.com/login' }, 'PRODUCTION_HOSTS'],
  [{ ALLOW_BACKEND_DOCS: 'maybe' }, 'ALLOW_BACKEND_DOCS'],
  [{ CLIENT_DIST_DIR: '/nonexistent/dist' }, 'CLIENT_DIST_DIR'],
  [{ SANDBOX: 'perhaps' }, 'SANDBOX'],
  [{ SANDBOX: 'true', UPSTREAM_URL: 'http://backend:9999' }, 'SANDBOX'],
  [{ SANDBOX: 'false' }, 'UPSTREAM_URL'],
  [{ LOGIN_MAX_FAILURES: 'five' }, 'LOGIN_MAX_FAILURES'],
  [{ LOGIN_MAX_FAILURES_PER_ADDRESS: '-1' }, 'LOGIN_MAX_FAILURES_PER_ADDRESS'],
  [{ LOGIN_FAILURE_WINDOW_MS: '10' }, 'LOGIN_FAILURE_WINDOW_MS'],
  [{ METRICS_PORT: '0' }, 'METRICS_PORT'],
  [{ METRICS_PORT: '3000' }, 'METRICS_PORT'],
  [{ REDIS_URL: 'http://:secret@redis:6379' }, 'REDIS_URL'],
  [{ MAX_CONNECTIONS: '0' }, 'MAX_CONNECTIONS'],
  [{ MAX_CONNECTIONS: 'many' }, 'MAX_CONNECTIONS'],
  [{ UPSTREAM_CONNECTIONS: '0' }, 'UPSTREAM_CONNECTIONS'],
  [{ BODY_STALL_TIMEOUT_MS: '5' }, 'BODY_STALL_TIMEOUT_MS'],
  [{ UPSTREAM_URL: 'http://backend:9999/jshERP-boot' }, 'UPSTREAM_URL'],
  [{ UPSTREAM_URL: 'http://backend:9999/jshERP-boot/' }, 'UPSTREAM_URL'],
  [{ REDIS_URL: 'redis://redis:70000/1' }, 'REDIS_URL'],
  [{ REDIS_URL: 'redis://redis:0' }, 'REDIS_URL'],
  [{ REDIS_URL: 'redis://redis:port' }, 'REDIS_URL'],
  [{ REDIS_URL: 'redis://redis:6379/sessions' }, 'REDIS_URL'],
  [{ REDIS_URL: 'redis://:6379' }, 'REDIS_URL'],
  [{ LOG_FILE_MAX_SIZE: '100' }, 'LOG_FILE_MAX_SIZE'],
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

t.test('SANDBOX_UPLOAD_MAX_BYTES: 256 MiB unless set', async (t) => {
  t.equal(loadConfig({}).sandboxUploadMaxBytes, 256 * 1024 * 1024);
  t.equal(loadConfig({ SANDBOX_UPLOAD_MAX_BYTES: '1048576' }).sandboxUploadMaxBytes, 1048576);
});

t.test('a bad REDIS_URL is named without the password it carries', async (t) => {
  for (const value of ['http://:s3cret-pw@redis:6379/1', 'redis://:s3cret-pw@redis:70000/1']) {
    t.throws(() => loadConfig({ REDIS_URL: value }), { message: /^REDIS_URL: .*\/\/…@redis:(6379|70000)\/1'$/ });
    try {
      loadConfig({ REDIS_URL: value });
    } catch (err) {
      t.notMatch((err as Error).message, 's3cret-pw');
    }
  }
  t.equal(
    loadConfig({ REDIS_URL: 'rediss://:pw@redis:6380/15' }).redisUrl,
    'rediss://:pw@redis:6380/15',
    'a good one passes',
  );
  t.equal(loadConfig({ REDIS_URL: 'redis://redis' }).redisUrl, 'redis://redis', 'port and database may be left out');
});

t.test('UPSTREAM_URL with the context path is refused, saying what to give instead', async (t) => {
  t.throws(() => loadConfig({ UPSTREAM_URL: 'http://backend:9999/jshERP-boot/' }), {
    message:
      "UPSTREAM_URL: give the backend's base URL without /jshERP-boot (the gateway adds it), e.g. 'http://backend:9999'",
  });
  t.equal(
    loadConfig({ UPSTREAM_URL: 'http://proxy/erp/' }).upstreamUrl,
    'http://proxy/erp',
    'another path prefix passes',
  );
});

const refusedSandbox: [Record<string, string>, string] = [
  { HOST: '0.0.0.0', UPSTREAM_URL: '', SANDBOX: '' },
  'UPSTREAM_URL',
];

/** LOG_FILE values the process cannot append to: under a file, and (root passes permission bits) under sysfs. */
function unwritableLogFiles(): Array<[Record<string, string>, string]> {
  const dir = mkdtempSync(join(tmpdir(), 'config-logs-'));
  writeFileSync(join(dir, 'plain'), '');
  let locked = '/sys/gateway.log';
  if (process.getuid?.() !== 0) {
    mkdirSync(join(dir, 'locked'), { mode: 0o500 });
    locked = join(dir, 'locked', 'gateway.log');
  }
  return [
    [{ LOG_FILE: join(dir, 'plain', 'gateway.log') }, 'LOG_FILE'],
    [{ LOG_FILE: locked }, 'LOG_FILE'],
    [{ LOG_FILE: dir }, 'LOG_FILE'],
  ];
}

const startRefusals = (): Array<[Record<string, string>, string]> => [
  ...bad.slice(0, 5),
  refusedSandbox,
  [{ UPSTREAM_URL: 'http://backend:9999/jshERP-boot' }, 'UPSTREAM_URL'],
  [{ REDIS_URL: 'redis://:pw@redis:70000/1' }, 'REDIS_URL'],
  ...unwritableLogFiles().map(([env, v]): [Record<string, string>, string] => [
    { UPSTREAM_URL: 'http://127.0.0.1:9', ...env },
    v,
  ]),
];

t.test('the production start command prints one line and exits 1 on a bad value', async (t) => {
  // In parallel: each start loads the whole gateway before it reads its configuration.
  const runs = startRefusals().map(async ([env, variable]) => {
    const result = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, [join(PROJECT_ROOT, 'dist', 'server', 'server.js')], {
        env: productEnv(env),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      // 'close', not 'exit': the child's pipes may still hold its line when it exits.
      child.on('close', (code) => resolve({ code, stderr, stdout }));
    });
    return { env, variable, ...result };
  });
  for (const { env, variable, code, stderr, stdout } of await Promise.all(runs)) {
    const shown = JSON.stringify(env);
    t.equal(code, 1, `${shown}: exit code 1`);
    const lines = stderr.trim().split('\n');
    t.equal(lines.length, 1, `${shown}: exactly one line (${lines[0]})`);
    t.match(lines[0], new RegExp(`^config error: ${variable}: `), `${shown}: names the variable`);
    t.equal(stdout, '', 'nothing on stdout');
  }
});
