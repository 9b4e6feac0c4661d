// Process concerns only: configuration, the sandbox upstream when none is configured, listening,
// server timeouts and graceful shutdown. The application itself is composed in app.ts.
import { appendFileSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './logger.js';
import { serverTimeouts } from './lib/server-timeouts.js';

function listenUrl(address: ReturnType<import('node:net').Server['address']>, host: string): string {
  if (address === null || typeof address === 'string') return `http://${host}`;
  const shown = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${address.port}`;
}

async function main(): Promise<void> {
  let config: Config;
  let logger: Logger;
  try {
    config = loadConfig(process.env);
    // Opens LOG_FILE: one that cannot be written is a config error too.
    logger = await createLogger(config);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`config error: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  let sandbox: { url: string; close(): Promise<void> } | null = null;
  if (!config.upstreamUrl) {
    // Loaded only when needed, so a real upstream adds nothing to the start.
    const { startSandbox } = await import('./sandbox/start.js');
    const callLog = config.sandboxCallLog;
    sandbox = await startSandbox({
      captcha: config.sandboxCaptcha,
      seed: config.sandboxSeed,
      clock: config.sandboxClock ?? undefined,
      uploadMaxBytes: config.sandboxUploadMaxBytes,
      logTime: config.sandboxLogTime,
      uploadTenantMaxBytes: config.sandboxUploadTenantMaxBytes,
      logger: logger.child({ component: 'sandbox' }),
      ...(callLog ? { recordCall: (call) => appendFileSync(callLog, `${JSON.stringify(call)}\n`) } : {}),
    });
    config = { ...config, upstreamUrl: sandbox.url };
  }

  // The application (fastify, its plugins) loads once the configuration holds: a bad value is refused at once.
  const { buildApp } = await import('./app.js');
  const app = await buildApp(config, { logger, serverTimeouts: serverTimeouts(config) });
  // Prometheus text on a listener of its own, off unless METRICS_PORT is set (loopback by default).
  const metricsServer =
    config.metricsPort === null
      ? null
      : await (
          await import('./plugins/metrics.js')
        ).buildMetricsServer(app.metricsRegistry, logger.child({ component: 'metrics' }));

  // SIGTERM/SIGINT: stop accepting (Fastify answers 503 to new requests while closing), let in-flight
  // requests finish within SHUTDOWN_GRACE_MS, close sockets (websockets with 1001 via their preClose), exit 0.
  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await metricsServer?.close();
    await sandbox?.close();
    app.log.info('closed');
  });

  await app.listen({ host: config.host, port: config.port });
  if (metricsServer) {
    await metricsServer.listen({ host: config.metricsHost, port: config.metricsPort ?? 0 });
    app.log.info(
      { url: `${listenUrl(metricsServer.server.address(), config.metricsHost)}/metrics` },
      'metrics listening',
    );
  }
  const url = listenUrl(app.server.address(), config.host);
  app.log.info({ url, upstream: sandbox ? 'sandbox' : config.upstreamUrl }, 'gateway listening');
  if (sandbox) {
    process.stdout.write(
      `\njshERP shell on the sandbox upstream: ${url}\n` + 'Demo logins (password 123456): admin, jsh, test123\n\n',
    );
  }
}

await main();
