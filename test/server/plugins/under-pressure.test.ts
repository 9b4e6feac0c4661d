// Overload: 503 envelope with Retry-After while the event loop is saturated; liveness still answers.
import t from 'tap';
import { GATEWAY_MESSAGES } from '../../../shared/error-envelope.js';
import { buildTestApp } from '../../helpers/stack.js';

function blockEventLoop(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy: this is the overload being simulated
  }
}

t.test('503 + Retry-After envelope under event-loop pressure', async (t) => {
  const app = await buildTestApp(
    { systemTitle: 'T', websiteUrl: '#' },
    { underPressure: { maxEventLoopDelay: 50, sampleInterval: 10, retryAfterSeconds: 7 } },
  );
  t.teardown(() => app.close());
  t.equal((await app.inject({ url: '/' })).statusCode, 200, 'served while healthy');

  blockEventLoop(300);
  await new Promise((r) => setTimeout(r, 15));
  const shed = await app.inject({ url: '/' });
  t.equal(shed.statusCode, 503);
  t.equal(shed.headers['retry-after'], '7');
  t.same(shed.json(), { code: 503, data: { message: GATEWAY_MESSAGES.overloaded }, requestId: shed.headers['x-request-id'] });
  const live = await app.inject({ url: '/healthz' });
  t.equal(live.statusCode, 200, 'liveness is not shed');
});
