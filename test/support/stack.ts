// Helpers to run the gateway in tests.
//   buildTestApp(overrides, options)  – the app in-process for app.inject() (no listening); close it in t.teardown.
//                                       Defaults: a fixture shell bundle (fixtureDist()), log level silent,
//                                       upstream http://127.0.0.1:9 unless overridden (point it at a fake upstream).
//   listenTestApp(overrides)          – the same, listening on 127.0.0.1:0; returns { app, url }.
//   startGatewayProcess(env)          – the production start command `node dist/server/server.js` as a child
//                                       process on PORT=0/HOST=127.0.0.1 in productEnv() (without tap's hooks;
//                                       needs `npm run build` first); resolves once the `gateway listening` log
//                                       line names the URL. stop(signal) resolves the exit;
//                                       on the sandbox it first judges every call made (test/support/wire-guard.ts).
//   captureLogs()                     – a stream collecting log lines: buildTestApp({ logLevel: 'trace' }, { logStream }).
//   fixtureDist()                     – a temp dir shaped like client/dist: index.html with the <!--app-config-->
//                                       marker, a hashed asset with .br/.gz siblings, a root file (favicon.ico).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import { parseClockStart } from '../../server/lib/clock-start.js';
import { assertBackendAccepts, readCallLog } from './wire-guard.js';
import { upstreamEnv } from './backend.js';

export const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');
/**
 * The moment every sandbox of the suite starts at: `SANDBOX_CLOCK` (the date guard's files move it,
 * test/support/moved-clock.ts), else the real time. Gateways started as processes read the same variable themselves.
 */
export const SANDBOX_CLOCK = parseClockStart(process.env.SANDBOX_CLOCK);
const LOADED_AT = Date.now();
/**
 * The moment a browser's clock is set to when SANDBOX_CLOCK moves the sandboxes' clocks: a few seconds behind them (they
 * start after this module loads), so nothing the browser dates lies in their future; undefined for the real time.
 */
export function browserClock(): Date | undefined {
  return SANDBOX_CLOCK && new Date(SANDBOX_CLOCK.getTime() + (Date.now() - LOADED_AT) - 5_000);
}

export const FIXTURE_ASSET = '/assets/app-Dq3x9Zk1.js';
/** The uncompressed content of FIXTURE_ASSET (tests compare decoded bodies with it). */
export const FIXTURE_ASSET_BODY = `/* fixture bundle */\n${'console.log("jshERP shell fixture");\n'.repeat(80)}`;
export const FIXTURE_INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <!--app-config-->
    <title>placeholder</title>
    <script type="module" crossorigin src="${FIXTURE_ASSET}"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let fixtureDir: string | null = null;

