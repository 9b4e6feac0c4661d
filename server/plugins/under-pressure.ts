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
    maxEventLoopUtilization: options.maxEventLoopUtilization ?? 0.98,
    maxHeapUsedBytes: options.maxHeapUsedBytes ?? 0,
    maxRssBytes: options.maxRssBytes ?? 0,
    sampleInterval: options.sampleInterval,
    retryAfter,
  });
}

export default fp(pressure, { name: 'under-pressure', fastify: '5.x' });
