// Starts the sandbox on a loopback port of its own; the gateway proxies to `url` exactly as to a real jshERP-boot.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildSandbox, type SandboxOptions } from './app.js';

export interface StartSandboxOptions {
  captcha: boolean;
  /** SANDBOX_SEED: the demo company (default) or the backend's own seed. */
  seed?: SandboxOptions['seed'];
  /** Loopback by default; the sandbox is never meant to be reachable from elsewhere. */
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  logger?: Logger | false;
  /** The moment the sandbox's clock reads at start (`SANDBOX_CLOCK`); the real time when absent. */
  clock?: Date;
  recordCall?: SandboxOptions['recordCall'];
  /** SANDBOX_UPLOAD_MAX_BYTES: the most bytes all uploaded files may take together. */
  uploadMaxBytes?: number;
  timingRules?: SandboxOptions['timingRules'];
  logTime?: SandboxOptions['logTime'];
  /** SANDBOX_UPLOAD_TENANT_MAX_BYTES: the most bytes one tenant's uploaded files may take. */
  uploadTenantMaxBytes?: number;
}

export interface RunningSandbox {
  /** Base URL without the context path, e.g. http://127.0.0.1:41234 (the app serves /jshERP-boot/…). */
  url: string;
  close(): Promise<void>;
  app: FastifyInstance;
}

export async function startSandbox(options: StartSandboxOptions): Promise<RunningSandbox> {
  const app = await buildSandbox({
    captcha: options.captcha,
    seed: options.seed,
    logger: options.logger,
    clock: options.clock,
    recordCall: options.recordCall,
    uploadMaxBytes: options.uploadMaxBytes,
    timingRules: options.timingRules,
    logTime: options.logTime,
    uploadTenantMaxBytes: options.uploadTenantMaxBytes,
  });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('sandbox did not get a TCP address');
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${urlHost}:${address.port}`,
    close: () => app.close(),
    app,
  };
}
