// Starts and stops the processes the bench measures: the fixed upstream, the gateway (production start command,
// logging to a file like nginx's access log, so log shipping costs the same on both sides) and nginx.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const repoRoot = resolve(import.meta.dirname, '..', '..');

export interface Running {
  child: ChildProcess;
  url: string;
  stop: () => Promise<number | null>;
}

function stopper(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): () => Promise<number | null> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
}

/** Polls a growing log file until a line matches, or the child exits. */
async function waitForLine(file: string, child: ChildProcess, match: (line: string) => string | null, ms: number) {
  try {
    return await pollForLine(file, child, match, ms);
  } catch (error) {
    // A process that never became ready is not left behind.
    child.kill('SIGKILL');
    throw error;
  }
}

async function pollForLine(file: string, child: ChildProcess, match: (line: string) => string | null, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process exited ${child.exitCode}: ${readFileSync(file, 'utf8').slice(-2000)}`);
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const found = match(line);
      if (found) return found;
    }
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${file}: ${readFileSync(file, 'utf8').slice(-2000)}`);
}

export async function startFixedUpstream(tmpDir: string): Promise<Running> {
  return startPortPrinter(tmpDir, 'fixed-upstream', {});
}

/** The bare Fastify + @fastify/http-proxy reference (bench/bare-proxy.ts) in front of `upstreamUrl`. */
export async function startBareProxy(tmpDir: string, upstreamUrl: string): Promise<Running> {
  return startPortPrinter(tmpDir, 'bare-proxy', { UPSTREAM_URL: upstreamUrl });
}

export async function startNodeFloor(tmpDir: string, upstreamUrl: string): Promise<Running> {
  return startPortPrinter(tmpDir, 'node-floor', { UPSTREAM_URL: upstreamUrl });
}

/** Runs bench/<name>.ts, which prints {"port":N} once listening. */
export async function startPortPrinter(tmpDir: string, name: string, env: Record<string, string>): Promise<Running> {
  const log = join(tmpDir, `${name}.out`);
  const fd = openSync(log, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'bench', `${name}.ts`)], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const port = await waitForLine(
    log,
    child,
    (line) => (line.startsWith('{"port"') ? String(JSON.parse(line).port) : null),
    20_000,
  );
  return { child, url: `http://127.0.0.1:${port}`, stop: stopper(child) };
}

export interface GatewayOptions {
  env: Record<string, string>;
  tmpDir: string;
  name: string;
  /** Extra node flags, e.g. the memory probe. */
  nodeArgs?: string[];
}

export interface RunningGateway extends Running {
  logFile: string;
  /** Heap and RSS after a forced GC, read through the memory probe (needs withMemoryProbe). */
  memory?: () => Promise<NodeJS.MemoryUsage>;
}

const probeSource = `
// Loaded with --import into the gateway only by the bench: on SIGWINCH (ignored by default, and not one of the
// signals close-with-grace shuts down on), collect garbage and write memory usage.
import { writeFileSync } from 'node:fs';
process.on('SIGWINCH', () => {
  globalThis.gc?.();
  writeFileSync(process.env.BENCH_MEMORY_FILE, JSON.stringify(process.memoryUsage()));
});
`;

export async function startGateway(options: GatewayOptions & { withMemoryProbe?: boolean }): Promise<RunningGateway> {
  const logFile = join(options.tmpDir, `${options.name}.log`);
  const memoryFile = join(options.tmpDir, `${options.name}.memory.json`);
  const probe = join(options.tmpDir, 'memory-probe.mjs');
  const nodeArgs = [...(options.nodeArgs ?? [])];
  if (options.withMemoryProbe) {
    writeFileSync(probe, probeSource);
    nodeArgs.push('--expose-gc', '--import', probe);
  }
  const fd = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeArgs, join(repoRoot, 'dist', 'server', 'server.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      BENCH_MEMORY_FILE: memoryFile,
      ...options.env,
    },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const url = await waitForLine(
    logFile,
    child,
    (line) => {
      if (!line.includes('gateway listening')) return null;
      try {
        return (JSON.parse(line) as { url?: string }).url ?? null;
      } catch {
        return null;
      }
    },
    60_000,
  );
  const running: RunningGateway = { child, url: url.replace('0.0.0.0', '127.0.0.1'), stop: stopper(child), logFile };
  if (options.withMemoryProbe) {
    running.memory = async () => {
      writeFileSync(memoryFile, '');
      child.kill('SIGWINCH');
      for (let i = 0; i < 200; i++) {
        await sleep(25);
        const text = readFileSync(memoryFile, 'utf8');
        if (text) return JSON.parse(text) as NodeJS.MemoryUsage;
      }
      throw new Error('memory probe did not answer');
    };
  }
  return running;
}

