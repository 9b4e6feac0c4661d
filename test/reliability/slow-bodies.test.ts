// Clients that trickle their request bodies: they must not hold the backend pool (bodies are received before a
// backend connection is taken), must keep a minimum rate, and one address can receive only so many at once and open
// only so many connections. Before, 140 tricklers at a byte every 5 s held all 128 backend connections for minutes.
import { connect, type Socket } from 'node:net';
import t, { type Test } from 'tap';
import { exchange } from './raw-http.js';
import {
  isEnvelopeFor,
  startGateway,
  startScriptedUpstream,
  type InProcessGateway,
  type ScriptedUpstream,
} from './support.js';

const REGISTER = '/jshERP-boot/user/registerUser';

async function start(
  t: Test,
  env: Record<string, string>,
): Promise<{ gateway: InProcessGateway; upstream: ScriptedUpstream }> {
  const upstream = await startScriptedUpstream();
  t.teardown(() => upstream.stop());
  const gateway = await startGateway(upstream.url, { UPSTREAM_CONNECTIONS: '2', ...env });
  t.teardown(() => gateway.close());
  return { gateway, upstream };
}

interface Trickler {
  socket: Socket;
  /** Body bytes sent so far. */
  sent: () => number;
  /** What the gateway answered, once it did (or closed). */
  answer: () => string;
  closed: () => boolean;
  stop: () => void;
}

/** A POST declaring `length` bytes that then sends one byte every `everyMs`, until stopped or refused. */
function trickle(port: number, length: number, everyMs: number, localAddress = '127.0.0.1'): Trickler {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  let answer = '';
  let closed = false;
  let sent = 0;
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket.on('error', () => undefined);
  socket.on('close', () => (closed = true));
  socket.write(
    `POST ${REGISTER} HTTP/1.1\r\nHost: erp\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
  );
  const timer = setInterval(() => {
    if (socket.destroyed) return;
    socket.write('x');
    sent++;
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
  return {
    socket,
    sent: () => sent,
    answer: () => answer,
    closed: () => closed,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

async function until(what: string, condition: () => boolean | Promise<boolean>, limitMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > limitMs) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

t.test('many clients trickling bodies at a small pool: a normal call still answers', async (t) => {
  const { gateway, upstream } = await start(t, { BODY_MAX_PER_ADDRESS: '1000', BODY_MIN_BYTES_PER_SECOND: '0' });
  const tricklers = Array.from({ length: 12 }, () => trickle(gateway.port, 100_000, 200));
  t.teardown(() => tricklers.forEach((trickler) => trickler.stop()));
  await until('every trickler has sent a few bytes', () => tricklers.every((trickler) => trickler.sent() >= 3));
  t.equal(upstream.seen.filter((path) => path === REGISTER).length, 0, 'no trickled body reached the backend');
  const answer = await fetch(`${gateway.url}/jshERP-boot/user/getUserSession`, { signal: AbortSignal.timeout(10_000) });
  t.equal(answer.status, 200, 'the call was answered while the bodies trickle');
  // A body that completes is forwarded whole.
  const small = await fetch(`${gateway.url}${REGISTER}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName: 'new', password: 'x' }),
    signal: AbortSignal.timeout(10_000),
  });
  t.equal(small.status, 200, 'a body sent at once is forwarded');
});

t.test('a body below BODY_MIN_BYTES_PER_SECOND is refused with 408, though it never stalls', async (t) => {
  // Under BODY_BUFFER_BYTES (received before the backend is asked) and over it (its rest streamed to the backend).
  for (const [length, buffer] of [
    [5_000, '1048576'],
    [50_000, '1000'],
  ] as const) {
    const { gateway, upstream } = await start(t, {
      BODY_STALL_TIMEOUT_MS: '500',
      BODY_MIN_BYTES_PER_SECOND: '1000',
      BODY_BUFFER_BYTES: buffer,
    });
    const slow = trickle(gateway.port, length, 100);
    t.teardown(() => slow.stop());
    if (buffer === '1000') slow.socket.write('x'.repeat(1_200));
    await until('the slow body was answered', () => slow.answer().includes('\r\n\r\n') || slow.closed());
    t.match(slow.answer(), /^HTTP\/1\.1 408 /, `${length} bytes with BODY_BUFFER_BYTES=${buffer}: 408`);
    t.ok(
      gateway.logs.some((line) => line.includes('request body stalled')),
      'logged',
    );
    if (buffer === '1048576') t.equal(upstream.seen.length, 0, 'the backend never saw the buffered body');
  }
});

