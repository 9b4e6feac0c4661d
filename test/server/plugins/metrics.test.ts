// Prometheus metrics: requests by route class and status, durations, upstream errors by cause, the upstream pool,
// open connections and the notices' sockets and watches — read from the separate metrics listener's /metrics, with
// bounded labels that never carry a path, token or user.
import { readFileSync } from 'node:fs';
import { connect as netConnect, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { buildMetricsServer, routeClass } from '../../../server/plugins/metrics.js';
import type { UpstreamPoolStats } from '../../../server/lib/upstream-pool.js';
import { FIXTURE_ASSET, PROJECT_ROOT, buildTestApp, captureLogs, listenTestApp } from '../../support/stack.js';
import { startFakeUpstream, json, refusedUrl, loginOut, emptyServerError } from '../../support/fake-upstream.js';
import { connect, login, startUpstream, until } from './notices/helpers.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrape(app: FastifyInstance): Promise<{
  text: string;
  samples: Sample[];
  value(name: string, labels?: Record<string, string>): number | undefined;
}> {
  const server = await buildMetricsServer(app.metricsRegistry);
  const response = await server.inject({ url: '/metrics' });
  await server.close();
  if (response.statusCode !== 200) throw new Error(`/metrics answered ${response.statusCode}`);
  if (!String(response.headers['content-type']).startsWith('text/plain; version=0.0.4'))
    throw new Error('not the Prometheus text format');
  const samples = parse(response.body);
  return {
    text: response.body,
    samples,
    value: (name, labels = {}) =>
      samples.find(
        (s) =>
          s.name === name &&
          Object.entries(labels).every(([k, v]) => s.labels[k] === v) &&
          Object.keys(s.labels).length === Object.keys(labels).length,
      )?.value,
  };
}

t.test('route classes come from the path alone', async (t) => {
  t.equal(routeClass('/healthz'), 'health');
  t.equal(routeClass('/readyz?x=1'), 'health');
  t.equal(routeClass('/jshERP-boot/websocket/63'), 'websocket');
  t.equal(routeClass('/jshERP-boot/user/login'), 'api');
  t.equal(routeClass('/jshERP-boot'), 'api');
  t.equal(routeClass('/gateway/notices'), 'broadcast');
  t.equal(routeClass('/gateway/client-errors'), 'client-errors', 'crash reports are not the page');
  t.equal(routeClass('/assets/app-1.js'), 'asset');
  t.equal(routeClass('/favicon.ico'), 'asset');
  t.equal(routeClass('/'), 'page');
  t.equal(routeClass('/index.html'), 'page');
  t.equal(routeClass('/system/user?tab=1'), 'page');
});

