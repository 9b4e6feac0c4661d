// Idle connections up to the descriptor limit: the production start command under `ulimit -n 256` keeps running.
// Before the connection limit, every descriptor went to idle sockets and under-pressure's memory sampler threw
// EMFILE in a timer, which ended the process.
import { readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import t, { type Test } from 'tap';
import { deriveMaxConnections } from '../../server/lib/connection-limit.js';
import { fixtureDist, startScriptedUpstream } from './support.js';
import { startGatewayProcess, type GatewayProcess } from './gateway-process.js';

const descriptorLimit = 256;
const floodSize = 320;

interface Flood {
  sockets: Socket[];
  /** Connections the gateway closed (the oldest idle ones, to admit newer ones beyond its limit). */
  closedByServer(): number;
  release(): void;
}

/** Opens `count` idle connections (no request sent) and resolves once each is connected or refused. */
async function flood(port: number, count: number): Promise<Flood> {
  let closed = 0;
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Socket>((resolve) => {
          const socket = connect(port, '127.0.0.1');
          socket.on('error', () => resolve(socket));
          socket.on('connect', () => resolve(socket));
          socket.on('end', () => closed++);
        }),
    ),
  );
  return { sockets, closedByServer: () => closed, release: () => sockets.forEach((socket) => socket.destroy()) };
}

/** Polls until `condition` holds; fails naming `what` after `limitMs` (a bound on a hang, not a speed target). */
async function until(what: string, condition: () => boolean, limitMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > limitMs) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function alive(gateway: GatewayProcess): boolean {
  return gateway.child.exitCode === null && gateway.child.signalCode === null;
}

function openDescriptors(gateway: GatewayProcess): number {
  if (!alive(gateway)) return Infinity;
  return readdirSync(`/proc/${gateway.child.pid}/fd`).length;
}

async function start(t: Test, env: Record<string, string>): Promise<{ gateway: GatewayProcess; port: number }> {
  const upstream = await startScriptedUpstream();
  t.teardown(() => upstream.stop());
  const dist = fixtureDist();
  t.teardown(() => dist.remove());
  const gateway = await startGatewayProcess(
    { UPSTREAM_URL: upstream.url, UPSTREAM_CONNECTIONS: '8', CLIENT_DIST_DIR: dist.dir, ...env },
    { descriptorLimit },
  );
  t.teardown(() => {
    if (alive(gateway)) gateway.child.kill('SIGKILL');
  });
  return { gateway, port: Number(new URL(gateway.url).port) };
}

t.test(
  'at the derived connection limit idle connections are closed for newcomers; descriptors stay free',
  async (t) => {
    const { gateway, port } = await start(t, {});
    const derived = deriveMaxConnections(descriptorLimit, 8);
    const idle = await flood(port, floodSize);
    t.teardown(() => idle.release());
    await until(
      'as many connections as the limit is short of were closed',
      () => idle.closedByServer() >= floodSize - derived || !alive(gateway),
    );
    t.ok(alive(gateway), 'still running while flooded');
    t.ok(
      openDescriptors(gateway) < descriptorLimit - 32,
      `descriptors left free (${openDescriptors(gateway)} of ${descriptorLimit} open)`,
    );
    t.match(
      gateway.output(),
      'connection closed to admit another: the connection limit is reached',
      'closing them is logged',
    );
    idle.release();
    // Until the gateway has closed its side of the flood, a new connection can still find no room.
    await until('the gateway closed the flood connections', () => openDescriptors(gateway) < 100);
    const health = await fetch(`${gateway.url}/healthz`, { signal: AbortSignal.timeout(10_000) });
    t.equal(health.status, 200, 'serves once the flood is gone');
  },
);

t.test(
  'with MAX_CONNECTIONS above the descriptor limit, the memory sampler failing (EMFILE) does not end the process',
  async (t) => {
    const { gateway, port } = await start(t, { MAX_CONNECTIONS: '100000' });
    const idle = await flood(port, floodSize);
    t.teardown(() => idle.release());
    await until(
      'a memory sample failed for want of descriptors (or the process ended)',
      () => gateway.output().includes('memory sample failed') || !alive(gateway),
    );
    t.ok(alive(gateway), 'still running');
    idle.release();
    // Until the gateway has closed its side of the flood, a new connection can still find no room.
    await until('the gateway closed the flood connections', () => openDescriptors(gateway) < 100);
    const health = await fetch(`${gateway.url}/healthz`, { signal: AbortSignal.timeout(10_000) });
    t.equal(health.status, 200, 'serves once the flood is gone');
  },
);
