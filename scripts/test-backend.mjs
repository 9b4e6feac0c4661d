// npm run test:backend — the contract suite and the browser journeys against a running jshERP-boot, file by file,
// printing what passed, what failed and what does not apply there (a test that needs the sandbox says so).
//
//   TEST_UPSTREAM_URL=http://127.0.0.1:9999 npm run test:backend                 # every contract and e2e file
//   TEST_UPSTREAM_URL=http://127.0.0.1:9999 npm run test:backend -- test/e2e/tabs.test.ts
//
// The backend may already hold data: the tests make their own records, named `<run id>-…`, and compare only those.
// The files run one at a time, their gateways sharing one Redis when redis-server is installed, so that their writes
// are paced together as one user's replicas would be (the backend ends a user's sessions on two writes of one module
// in one second, whichever gateway sent them). Needs `npm run build` first (the journeys start the built gateway).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const NOT_APPLICABLE = 'not applicable on a real backend:';

function fail(message) {
  console.error(`test:backend: ${message}`);
  process.exit(2);
}

const upstream = process.env.TEST_UPSTREAM_URL?.replace(/\/+$/, '');
if (!upstream)
  fail('set TEST_UPSTREAM_URL to the backend’s base URL (without /jshERP-boot), e.g. http://127.0.0.1:9999');
if (!existsSync(join(ROOT, 'dist/server/server.js')) || !existsSync(join(ROOT, 'client/dist/index.html')))
  fail('the built gateway and shell are missing: run `npm run build` first');
try {
  const answer = await fetch(`${upstream}/jshERP-boot/platformConfig/getPlatform/name`, {
    signal: AbortSignal.timeout(5_000),
  });
  if (!answer.ok) fail(`${upstream} answers HTTP ${answer.status} to /jshERP-boot/platformConfig/getPlatform/name`);
} catch (error) {
  fail(`${upstream} does not answer (${error.cause?.code ?? error.message})`);
}

const listed = (folder) =>
  readdirSync(join(ROOT, folder))
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => `${folder}/${name}`);
const files = process.argv.slice(2).length
  ? process.argv.slice(2).map((file) => relative(ROOT, resolve(file)))
  : [...listed('test/contract'), ...listed('test/e2e')];

async function freePort() {
  const server = net.createServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

const runId = process.env.TEST_RUN_ID ?? `T${Date.now().toString(36)}`;
const env = { ...process.env, TEST_UPSTREAM_URL: upstream, TEST_RUN_ID: runId };
let redis = null;
if (existsSync('/usr/bin/redis-server')) {
  const port = await freePort();
  redis = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
    stdio: 'ignore',
  });
  env.TEST_REDIS_URL = `redis://127.0.0.1:${port}`;
  await new Promise((done) => setTimeout(done, 300));
}

// Each file marks its records with the run's id and its own letters (`<run id><file>-…`): every file counts its
// names from 1, and two files' `<run id>-客户2` would be one name (a second 客户 of a name is refused, 301).
function runFile(file, index) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(join(ROOT, 'node_modules/.bin/tap'), ['--jobs=1', '--timeout=900', file], {
      cwd: ROOT,
      env: { ...env, TEST_RUN_ID: `${runId}${index.toString(36)}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const summary = [...output.matchAll(/# \{ total: (\d+), pass: (\d+)(?:, fail: (\d+))?/g)].at(-1);
      const reasons = [...new Set([...output.matchAll(new RegExp(`# ${NOT_APPLICABLE} (.*)`, 'g'))].map((m) => m[1]))];
      const failures = [...output.matchAll(/^\s*not ok \d+ - (.*)$/gm)].map((m) => m[1]).slice(0, 5);
      done({
        file,
        seconds: Math.round((Date.now() - started) / 1000),
        total: Number(summary?.[1] ?? 0),
        passed: Number(summary?.[2] ?? 0),
        failed: Number(summary?.[3] ?? 0) || (code !== 0 && !summary ? 1 : 0),
        notApplicable: reasons,
        failures,
        output,
      });
    });
  });
}

const results = [];
console.log(`test:backend against ${upstream}, run ${runId}, ${files.length} files\n`);
for (const [index, file] of files.entries()) {
  const result = await runFile(file, index);
  results.push(result);
  const outcome =
    result.failed > 0
      ? `FAILED ${result.failed}`
      : result.total === 0 && result.notApplicable.length > 0
        ? 'n/a'
        : 'passed';
  const note = result.notApplicable.length ? `  n/a: ${result.notApplicable.join('; ')}` : '';
  console.log(
    `${outcome.padEnd(10)} ${String(result.passed).padStart(4)}/${String(result.total).padEnd(4)} ${file} (${result.seconds} s)${note}`,
  );
  for (const failure of result.failures) console.log(`             not ok - ${failure}`);
}
redis?.kill('SIGTERM');

const failed = results.filter((r) => r.failed > 0);
const notApplicable = results.filter((r) => r.failed === 0 && r.total === 0 && r.notApplicable.length > 0);
console.log(
  `\n${results.length - failed.length - notApplicable.length} passed, ${failed.length} failed, ${notApplicable.length} not applicable`,
);
console.log(
  `Left behind on the backend: the records this run made, named ${runId}…-… (partners, depots, accounts, persons,` +
    ' units, products, bills and receipts; users it added are deleted again).',
);
mkdirSync(join(ROOT, 'test-results'), { recursive: true });
writeFileSync(
  join(ROOT, 'test-results', 'backend-run.json'),
  JSON.stringify({ upstream, runId, results: results.map(({ output: _output, ...rest }) => rest) }, null, 2),
);
for (const result of failed)
  writeFileSync(join(ROOT, 'test-results', `${result.file.replaceAll('/', '_')}.log`), result.output);
process.exit(failed.length > 0 ? 1 : 0);
