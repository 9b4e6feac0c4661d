import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseClockStart } from './lib/clock-start.js';
import { parseProxyEntry } from './lib/trusted-hops.js';

// The gateway's configuration: read once from environment variables, validated, typed.
// A bad value stops the start with one line naming the variable (see ConfigError).

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface LoginExtras {
  /** Hosts (lower-case, with port when not default) that get the download entries, company label and filing link. */
  hosts: string[];
  androidUrl: string | null;
  iphoneUrl: string | null;
  miniProgramUrl: string | null;
  companyLabel: string | null;
  filingNumber: string | null;
  filingUrl: string;
}

export interface Migration {
  /** Hosts that show the 'switch to the new address' notice. */
  oldHosts: string[];
  newAddress: string | null;
  contact: string | null;
}

export interface Config {
  host: string;
  port: number;
  /** Base URL of jshERP-boot without the context path; null means the embedded sandbox upstream. */
  upstreamUrl: string | null;
  upstreamTimeoutMs: number;
  /** Connections at most in the pool towards the backend. */
  upstreamConnections: number;
  /** A request body that sends no byte for this long is abandoned with 408. */
  bodyStallTimeoutMs: number;
  /** Bodies up to this size are received whole before a backend connection is taken; larger ones stream. */
  bodyBufferBytes: number;
  /** Buffered request body bytes of all requests together; a body that would pass it gets 503. */
  bodyBufferTotalBytes: number;
  /** A body slower than this on average (after bodyStallTimeoutMs) is abandoned with 408; 0: no minimum. */
  bodyMinBytesPerSecond: number;
  /** Request bodies being received at once from one client address; more get 429. */
  bodyMaxPerAddress: number;
  /** Gap after a write's answer before the same user's next write of one module from one address (0: none). */
  writeSpacingMs: number;
  /** Client connections at once from one address (proxies in TRUSTED_PROXIES exempt); more are closed at once. */
  maxConnectionsPerAddress: number;
  /** Load shedding (503) past this resident size; null derives it (lib/memory-limit.ts), 0 turns it off. */
  maxRssBytes: number | null;
  /** Load shedding (503) past this much V8 heap in use; null derives it (lib/memory-limit.ts), 0 turns it off. */
  maxHeapUsedBytes: number | null;
  /** Client connections at most; null derives it from the descriptor limit at start (server/lib/connection-limit.ts). */
  maxConnections: number | null;
  /** Number of proxy hops in front of the gateway whose X-Forwarded-* headers are trusted (0: none). */
  trustProxyHops: number;
  /** The proxies' addresses or CIDRs: only these peers' X-Forwarded-* are believed. */
  trustedProxies: string[];
  /** How long a request's headers may take to arrive, and a connection may sit idle with no request in progress. */
  headersTimeoutMs: number;
  /** How long a connection may stay open without sending a byte (at most headersTimeoutMs). */
  firstByteTimeoutMs: number;
  /** Per-address counts take IPv6 addresses by this many leading bits (lib/address-group.ts). */
  ipv6PrefixLength: number;
  logLevel: LogLevel;
  logFile: string | null;
  /** LOG_FILE_MAX_SIZE in bytes. */
  logFileMaxBytes: number;
  logFileKeep: number;
  loginExtras: LoginExtras;
  migration: Migration;
  systemTitle: string | null;
  websiteUrl: string | null;
  bodyLimitBytes: number;
  allowBackendDocs: boolean;
  allowPluginAdmin: boolean;
  shutdownGraceMs: number;
  noticePollMs: number;
  broadcastToken: string | null;
  redisUrl: string | null;
  wsMaxPerUser: number;
  wsMaxTotal: number;
  /** Sandbox only: whether the login asks for a captcha (the platform's checkcode_flag). */
  sandboxCaptcha: boolean;
  /** Sandbox only: what its store starts from, the demo company or the backend's own seed (jsh_erp.sql's rows). */
  sandboxSeed: 'demo' | 'backend';
  /** Sandbox only: the moment its clock reads at start (then running on), or null for the real time. */
  sandboxClock: Date | null;
  /** Sandbox only: a file the sandbox appends every call it receives to (the tests' wire guard reads it). */
  sandboxCallLog: string | null;
  /** Sandbox only: the most bytes its uploaded files may take together on disk. */
  sandboxUploadMaxBytes: number;
  /** Sandbox only: how its operation log stores a moment's fraction, as MySQL (round) or MariaDB (truncate). */
  sandboxLogTime: 'round' | 'truncate';
  /** Sandbox only: the most bytes one tenant's uploaded files may take on disk. */
  sandboxUploadTenantMaxBytes: number;
  /** Directory of the built shell (index.html, assets/); tests point it at a fixture. */
  clientDistDir: string;
  loginThrottle: LoginThrottle;
  /** Crash reports (POST /gateway/client-errors) logged per minute from all addresses together; more get 429. */
  clientErrorReportsPerMinute: number;
  /** Port of the separate Prometheus listener; null means no metrics listener. */
  metricsPort: number | null;
  metricsHost: string;
}