export function fixtureDist(): string {
  if (fixtureDir) return fixtureDir;
  const dir = mkdtempSync(join(tmpdir(), 'gateway-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), FIXTURE_INDEX_HTML);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(FIXTURE_INDEX_HTML));
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(FIXTURE_INDEX_HTML));
  const asset = join(dir, FIXTURE_ASSET.slice(1));
  writeFileSync(asset, FIXTURE_ASSET_BODY);
  writeFileSync(`${asset}.br`, brotliCompressSync(FIXTURE_ASSET_BODY));
  writeFileSync(`${asset}.gz`, gzipSync(FIXTURE_ASSET_BODY));
  writeFileSync(join(dir, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
  fixtureDir = dir;
  return dir;
}

/** A validated Config from environment-style values, then typed overrides, for tests. */
export function testConfig(overrides: Partial<Config> = {}, env: Record<string, string> = {}): Config {
  return {
    ...loadConfig({ UPSTREAM_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'silent', CLIENT_DIST_DIR: fixtureDist(), ...env }),
    ...overrides,
  };
}

export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: BuildAppOptions & { env?: Record<string, string> } = {},
): Promise<FastifyInstance> {
  const { env, ...buildOptions } = options;
  // The test process shares its event loop with tap and tsx, so load shedding is off unless a test
  // sets its own thresholds (test/server/plugins/under-pressure.test.ts does).
  buildOptions.underPressure ??= { maxEventLoopDelay: 0, maxEventLoopUtilization: 0 };
  const app = await buildApp(testConfig(overrides, env), buildOptions);
  await app.ready();
  return app;
}

/** buildTestApp, listening on a loopback port: for tests that need real sockets (keep-alive, aborts, bytes). */
export async function listenTestApp(
  overrides: Partial<Config> = {},
  options: BuildAppOptions & { env?: Record<string, string> } = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildTestApp(overrides, options);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { app, url: `http://127.0.0.1:${address.port}` };
}

/** A log destination that keeps every line: pass `stream` as buildTestApp's logStream (with logLevel set). */
export function captureLogs(): { stream: Writable; text(): string; lines(): Array<Record<string, unknown>> } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  return {
    stream,
    text: () => text,
    lines: () =>
      text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/**
 * The environment a spawned gateway gets: this process's, without what tap adds for its own children (NODE_OPTIONS
 * loads its process-info hook into every module load: a gateway started in 1.5 s with it, 0.95 s without; TAP_* and
 * _TAPJS_*), so a spawned gateway starts as it would in production.
 */
export function productEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const own = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => key !== 'NODE_OPTIONS' && !key.startsWith('TAP') && !key.startsWith('_TAPJS'),
    ),
  );
  return { ...own, ...env };
}

export interface GatewayProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout then stderr interleaved as received). */
  output(): string;
  /** Sends the signal (default SIGTERM) and resolves with the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startGatewayProcess(
  env: Record<string, string> = {},
  options: { timeoutMs?: number; wireGuard?: boolean } = {},
): Promise<GatewayProcess> {
  // The tests' backend (test/support/backend.ts): the embedded sandbox unless TEST_UPSTREAM_URL names one; a test
  // that sets UPSTREAM_URL itself (a fake backend) keeps it.
  if (!env.UPSTREAM_URL) env = { ...upstreamEnv(), ...env };
  // On the sandbox, its calls are recorded and judged once the process has exited (the wire guard): stop() throws,
  // naming each call jshERP-boot would refuse. Tests that send such calls on purpose pass wireGuard: false.
  const onSandbox = !env.UPSTREAM_URL && (options.wireGuard ?? true);
  const callLog = onSandbox ? join(mkdtempSync(join(tmpdir(), 'sandbox-calls-')), 'calls.jsonl') : null;
  if (callLog) env = { ...env, SANDBOX_CALL_LOG: callLog };
  if (env.LOG_LEVEL && !['info', 'debug', 'trace'].includes(env.LOG_LEVEL)) {
    throw new Error(
      'startGatewayProcess waits for the info-level `gateway listening` line: LOG_LEVEL must be info, debug or trace',
    );
  }
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'dist', 'server', 'server.js')], {
    cwd: PROJECT_ROOT,
    env: productEnv({ PORT: '0', HOST: '127.0.0.1', LOG_FILE: '', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.on('exit', (code, signal) => done({ code, signal }));
  });
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`gateway did not start within ${options.timeoutMs ?? 30_000} ms:\n${output}`)),
      options.timeoutMs ?? 30_000,
    );
    let pending = '';
    let found = false;
    const onData = (chunk: Buffer): void => {
      const text = chunk.toString('utf8');
      output += text;
      if (found) return;
      // Only complete lines are parsed, each once.
      const lines = (pending + text).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.includes('gateway listening')) continue;
        try {
          const parsed = JSON.parse(line) as { url?: string };
          if (parsed.url) {
            found = true;
            clearTimeout(timer);
            done(parsed.url);
            return;
          }
        } catch {
          // not a JSON log line (pretty output is only used on a TTY)
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      fail(new Error(`gateway exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  return {
    url,
    child,
    exited,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const exit = await exited;
      if (callLog) assertBackendAccepts(readCallLog(callLog), 'the calls to this gateway process');
      return exit;
    },
  };
}
