// Connection slots under pressure: a few addresses that open connections and never speak, reconnecting as soon as
// they are closed, cannot keep MAX_CONNECTIONS full for everyone else; a connection that never sends a byte lives
// FIRST_BYTE_TIMEOUT_MS, not HEADERS_TIMEOUT_MS; a request in progress is never the one closed to make room. Before,
// 8 such addresses kept every slot and every other client got ECONNRESET.
import { connect, type Socket } from 'node:net';
import t, { type Test } from 'tap';
import { exchange } from './raw-http.js';
import { startGateway, startScriptedUpstream, type InProcessGateway, type ScriptedUpstream } from './support.js';

const maxConnections = 16;
const perAddress = 4;

async function start(
  t: Test,
  env: Record<string, string>,
): Promise<{ gateway: InProcessGateway; upstream: ScriptedUpstream }> {
  const upstream = await startScriptedUpstream();
  t.teardown(() => upstream.stop());
  const gateway = await startGateway(
    upstream.url,
    {
      MAX_CONNECTIONS: String(maxConnections),
      MAX_CONNECTIONS_PER_ADDRESS: String(perAddress),
      // Far beyond the tests: only making room (or the first-byte timeout, where set) can end these connections.
      HEADERS_TIMEOUT_MS: '60000',
      FIRST_BYTE_TIMEOUT_MS: '60000',
      ...env,
    },
    { timeoutsFromConfig: true },
  );
  t.teardown(() => gateway.close());
  return { gateway, upstream };
}

interface Squatter {
  /** Connections the gateway has closed so far. */
  closedByServer: () => number;
  stop: () => void;
}

/** Keeps `count` connections from `localAddress` open without sending a byte, reopening each one the gateway closes. */
function squat(port: number, localAddress: string, count: number): Squatter {
  let closed = 0;
  let stopped = false;
  const sockets = new Set<Socket>();
  const open = (): void => {
    if (stopped) return;
    const socket = connect({ port, host: '127.0.0.1', localAddress, allowHalfOpen: true });
    sockets.add(socket);
    socket.on('error', () => undefined);
    // Half-open allowed: the gateway's FIN (or reset) is the close; this side then lets go and reconnects.
    socket.once('end', () => socket.destroy());
    socket.once('close', () => {
      sockets.delete(socket);
      if (stopped) return;
      closed++;
      setTimeout(open, 5);
    });
  };
  for (let i = 0; i < count; i++) open();
  return {
    closedByServer: () => closed,
    stop: () => {
      stopped = true;
      for (const socket of sockets) socket.destroy();
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

function connections(gateway: InProcessGateway): Promise<number> {
  return new Promise((resolve, reject) =>
    gateway.app.server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
  );
}

const healthz = 'GET /healthz HTTP/1.1\r\nHost: erp\r\nConnection: close\r\n\r\n';

t.test('8 addresses holding silent connections cannot lock out a ninth', async (t) => {
  const { gateway } = await start(t, {});
  const squatters = Array.from({ length: 8 }, (_, i) => squat(gateway.port, `127.0.0.${i + 2}`, perAddress));
  t.teardown(() => squatters.forEach((squatter) => squatter.stop()));
  // 8 × 4 connections wanted, 16 slots: the listener is full and the squatters keep reconnecting.
  await until('the listener is full', async () => (await connections(gateway)) >= maxConnections - 1);
  await until(
    'the squatters are being turned over',
    () => squatters.reduce((sum, squatter) => sum + squatter.closedByServer(), 0) >= 8,
  );
  const statuses: Array<number | null> = [];
  for (let probe = 0; probe < 19; probe++) {
    statuses.push((await exchange(gateway.port, healthz, 5_000, undefined, '127.0.0.10')).status);
  }
  t.same(statuses, Array<number>(19).fill(200), 'every probe from the ninth address is answered');
  t.ok(
    gateway.logs.some((line) => line.includes('connection closed to admit another')),
    'the gateway says it closed connections to make room',
  );
});

t.test('a request in progress is never the connection closed to make room', async (t) => {
  const { gateway, upstream } = await start(t, {});
  let release: () => void = () => undefined;
  upstream.on('/jshERP-boot/slow', (_req, res) => {
    release = () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":200}');
  });
  const slow = exchange(
    gateway.port,
    'GET /jshERP-boot/slow HTTP/1.1\r\nHost: erp\r\nConnection: close\r\n\r\n',
    15_000,
    undefined,
    '127.0.0.20',
  );
  await until('the slow call reached the backend', () => upstream.seen.includes('/jshERP-boot/slow'));
  const squatters = Array.from({ length: 8 }, (_, i) => squat(gateway.port, `127.0.0.${i + 2}`, perAddress));
  t.teardown(() => squatters.forEach((squatter) => squatter.stop()));
  await until(
    'the squatters are being turned over',
    () => squatters.reduce((sum, squatter) => sum + squatter.closedByServer(), 0) >= 16,
  );
  release();
  t.equal((await slow).status, 200, 'the call in progress got its answer');
});

t.test(
  'a connection that never sends a byte ends at FIRST_BYTE_TIMEOUT_MS; one that speaks is given its time',
  async (t) => {
    const { gateway } = await start(t, { FIRST_BYTE_TIMEOUT_MS: '300' });
    const silent = connect({ port: gateway.port, host: '127.0.0.1', allowHalfOpen: true });
    silent.on('error', () => undefined);
    let silentClosed = false;
    silent.once('end', () => (silentClosed = true));
    const speaking = connect({ port: gateway.port, host: '127.0.0.1', allowHalfOpen: true });
    speaking.on('error', () => undefined);
    let answer = '';
    let speakingClosed = false;
    speaking.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    speaking.once('end', () => (speakingClosed = true));
    speaking.write('GET /healthz HTTP/1.1\r\n');
    t.teardown(() => {
      silent.destroy();
      speaking.destroy();
    });
    // Bounded well below HEADERS_TIMEOUT_MS (60 s).
    await until('the silent connection was closed by the gateway', () => silentClosed, 10_000);
    t.notOk(speakingClosed, 'the connection that began a request is still open');
    speaking.write('Host: erp\r\nConnection: close\r\n\r\n');
    await until('the speaking connection was answered', () => speakingClosed);
    t.match(answer, /^HTTP\/1\.1 200 /, 'and its request is answered');
  },
);
