// The client-socket timeouts of the gateway's HTTP server, from the configuration (server.ts applies them; tests
// build them from a config with small limits).
import type { Config } from '../config.js';

export interface ServerTimeouts {
  /** Socket inactivity while a request is in progress. */
  connectionTimeout: number;
  keepAliveTimeout: number;
  requestTimeout: number;
  /** Time to receive a request's headers; also how long a connection may sit idle with no request in progress. */
  headersTimeout: number;
  /** How long a connection may stay open without sending a byte; unset: headersTimeout. */
  firstByteTimeout?: number;
}

export function serverTimeouts(
  config: Pick<Config, 'upstreamTimeoutMs' | 'headersTimeoutMs' | 'firstByteTimeoutMs'>,
): ServerTimeouts {
  return {
    // Socket inactivity limit. While the backend works on a long call (up to UPSTREAM_TIMEOUT_MS,
    // 300 s by default like the client's own timeout) the client socket is silent, so this must outlast it.
    // It applies only while a request is in progress: lib/idle-connections.ts ends idle ones at headersTimeout.
    connectionTimeout: config.upstreamTimeoutMs + 10_000,
    // Longer than the usual load-balancer idle timeout (60 s), so the balancer closes idle keep-alives first
    // (only for TRUSTED_PROXIES peers; other idle connections end at headersTimeout).
    keepAliveTimeout: 72_000,
    // Time to receive the whole request (headers and body), not to answer it: a 10 MiB upload at ~90 kB/s.
    requestTimeout: Math.max(120_000, config.headersTimeoutMs),
    // Slow-header (slowloris) bound; must not exceed requestTimeout.
    headersTimeout: config.headersTimeoutMs,
    // A connection that never speaks holds a slot and a descriptor: seconds, not the headers timeout.
    firstByteTimeout: Math.min(config.firstByteTimeoutMs, config.headersTimeoutMs),
  };
}
