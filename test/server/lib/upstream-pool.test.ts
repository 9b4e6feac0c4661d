// The pool towards the backend: undici's counts as plain numbers, and every call answered — cancelled at once when
// its client leaves, 504-classified when it outlives its deadline, even while it still waits in the queue.
import t from 'tap';
import type { Dispatcher } from 'undici';
import { CallSignal, callSignal, createUpstreamPool, type UpstreamPool } from '../../../server/lib/upstream-pool.js';
import { startFakeUpstream, hang, json } from '../../support/fake-upstream.js';

function call(
  pool: UpstreamPool,
  path: string,
  signal?: CallSignal,
): Promise<{ status?: number; error?: Error & { code?: string } }> {
  return new Promise((resolve) => {
    pool.dispatcher.request(
      { method: 'GET', path, headers: { [callSignal]: signal } },
      (err, data: Dispatcher.ResponseData) => {
        if (err) resolve({ error: err });
        else void data.body.text().then(() => resolve({ status: data.statusCode }));
      },
    );
  });
}

t.test('stats() has undici PoolStats shape; exhausted() while every connection is busy', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/slow', hang());
  upstream.on('GET /jshERP-boot/fast', json(200, { code: 200 }));
  const pool = createUpstreamPool({ origin: upstream.url, connections: 1, deadlineMs: 60_000 });
  t.teardown(() => pool.destroy());

  t.same(Object.keys(pool.stats()).sort(), ['connected', 'free', 'pending', 'queued', 'running', 'size']);
  t.same((await call(pool, '/jshERP-boot/fast')).status, 200);
  t.notOk(pool.exhausted());

  const leaving = new CallSignal();
  const slow = call(pool, '/jshERP-boot/slow', leaving);
  const waiting = new CallSignal();
  const queued = call(pool, '/jshERP-boot/fast', waiting);
  t.ok(pool.exhausted(), 'exhausted with one call running and one waiting');
  t.equal(pool.inFlight(), 2);

  waiting.abort(new Error('client gone'));
  t.equal((await queued).error?.message, 'client gone', 'a queued call whose client left is answered at once');
  leaving.abort(new Error('client gone'));
  t.equal((await slow).error?.message, 'client gone', 'a running call is cancelled');
  t.same((await call(pool, '/jshERP-boot/fast')).status, 200, 'the connection serves again');
  t.equal(pool.inFlight(), 0);
});

t.test('the deadline covers the wait for a connection', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/slow', hang());
  const pool = createUpstreamPool({ origin: upstream.url, connections: 1, deadlineMs: 300 });
  t.teardown(() => pool.destroy());
  const first = call(pool, '/jshERP-boot/slow');
  const second = call(pool, '/jshERP-boot/slow');
  t.equal((await first).error?.code, 'GW_UPSTREAM_DEADLINE');
  t.equal((await second).error?.code, 'GW_UPSTREAM_DEADLINE', 'the queued call too');
});
