// A plain HTTP relay between a measured gateway and its upstream that counts requests by path and token, so the
// bench can see exactly what the gateway asks the backend (e.g. notice polls per user per interval).
import { createServer, request, Agent, type Server } from 'node:http';

export interface CountingRelay {
  url: string;
  /** Count of requests whose path (without query) equals `path`, per X-Access-Token value. */
  countsFor: (path: string) => Map<string, number>;
  reset: () => void;
  close: () => Promise<void>;
}

export async function startCountingRelay(target: string): Promise<CountingRelay> {
  const base = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const counts = new Map<string, Map<string, number>>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const token = String(req.headers['x-access-token'] ?? '');
    const byToken = counts.get(path) ?? new Map<string, number>();
    byToken.set(token, (byToken.get(token) ?? 0) + 1);
    counts.set(path, byToken);
    const headers = { ...req.headers, host: base.host };
    const upstream = request(
      { host: base.hostname, port: base.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    countsFor: (path) => counts.get(path) ?? new Map(),
    reset: () => counts.clear(),
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