t.test('requests by route class and status, durations and upstream errors', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/platformConfig/getPlatform/name', json(200, 'ERP'));
  upstream.on('GET /jshERP-boot/platformConfig/getPlatform/url', json(200, '#'));
  upstream.on('GET /jshERP-boot/depot/list', json(200, { code: 200, data: [] }));
  const app = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());
  const token = '9b1deb4d3b7d4bad9bdd2b0d7b3dcb6d_63';

  await app.inject({ url: '/healthz' });
  await app.inject({ url: '/healthz' });
  await app.inject({ url: '/' });
  await app.inject({ url: '/system/user' });
  await app.inject({ url: FIXTURE_ASSET });
  await app.inject({ url: '/assets/missing-1.js' });
  await app.inject({ url: `/jshERP-boot/depot/list?token=${token}`, headers: { 'x-access-token': token } });
  await app.inject({ url: `/jshERP-boot/websocket/${token}` });
  await app.inject({ url: '/jshERP-boot/user;jsessionid=x/list' });

  const down = await buildTestApp({ upstreamUrl: await refusedUrl() });
  t.teardown(() => down.close());
  await down.inject({ url: '/jshERP-boot/depot/list' });

  const metrics = await scrape(app);
  const requests = (route: string, status: string) => metrics.value('gateway_http_requests_total', { route, status });
  t.equal(requests('health', '200'), 2);
  t.equal(requests('page', '200'), 2);
  t.equal(requests('asset', '200'), 1);
  t.equal(requests('asset', '404'), 1);
  t.equal(requests('api', '200'), 1);
  t.equal(requests('api', '400'), 1, 'refused by the path guard');
  t.equal(requests('websocket', '426'), 1, 'a plain GET to the socket');
  t.equal(metrics.value('gateway_http_request_duration_seconds_count', { route: 'api', status: '200' }), 1);
  t.ok((metrics.value('gateway_http_request_duration_seconds_sum', { route: 'api', status: '200' }) ?? -1) >= 0);
  t.equal(
    metrics.value('gateway_upstream_errors_total', { cause: 'ECONNREFUSED' }),
    undefined,
    'this app had no upstream error',
  );
  t.ok(
    metrics.value('process_resident_memory_bytes') !== undefined ||
      metrics.value('nodejs_heap_size_used_bytes') !== undefined,
    'process metrics too',
  );

  const refused = await scrape(down);
  t.equal(
    refused.value('gateway_upstream_errors_total', { cause: 'ECONNREFUSED' }),
    1,
    'the refused backend, by cause',
  );
  t.equal(refused.value('gateway_http_requests_total', { route: 'api', status: '502' }), 1);
  t.equal(
    refused.value('gateway_http_requests_total', { route: 'health', status: '200' }),
    undefined,
    'each app its own registry',
  );

  t.test('labels are bounded: no path, token or address', async (t) => {
    t.notMatch(metrics.text, token.slice(0, 32));
    t.notMatch(metrics.text, '127.0.0.1');
    const names = new Set(['route', 'status', 'refusal', 'cause', 'le', 'limit', 'version', 'node']);
    const routes = new Set(['api', 'websocket', 'broadcast', 'client-errors', 'health', 'asset', 'page']);
    const unbounded = metrics.samples
      .filter((s) => s.name.startsWith('gateway_'))
      .flatMap((s) => Object.entries(s.labels).map(([key, value]) => ({ name: s.name, key, value })))
      .filter(
        ({ key, value }) =>
          !names.has(key) ||
          (key === 'route' && !routes.has(value)) ||
          (key === 'status' && !/^\d{3}$/.test(value)) ||
          (key === 'refusal' && value !== 'session'),
      );
    t.same(unbounded, [], 'only route classes, statuses, causes and buckets');
  });
});