export interface LoginThrottle {
  /** Failed logins per login name and client address within the window before 429; 0 turns it off. */
  maxFailuresPerName: number;
  /** Failed logins per client address (any names) within the window before 429; 0 turns it off. */
  maxFailuresPerAddress: number;
  windowMs: number;
}

type Env = Record<string, string | undefined>;

function raw(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new ConfigError(name, `expected a whole number, got '${value}'`);
  const n = Number(value);
  if (n < min || n > max) throw new ConfigError(name, `expected a number from ${min} to ${max}, got ${n}`);
  return n;
}

/** A whole number, or null when unset (the caller derives a value). */
function optionalInt(env: Env, name: string, min: number, max: number): number | null {
  return raw(env, name) === undefined ? null : int(env, name, 0, min, max);
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const value = raw(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(name, `expected true or false, got '${value}'`);
}

function url(env: Env, name: string, fallback: string | null = null): string | null {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, `expected an http(s) URL, got '${value}'`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(name, `expected an http(s) URL, got '${value}'`);
  }
  return value;
}

/**
 * REDIS_URL as ioredis reads it: redis:// or rediss://, a host, a port from 1 to 65535 (6379 when absent), a database
 * number as the path. Checked here so a bad one is a config error, not a stack from the first connection.
 */
function redisUrl(env: Env): string | null {
  const value = raw(env, 'REDIS_URL');
  if (value === undefined) return null;
  // The URL may carry a password: messages show it without.
  const shown = value.replace(/\/\/[^@/]*@/, '//…@');
  const refuse = (problem: string) => new ConfigError('REDIS_URL', `${problem}, got '${shown}'`);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw refuse('expected redis://[:password@]host[:port][/db] (a port from 1 to 65535)');
  }
  if ((parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') || !parsed.hostname || /\s/.test(value)) {
    throw refuse('expected redis://[:password@]host[:port][/db]');
  }
  if (parsed.port !== '' && Number(parsed.port) < 1) throw refuse('expected a port from 1 to 65535');
  if (!/^\/?(\d{1,2})?$/.test(parsed.pathname)) throw refuse('expected a database number as the path (/1)');
  return value;
}

const hostPattern = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/;

function hosts(env: Env, name: string): string[] {
  const value = raw(env, name);
  if (value === undefined) return [];
  return value.split(',').map((item) => {
    const host = item.trim().toLowerCase();
    if (!hostPattern.test(host)) throw new ConfigError(name, `'${item.trim()}' is not a host name`);
    return host;
  });
}

function clockStart(env: Env, name: string): Date | null {
  try {
    return parseClockStart(raw(env, name)) ?? null;
  } catch (err) {
    throw new ConfigError(name, `expected a date-time such as 2027-01-01T00:00:05+08:00: ${(err as Error).message}`);
  }
}

function text(env: Env, name: string, maxLength = 200): string | null {
  const value = raw(env, name);
  if (value === undefined) return null;
  if (value.length > maxLength) throw new ConfigError(name, `longer than ${maxLength} characters`);
  return value;
}

