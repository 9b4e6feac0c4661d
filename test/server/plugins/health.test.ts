// /healthz answers while the process lives; /readyz reflects whether the backend answers.
import t from 'tap';
import { GATEWAY_MESSAGES } from '../../../shared/error-envelope.js';
import { buildTestApp } from '../../helpers/stack.js';
import { startFakeUpstream, json, refusedUrl, hang } from '../../helpers/fake-upstream.js';

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
  t.same(ready.json(), { code: 503, data: { message: GATEWAY_MESSAGES.upstreamUnreachable }, requestId: ready.headers['x-request-id'] });
  t.equal((await down.inject({ url: '/healthz' })).statusCode, 200);

  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/platformConfig/getPlatform/name', hang());
  const hanging = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => hanging.close());
  t.equal((await hanging.inject({ url: '/readyz' })).statusCode, 503, 'a hanging upstream is not ready (short timeout)');
});
