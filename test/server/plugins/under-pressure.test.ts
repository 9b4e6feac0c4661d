// Overload: 503 envelope with Retry-After while the event loop is saturated; liveness still answers; the start's own
// long task is not overload.
import t from 'tap';
import { GATEWAY_MESSAGES } from '../../../shared/error-envelope.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.js';
import { buildTestApp, FIXTURE_ASSET, testConfig } from '../../support/stack.js';

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
  t.same(shed.json(), {
    code: 503,
    data: { message: GATEWAY_MESSAGES.overloaded },
    requestId: shed.headers['x-request-id'],
  });
  const live = await app.inject({ url: '/healthz' });
  t.equal(live.statusCode, 200, 'liveness is not shed');
});

/** Waits until the plugin's latest reading of the event loop's delay is over `ms` (at most 2 s). */
async function readingOver(app: FastifyInstance, ms: number): Promise<number> {
  const deadline = Date.now() + 2_000;
  let delay = app.memoryUsage().eventLoopDelay;
  while (delay <= ms && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 5));
    delay = app.memoryUsage().eventLoopDelay;
  }
  return delay;
}

t.test('the start is not overload: a long start does not shed the first requests after it', async (t) => {
  const app = await buildApp(testConfig({ systemTitle: 'T', websiteUrl: '#' }), {
    underPressure: { maxEventLoopDelay: 50, sampleInterval: 1_000 },
  });
  t.teardown(() => app.close());
  // The rest of the start as one long task (a loaded machine stretches it past the interval), then ready.
  blockEventLoop(1_100);
  await app.ready();
  t.ok((await readingOver(app, 50)) > 50, 'the reading covers the start');
  t.equal((await app.inject({ url: FIXTURE_ASSET })).statusCode, 200, 'the first page’s script is served');
  t.equal((await app.inject({ url: '/' })).statusCode, 200, 'and the page');
  // Ready for an interval: a stalled loop is overload again.
  await new Promise((r) => setTimeout(r, 1_000));
  blockEventLoop(1_100);
  await new Promise((r) => setTimeout(r, 5));
  t.ok((await readingOver(app, 50)) > 50, 'a reading after the start');
  t.equal((await app.inject({ url: FIXTURE_ASSET })).statusCode, 503, 'shed once started');
});

t.test(
  'memory: past MAX_RSS_BYTES or MAX_HEAP_USED_BYTES requests get the 503 envelope; liveness answers',
  async (t) => {
    for (const overrides of [{ maxRssBytes: 1024 * 1024 }, { maxHeapUsedBytes: 1024 * 1024 }]) {
      const app = await buildTestApp(
        { systemTitle: 'T', websiteUrl: '#', ...overrides },
        { underPressure: { maxEventLoopDelay: 0, maxEventLoopUtilization: 0, sampleInterval: 10 } },
      );
      t.teardown(() => app.close());
      await new Promise((r) => setTimeout(r, 50));
      const shed = await app.inject({ url: '/' });
      t.equal(shed.statusCode, 503, `${Object.keys(overrides)[0]}: shed`);
      t.ok(Number(shed.headers['retry-after']) > 0, 'with Retry-After');
      t.equal(shed.json().data.message, GATEWAY_MESSAGES.overloaded);
      t.equal((await app.inject({ url: '/healthz' })).statusCode, 200, 'liveness is not shed');
    }
  },
);

t.test('unset, the memory limits are 90 % of what the process may use', async (t) => {
  const { deriveMaxRssBytes, deriveMaxHeapUsedBytes } = await import('../../../server/lib/memory-limit.js');
  t.equal(deriveMaxRssBytes(2 * 1024 ** 3, 16 * 1024 ** 3), Math.floor(2 * 1024 ** 3 * 0.9), 'the container limit');
  t.equal(deriveMaxRssBytes(0, 16 * 1024 ** 3), Math.floor(16 * 1024 ** 3 * 0.9), 'no limit: the machine');
  t.equal(deriveMaxRssBytes(2 ** 64, 16 * 1024 ** 3), Math.floor(16 * 1024 ** 3 * 0.9), 'an unlimited cgroup');
  t.equal(deriveMaxHeapUsedBytes(4 * 1024 ** 3), Math.floor(4 * 1024 ** 3 * 0.9));
  const app = await buildTestApp({ systemTitle: 'T', websiteUrl: '#' });
  t.teardown(() => app.close());
  t.equal((await app.inject({ url: '/' })).statusCode, 200, 'a gateway in its normal size is not shed');
});