t.test(
  'the backend’s session refusals and unknown paths are kept apart from its failures, and logged at info',
  async (t) => {
    const upstream = await startFakeUpstream();
    t.teardown(() => upstream.close());
    upstream.on('GET /jshERP-boot/platformConfig/getPlatform/name', json(200, 'ERP'));
    upstream.on('GET /jshERP-boot/platformConfig/getPlatform/url', json(200, '#'));
    upstream.on('GET /jshERP-boot/user/getUserSession', loginOut());
    upstream.on('GET /jshERP-boot/user/logout', emptyServerError());
    upstream.on(
      'GET /jshERP-boot/material/list',
      json(500, { timestamp: '2026-11-26', status: 500, error: 'Internal Server Error' }),
    );
    upstream.on('GET /jshERP-boot/depot/list', (_req, res) => {
      res.statusCode = 500;
      res.end('overload'); // as short as loginOut, no Content-Type, but not the filter's answer
    });
    const logs = captureLogs();
    const app = await buildTestApp({ upstreamUrl: upstream.url, logLevel: 'info' }, { logStream: logs.stream });
    t.teardown(() => app.close());

    for (let i = 0; i < 3; i++) {
      const expired = await app.inject({ url: '/jshERP-boot/user/getUserSession' });
      t.equal(expired.statusCode, 500, 'the client still gets the backend’s 500');
      t.equal(expired.body, 'loginOut', 'and its body');
    }
    const logout = await app.inject({ url: '/jshERP-boot/user/logout' });
    t.equal(logout.statusCode, 500);
    t.equal(logout.body, '');
    const unknown = await app.inject({ url: '/jshERP-boot/wp-login.php' });
    t.equal(unknown.statusCode, 404, 'an unknown path: Spring’s 404');
    t.equal((await app.inject({ url: '/jshERP-boot/material/list' })).statusCode, 500);
    const overload = await app.inject({ url: '/jshERP-boot/depot/list' });
    t.equal(overload.body, 'overload');

    const metrics = await scrape(app);
    const requests = (status: string) => metrics.value('gateway_http_requests_total', { route: 'api', status });
    t.equal(
      metrics.value('gateway_http_requests_total', { route: 'api', status: '500', refusal: 'session' }),
      4,
      'session refusals (loginOut, the empty 500 of a logout): their status, and refusal="session"',
    );
    t.equal(
      metrics.value('gateway_http_request_duration_seconds_count', { route: 'api', status: '500', refusal: 'session' }),
      4,
      'in the durations too',
    );
    t.notOk(
      metrics.samples.some((s) => s.labels.status === 'loginOut'),
      'no HTTP status label holds a word',
    );
    t.equal(requests('404'), 1, 'the unknown path as 404');
    t.equal(requests('500'), 2, 'only the backend’s real failures as 500 without refusal');

    const access = logs.lines().filter((l) => l.msg === 'request completed');
    const levelOf = (path: string) => access.filter((l) => l.path === path).map((l) => l.level);
    t.same(levelOf('/jshERP-boot/user/getUserSession'), ['info', 'info', 'info'], 'an expired session is info');
    t.same(levelOf('/jshERP-boot/user/logout'), ['info']);
    t.same(levelOf('/jshERP-boot/wp-login.php'), ['info'], 'a scanner’s unknown path is info');
    t.same(levelOf('/jshERP-boot/material/list'), ['warn'], 'a backend failure is warn');
    t.same(levelOf('/jshERP-boot/depot/list'), ['warn']);
    t.equal(
      access.find((l) => l.path === '/jshERP-boot/user/getUserSession')?.upstreamLoginOut,
      true,
      'the line says why',
    );
  },
);

t.test('the upstream pool, as the option reports it', async (t) => {
  let stats: UpstreamPoolStats | undefined = { size: 7, connected: 4, free: 1, pending: 2, queued: 3, running: 5 };
  const app = await buildTestApp({}, { metrics: { poolStats: () => stats } });
  t.teardown(() => app.close());
  let metrics = await scrape(app);
  t.same(
    ['up', 'connected', 'free', 'pending', 'queued', 'running', 'size'].map((f) =>
      metrics.value(`gateway_upstream_pool_${f}`),
    ),
    [1, 4, 1, 2, 3, 5, 7],
  );
  stats = undefined;
  metrics = await scrape(app);
  t.equal(metrics.value('gateway_upstream_pool_up'), 0, 'no pool: up 0');
  t.equal(metrics.value('gateway_upstream_pool_connected'), 0);

  const own = await buildTestApp({ upstreamConnections: 16 });
  t.teardown(() => own.close());
  const ownMetrics = await scrape(own);
  t.equal(ownMetrics.value('gateway_upstream_pool_up'), 1, "by default the gateway's own pool is read");
  t.equal(ownMetrics.value('gateway_upstream_pool_running'), 0, 'and nothing runs on it yet');
});

t.test('open connections, notices sockets and watched users', async (t) => {
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  const { app, url } = await listenTestApp(
    {},
    {
      env: { UPSTREAM_URL: upstream.url, NOTICE_POLL_MS: '300' },
      underPressure: { maxEventLoopDelay: 0, maxEventLoopUtilization: 0 },
    },
  );
  t.teardown(() => app.close());
  const gateway = { app, url, wsUrl: url.replace(/^http/, 'ws') };
  const jsh = await login(url, 'jsh');
  const first = connect(gateway, jsh.userId, { cookie: jsh.cookie });
  const second = connect(gateway, jsh.userId, { cookie: jsh.cookie });
  await Promise.all([first.next((m) => m.cmd === 'user'), second.next((m) => m.cmd === 'user')]);

  let metrics = await scrape(app);
  t.equal(metrics.value('gateway_notice_sockets'), 2);
  t.equal(metrics.value('gateway_notice_watched_users'), 1, 'one watch for two tabs');
  t.ok((metrics.value('gateway_open_connections') ?? 0) >= 2, 'the two sockets are open connections');
  t.equal(metrics.value('gateway_http_requests_total', { route: 'websocket', status: '101' }), 2, 'accepted upgrades');

  first.ws.close();
  second.ws.close();
  await Promise.all([first.closed, second.closed]);
  await until('the registry let go of both sockets', () => app.noticesStats().sockets === 0);
  metrics = await scrape(app);
  t.equal(metrics.value('gateway_notice_sockets'), 0);
  t.equal(metrics.value('gateway_notice_watched_users'), 0);
});

