// The unmodified original jshERP web client (jshERP-web, Vue 2 + ant-design-vue 1.5), served as jshERP deploys it:
// its production `dist` behind nginx, `/jshERP-boot` proxied to the backend (the bench: straight to the backend both
// clients face; `npm run check:original`: to a gateway on its sandbox). Shared by `npm run bench` (the original as
// a side of the journeys) and `npm run check:original`. The build is the caller's: ORIGINAL_CLIENT_DIST names a ready
// one, made by hand outside this repository (nothing here builds fetched code).
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { CONTEXT_PATH } from '../../shared/backend.js';
import { startNginx } from './processes.js';

/** A server of the original client: its URL and how to stop it. */
export interface OriginalServer {
  url: string;
  server: 'nginx' | 'node';
  stop: () => Promise<unknown>;
}

export type OriginalDist = { dist: string; origin: string } | { dist: null; reason: string };

/**
 * The original client's production `dist` from `ORIGINAL_CLIENT_DIST`. Unset or without an index.html, the reason is
 * returned, not thrown: the caller says so and skips the original's side.
 */
export function originalClientDist(): OriginalDist {
  const given = process.env.ORIGINAL_CLIENT_DIST?.trim();
  if (!given)
    return {
      dist: null,
      reason:
        'ORIGINAL_CLIENT_DIST is not set (the directory of a production build of jshERP-web, with its index.html)',
    };
  const dist = resolve(given);
  return existsSync(join(dist, 'index.html'))
    ? { dist, origin: `ORIGINAL_CLIENT_DIST=${dist}` }
    : { dist: null, reason: `ORIGINAL_CLIENT_DIST=${given} has no index.html` };
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
};

/**
 * Serves the original's `dist` with `/jshERP-boot` proxied to `upstreamUrl` (the client calls /jshERP-boot on its own
 * origin): through nginx when `nginx` names its binary (jshERP's deployment: history-mode routes fall back to
 * index.html, the build's .gz files served as they are), else through a small Node server doing the same.
 */
export async function serveOriginalClient(options: {
  dist: string;
  upstreamUrl: string;
  tmpDir: string;
  nginx: string | null;
}): Promise<OriginalServer> {
  if (options.nginx) {
    const running = await startNginx({
      nginx: options.nginx,
      tmpDir: options.tmpDir,
      staticRoot: options.dist,
      upstreamUrl: options.upstreamUrl,
      workers: 1,
      gzipStatic: true,
      name: 'nginx-original',
    });
    return { url: running.url, stop: running.stop, server: 'nginx' };
  }
  return serveWithNode(options.dist, options.upstreamUrl);
}

function serveWithNode(dist: string, upstreamUrl: string): Promise<OriginalServer> {
  const upstream = new URL(upstreamUrl);
  const server = http.createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0]!);
    if (path === CONTEXT_PATH || path.startsWith(`${CONTEXT_PATH}/`)) {
      const relayed = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      relayed.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      request.pipe(relayed);
      return;
    }
    let file = normalize(join(dist, path));
    if (!file.startsWith(dist + sep) || !existsSync(file) || !statSync(file).isFile()) file = join(dist, 'index.html');
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      done({
        server: 'node',
        url: `http://127.0.0.1:${port}`,
        stop: () => new Promise((closed) => server.close(() => closed(0))),
      });
    });
  });
}
