// /healthz answers while the process lives; /readyz reflects whether the backend answers, probing it at most once
// per READY_CACHE_MS and logging the real cause of a failure.
import t from 'tap';
import { GATEWAY_MESSAGES } from '../../../shared/error-envelope.js';
import { READINESS_PATH, READY_CACHE_MS } from '../../../server/plugins/health.js';
import { buildTestApp, captureLogs } from '../../support/stack.js';
import { startFakeUpstream, json, refusedUrl, hang } from '../../support/fake-upstream.js';

t.test('healthz and readyz with the upstream up', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/platformConfig/getPlatform/name', json(200, '管伊佳ERP'));
  const app = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());
  const health = await app.inject({ url: '/healthz' });
  t.equal(health.statusCode, 200);
  t.same(health.json(), { status: 'ok' });
  const ready = await app.inject({ url: '/readyz' });
  t.equal(ready.statusCode, 200);
  t.same(ready.json(), { status: 'ready' });
  t.equal(ready.headers['cache-control'], 'no-store');
});

t.test('readyz is 503 with the envelope when the upstream is down or hangs; healthz stays 200', async (t) => {
  const down = await buildTestApp({ upstreamUrl: await refusedUrl() });
  t.teardown(() => down.close());
  const ready = await down.inject({ url: '/readyz' });
  t.equal(ready.statusCode, 503);
  t.same(ready.json(), {
    code: 503,
    data: { message: GATEWAY_MESSAGES.upstreamUnreachable },
    requestId: ready.headers['x-request-id'],
  });
  t.equal((await down.inject({ url: '/healthz' })).statusCode, 200);

  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/platformConfig/getPlatform/name', hang());
  const hanging = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => hanging.close());
  t.equal(
    (await hanging.inject({ url: '/readyz' })).statusCode,
    503,
    'a hanging upstream is not ready (short timeout)',
  );
});

t.test('readyz probes the backend once per READY_CACHE_MS, however many ask, and probes again after it', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on(`GET ${READINESS_PATH}`, json(200, '管伊佳ERP'));
  const app = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());
  const answers = await Promise.all(Array.from({ length: 10 }, () => app.inject({ url: '/readyz' })));
  t.same(
    answers.map((a) => a.statusCode),
    Array(10).fill(200),
    'ten probes at once: all ready',
  );
  for (let i = 0; i < 10; i++) t.equal((await app.inject({ url: '/readyz' })).statusCode, 200);
  t.equal(upstream.count(READINESS_PATH), 1, 'twenty probes within the window cost the backend one request');
  // Once the window has passed, the next probe asks the backend again.
  const started = performance.now();
  while (upstream.count(READINESS_PATH) < 2) {
    t.equal((await app.inject({ url: '/readyz' })).statusCode, 200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (performance.now() - started > 10 * READY_CACHE_MS) break;
  }
  t.equal(upstream.count(READINESS_PATH), 2, 'a probe after the window asks again');
});

t.test('a failed readyz probe logs its real cause, once per probe', async (t) => {
  const logs = captureLogs();
  const down = await buildTestApp({ upstreamUrl: await refusedUrl(), logLevel: 'info' }, { logStream: logs.stream });
  t.teardown(() => down.close());
  for (let i = 0; i < 5; i++) t.equal((await down.inject({ url: '/readyz' })).statusCode, 503);
  const notReady = logs.lines().filter((l) => l.msg === 'upstream not ready');
  t.equal(notReady.length, 1, 'one line for the one probe');
  t.equal(notReady[0]?.upstreamError, 'ECONNREFUSED', 'the cause, not `fetch failed`');
  t.match(notReady[0]?.cause, /ECONNREFUSED 127\.0\.0\.1:\d+/);

  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on(`GET ${READINESS_PATH}`, json(503, { status: 503 }));
  const failing = await buildTestApp({ upstreamUrl: upstream.url, logLevel: 'info' }, { logStream: logs.stream });
  t.teardown(() => failing.close());
  t.equal((await failing.inject({ url: '/readyz' })).statusCode, 503);
  const answered = logs
    .lines()
    .filter((l) => l.msg === 'upstream not ready')
    .at(-1);
  t.equal(answered?.upstreamError, 'HTTP_503');
  t.equal(answered?.cause, 'the backend answered HTTP 503');
});