/** Resident set size of a process in bytes, from /proc. */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status);
  return kb ? Number(kb[1]) * 1024 : NaN;
}

export interface NginxOptions {
  nginx: string;
  tmpDir: string;
  staticRoot: string;
  upstreamUrl: string;
  workers: number;
  /** Serve a file's prebuilt .gz beside it as is (the original client's build writes them for this). */
  gzipStatic?: boolean;
  /** Its directory under tmpDir, so two can run side by side ('nginx' by default). */
  name?: string;
}

/**
 * nginx as jshERP deploys it (docker/nginx/nginx.conf: try_files to index.html, gzip, proxy_pass of /jshERP-boot/),
 * strengthened the way a careful operator would (upstream keep-alive over HTTP/1.1), so the gateway is compared
 * with a good nginx, not a weak one. Everything lives under the temp prefix: no root paths.
 */
export async function startNginx(options: NginxOptions): Promise<Running> {
  const prefix = join(options.tmpDir, options.name ?? 'nginx');
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  mkdirSync(join(prefix, 'temp'), { recursive: true });
  const upstream = new URL(options.upstreamUrl);
  // Port 0 is not allowed in nginx's listen; pick a free port by binding and releasing one.
  const port = await freePort();
  const conf = `
${process.getuid?.() === 0 ? 'user root root;' : ''}
worker_processes ${options.workers};
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${prefix}/logs/access.log;
  client_body_temp_path ${prefix}/temp/body;
  proxy_temp_path ${prefix}/temp/proxy;
  fastcgi_temp_path ${prefix}/temp/fastcgi;
  uwsgi_temp_path ${prefix}/temp/uwsgi;
  scgi_temp_path ${prefix}/temp/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  gzip on;
  gzip_min_length 100;
  gzip_vary on;
  gzip_types text/plain text/css application/javascript text/javascript application/json text/xml;
  ${options.gzipStatic ? 'gzip_static on;' : ''}
  upstream jsh_erp_bk { server ${upstream.hostname}:${upstream.port}; keepalive 128; }
  server {
    listen 127.0.0.1:${port};
    root ${options.staticRoot};
    location / { try_files $uri $uri/ /index.html; }
    location /jshERP-boot/ {
      proxy_pass http://jsh_erp_bk/jshERP-boot/;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host:$server_port;
      proxy_set_header X-Real-IP $remote_addr;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_read_timeout 300s;
    }
  }
}
`;
  const confFile = join(prefix, 'nginx.conf');
  writeFileSync(confFile, conf);
  const out = join(prefix, 'logs', 'stdout.log');
  const fd = openSync(out, 'w');
  const child = spawn(
    options.nginx,
    ['-p', prefix, '-c', confFile, '-e', join(prefix, 'logs', 'error.log'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', fd, fd],
    },
  );
  closeSync(fd);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited ${child.exitCode}: ${readFileSync(out, 'utf8')}`);
    try {
      await fetch(`${url}/index.html`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('nginx did not start');
      await sleep(50);
    }
  }
  return { child, url, stop: stopper(child, 'SIGQUIT') };
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((res, rej) => {
    const server = createServer();
    server.once('error', rej);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => res(port));
    });
  });
}
