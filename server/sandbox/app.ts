// The sandbox upstream: an in-memory stand-in for jshERP-boot that answers the shell's calls as the real one does
// (quirks included). Used when no UPSTREAM_URL is configured.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { runAuthFilter, requestUri } from './auth-filter.js';
import { installBodyParsers } from './body.js';
import { createClock } from './clock.js';
import { createSandboxState, type SandboxState } from './state.js';
import { departmentRoutes } from './routes/departments.js';
import { listRoutes } from './routes/lists.js';
import { exportRoutes } from './routes/exports.js';
import { lookupRoutes } from './routes/lookups.js';
import { resourceActionRoutes } from './routes/resource-actions.js';
import { messageRoutes } from './routes/messages.js';
import { platformRoutes } from './routes/platform.js';
import { sessionRoutes } from './routes/session.js';
import { stockFlowRoutes } from './routes/stock-flow.js';
import { basicWriteRoutes } from './routes/writes-basic.js';
import { billWriteRoutes } from './routes/writes-bills.js';
import { dictRoutes } from './routes/writes-dict.js';
import { materialWriteRoutes } from './routes/writes-materials.js';
import { financialRoutes } from './routes/writes-financial.js';
import { systemWriteRoutes } from './routes/writes-system.js';
import { userWriteRoutes } from './routes/writes-users.js';
import { uploadRoutes } from './routes/uploads.js';
import { BusinessException, CONTEXT_PATH, UNKNOWN_EXCEPTION, UnknownException, sendJackson, springNotFound } from './wire.js';

export interface SandboxOptions {
  /** The platform's checkcode_flag: whether login asks for the captcha. */
  captcha: boolean;
  /** A pino logger for the sandbox's own lines (start, handler faults; the gateway logs each request); false or absent = silent. */
  logger?: Logger | false;
  /** The moment the sandbox's clock reads at start (it runs on from there); the real time when absent. */
  clock?: Date;
}

/** What tests (never HTTP clients) may reach on the instance: the state and the captcha answers. */
export interface SandboxHandle {
  state: SandboxState;
  /** The code behind a captcha uuid, while it is unused and unexpired. */
  captchaAnswer(uuid: string): string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present on the sandbox instance only. */
    sandbox: SandboxHandle;
  }
}

export async function buildSandbox(options: SandboxOptions): Promise<FastifyInstance> {
  // Spring matches a trailing slash too (useTrailingSlashMatch).
  const app = (
    options.logger
      ? Fastify({ loggerInstance: options.logger, logController: new LogController({ disableRequestLogging: true }), routerOptions: { ignoreTrailingSlash: true } })
      : Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } })
  ) as unknown as FastifyInstance;
  const state = createSandboxState({ captcha: options.captcha, clock: createClock(options.clock) });

  app.decorate('sandbox', {
    state,
    captchaAnswer(uuid: string): string | undefined {
      const entry = state.captchas.get(uuid);
      return entry && entry.expiresAt > state.clock.ms() ? entry.code : undefined;
    },
  } satisfies SandboxHandle);
  app.decorateRequest('sandboxAuth', null);

  // Paths that some controller maps (for any method): a wrong method there is the global handler's 未知异常.
  const mappedPaths = new Set<string>();
  app.addHook('onRoute', (route) => {
    mappedPaths.add(route.url);
  });

  app.addHook('onRequest', async (request, reply) => {
    const uri = requestUri(request);
    if (uri !== CONTEXT_PATH && !uri.startsWith(`${CONTEXT_PATH}/`)) {
      // Outside the servlet context: Tomcat's own 404, no filter.
      reply.hijack();
      reply.raw.writeHead(404, { 'content-type': 'text/plain;charset=UTF-8', 'content-length': 9 });
      reply.raw.end('Not Found');
      return;
    }
    runAuthFilter(state, request, reply);
  });

  installBodyParsers(app);

  app.setErrorHandler(async (error, request, reply) => {
    if (error instanceof BusinessException) return sendJackson(reply, { code: error.code, data: { message: error.reason } });
    if (!(error instanceof UnknownException)) request.log.warn({ err: error }, 'sandbox handler failed; answering 未知异常');
    return sendJackson(reply, UNKNOWN_EXCEPTION);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const uri = requestUri(request);
    const bare = uri.length > 1 && uri.endsWith('/') ? uri.slice(0, -1) : uri;
    if (mappedPaths.has(bare)) return sendJackson(reply, UNKNOWN_EXCEPTION);
    return sendJackson(reply, springNotFound(uri, state.clock.now()), 404);
  });

  await app.register(
    async (api) => {
      await api.register(sessionRoutes, { state });
      await api.register(platformRoutes, { state });
      await api.register(messageRoutes, { state });
      await api.register(departmentRoutes, { state });
      await api.register(listRoutes, { state });
      await api.register(resourceActionRoutes, { state });
      await api.register(lookupRoutes, { state });
      await api.register(exportRoutes, { state });
      await api.register(basicWriteRoutes, { state });
      await api.register(userWriteRoutes, { state });
      await api.register(systemWriteRoutes, { state });
      await api.register(dictRoutes, { state });
      await api.register(materialWriteRoutes, { state });
      await api.register(financialRoutes, { state });
      await api.register(billWriteRoutes, { state });
      await api.register(stockFlowRoutes, { state });
      await api.register(uploadRoutes, { state });
    },
    { prefix: CONTEXT_PATH },
  );
  return app;
}