t.test('/metrics is not on the public port', async (t) => {
  const app = await buildTestApp();
  t.teardown(() => app.close());
  const response = await app.inject({ url: '/metrics' });
  t.notMatch(response.body, 'gateway_http_requests_total');
});

t.test('idle connections to the metrics listener are capped and end, so a scrape gets through after', async (t) => {
  const app = await buildTestApp();
  t.teardown(() => app.close());
  const server = await buildMetricsServer(app.metricsRegistry, undefined, { maxConnections: 4, idleTimeoutMs: 500 });
  await server.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => server.close());
  const { port } = server.server.address() as AddressInfo;
  // Silent connections that keep their own side open: only the listener can end them.
  let closedByServer = 0;
  const silent = await Promise.all(
    Array.from(
      { length: 12 },
      () =>
        new Promise<Socket>((resolve) => {
          const socket = netConnect({ port, host: '127.0.0.1', allowHalfOpen: true });
          // The listener's FIN (allowHalfOpen keeps this side open, so no 'close') or its reset.
          let ended = false;
          const end = (): void => {
            if (!ended) closedByServer++;
            ended = true;
          };
          socket.on('error', end);
          socket.once('end', end);
          socket.once('connect', () => resolve(socket));
        }),
    ),
  );
  t.teardown(() => silent.forEach((socket) => socket.destroy()));
  let held = Infinity;
  server.server.getConnections((_err, count) => (held = count));
  await until('the connection count was read', () => held !== Infinity);
  t.ok(held <= 4, `no more connections held than the cap (${held})`);
  await until('every silent connection was ended by the listener', () => closedByServer === silent.length, 10_000);
  const scraped = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5_000) });
  t.equal(scraped.status, 200, 'a scrape is served once the idle connections are gone');
});

t.test('build info: the gateway’s version and Node’s, value 1', async (t) => {
  const app = await buildTestApp({ upstreamUrl: await refusedUrl() });
  t.teardown(() => app.close());
  const metrics = await scrape(app);
  const version = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  t.equal(metrics.value('gateway_build_info', { version, node: process.versions.node }), 1);
});

t.test('crash reports count as route="client-errors", and the ones dropped by the limit they met', async (t) => {
  const app = await buildTestApp({ upstreamUrl: await refusedUrl(), clientErrorReportsPerMinute: 3 });
  t.teardown(() => app.close());
  const report = { message: 'TypeError: x', path: '/system/user', userAgent: 'test', release: 'index-1.js' };
  const send = (remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/gateway/client-errors', payload: report, remoteAddress });
  for (let i = 0; i < 12; i++) await send('10.0.0.1');
  for (let i = 0; i < 2; i++) await send('10.0.0.2');
  const metrics = await scrape(app);
  t.equal(metrics.value('gateway_http_requests_total', { route: 'client-errors', status: '204' }), 3);
  t.equal(metrics.value('gateway_http_requests_total', { route: 'client-errors', status: '429' }), 11);
  t.equal(metrics.value('gateway_http_requests_total', { route: 'page', status: '204' }), undefined, 'not the page');
  t.equal(metrics.value('gateway_client_error_reports_dropped_total', { limit: 'total' }), 9, 'over all addresses’ 3');
  t.equal(metrics.value('gateway_client_error_reports_dropped_total', { limit: 'address' }), 2, 'over one’s 10');
});
