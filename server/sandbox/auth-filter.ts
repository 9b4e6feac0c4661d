// jshERP-boot's LogCostFilter: the only gate, run before routing on every request under the context path.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONTEXT_PATH } from '../../shared/backend.js';
import { findUser, tenantIdOfToken, touchSession } from './state.js';
import type { SandboxState, Session, UserRow } from './store.js';

export interface SandboxAuth {
  token: string;
  session: Session;
  user: UserRow;
  /** From the token suffix, as Tools.getTenantIdByToken reads it. */
  tenantId: number;
}

const OPEN_EXACT = new Set(
  [
    '/doc.html',
    '/user/login',
    '/user/register',
    '/user/weixinLogin',
    '/user/weixinBind',
    '/user/registerUser',
    '/user/randomImage',
  ].map((p) => CONTEXT_PATH + p),
);

const OPEN_PREFIXES = [
  '/platformConfig/getPlatform',
  '/v2/api-docs',
  '/webjars',
  '/systemConfig/static',
  '/api/plugin/wechat/weChat/share',
  '/api/plugin/general-ledger/pdf/voucher',
  '/api/plugin/tenant-statistics/tenantClean',
].map((p) => CONTEXT_PATH + p);

/** These two get the 500 with an empty body instead of `loginOut`. */
const EMPTY_BODY_PATHS = new Set([`${CONTEXT_PATH}/user/logout`, `${CONTEXT_PATH}/function/findMenuByPNumber`]);

/** The request URI as the servlet sees it: path only, not decoded, exact case. */
export function requestUri(request: FastifyRequest): string {
  const raw = request.raw.url ?? '/';
  const q = raw.indexOf('?');
  return q === -1 ? raw : raw.slice(0, q);
}

/** Writes the filter's answer directly: status 500, no Content-Type (the filter never sets one). */
function reject(reply: FastifyReply, uri: string): void {
  const body = EMPTY_BODY_PATHS.has(uri) ? '' : 'loginOut';
  reply.hijack();
  reply.raw.writeHead(500, { 'content-length': Buffer.byteLength(body) });
  reply.raw.end(body);
}

/** Looks up the token's live session (sliding its TTL), or null. */
export function authenticate(state: SandboxState, token: unknown): SandboxAuth | null {
  if (typeof token !== 'string' || token === '') return null;
  const session = touchSession(state, token);
  if (!session) return null;
  const user = findUser(state, session.userId);
  if (!user) return null;
  return { token, session, user, tenantId: tenantIdOfToken(token) };
}

/**
 * Returns true when the request may go on; otherwise it has been answered. Sets request.sandboxAuth when the
 * X-Access-Token header (the only place the token is read from) names a live session.
 */
export function runAuthFilter(state: SandboxState, request: FastifyRequest, reply: FastifyReply): boolean {
  const uri = requestUri(request);
  if (uri.includes('..') || uri.includes('%2e') || uri.includes('%2E')) {
    reject(reply, uri);
    return false;
  }
  const auth = authenticate(state, request.headers['x-access-token']);
  request.sandboxAuth = auth;
  if (auth) return true;
  if (OPEN_EXACT.has(uri) || OPEN_PREFIXES.some((p) => uri.startsWith(p))) return true;
  reject(reply, uri);
  return false;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Sandbox only: the session behind X-Access-Token, when live. */
    sandboxAuth: SandboxAuth | null;
  }
}

/** For handlers behind the filter: the caller's auth (the filter guarantees it on non-open paths). */
export function authOf(request: FastifyRequest): SandboxAuth {
  if (!request.sandboxAuth) throw new Error('no session on a protected sandbox route');
  return request.sandboxAuth;
}
