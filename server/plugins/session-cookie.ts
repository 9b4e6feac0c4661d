// The session cookie the notices socket authenticates with (a browser cannot set X-Access-Token on a
// WebSocket upgrade). The proxy sets it from a successful login answer and clears it on logout; the
// login body itself passes through unchanged.
import fp from 'fastify-plugin';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONTEXT_PATH } from '../../shared/backend.js';
import { SESSION_COOKIE } from '../../shared/notices.js';
import { isTokenShaped } from '../lib/session-token.js';

/** Matches how long the shell keeps its token locally (7 days); the backend session itself slides (3 days). */
const cookieMaxAgeSeconds = 7 * 24 * 60 * 60;

function cookieOptions(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: CONTEXT_PATH,
    secure: request.protocol === 'https',
  };
}

/** Reads a buffered login answer; sets the cookie when it is a successful login carrying a token. */
export function setSessionCookieFromLogin(request: FastifyRequest, reply: FastifyReply, body: Buffer): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return false;
  }
  const answer = parsed as { code?: unknown; data?: { token?: unknown } | null } | null;
  const token = answer?.data?.token;
  if (answer?.code !== 200 || typeof token !== 'string' || !isTokenShaped(token)) return false;
  // Fastify appends Set-Cookie headers, so a cookie the backend set on the same answer stays.
  reply.header(
    'set-cookie',
    fastifyCookie.serialize(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: cookieMaxAgeSeconds }),
  );
  return true;
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header(
    'set-cookie',
    fastifyCookie.serialize(SESSION_COOKIE, '', { ...cookieOptions(request), expires: new Date(0), maxAge: 0 }),
  );
}

/** Removes the gateway's own cookie from a Cookie header bound for the backend (it never reads cookies). */
export function withoutSessionCookie(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const rest = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith(`${SESSION_COOKIE}=`));
  return rest.length === 0 ? undefined : rest.join('; ');
}

async function sessionCookie(app: FastifyInstance): Promise<void> {
  // No hooks: the gateway writes its one cookie itself (above) and only the notices socket reads it (from the
  // header), so parsing every request's Cookie header and an onSend hook on every answer would be wasted work.
  await app.register(fastifyCookie, { hook: false });
}

export default fp(sessionCookie, { name: 'session-cookie', fastify: '5.x' });
