// The sandbox upstream: an in-memory stand-in for jshERP-boot that answers the shell's calls as the real one does
// (quirks included). Used when no UPSTREAM_URL is configured.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import backendParams from '../../shared/backend-params.json' with { type: 'json' };
import {
  queryRefusal,
  conversionError,
  type BackendParamTable,
  type BackendRoute,
  type QueryValues,
} from '../../shared/backend-params.js';
import { runAuthFilter, requestUri } from './auth-filter.js';
import { installBodyParsers } from './body.js';
import { createClock } from './clock.js';
import { createSandboxState, type SeedName } from './state.js';
import type { LogTimeStorage, SandboxState } from './store.js';
import { departmentRoutes } from './routes/departments.js';
import { accountRoutes } from './routes/account.js';
import { accountHeadRoutes } from './routes/account-head.js';
import { accountItemRoutes } from './routes/account-item.js';
import { depotRoutes } from './routes/depot.js';
import { depotHeadRoutes } from './routes/depot-head.js';
import { depotItemRoutes } from './routes/depot-item.js';
import { functionRoutes } from './routes/function.js';
import { inOutItemRoutes } from './routes/in-out-item.js';
import { logRoutes } from './routes/log.js';
import { materialRoutes } from './routes/material.js';
import { materialAttributeRoutes } from './routes/material-attribute.js';
import { materialCategoryRoutes } from './routes/material-category.js';
import { materialExtendRoutes } from './routes/material-extend.js';
import { materialPropertyRoutes } from './routes/material-property.js';
import { msgRoutes } from './routes/msg.js';
import { organizationRoutes } from './routes/organization.js';
import { personRoutes } from './routes/person.js';
import { platformConfigRoutes } from './routes/platform-config.js';
import { pluginRoutes } from './routes/plugin.js';
import { roleRoutes } from './routes/role.js';
import { sequenceRoutes } from './routes/sequence.js';
import { serialNumberRoutes } from './routes/serial-number.js';
import { supplierRoutes } from './routes/supplier.js';
import { sysDictDataRoutes } from './routes/sys-dict-data.js';
import { sysDictTypeRoutes } from './routes/sys-dict-type.js';
import { systemConfigRoutes } from './routes/system-config.js';
import { tenantRoutes } from './routes/tenant.js';
import { unitRoutes } from './routes/unit.js';
import { userRoutes } from './routes/user.js';
import { userBusinessRoutes } from './routes/user-business.js';
import { UPLOAD_TENANT_DEFAULT_BYTES, UPLOAD_TOTAL_DEFAULT_BYTES, uploadRoutes } from './routes/uploads.js';
import { importRoutes } from './routes/imports.js';
import { CONTEXT_PATH } from '../../shared/backend.js';
import { BusinessException, UNKNOWN_EXCEPTION, UnknownException, sendJackson, springNotFound } from './wire.js';

export interface SandboxOptions {
  /** The platform's checkcode_flag: whether login asks for the captcha. */
  captcha: boolean;
  /** What the store starts from (SANDBOX_SEED): the demo company when absent. */
  seed?: SeedName;
  /** A pino logger for the sandbox's own lines (start, handler faults; the gateway logs each request); false or absent = silent. */
  logger?: Logger | false;
  /** The moment the sandbox's clock reads at start (it runs on from there); the real time when absent. */
  clock?: Date;
  /** Tests only: told of every call as it arrives (the wire guard judges them against the backend's table). */
  recordCall?: (call: RecordedCall) => void;
  /** The most bytes all uploaded files may take together on disk (SANDBOX_UPLOAD_MAX_BYTES); 256 MiB when absent. */
  uploadMaxBytes?: number;
  /** jshERP-boot's rules on writes close together (store.ts TimingRules): on when absent. */
  timingRules?: boolean;
  /** How the operation log stores a moment's fraction (SANDBOX_LOG_TIME): MySQL's rounding when absent. */
  logTime?: LogTimeStorage;
  /** The most bytes one tenant's uploaded files may take (SANDBOX_UPLOAD_TENANT_MAX_BYTES); 32 MiB when absent. */
  uploadTenantMaxBytes?: number;
}

/** A call as the sandbox received it: the method and the raw URL (path and query, not decoded). */
export interface RecordedCall {
  method: string;
  url: string;
}

/** What tests (never HTTP clients) may reach on the instance: the state and the captcha answers. */
export interface SandboxHandle {
  state: SandboxState;
  /** The code behind a captcha uuid, while it is unused and unexpired. */
  captchaAnswer(uuid: string): string | undefined;
  /** Every route the sandbox serves, with the backend mapping it stands for (null: the backend maps no such path). */
  routes: readonly SandboxRoute[];
}

export interface SandboxRoute {
  method: string;
  /** Fastify's pattern, context path included. */
  url: string;
  backend: BackendRoute | null;
}

const BACKEND_TABLE = backendParams as BackendParamTable;

/** The same path shape in Fastify's and Spring's spelling: `:id` / `{id}` → `{}`, `*` / `**` → `**`. */
function pathShape(path: string): string {
  return path.replace(/\{[^}]+\}|:[^/]+/g, '{}').replace(/\/\*\*?$/, '/**');
}

const BACKEND_BY_SHAPE = new Map<string, BackendRoute[]>();
for (const route of BACKEND_TABLE.routes) {
  const shape = pathShape(route.path);
  BACKEND_BY_SHAPE.set(shape, [...(BACKEND_BY_SHAPE.get(shape) ?? []), route]);
}

