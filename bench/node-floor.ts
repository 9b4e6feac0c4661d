// The Node floor, for the bench only: a minimal node:http server relaying every request through an undici Pool
// with the gateway's pool settings (server/lib/upstream-pool.ts), no framework. Below it is the runtime's own cost
// of one proxied call; the bare packages and the gateway above it add theirs, so each layer is a ratio in one run.
// Prints {"port":N} when listening. Needs UPSTREAM_URL.
import { createServer } from 'node:http';
import { pipeline } from 'node:stream';
import { Pool } from 'undici';

const upstream = process.env.UPSTREAM_URL;
if (!upstream) throw new Error('node-floor needs UPSTREAM_URL');
const pool = new Pool(new URL(upstream).origin, {
  connections: 128,
  pipelining: 1,
  keepAliveTimeout: 10_000,
  keepAliveMaxTimeout: 10_000,
  connect: { timeout: 10_000 },
});
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
]);

const server = createServer((req, res) => {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined && !hopByHop.has(name)) headers[name] = value;
  pool.request(
    {
      method: req.method as 'GET',
      path: req.url ?? '/',
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? null : req,
    },
    (err, data) => {
      if (err) {
        res.writeHead(502).end();
        return;
      }
      const out: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(data.headers))
        if (value !== undefined && !hopByHop.has(name)) out[name] = value;
      // wrk closes its connections at the end of a point: an answer to a client already gone is dropped (piping into
      // a destroyed response throws on this Node line).
      if (res.destroyed) {
        data.body.destroy();
        return;
      }
      res.writeHead(data.statusCode, out);
      pipeline(data.body, res, () => undefined);
    },
  );
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
