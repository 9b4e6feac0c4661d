// Rejects hostile /jshERP-boot paths before any handler runs, so they never reach the backend.
// The backend's auth filter lets through anything that *starts with* a whitelisted prefix and only
// looks for '..' and '%2e' (jshERP issues #129, #130, #132: '..;' matrix-parameter bypass to RCE);
// its plugin manager installs jars (#156, #112).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { GATEWAY_MESSAGES } from '../../shared/error-envelope.js';
import { DEFAULT_API_BASE } from '../../shared/injected-config.js';
import { sendEnvelope } from '../lib/envelope.js';

export interface PathGuardOptions {
  allowBackendDocs: boolean;
  allowPluginAdmin: boolean;
}

/** Raw-path fragments that have no business in an API path: traversal, matrix params (also encoded, %3b, as Spring's StrictHttpFirewall refuses), encoded separators, double encoding, encoded controls. */
const hostileFragment = /\.\.|;|%3b|\\|\/\/|%2e|%2f|%5c|%25|%[01][0-9a-f]|%7f/i;

const docsPaths = /^\/(?:doc\.html|v2\/api-docs|webjars|swagger)/i;
const pluginAdminPath = /^\/plugin(?:\/|$)/i;

export type PathVerdict = 'ok' | 'bad' | 'forbidden';

export function judgeApiPath(rawPath: string, options: PathGuardOptions): PathVerdict {
  if (hostileFragment.test(rawPath)) return 'bad';
  const rest = rawPath.slice(DEFAULT_API_BASE.length);
  if (!options.allowBackendDocs && docsPaths.test(rest)) return 'forbidden';
  if (!options.allowPluginAdmin && pluginAdminPath.test(rest)) return 'forbidden';
  return 'ok';
}

async function pathGuard(app: FastifyInstance, options: PathGuardOptions): Promise<void> {
  const base = DEFAULT_API_BASE.toLowerCase();
  // A callback hook (it runs on every request); answering here means not calling done().
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '/';
    const q = url.indexOf('?');
    const rawPath = q === -1 ? url : url.slice(0, q);
    const verdict = rawPath.toLowerCase().startsWith(base) ? judgeApiPath(rawPath, options) : 'ok';
    if (verdict === 'bad') {
      request.log.warn({ rule: 'path-guard' }, 'hostile path rejected');
      void sendEnvelope(reply, 400, GATEWAY_MESSAGES.badPath);
      return;
    }
    if (verdict === 'forbidden') {
      request.log.warn({ rule: 'path-guard' }, 'denied backend path');
      void sendEnvelope(reply, 403, GATEWAY_MESSAGES.forbiddenPath);
      return;
    }
    done();
  });
}

export default fp(pathGuard, { name: 'path-guard', fastify: '5.x' });
