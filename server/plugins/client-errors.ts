// POST /gateway/client-errors: the shell reports a crashed view (message, stacks, route path, user agent, release)
// and the gateway writes one `client error` warn line with those fields. A small body, validated, strings cut
// and token-shaped text redacted; at most `maxPerWindow` reports per address per window (kept in memory), and at
// most `maxTotalPerWindow` from all addresses together, so neither a looping crash nor many hostile addresses can
// flood the log (150 addresses once wrote 14.5 MB of it a minute). Refused reports are counted in
// gateway_client_error_reports_dropped_total. Nothing from the request but these fields (no header, no cookie) is
// logged.
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import {
  CLIENT_ERROR_LIMITS,
  CLIENT_ERRORS_PATH,
  redactSecrets,
  truncate,
  type ClientErrorReport,
} from '../../shared/client-errors.js';
import { GATEWAY_MESSAGES } from '../../shared/error-envelope.js';
import { sendEnvelope } from '../lib/envelope.js';
import { addressGroup } from '../lib/address-group.js';
import { createStackMapper } from '../lib/source-map-stack.js';

export interface ClientErrorsOptions {
  /** Largest accepted body; a report is a few KB. */
  bodyLimitBytes?: number;
  /** Reports accepted per client address per window; more get 429. */
  maxPerWindow?: number;
  /** Reports accepted from all addresses together per window (CLIENT_ERROR_REPORTS_PER_MINUTE); more get 429. */
  maxTotalPerWindow?: number;
  windowMs?: number;
  /** Addresses remembered at once; beyond it the oldest windows are forgotten (bounded memory under a spray). */
  maxAddresses?: number;
  now?: () => number;
  /** IPv6 clients count by this prefix (lib/address-group.ts); 64 unless given. */
  ipv6PrefixLength?: number;
  /** The build's source maps (client/dist-maps): stacks are logged also mapped to the sources (`mappedStack`). */
  sourceMapsDir?: string;
}

const bodySchema = {
  type: 'object',
  required: ['message', 'path'],
  additionalProperties: false,
  properties: {
    message: { type: 'string' },
    stack: { type: 'string' },
    componentStack: { type: 'string' },
    path: { type: 'string' },
    userAgent: { type: 'string' },
    release: { type: 'string' },
  },
} as const;

/** Fixed windows per address in a Map (insertion order = oldest first, so the cap drops the oldest). */
function windowLimiter(max: number, windowMs: number, maxAddresses: number, now: () => number) {
  const windows = new Map<string, { start: number; count: number }>();
  return (address: string): boolean => {
    const time = now();
    let entry = windows.get(address);
    if (!entry || time - entry.start >= windowMs) {
      windows.delete(address);
      entry = { start: time, count: 0 };
      windows.set(address, entry);
      while (windows.size > maxAddresses) windows.delete(windows.keys().next().value!);
    }
    entry.count++;
    return entry.count <= max;
  };
}

function clean(report: Partial<ClientErrorReport>): ClientErrorReport {
  const field = (name: keyof ClientErrorReport): string | undefined => {
    const value = report[name];
    return typeof value === 'string' ? truncate(redactSecrets(value), CLIENT_ERROR_LIMITS[name]) : undefined;
  };
  return {
    message: field('message') ?? '',
    stack: field('stack'),
    componentStack: field('componentStack'),
    // A path with a query slipped in keeps only the path.
    path: (field('path') ?? '').split(/[?#]/, 1)[0] ?? '',
    userAgent: field('userAgent') ?? '',
    release: field('release') ?? '',
  };
}

async function clientErrors(app: FastifyInstance, options: ClientErrorsOptions): Promise<void> {
  const mapStack = options.sourceMapsDir ? createStackMapper(options.sourceMapsDir) : null;
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  const allow = windowLimiter(options.maxPerWindow ?? 10, windowMs, options.maxAddresses ?? 10_000, now);
  // The same fixed window over one key: every address together.
  const allowTotal = windowLimiter(options.maxTotalPerWindow ?? 120, windowMs, 1, now);
  const dropped = app.hasDecorator('metricsRegistry')
    ? new Counter({
        name: 'gateway_client_error_reports_dropped_total',
        help: 'Crash reports refused (429) and not logged, by the limit they met: one address’s, or all addresses’.',
        labelNames: ['limit'] as const,
        registers: [app.metricsRegistry],
      })
    : null;
  let totalWarnedAt = -Infinity;

  app.post<{ Body: Partial<ClientErrorReport> }>(
    CLIENT_ERRORS_PATH,
    {
      bodyLimit: options.bodyLimitBytes ?? 16 * 1024,
      schema: { body: bodySchema },
      attachValidation: true,
      // Counted before the body is read: a flood costs one map lookup per request.
      onRequest: async (request, reply) => {
        // An address over its own limit does not use up everyone's.
        const limit = !allow(addressGroup(request.ip, options.ipv6PrefixLength ?? 64))
          ? 'address'
          : !allowTotal('all')
            ? 'total'
            : null;
        if (limit === null) return;
        dropped?.inc({ limit });
        if (limit === 'total' && now() - totalWarnedAt >= windowMs) {
          totalWarnedAt = now();
          request.log.warn(
            { maxTotalPerWindow: options.maxTotalPerWindow ?? 120, windowMs },
            'client error reports dropped: all addresses together sent more than CLIENT_ERROR_REPORTS_PER_MINUTE',
          );
        }
        reply.header('retry-after', String(Math.ceil(windowMs / 1000)));
        return sendEnvelope(reply, 429, GATEWAY_MESSAGES.overloaded);
      },
    },
    async (request, reply) => {
      if (request.validationError) return sendEnvelope(reply, 400, GATEWAY_MESSAGES.badRequest);
      const report = clean(request.body);
      const mappedStack = report.stack && mapStack ? await mapStack(report.stack).catch(() => undefined) : undefined;
      request.log.warn(
        {
          clientError: mappedStack
            ? { ...report, mappedStack: truncate(mappedStack, CLIENT_ERROR_LIMITS.stack) }
            : report,
        },
        'client error',
      );
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );
}

export default fp(clientErrors, { name: 'client-errors', fastify: '5.x' });