/** The project root: this file runs from server/ (tsx) or dist/server/ (built). */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(resolve(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

function directory(env: Env, name: string, fallback: string): string {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  const path = resolve(value);
  if (!existsSync(path)) throw new ConfigError(name, `directory '${value}' does not exist`);
  return path;
}

/** Listen addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const plain = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    plain === 'localhost' || plain === '::1' || /^127(?:\.\d{1,3}){3}$/.test(plain) || plain === '::ffff:127.0.0.1'
  );
}

/**
 * SANDBOX unset: the sandbox runs when UPSTREAM_URL is unset and the gateway listens on loopback only.
 * Its demo logins have known passwords, so a gateway others can reach (HOST=0.0.0.0, the image) needs SANDBOX=true
 * to serve it — a misspelt UPSTREAM_URL must not silently publish it.
 */
function checkSandbox(env: Env, host: string, upstreamUrl: string | null): void {
  const value = raw(env, 'SANDBOX');
  const sandbox = value === undefined ? null : bool(env, 'SANDBOX', false);
  if (upstreamUrl !== null) {
    if (sandbox === true) throw new ConfigError('SANDBOX', 'true, but UPSTREAM_URL is set too; unset one of them');
    return;
  }
  if (sandbox === false)
    throw new ConfigError('UPSTREAM_URL', 'unset and SANDBOX=false; set UPSTREAM_URL to the jshERP-boot base URL');
  if (sandbox === null && !isLoopbackHost(host)) {
    throw new ConfigError(
      'UPSTREAM_URL',
      `unset, so the demo sandbox (known passwords) would be served on ${host}; ` +
        'set UPSTREAM_URL to the jshERP-boot base URL, or SANDBOX=true to serve the sandbox there',
    );
  }
}

/**
 * TRUSTED_PROXIES (addresses or CIDRs) and TRUST_PROXY_HOPS (how many of them in a row; 1 unless set). Hops without
 * a list used to trust any private peer; now the list is required, so a hop count alone is a config error.
 */
function proxies(env: Env): { trustedProxies: string[]; trustProxyHops: number } {
  const value = raw(env, 'TRUSTED_PROXIES');
  const trustedProxies =
    value === undefined
      ? []
      : value.split(',').map((item) => {
          const entry = item.trim();
          if (!parseProxyEntry(entry))
            throw new ConfigError(
              'TRUSTED_PROXIES',
              `'${entry}' is not an IP address or CIDR (e.g. 10.0.0.5,10.1.0.0/16)`,
            );
          return entry;
        });
  const hopsSet = raw(env, 'TRUST_PROXY_HOPS') !== undefined;
  const trustProxyHops = int(env, 'TRUST_PROXY_HOPS', trustedProxies.length > 0 ? 1 : 0, 0, 10);
  if (trustProxyHops > 0 && trustedProxies.length === 0) {
    throw new ConfigError(
      'TRUSTED_PROXIES',
      `unset, but TRUST_PROXY_HOPS is ${trustProxyHops}; list the proxies' addresses or CIDRs (e.g. 10.0.0.5,10.1.0.0/16)`,
    );
  }
  if (hopsSet && trustProxyHops === 0 && trustedProxies.length > 0) {
    throw new ConfigError(
      'TRUST_PROXY_HOPS',
      '0, but TRUSTED_PROXIES is set; unset TRUST_PROXY_HOPS or give the number of proxies in front',
    );
  }
  return { trustedProxies, trustProxyHops };
}

/** BODY_BUFFER_TOTAL_BYTES: at least one whole buffered body (BODY_BUFFER_BYTES). */
function bodyBufferTotal(env: Env): number {
  const perBody = int(env, 'BODY_BUFFER_BYTES', 1024 * 1024, 0, 1024 * 1024 * 1024);
  const total = int(env, 'BODY_BUFFER_TOTAL_BYTES', 128 * 1024 * 1024, 1024, Number.MAX_SAFE_INTEGER);
  if (total < perBody)
    throw new ConfigError('BODY_BUFFER_TOTAL_BYTES', `${total} is less than BODY_BUFFER_BYTES (${perBody})`);
  return total;
}

const logLevels: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: Env = process.env): Config {
  const logLevel = (raw(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!logLevels.includes(logLevel as LogLevel)) {
    throw new ConfigError('LOG_LEVEL', `expected one of ${logLevels.join(', ')}, got '${logLevel}'`);
  }
  const logFileMaxSize = raw(env, 'LOG_FILE_MAX_SIZE') ?? '20m';
  const size = /^(\d+)([kmg]?)$/i.exec(logFileMaxSize);
  const logFileMaxBytes = size ? Number(size[1]) * 1024 ** ' kmg'.indexOf((size[2] || ' ').toLowerCase()) : 0;
  if (logFileMaxBytes < 1024) {
    throw new ConfigError('LOG_FILE_MAX_SIZE', `expected a size of at least 1k like 20m, got '${logFileMaxSize}'`);
  }
  const upstreamUrl = url(env, 'UPSTREAM_URL');
  // The gateway adds the context path itself; with it in UPSTREAM_URL too the proxy doubles it for /readyz and the
  // platform name, and the gateway never gets ready.
  if (upstreamUrl !== null && /\/jshERP-boot\/*$/i.test(new URL(upstreamUrl).pathname)) {
    throw new ConfigError(
      'UPSTREAM_URL',
      `give the backend's base URL without /jshERP-boot (the gateway adds it), e.g. '${upstreamUrl.replace(/\/jshERP-boot\/*$/i, '')}'`,
    );
  }
  const host = raw(env, 'HOST') ?? '127.0.0.1';
  checkSandbox(env, host, upstreamUrl);
  const port = int(env, 'PORT', 3000, 0, 65535);
  const metricsPort = raw(env, 'METRICS_PORT') === undefined ? null : int(env, 'METRICS_PORT', 0, 1, 65535);
  if (metricsPort !== null && metricsPort === port) throw new ConfigError('METRICS_PORT', `the same as PORT (${port})`);
  return {
    host,
    port,
    upstreamUrl: upstreamUrl ? upstreamUrl.replace(/\/+$/, '') : null,
    upstreamTimeoutMs: int(env, 'UPSTREAM_TIMEOUT_MS', 300_000, 1, 3_600_000),
    upstreamConnections: int(env, 'UPSTREAM_CONNECTIONS', 128, 1, 4096),
    bodyStallTimeoutMs: int(env, 'BODY_STALL_TIMEOUT_MS', 30_000, 100, 600_000),
    bodyBufferBytes: int(env, 'BODY_BUFFER_BYTES', 1024 * 1024, 0, 1024 * 1024 * 1024),
    bodyBufferTotalBytes: bodyBufferTotal(env),
    bodyMinBytesPerSecond: int(env, 'BODY_MIN_BYTES_PER_SECOND', 1024, 0, 1024 * 1024 * 1024),
    bodyMaxPerAddress: int(env, 'BODY_MAX_PER_ADDRESS', 32, 1, 1_000_000),
    writeSpacingMs: int(env, 'WRITE_SPACING_MS', 1_500, 0, 60_000),
    maxConnectionsPerAddress: int(env, 'MAX_CONNECTIONS_PER_ADDRESS', 256, 1, 10_000_000),
    maxRssBytes: optionalInt(env, 'MAX_RSS_BYTES', 0, Number.MAX_SAFE_INTEGER),
    maxHeapUsedBytes: optionalInt(env, 'MAX_HEAP_USED_BYTES', 0, Number.MAX_SAFE_INTEGER),
    maxConnections: ((): number | null => {
      if (raw(env, 'MAX_CONNECTIONS') === undefined) return null;
      return int(env, 'MAX_CONNECTIONS', 0, 1, 10_000_000);
    })(),
    ...proxies(env),
    headersTimeoutMs: int(env, 'HEADERS_TIMEOUT_MS', 15_000, 100, 600_000),
    firstByteTimeoutMs: int(env, 'FIRST_BYTE_TIMEOUT_MS', 5_000, 100, 600_000),
    ipv6PrefixLength: int(env, 'IPV6_PREFIX_LENGTH', 64, 1, 128),
    logLevel: logLevel as LogLevel,
    logFile: raw(env, 'LOG_FILE') ?? null,
    logFileMaxBytes,
    logFileKeep: int(env, 'LOG_FILE_KEEP', 7, 1, 365),
    loginExtras: {
      hosts: hosts(env, 'PRODUCTION_HOSTS'),
      androidUrl: url(env, 'APP_ANDROID_URL'),
      iphoneUrl: url(env, 'APP_IPHONE_URL'),
      miniProgramUrl: url(env, 'APP_MINI_PROGRAM_URL'),
      companyLabel: text(env, 'COMPANY_LABEL'),
      filingNumber: text(env, 'FILING_NUMBER'),
      filingUrl: url(env, 'FILING_URL', 'http://beian.miit.gov.cn/') as string,
    },
    migration: {
      oldHosts: hosts(env, 'OLD_HOSTS'),
      newAddress: url(env, 'NEW_ADDRESS'),
      contact: text(env, 'MIGRATION_CONTACT'),
    },
    systemTitle: text(env, 'SYSTEM_TITLE', 60),
    websiteUrl: url(env, 'WEBSITE_URL'),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    allowBackendDocs: bool(env, 'ALLOW_BACKEND_DOCS', false),
    allowPluginAdmin: bool(env, 'ALLOW_PLUGIN_ADMIN', false),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    noticePollMs: int(env, 'NOTICE_POLL_MS', 6_000, 100, 3_600_000),
    broadcastToken: text(env, 'BROADCAST_TOKEN', 512),
    redisUrl: redisUrl(env),
    wsMaxPerUser: int(env, 'WS_MAX_PER_USER', 20, 1, 10_000),
    wsMaxTotal: int(env, 'WS_MAX_TOTAL', 20_000, 1, 1_000_000),
    sandboxCaptcha: bool(env, 'SANDBOX_CAPTCHA', true),
    sandboxSeed: ((): 'demo' | 'backend' => {
      const value = raw(env, 'SANDBOX_SEED') ?? 'demo';
      if (value !== 'demo' && value !== 'backend')
        throw new ConfigError('SANDBOX_SEED', `expected demo or backend, got '${value}'`);
      return value;
    })(),
    sandboxClock: clockStart(env, 'SANDBOX_CLOCK'),
    sandboxCallLog: text(env, 'SANDBOX_CALL_LOG', 1024),
    sandboxUploadMaxBytes: int(env, 'SANDBOX_UPLOAD_MAX_BYTES', 256 * 1024 * 1024, 1, Number.MAX_SAFE_INTEGER),
    sandboxLogTime: ((): 'round' | 'truncate' => {
      const value = raw(env, 'SANDBOX_LOG_TIME') ?? 'round';
      if (value !== 'round' && value !== 'truncate')
        throw new ConfigError('SANDBOX_LOG_TIME', `expected round or truncate, got '${value}'`);
      return value;
    })(),
    sandboxUploadTenantMaxBytes: int(
      env,
      'SANDBOX_UPLOAD_TENANT_MAX_BYTES',
      32 * 1024 * 1024,
      1,
      Number.MAX_SAFE_INTEGER,
    ),
    clientDistDir: directory(env, 'CLIENT_DIST_DIR', resolve(projectRoot(), 'client', 'dist')),
    clientErrorReportsPerMinute: int(env, 'CLIENT_ERROR_REPORTS_PER_MINUTE', 120, 1, 1_000_000),
    loginThrottle: {
      maxFailuresPerName: int(env, 'LOGIN_MAX_FAILURES', 5, 0, 1_000),
      maxFailuresPerAddress: int(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 50, 0, 100_000),
      windowMs: int(env, 'LOGIN_FAILURE_WINDOW_MS', 15 * 60_000, 1_000, 24 * 60 * 60_000),
    },
    metricsPort,
    metricsHost: raw(env, 'METRICS_HOST') ?? '127.0.0.1',
  };
}
