// A scriptable stand-in for jshERP-boot on a loopback port, for gateway tests:
//   const upstream = await startFakeUpstream();           // t.teardown(() => upstream.close())
//   upstream.on('POST /jshERP-boot/user/login', json(200, {...}));
//   upstream.on('GET /jshERP-boot/slow', hang());          // or loginOut(), emptyServerError(), html(502, '...'), reset(), delay(ms, json(...))
//   upstream.requests / upstream.count('/jshERP-boot/x')  // what actually arrived (method, url, headers, body)
// Unscripted paths answer like Spring's 404 JSON. Upgrade attempts are recorded in `upgrades`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Behaviour = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

export interface FakeUpstream {
  /** Base URL without context path, e.g. http://127.0.0.1:41234 (what UPSTREAM_URL takes). */
  url: string;
  requests: RecordedRequest[];
  upgrades: RecordedRequest[];
  /** Script an answer for 'METHOD /path' (path without query); a later call replaces it. */
  on(route: string, behaviour: Behaviour): void;
  /** How many requests reached a path (query ignored), or all when no path is given. */
  count(path?: string): number;
  close(): Promise<void>;
}

/** JSON answer with the backend's content type. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Behaviour {
  return (_req, res) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
    res.end(text);
  };
}

/** The backend auth filter's expired-session answer: HTTP 500, plain body `loginOut`, no Content-Type. */
export function loginOut(): Behaviour {
  return (_req, res) => {
    res.statusCode = 500;
    res.end('loginOut');
  };
}

/** The filter's 500 with an empty body (/user/logout and /function/findMenuByPNumber without a session). */
export function emptyServerError(): Behaviour {
  return (_req, res) => {
    res.statusCode = 500;
    res.end();
  };
}

/** An HTML error page, as a Tomcat or an nginx in front of the backend would send. */
export function html(status: number, page = '<html><body><h1>Whitelabel Error Page</h1></body></html>'): Behaviour {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html;charset=utf-8' });
    res.end(page);
  };
}

/** Never answers (until the connection is closed by the other side or by close()). */
export function hang(): Behaviour {
  return () => undefined;
}

/** Answers after `ms` milliseconds. */
export function delay(ms: number, then: Behaviour): Behaviour {
  return (req, res, body) => {
    const timer = setTimeout(() => then(req, res, body), ms);
    res.on('close', () => clearTimeout(timer));
  };
}

/** Destroys the connection without an answer. */
export function reset(): Behaviour {
  return (req) => {
    req.socket.destroy();
  };
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const routes = new Map<string, Behaviour>();
  const requests: RecordedRequest[] = [];
  const upgrades: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
      requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body });
      const behaviour =
        routes.get(`${req.method} ${path}`) ??
        json(404, { timestamp: new Date().toISOString(), status: 404, error: 'Not Found', path });
      behaviour(req, res, body);
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket) => {
    upgrades.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.alloc(0) });
    socket.destroy();
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    upgrades,
    on(route, behaviour) {
      routes.set(route, behaviour);
    },
    count(path) {
      if (path === undefined) return requests.length;
      return requests.filter((r) => (r.url.split('?', 1)[0] ?? '') === path).length;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback URL on which nothing listens (connection refused). */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
