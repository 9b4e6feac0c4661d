// Judges every request path before any handler runs, on the path the backend would actually receive.
// The router decodes percent-escapes and the proxy's URL parser resolves dot segments, so a text match on the raw
// URL is not enough: `/%6ashERP-boot/plugin/list` and `/jshERP-boot/./plugin/list` both arrive as
// `/jshERP-boot/plugin/list`. The guard therefore refuses (400) every path whose canonical form differs from what
// was sent in a way that matters, and applies the deny rules (403) to the canonical form.
// The backend's auth filter lets through anything that *starts with* a whitelisted prefix or contains `.ico`, and
// only looks for '..' and '%2e' (jshERP issues #129, #130, #132: '..;' matrix-parameter bypass to RCE); its plugin
// manager installs any jar it is sent (#156, #112).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { GATEWAY_MESSAGES } from '../../shared/error-envelope.js';
import { sendEnvelope } from '../lib/envelope.js';

export interface PathGuardOptions {
  allowBackendDocs: boolean;
  allowPluginAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The decoded path the guard judged; null when the request was refused or never judged. */
    canonicalPath: string | null;
  }
}

/**
 * Characters refused anywhere in the raw path: controls, space, non-ASCII (browsers always escape it), backslash
 * (a separator to Windows-minded servers), ';' (matrix parameters, Tomcat strips them before matching) and '#'
 * (a fragment has no place in a request line; the router would cut the path there).
 */
function hasRefusedCharacter(rawPath: string): boolean {
  for (let i = 0; i < rawPath.length; i++) {
    const c = rawPath.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f || c === 0x5c || c === 0x3b || c === 0x23) return true;
  }
  return false;
}

/**
 * Escapes refused: unreserved characters (letters, digits, - . _ ~: the router and the backend decode them, so
 * they only disguise a path), separators and their look-alikes (/ \ ; ? #), '%' itself (double encoding) and
 * controls. Escapes of anything else (UTF-8 bytes of Chinese names, space, '+', '&', ...) are ordinary.
 */
function isRefusedEscape(byte: number): boolean {
  return (
    byte < 0x20 ||
    byte === 0x7f ||
    (byte >= 0x30 && byte <= 0x39) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    byte === 0x2d || // -
    byte === 0x2e || // .
    byte === 0x5f || // _
    byte === 0x7e || // ~
    byte === 0x2f || // /
    byte === 0x5c || // \
    byte === 0x3b || // ;
    byte === 0x3f || // ?
    byte === 0x23 || // #
    byte === 0x25 // %
  );
}

const escape = /%([0-9a-fA-F]{2})?/g;

/**
 * The path as the backend will see it (percent-decoded), or null when the sent path is not already in that
 * canonical form: an escape that hides structure or letters, a dot segment, an empty segment ('//'), a refused
 * character, an invalid escape or invalid UTF-8 (overlong '/' and the like), or no leading '/'.
 */
export function canonicalPath(rawPath: string): string | null {
  if (!rawPath.startsWith('/') || hasRefusedCharacter(rawPath) || rawPath.includes('//')) return null;
  if (rawPath.includes('%')) {
    for (const match of rawPath.matchAll(escape)) {
      if (match[1] === undefined || isRefusedEscape(parseInt(match[1], 16))) return null;
    }
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  for (const segment of decoded.split('/')) {
    if (segment === '.' || segment === '..') return null;
  }
  return decoded;
}

const apiBase = /^\/jshERP-boot(?=\/|$)/i;
const docsPaths = /^\/(?:doc\.html|v2\/api-docs|webjars|swagger)/i;
const pluginAdminPath = /^\/plugin(?:\/|$)/i;
// The one plugin read the original client's 系统配置 page makes (is the workflow / stock-check plugin installed: a
// boolean); the backend maps it as written only, so no other spelling is let through.
const pluginInstalledCheck = /^\/plugin\/checkByPluginId\/?$/;

export type PathVerdict = { verdict: 'ok'; path: string } | { verdict: 'bad' } | { verdict: 'forbidden'; path: string };

/** One judgement for every request path (the query is not judged: encoding there is normal). */
export function judgePath(rawPath: string, options: PathGuardOptions): PathVerdict {
  const path = canonicalPath(rawPath);
  if (path === null) return { verdict: 'bad' };
  const base = apiBase.exec(path);
  if (base) {
    const rest = path.slice(base[0].length);
    if (!options.allowBackendDocs && docsPaths.test(rest)) return { verdict: 'forbidden', path };
    if (!options.allowPluginAdmin && pluginAdminPath.test(rest) && !pluginInstalledCheck.test(rest))
      return { verdict: 'forbidden', path };
  }
  return { verdict: 'ok', path };
}

async function pathGuard(app: FastifyInstance, options: PathGuardOptions): Promise<void> {
  app.decorateRequest('canonicalPath', null);
  // A callback hook (it runs on every request); answering here means not calling done().
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '/';
    const q = url.indexOf('?');
    const judged = judgePath(q === -1 ? url : url.slice(0, q), options);
    if (judged.verdict === 'bad') {
      request.log.warn({ rule: 'path-guard' }, 'hostile path rejected');
      void sendEnvelope(reply, 400, GATEWAY_MESSAGES.badPath);
      return;
    }
    if (judged.verdict === 'forbidden') {
      request.log.warn({ rule: 'path-guard' }, 'denied backend path');
      void sendEnvelope(reply, 403, GATEWAY_MESSAGES.forbiddenPath);
      return;
    }
    request.canonicalPath = judged.path;
    done();
  });
}

export default fp(pathGuard, { name: 'path-guard', fastify: '5.x' });
