// The production start command (`node dist/server/server.js`) as a child process: it serves the page
// and the proxy, logs `gateway listening`, and shuts down gracefully on SIGTERM.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import t from 'tap';
import { PROJECT_ROOT, fixtureDist, startGatewayProcess } from '../support/stack.js';
import { startFakeUpstream, json, delay, loginOut } from '../support/fake-upstream.js';
import { freePort } from './plugins/notices/redis.js';

t.test('serves the page and proxies to a real upstream process', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/user/getUserSession', loginOut());
  const gateway = await startGatewayProcess({
    UPSTREAM_URL: upstream.url,
    CLIENT_DIST_DIR: fixtureDist(),
    SYSTEM_TITLE: '测试ERP',
    WEBSITE_URL: 'https://example.com',
  });
  t.teardown(() => gateway.stop('SIGKILL'));
  t.match(gateway.url, /^http:\/\/127\.0\.0\.1:\d+$/);

  const page = await fetch(`${gateway.url}/system/user`);
  t.equal(page.status, 200);
  t.match(await page.text(), '<title>测试ERP</title>');
  const expired = await fetch(`${gateway.url}/jshERP-boot/user/getUserSession`);
  t.equal(expired.status, 500);
  t.equal(await expired.text(), 'loginOut');
  const health = await fetch(`${gateway.url}/healthz`);
  t.equal(health.status, 200);

  const listening = gateway
    .output()
    .split('\n')
    .filter((l) => l.includes('gateway listening'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)[0];
  t.equal(listening?.url, gateway.url, 'the listening line carries the url');
  const exit = await gateway.stop('SIGTERM');
  t.equal(exit.code, 0, 'SIGTERM exits 0');
});

t.test('SIGTERM during a slow request lets it finish, refuses new work, exits 0', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/report/slow', delay(800, json(200, { code: 200, data: 'done' })));
  const gateway = await startGatewayProcess({
    UPSTREAM_URL: upstream.url,
    CLIENT_DIST_DIR: fixtureDist(),
    SYSTEM_TITLE: 'T',
    WEBSITE_URL: 'https://example.com',
    SHUTDOWN_GRACE_MS: '10000',
  });
  t.teardown(() => gateway.stop('SIGKILL'));

  const slow = fetch(`${gateway.url}/jshERP-boot/report/slow`).then(async (r) => ({
    status: r.status,
    body: await r.text(),
  }));
  while (upstream.count('/jshERP-boot/report/slow') === 0) await new Promise((r) => setTimeout(r, 10));
  gateway.child.kill('SIGTERM');
  const answered = await slow;
  t.equal(answered.status, 200, 'the in-flight request finished');
  t.equal(answered.body, '{"code":200,"data":"done"}');
  const exit = await gateway.exited;
  t.equal(exit.code, 0);
  t.match(gateway.output(), '"msg":"shutting down"');
  const refused = await fetch(`${gateway.url}/healthz`).then(
    () => 'answered',
    () => 'refused',
  );
  t.equal(refused, 'refused', 'no longer accepting connections');
});

t.test('without UPSTREAM_URL the gateway runs on the sandbox upstream and prints the demo logins', async (t) => {
  const gateway = await startGatewayProcess({
    UPSTREAM_URL: '',
    CLIENT_DIST_DIR: fixtureDist(),
    SANDBOX_CAPTCHA: 'false',
  });
  t.teardown(() => gateway.stop('SIGKILL'));
  for (let i = 0; i < 100 && !gateway.output().includes('123456'); i++) await new Promise((r) => setTimeout(r, 50));
  const output = gateway.output();
  t.match(output, gateway.url, 'the URL is printed');
  for (const login of ['admin', 'jsh', 'test123', '123456']) t.match(output, login);
  const name = await fetch(`${gateway.url}/jshERP-boot/platformConfig/getPlatform/name`);
  t.equal(name.status, 200, 'the sandbox answers through the proxy');
  const expired = await fetch(`${gateway.url}/jshERP-boot/user/getUserSession`);
  t.equal(expired.status, 500);
  t.equal(await expired.text(), 'loginOut', 'with the real backend’s expired-session answer');
  const ready = await fetch(`${gateway.url}/readyz`);
  t.equal(ready.status, 200);
  const exit = await gateway.stop('SIGINT');
  t.equal(exit.code, 0, 'SIGINT (Ctrl-C) shuts down gracefully too, sandbox included');
});

