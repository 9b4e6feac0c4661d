// The access log: health probes (every few seconds from an orchestrator) are debug lines, everything else info,
// failures warn.
import t from 'tap';
import { captureLogs, buildTestApp } from '../../support/stack.js';
import { startFakeUpstream, json, refusedUrl } from '../../support/fake-upstream.js';

async function linesFor(level: string, upstreamUrl: string): Promise<Array<Record<string, unknown>>> {
  const logs = captureLogs();
  const app = await buildTestApp({ upstreamUrl, logLevel: level as 'info' }, { logStream: logs.stream });
  await app.inject({ url: '/healthz' });
  await app.inject({ url: '/readyz' });
  await app.inject({ url: '/healthz?probe=1' });
  await app.inject({ url: '/jshERP-boot/platformConfig/getPlatform/name' });
  await app.close();
  return logs.lines().filter((line) => line.msg === 'request completed');
}

t.test('a healthy probe is a debug line, not info', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/platformConfig/getPlatform/name', json(200, 'ERP'));

  const info = await linesFor('info', upstream.url);
  t.same(
    info.map((line) => [line.level, line.path]),
    [['info', '/jshERP-boot/platformConfig/getPlatform/name']],
    'at info only the proxied call is logged',
  );

  const debug = await linesFor('debug', upstream.url);
  t.same(
    debug.map((line) => [line.level, line.path, line.status]),
    [
      ['debug', '/healthz', 200],
      ['debug', '/readyz', 200],
      ['debug', '/healthz?probe=1', 200],
      ['info', '/jshERP-boot/platformConfig/getPlatform/name', 200],
    ],
    'at debug the probes are there too',
  );
});

t.test('a failing readiness probe still warns', async (t) => {
  const lines = await linesFor('info', await refusedUrl());
  t.match(
    lines.find((line) => line.path === '/readyz'),
    { level: 'warn', status: 503 },
  );
});
