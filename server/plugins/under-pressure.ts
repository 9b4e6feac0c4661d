// Sheds load with 503 + Retry-After (the envelope) when the event loop or memory is saturated,
// so in-flight requests keep finishing instead of everything slowing down together. Memory: the resident size and
// V8's heap, against MAX_RSS_BYTES / MAX_HEAP_USED_BYTES (app.ts derives them when unset, lib/memory-limit.ts).
// under-pressure sets the status and Retry-After and raises its error; plugins/error-handler.ts
// turns that into the envelope.
import { getHeapStatistics } from 'node:v8';
import fp from 'fastify-plugin';
import underPressure, { TYPE_EVENT_LOOP_DELAY } from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';

export interface UnderPressureOptions {
  maxEventLoopDelay?: number;
  maxEventLoopUtilization?: number;
  maxHeapUsedBytes?: number;
  maxRssBytes?: number;
  sampleInterval?: number;
  retryAfterSeconds?: number;
}

type MemorySampleFailure = (code: string) => void;
const memorySampleFailureListeners = new Set<MemorySampleFailure>();
let memorySamplerGuarded = false;

/**
 * under-pressure samples memory in a timer with process.memoryUsage(), which opens /proc/self/stat: with every
 * descriptor taken (a socket flood) it throws EMFILE inside the timer, an uncaught exception that ended the process.
 * When reading fails for want of descriptors, the sample keeps its last resident size and takes the heap figures
 * from V8 (no descriptor needed); any other failure still throws.
 */
function guardMemorySampler(): void {
  if (memorySamplerGuarded) return;
  memorySamplerGuarded = true;
  const read = process.memoryUsage.bind(process);
  let last: NodeJS.MemoryUsage | null = null;
  const sample = (): NodeJS.MemoryUsage => {
    try {
      last = read();
      return last;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (code !== 'EMFILE' && code !== 'ENFILE') throw err;
      for (const listener of memorySampleFailureListeners) listener(code);
      const heap = getHeapStatistics();
      return {
        rss: last?.rss ?? heap.total_physical_size,
        heapTotal: heap.total_heap_size,
        heapUsed: heap.used_heap_size,
        external: last?.external ?? heap.external_memory,
        arrayBuffers: last?.arrayBuffers ?? 0,
      };
    }
  };
  const rss = process.memoryUsage.rss.bind(process.memoryUsage);
  process.memoryUsage = Object.assign(sample, {
    rss: (): number => {
      try {
        return rss();
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? '';
        if (code !== 'EMFILE' && code !== 'ENFILE') throw err;
        return last?.rss ?? getHeapStatistics().total_physical_size;
      }
    },
  });
}

/** What the error handler turns into the 503 envelope (the plugin's own error when no pressure handler is given). */
class ServiceOverloaded extends Error {
  readonly statusCode = 503;
  readonly code = 'FST_UNDER_PRESSURE';
  constructor() {
    super('Service Unavailable');
  }
}

async function pressure(app: FastifyInstance, options: UnderPressureOptions): Promise<void> {
  guardMemorySampler();
  // One warning per 10 s while descriptors are exhausted.
  let warnedAt = -Infinity;
  const onFailure: MemorySampleFailure = (code) => {
    const now = Date.now();
    if (now - warnedAt < 10_000) return;
    warnedAt = now;
    app.log.warn({ code }, 'memory sample failed: no file descriptor left (raise ulimit -n or lower MAX_CONNECTIONS)');
  };
  memorySampleFailureListeners.add(onFailure);
  app.addHook('onClose', async () => {
    memorySampleFailureListeners.delete(onFailure);
  });
  const retryAfter = options.retryAfterSeconds ?? 10;
  // The event loop's delay is read every sample interval from the plugin's registration on. The first reading covers
  // the rest of the start (plugins, routes, schemas: one long task, which a loaded machine stretched past a second),
  // and it stood for a whole interval after the server was ready: its first page's scripts were refused with 503
  // (CI saw a login page stay on its loader). A reading is judged once the server has been ready for an interval.
  const sampleInterval = Math.max(options.sampleInterval ?? 1_000, 10);
  let readyAt = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    readyAt = performance.now();
  });
  await app.register(underPressure, {
    pressureHandler: async (_request, reply, type) => {
      if (type === TYPE_EVENT_LOOP_DELAY && performance.now() - readyAt <= sampleInterval) return;
      reply.status(503).header('Retry-After', retryAfter);
      throw new ServiceOverloaded();
    },
    maxEventLoopDelay: options.maxEventLoopDelay ?? 1_000,
    // Off by default: a proxy at full throughput runs its loop near 100 % by nature, and shedding on utilisation
    // refused 63-94 % of requests in 10 s wrk runs at saturation, the 503 path itself keeping the loop busy (bench/).
    // The 1 s event-loop delay above is the overload signal: work really waiting, not a busy proxy.
    maxEventLoopUtilization: options.maxEventLoopUtilization ?? 0,
    maxHeapUsedBytes: options.maxHeapUsedBytes ?? 0,
    maxRssBytes: options.maxRssBytes ?? 0,
    sampleInterval: options.sampleInterval,
    retryAfter,
  });
}

export default fp(pressure, { name: 'under-pressure', fastify: '5.x' });
