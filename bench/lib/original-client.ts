// The unmodified original jshERP web client (jshERP-web, Vue 2 + ant-design-vue 1.5), built from the fetched jshERP
// repository and served as jshERP deploys it: its production `dist` behind nginx, `/jshERP-boot` proxied to a
// gateway. Shared by `npm run bench` (the original as a side of the journeys) and `npm run check:original`.
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { homedir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { startNginx } from './processes.js';

/** A server of the original client: its URL and how to stop it. */
export interface OriginalServer {
  url: string;
  server: 'nginx' | 'node';
  stop: () => Promise<unknown>;
}

/** The fetched jshERP repository (the same default as `npm run contract:params`). */
export const ORIGINAL_REPO = process.env.JSHERP_REPO ?? '/work/.mirror/jishenghua+jshERP/repo';

export type OriginalDist = { dist: string; origin: string } | { dist: null; reason: string };

/**
 * The original client's built `dist`: `ORIGINAL_CLIENT_DIST` when set; otherwise a build of `jshERP-web` at the
 * repository's HEAD (or `JSHERP_REV`), kept under ~/.cache (`ORIGINAL_CLIENT_CACHE`) per commit so it is built once:
 * `git archive`, `npm install --legacy-peer-deps`, `vue-cli-service build` (webpack 4 needs the legacy OpenSSL
 * provider on current Node). No source change. A failure is returned as the reason, not thrown: the caller says so.
 */
export function originalClientDist(log: (line: string) => void): OriginalDist {
  const given = process.env.ORIGINAL_CLIENT_DIST?.trim();
  if (given) {
    const dist = resolve(given);
    return existsSync(join(dist, 'index.html'))
      ? { dist, origin: `ORIGINAL_CLIENT_DIST=${dist}` }
      : { dist: null, reason: `ORIGINAL_CLIENT_DIST=${given} has no index.html` };
  }
  let commit: string;
  try {
    commit = execFileSync('git', ['-C', ORIGINAL_REPO, 'rev-parse', process.env.JSHERP_REV ?? 'HEAD'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    return {
      dist: null,
      reason: `no jshERP repository at ${ORIGINAL_REPO} (set JSHERP_REPO, or ORIGINAL_CLIENT_DIST to a built dist)`,
    };
  }
  const cache = process.env.ORIGINAL_CLIENT_CACHE ?? join(homedir(), '.cache', 'jsherp-gateway', 'original-client');
  const workDir = join(cache, commit);
  const webDir = join(workDir, 'jshERP-web');
  const dist = join(webDir, 'dist');
  const stamp = join(workDir, 'built');
  const origin = `jshERP-web at ${commit.slice(0, 8)}, built in ${webDir}`;
  if (existsSync(stamp) && existsSync(join(dist, 'index.html'))) return { dist, origin };
  const step = (what: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) => {
    log(`original client: ${what}`);
    execFileSync(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
      maxBuffer: 64 * 2 ** 20,
    });
  };
  try {
    if (!existsSync(join(webDir, 'package.json'))) {
      rmSync(workDir, { recursive: true, force: true });
      mkdirSync(workDir, { recursive: true });
      const archive = execFileSync('git', ['-C', ORIGINAL_REPO, 'archive', commit, 'jshERP-web'], {
        maxBuffer: 512 * 2 ** 20,
      });
      execFileSync('tar', ['x', '-C', workDir], { input: archive });
    }
    if (!existsSync(join(webDir, 'node_modules', '.bin', 'vue-cli-service'))) {
      // Its dependencies predate peer-dependency checks; the repository ships no npm lock file.
      step(
        'npm install (a few minutes, once per commit)',
        'npm',
        ['install', '--legacy-peer-deps', '--no-audit', '--no-fund'],
        webDir,
      );
    }
    step(
      'production build (a few minutes, once per commit)',
      join(webDir, 'node_modules', '.bin', 'vue-cli-service'),
      ['build'],
      webDir,
      {
        NODE_OPTIONS: '--openssl-legacy-provider',
        NODE_ENV: 'production',
      },
    );
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim().split('\n').slice(-3).join(' | ');
    return { dist: null, reason: `building ${webDir} failed: ${stderr || (error as Error).message.split('\n')[0]}` };
  }
  if (!existsSync(join(dist, 'index.html')))
    return { dist: null, reason: `the build in ${webDir} left no dist/index.html` };
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  return { dist, origin };
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
 * Serves the original's `dist` with `/jshERP-boot` proxied to `gatewayUrl` (the client calls /jshERP-boot on its own
 * origin): through nginx when `nginx` names its binary (jshERP's deployment: history-mode routes fall back to
 * index.html, the build's .gz files served as they are), else through a small Node server doing the same.
 */
export async function serveOriginalClient(options: {
  dist: string;
  gatewayUrl: string;
  tmpDir: string;
  nginx: string | null;
}): Promise<OriginalServer> {
  if (options.nginx) {
    const running = await startNginx({
      nginx: options.nginx,
      tmpDir: options.tmpDir,
      staticRoot: options.dist,
      upstreamUrl: options.gatewayUrl,
      workers: 1,
      gzipStatic: true,
      name: 'nginx-original',
    });
    return { url: running.url, stop: running.stop, server: 'nginx' };
  }
  return serveWithNode(options.dist, options.gatewayUrl);
}

function serveWithNode(dist: string, gatewayUrl: string): Promise<OriginalServer> {
  const gateway = new URL(gatewayUrl);
  const server = http.createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0]!);
    if (path === '/jshERP-boot' || path.startsWith('/jshERP-boot/')) {
      const upstream = http.request(
        {
          host: gateway.hostname,
          port: gateway.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      request.pipe(upstream);
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
