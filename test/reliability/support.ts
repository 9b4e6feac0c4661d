// Shared pieces of the reliability suite: a scripted upstream whose behaviour is chosen per path, the gateway built
// in-process on a real loopback port with its log lines captured, and a small fixture bundle so the suite does not
// depend on the client build.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { AddressInfo, Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { serverTimeouts } from '../../server/lib/server-timeouts.js';

export type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;

export interface ScriptedUpstream {
  url: string;
  port: number;
  /** Every path the upstream received, raw, in order. */
  seen: string[];
  /** Behaviour by exact path (without query); unknown paths answer 200 JSON echoing the path. */
  on: (path: string, behaviour: Behaviour) => void;
  stop: () => Promise<void>;
  /** Listens again on the same port (a restarted backend). */
  restart: () => Promise<void>;
}

export const okBody = (path: string) => JSON.stringify({ code: 200, data: { path } });

export async function startScriptedUpstream(): Promise<ScriptedUpstream> {
  const behaviours = new Map<string, Behaviour>();
  const seen: string[] = [];
  let server: Server;
  let port = 0;
  const make = () =>
    createServer((req, res) => {
      const url = req.url ?? '/';
      seen.push(url);
      const behaviour = behaviours.get(url.split('?', 1)[0]!);
      if (behaviour) return behaviour(req, res);
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
        res.end(okBody(url.split('?', 1)[0]!));
      });
    });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = make();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    seen,
    on: (path, behaviour) => behaviours.set(path, behaviour),
    stop,
    restart: listen,
  };
}

/** A file beside (outside) the bundle: no answer may ever contain it. */
export const CANARY_FILE = 'secret-canary.txt';
export const CANARY_TEXT = 'CANARY-7f3a9c-outside-the-bundle';

/** A minimal built bundle (the page with the config marker, one hashed asset) with a canary file next to it. */
export function fixtureDist(): { dir: string; remove: () => void } {
  const parent = mkdtempSync(join(tmpdir(), 'reliability-dist-'));
  writeFileSync(join(parent, CANARY_FILE), CANARY_TEXT);
  const dir = join(parent, 'dist');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>ERP</title><!--app-config--><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log("app");\n');
  return { dir, remove: () => rmSync(parent, { recursive: true, force: true }) };
}

export interface InProcessGateway {
  app: FastifyInstance;
  url: string;
  /** Every log line the gateway wrote, as text. */
  logs: string[];
  port: number;
  /** Sockets handed to the upgrade path (websocket handshakes, refused or not) that are still open. */
  openUpgradedSockets: () => number;
  close: () => Promise<void>;
}

/**
 * The gateway as buildApp composes it, listening on a loopback port, its logs captured (level debug: the most output).
 * `timeoutsFromConfig`: the server timeouts server.ts derives from the config (HEADERS_TIMEOUT_MS, UPSTREAM_TIMEOUT_MS)
 * instead of the suite's fixed ones.
 */
export async function startGateway(
  upstreamUrl: string,
  env: Record<string, string> = {},
  options: { timeoutsFromConfig?: boolean } = {},
): Promise<InProcessGateway> {
  const dist = fixtureDist();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString());
      callback();
    },
  });
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    UPSTREAM_URL: upstreamUrl,
    LOG_LEVEL: 'debug',
    CLIENT_DIST_DIR: dist.dir,
    ...env,
  });
  const app = await buildApp(config, {
    logStream,
    serverTimeouts: options.timeoutsFromConfig
      ? serverTimeouts(config)
      : { connectionTimeout: 30_000, keepAliveTimeout: 5_000, requestTimeout: 30_000, headersTimeout: 10_000 },
    // The suite runs beside other test files on 2 cores: never shed load because the machine is busy.
    underPressure: { maxEventLoopDelay: 0, maxEventLoopUtilization: 0 },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  // Upgraded sockets leave the HTTP server's bookkeeping; track them to see whether the gateway ends them.
  const upgraded = new Set<Socket>();
  app.server.prependListener('upgrade', (_req: unknown, socket: Socket) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    port,
    logs,
    openUpgradedSockets: () => upgraded.size,
    close: async () => {
      // A leaked upgraded socket would hold app.close() forever; the suite asserts on leaks, it must not hang on them.
      const closing = app.close();
      const timer = setTimeout(() => upgraded.forEach((socket) => socket.destroy()), 3_000);
      await closing;
      clearTimeout(timer);
      dist.remove();
    },
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

export async function get(url: string, init?: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The gateway's own error shape: `{code, data:{message}, requestId}` with code equal to the HTTP status. */
export function isEnvelopeFor(answer: Answer, status: number): boolean {
  if (answer.status !== status) return false;
  try {
    const body = JSON.parse(answer.text) as { code?: unknown; data?: { message?: unknown }; requestId?: unknown };
    return (
      body.code === status &&
      typeof body.data?.message === 'string' &&
      body.data.message.length > 0 &&
      typeof body.requestId === 'string'
    );
  } catch {
    return false;
  }
}
