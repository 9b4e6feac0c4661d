// Connections that hold a MAX_CONNECTIONS slot without a request in progress: ones that never send a byte, ones that
// idle after an answer, and ones whose malformed request was refused but whose peer never closes its side. Each ends
// at HEADERS_TIMEOUT_MS (or once its refusal is written), so another client is served after. Before, they lasted
// until the inactivity timeout (UPSTREAM_TIMEOUT_MS + 10 s, 310 s by default): a flood of them locked everyone out.
import { connect, type Socket } from 'node:net';
import t, { type Test } from 'tap';
import { startGateway, startScriptedUpstream, type InProcessGateway } from './support.js';

const maxConnections = 8;

async function start(t: Test, headersTimeoutMs = 500): Promise<InProcessGateway> {
  const upstream = await startScriptedUpstream();
  t.teardown(() => upstream.stop());
  const gateway = await startGateway(
    upstream.url,
    { MAX_CONNECTIONS: String(maxConnections), HEADERS_TIMEOUT_MS: String(headersTimeoutMs) },
    { timeoutsFromConfig: true },
  );
  t.teardown(() => gateway.close());
  return gateway;
}

/** Connections that keep their own side open (allowHalfOpen) and never read: the gateway alone can end them. */
function openSilent(port: number, count: number, send?: string): Promise<Socket[]> {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
          socket.on('error', () => undefined);
          socket.once('connect', () => {
            if (send) socket.write(send);
            socket.pause();
            resolve(socket);
          });
          socket.once('close', () => reject(new Error('closed before connecting')));
        }),
    ),
  );
}

function connections(gateway: InProcessGateway): Promise<number> {
  return new Promise((resolve, reject) =>
    gateway.app.server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
  );
}

/** Polls until `condition` holds; fails naming `what` after `limitMs` (a bound on a hang, not a speed target). */
async function until(what: string, condition: () => Promise<boolean>, limitMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > limitMs) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

t.test('connections that never send a request end at HEADERS_TIMEOUT_MS; another client is served after', async (t) => {
  const gateway = await start(t);
  const silent = await openSilent(gateway.port, maxConnections);
  t.teardown(() => silent.forEach((socket) => socket.destroy()));
  await until('every silent connection was ended by the gateway', async () => (await connections(gateway)) === 0);
  const health = await fetch(`${gateway.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
  t.equal(health.status, 200, 'served once the silent connections are gone');
});

t.test('a keep-alive connection idle after its answer ends at HEADERS_TIMEOUT_MS', async (t) => {
  const gateway = await start(t);
  const [socket] = await openSilent(gateway.port, 1, 'GET /healthz HTTP/1.1\r\nHost: erp\r\n\r\n');
  t.teardown(() => socket!.destroy());
  let answer = '';
  socket!.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket!.resume();
  await until('the answer arrived', async () => answer.includes('\r\n\r\n'));
  t.match(answer, /^HTTP\/1\.1 200 /);
  await until('the idle keep-alive connection was ended', async () => (await connections(gateway)) === 0);
  t.pass('ended');
});

t.test('refused requests whose peer never closes its side do not keep their slots', async (t) => {
  // A headers timeout far beyond the wait below: only the refusal itself may end these.
  const gateway = await start(t, 60_000);
  const refused = await openSilent(gateway.port, maxConnections, 'GARBAGE\r\n\r\n');
  t.teardown(() => refused.forEach((socket) => socket.destroy()));
  await until(
    'every refused connection was destroyed by the gateway',
    async () => (await connections(gateway)) === 0,
    3_000,
  );
  const health = await fetch(`${gateway.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
  t.equal(health.status, 200, 'served once the refused connections are gone');
});

t.test('answers advertise, in Keep-Alive, how long the gateway keeps an idle connection', async (t) => {
  // Advertised at Node's 72 s while ended at the headers timeout, a client honouring the header sent its next
  // request (a POST it cannot retry) on a connection the gateway had just destroyed: "other side closed".
  const gateway = await start(t, 3_000);
  const first = await fetch(`${gateway.url}/jshERP-boot/msg/add`, {
    method: 'POST',
    body: '{}',
    headers: { 'content-type': 'application/json' },
  });
  await first.text();
  t.equal(first.headers.get('keep-alive'), 'timeout=2', 'one whole second short of the 3 s the connection is kept');
  t.equal(first.headers.get('connection'), 'keep-alive');
  const health = await fetch(`${gateway.url}/healthz`);
  await health.text();
  t.equal(health.headers.get('keep-alive'), 'timeout=2', "the gateway's own answers too");
});

t.test("a trusted proxy's connections keep the long keep-alive that outlasts its own idle timeout", async (t) => {
  const upstream = await startScriptedUpstream();
  t.teardown(() => upstream.stop());
  const gateway = await startGateway(
    upstream.url,
    { HEADERS_TIMEOUT_MS: '3000', TRUSTED_PROXIES: '127.0.0.1' },
    { timeoutsFromConfig: true },
  );
  t.teardown(() => gateway.close());
  const answer = await fetch(`${gateway.url}/healthz`);
  await answer.text();
  t.equal(answer.headers.get('keep-alive'), 'timeout=72');
});
