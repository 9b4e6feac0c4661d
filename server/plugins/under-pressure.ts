// Sheds load with 503 + Retry-After (the envelope) when the event loop or memory is saturated,
// so in-flight requests keep finishing instead of everything slowing down together.
// under-pressure sets the status and Retry-After and raises its error; plugins/error-handler.ts
// turns that into the envelope.
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';

export interface UnderPressureOptions {
  maxEventLoopDelay?: number;
  maxEventLoopUtilization?: number;
  maxHeapUsedBytes?: number;
  maxRssBytes?: number;
  sampleInterval?: number;
  retryAfterSeconds?: number;
}

async function pressure(app: FastifyInstance, options: UnderPressureOptions): Promise<void> {
  const retryAfter = options.retryAfterSeconds ?? 10;
  await app.register(underPressure, {
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