/** The backend mapping a sandbox route stands for: same path shape, and its method (any, for a bare @RequestMapping). */
function backendRouteOf(method: string, url: string): BackendRoute | null {
  const candidates = BACKEND_BY_SHAPE.get(pathShape(url.slice(CONTEXT_PATH.length))) ?? [];
  const wanted = method === 'HEAD' ? 'GET' : method;
  return candidates.find((r) => r.methods.length === 0 || r.methods.includes(wanted)) ?? null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present on the sandbox instance only. */
    sandbox: SandboxHandle;
  }
}

export async function buildSandbox(options: SandboxOptions): Promise<FastifyInstance> {
  // Spring matches a trailing slash too (useTrailingSlashMatch).
  const app = (options.logger
    ? Fastify({
        loggerInstance: options.logger,
        logController: new LogController({ disableRequestLogging: true }),
        routerOptions: { ignoreTrailingSlash: true },
      })
    : Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } })) as unknown as FastifyInstance;
  const state = createSandboxState({
    captcha: options.captcha,
    seed: options.seed,
    clock: createClock(options.clock),
    timingRules: options.timingRules,
    logTime: options.logTime,
  });

  const routes: SandboxRoute[] = [];
  app.decorate('sandbox', {
    state,
    routes,
    captchaAnswer(uuid: string): string | undefined {
      const entry = state.captchas.get(uuid);
      return entry && entry.expiresAt > state.clock.ms() ? entry.code : undefined;
    },
  } satisfies SandboxHandle);
  app.decorateRequest('sandboxAuth', null);

  // Paths that some controller maps (for any method): a wrong method there is the global handler's 未知异常.
  const mappedPaths = new Set<string>();
  // Each route's backend mapping, for the parameter check below (keyed by method and Fastify pattern).
  const backendOfRoute = new Map<string, BackendRoute | null>();
  app.addHook('onRoute', (route) => {
    mappedPaths.add(route.url);
    for (const method of [route.method].flat()) {
      const backend = backendRouteOf(method, route.url);
      routes.push({ method, url: route.url, backend });
      backendOfRoute.set(`${method} ${route.url}`, backend);
    }
  });

  const recordCall = options.recordCall;
  if (recordCall) {
    app.addHook('onRequest', async (request) => {
      recordCall({ method: request.method, url: request.raw.url ?? '/' });
    });
  }

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

  // Spring's argument resolution, from the controller's declarations (shared/backend-params.json): a required
  // @RequestParam that is absent, or a parameter or path variable that does not convert to its Java type, never
  // reaches the method; the global handler answers 未知异常. Runs after the filter, as Spring's dispatch does.
  app.addHook('preValidation', async (request, reply) => {
    const backend = backendOfRoute.get(`${request.method} ${request.routeOptions.url}`);
    if (!backend) return;
    const variables = Object.values((request.params ?? {}) as Record<string, string>);
    const badVariable = backend.pathVariables.some((v, i) => conversionError(v.type, variables[i] ?? '') !== null);
    if (badVariable || queryRefusal(backend, request.query as QueryValues) !== null)
      return sendJackson(reply, UNKNOWN_EXCEPTION);
  });

  app.setErrorHandler(async (error, request, reply) => {
    if (error instanceof BusinessException)
      return sendJackson(reply, { code: error.code, data: { message: error.reason } });
    if (!(error instanceof UnknownException))
      request.log.warn({ err: error }, 'sandbox handler failed; answering 未知异常');
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
      // One plugin per jshERP-boot controller (routes/<controller>.ts), and the sandbox's own department switch.
      await api.register(accountRoutes, { state });
      await api.register(accountHeadRoutes, { state });
      await api.register(accountItemRoutes, { state });
      await api.register(depotRoutes, { state });
      await api.register(depotHeadRoutes, { state });
      await api.register(depotItemRoutes, { state });
      await api.register(functionRoutes, { state });
      await api.register(inOutItemRoutes, { state });
      await api.register(logRoutes, { state });
      await api.register(materialRoutes, { state });
      await api.register(materialAttributeRoutes, { state });
      await api.register(materialCategoryRoutes, { state });
      await api.register(materialExtendRoutes, { state });
      await api.register(materialPropertyRoutes, { state });
      await api.register(msgRoutes, { state });
      await api.register(organizationRoutes, { state });
      await api.register(personRoutes, { state });
      await api.register(platformConfigRoutes, { state });
      await api.register(pluginRoutes, { state });
      await api.register(roleRoutes, { state });
      await api.register(sequenceRoutes, { state });
      await api.register(serialNumberRoutes, { state });
      await api.register(supplierRoutes, { state });
      await api.register(sysDictDataRoutes, { state });
      await api.register(sysDictTypeRoutes, { state });
      await api.register(systemConfigRoutes, { state });
      await api.register(tenantRoutes, { state });
      await api.register(unitRoutes, { state });
      await api.register(userRoutes, { state });
      await api.register(userBusinessRoutes, { state });
      await api.register(departmentRoutes, { state });
      await api.register(uploadRoutes, {
        state,
        maxTotalBytes: options.uploadMaxBytes ?? UPLOAD_TOTAL_DEFAULT_BYTES,
        maxTenantBytes: options.uploadTenantMaxBytes ?? UPLOAD_TENANT_DEFAULT_BYTES,
      });
      await api.register(importRoutes, { state });
    },
    { prefix: CONTEXT_PATH },
  );
  return app;
}