t.test('BODY_MAX_PER_ADDRESS: more bodies at once from one address get 429; others are served', async (t) => {
  const { gateway } = await start(t, { BODY_MAX_PER_ADDRESS: '3', BODY_MIN_BYTES_PER_SECOND: '0' });
  const tricklers = Array.from({ length: 3 }, () => trickle(gateway.port, 100_000, 200));
  t.teardown(() => tricklers.forEach((trickler) => trickler.stop()));
  await until('three bodies are being received', () => tricklers.every((trickler) => trickler.sent() >= 2));
  const refused = await exchange(
    gateway.port,
    `POST ${REGISTER} HTTP/1.1\r\nHost: erp\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
  );
  t.equal(refused.status, 429, 'a fourth body from the address is refused');
  t.ok(
    isEnvelopeFor({ status: refused.status!, headers: new Headers(), text: refused.body.toString() }, 429),
    'in the envelope',
  );
  const get = await fetch(`${gateway.url}/jshERP-boot/user/getUserSession`, { signal: AbortSignal.timeout(10_000) });
  t.equal(get.status, 200, 'a call without a body from the same address is served');
  const other = await exchange(
    gateway.port,
    `POST ${REGISTER} HTTP/1.1\r\nHost: erp\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    5_000,
    undefined,
    '127.0.0.2',
  );
  t.equal(other.status, 200, 'another address sends its body');
});

t.test(
  'MAX_CONNECTIONS_PER_ADDRESS: connections beyond it from one address are closed; other addresses connect',
  async (t) => {
    const { gateway } = await start(t, { MAX_CONNECTIONS_PER_ADDRESS: '4' });
    const held = Array.from({ length: 4 }, () => trickle(gateway.port, 100_000, 200));
    t.teardown(() => held.forEach((trickler) => trickler.stop()));
    await until('four connections are open', () => held.every((trickler) => trickler.sent() >= 1));
    const beyond = await exchange(gateway.port, 'GET /healthz HTTP/1.1\r\nHost: erp\r\n\r\n');
    t.equal(beyond.status, null, 'a fifth connection is closed without an answer');
    const other = await exchange(
      gateway.port,
      'GET /healthz HTTP/1.1\r\nHost: erp\r\nConnection: close\r\n\r\n',
      5_000,
      undefined,
      '127.0.0.2',
    );
    t.equal(other.status, 200, 'another address is served');
    t.match(gateway.logs.join(''), 'too many from one address (MAX_CONNECTIONS_PER_ADDRESS)');
  },
);

t.test('640 near-limit bodies from 20 addresses stay within BODY_BUFFER_TOTAL_BYTES; the rest get 503', async (t) => {
  const bufferBytes = 16_384;
  const totalBytes = 1024 * 1024;
  const length = bufferBytes - 384;
  const { gateway } = await start(t, {
    BODY_BUFFER_BYTES: String(bufferBytes),
    BODY_BUFFER_TOTAL_BYTES: String(totalBytes),
    BODY_MIN_BYTES_PER_SECOND: '0',
    BODY_STALL_TIMEOUT_MS: '60000',
  });
  const buffered = async (): Promise<number> => {
    const metric = await gateway.app.metricsRegistry.getSingleMetric('gateway_request_body_buffered_bytes')?.get();
    return metric?.values[0]?.value ?? NaN;
  };
  // Each sends all but its last byte, then holds: its body is buffered, not yet complete.
  const holders = Array.from({ length: 640 }, (_, i) => {
    const holder = trickle(gateway.port, length, 60_000, `127.0.0.${2 + (i % 20)}`);
    holder.socket.write('x'.repeat(length - 1));
    return holder;
  });
  t.teardown(() => holders.forEach((holder) => holder.stop()));
  let most = 0;
  await until(
    'every body is either held or answered',
    () => {
      void buffered().then((bytes) => (most = Math.max(most, bytes)));
      return holders.filter((holder) => holder.answer().includes('\r\n\r\n')).length >= 640 - totalBytes / length;
    },
    30_000,
  );
  most = Math.max(most, await buffered());
  t.ok(most <= totalBytes, `buffered bytes stayed within the budget (at most ${most} of ${totalBytes})`);
  const refused = holders.filter((holder) => holder.answer().includes('\r\n\r\n'));
  t.ok(
    refused.every(
      (holder) => /^HTTP\/1\.1 503 /.test(holder.answer()) && /\r\nretry-after: \d+\r\n/i.test(holder.answer()),
    ),
    `the ${refused.length} refused bodies got 503 with Retry-After`,
  );
  const held = holders.filter((holder) => !holder.answer().includes('\r\n\r\n'));
  t.ok(held.length > 0 && held.length * length <= totalBytes, `${held.length} bodies held within the budget`);
  // The ones held are still received: their last byte completes them.
  const finishing = held.slice(0, 5);
  for (const holder of finishing) holder.socket.write('x');
  await until('the completed bodies were answered', () =>
    finishing.every((holder) => holder.answer().includes('\r\n\r\n')),
  );
  t.ok(
    finishing.every((holder) => /^HTTP\/1\.1 200 /.test(holder.answer())),
    'a held body that completes is forwarded',
  );
  holders.forEach((holder) => holder.stop());
  await until('every held byte was given back', async () => (await buffered()) === 0);
  const after = await fetch(`${gateway.url}${REGISTER}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName: 'after', password: 'x' }),
    signal: AbortSignal.timeout(10_000),
  });
  t.equal(after.status, 200, 'once they are gone a body is received again');
});