t.test('LOG_FILE: the same JSON lines also go to a size-rotated file, LOG_FILE_KEEP old files kept', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  const dir = mkdtempSync(join(tmpdir(), 'gateway-logs-'));
  const gateway = await startGatewayProcess({
    UPSTREAM_URL: upstream.url,
    CLIENT_DIST_DIR: fixtureDist(),
    SYSTEM_TITLE: 'T',
    WEBSITE_URL: 'https://example.com',
    LOG_FILE: join(dir, 'gateway.log'),
    LOG_FILE_MAX_SIZE: '2k',
    LOG_FILE_KEEP: '2',
  });
  t.teardown(() => gateway.stop('SIGKILL'));
  for (let i = 0; i < 40; i++) await fetch(`${gateway.url}/route-${i}`).then((r) => r.arrayBuffer());
  t.equal((await gateway.stop('SIGTERM')).code, 0);

  const files = readdirSync(dir).sort();
  t.same(files, ['gateway.1.log', 'gateway.2.log', 'gateway.log'], 'the current file and LOG_FILE_KEEP old ones');
  const lines = files
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  t.ok(
    lines.some((l) => l.msg === 'request completed' && l.path === '/route-39'),
    'the latest requests are in the files',
  );
  const current = readFileSync(join(dir, 'gateway.log'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  t.equal(current.at(-1)?.msg, 'closed', 'the current file ends with the shutdown');
});

t.test('METRICS_PORT opens the Prometheus listener beside the gateway, on loopback by default', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/depot/list', json(200, { code: 200, data: [] }));
  const metricsPort = await freePort();
  const gateway = await startGatewayProcess({
    UPSTREAM_URL: upstream.url,
    CLIENT_DIST_DIR: fixtureDist(),
    SYSTEM_TITLE: 'T',
    WEBSITE_URL: 'https://example.com',
    METRICS_PORT: String(metricsPort),
  });
  t.teardown(() => gateway.stop('SIGKILL'));
  t.equal((await fetch(`${gateway.url}/jshERP-boot/depot/list`)).status, 200);

  const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  t.equal(metrics.status, 200);
  t.match(metrics.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
  t.match(
    await metrics.text(),
    /^gateway_http_requests_total\{route="api",status="200"\} 1$/m,
    'the proxied call is counted',
  );
  t.match(gateway.output(), `"url":"http://127.0.0.1:${metricsPort}/metrics","msg":"metrics listening"`);

  const exit = await gateway.stop('SIGTERM');
  t.equal(exit.code, 0, 'SIGTERM closes both listeners and exits 0');
  await t.rejects(fetch(`http://127.0.0.1:${metricsPort}/metrics`), 'the metrics listener is closed');
});

t.test(
  'the production start loads no devDependency (pino-pretty is one): it runs on what the image installs',
  async (t) => {
    const upstream = await startFakeUpstream();
    t.teardown(() => upstream.close());
    upstream.on('GET /jshERP-boot/user/getUserSession', loginOut());
    const productionInstall = join(PROJECT_ROOT, 'test', 'support', 'production-install.mjs');
    const gateway = await startGatewayProcess({
      UPSTREAM_URL: upstream.url,
      CLIENT_DIST_DIR: fixtureDist(),
      SYSTEM_TITLE: 'T',
      WEBSITE_URL: 'https://example.com',
      NODE_ENV: 'production',
      NODE_OPTIONS: `--import=${pathToFileURL(productionInstall).href}`,
      LOG_FILE: join(mkdtempSync(join(tmpdir(), 'gateway-logs-')), 'gateway.log'),
    });
    t.teardown(() => gateway.stop('SIGKILL'));
    t.equal((await fetch(`${gateway.url}/system/user`)).status, 200, 'the page');
    t.equal(await (await fetch(`${gateway.url}/jshERP-boot/user/getUserSession`)).text(), 'loginOut', 'the proxy');
    t.equal((await gateway.stop('SIGTERM')).code, 0);
    t.notMatch(gateway.output(), 'ERR_MODULE_NOT_FOUND');
    const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    t.ok(pkg.devDependencies?.['pino-pretty'] && !pkg.dependencies?.['pino-pretty'], 'pino-pretty is a devDependency');
    t.notOk(pkg.dependencies?.['pino-roll'], 'pino-roll (and its date-fns) is gone');
  },
);
