// A transparent HTTP relay in front of an upstream that counts what arrives, by path and by X-Access-Token, so a
// test or the bench sees exactly what the gateway asked the backend (e.g. notice polls per user per interval).
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade'];

export interface CountingRelay {
  url: string;
  /** Requests seen for a path (without query string). */
  count(path: string): number;
  /** Requests seen for a path, per X-Access-Token value. */
  countsFor(path: string): Map<string, number>;
  reset(): void;
  close(): Promise<void>;
}

export interface CountingRelayOptions {
  /** Reuse connections to the target (the bench opens 10,000 sockets, each checked upstream). By default every
   *  request gets a new connection: a pooled one can be closed by the target's keep-alive timeout just as it is
   *  reused, and this relay, unlike the gateway, does not retry (a POST would come back 502 at random). */
  keepAlive?: boolean;
}

export async function startCountingRelay(
  targetUrl: string,
  { keepAlive = false }: CountingRelayOptions = {},
): Promise<CountingRelay> {
  const target = new URL(targetUrl);
  const agent = keepAlive ? new Agent({ keepAlive: true, maxSockets: 256 }) : false;
  const counts = new Map<string, Map<string, number>>();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
    const token = String(req.headers['x-access-token'] ?? '');
    const byToken = counts.get(path) ?? new Map<string, number>();
    byToken.set(token, (byToken.get(token) ?? 0) + 1);
    counts.set(path, byToken);
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
        agent,
      },
      (answer) => {
        // Hop-by-hop headers describe the target's connection, not this one (RFC 9110 §7.6.1): passing on the
        // target's `Keep-Alive: timeout=72` would tell the gateway to keep idle sockets far longer than this relay does.
        const headers = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete headers[name];
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  // Idle connections from the gateway close after 1 s, as a server in front of the backend may do: the gateway
  // has to cope (it retries an idempotent call whose pooled socket turned out closed).
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    count: (path) => [...(counts.get(path)?.values() ?? [])].reduce((sum, n) => sum + n, 0),
    countsFor: (path) => counts.get(path) ?? new Map(),
    reset: () => counts.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        if (agent) agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
