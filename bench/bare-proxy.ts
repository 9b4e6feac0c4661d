// The proxy floor of the design packages, for the bench only: Fastify + @fastify/http-proxy with the gateway's
// pool settings and nothing else (no logging, hooks, headers, error mapping). The gateway cannot be faster than
// this; beside nginx it shows how much of the gap is the runtime and how much is the gateway's own work.
// Prints {"port":N} when listening. Needs UPSTREAM_URL.
import Fastify from 'fastify';
import httpProxy from '@fastify/http-proxy';
import { CONTEXT_PATH } from '../shared/backend.js';

const upstream = process.env.UPSTREAM_URL;
if (!upstream) throw new Error('bare-proxy needs UPSTREAM_URL');
const app = Fastify({ logger: false });
await app.register(httpProxy, {
  upstream,
  prefix: CONTEXT_PATH,
  rewritePrefix: CONTEXT_PATH,
  undici: { connections: 128, pipelining: 1, keepAliveTimeout: 10_000 },
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
