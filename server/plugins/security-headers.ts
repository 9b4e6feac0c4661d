// Security headers on every response the gateway sends (pages, assets, proxied answers, errors).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * Only the app's own scripts run: the injected config is a JSON data block (type="application/json"),
 * which browsers never execute, so it needs no nonce. antd's CSS-in-JS writes <style> tags, hence
 * 'unsafe-inline' for styles only. connect-src 'self' covers same-origin ws(s): in CSP level 3.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * Files users uploaded to the backend are served as inert documents (stored-XSS via uploaded PDF/HTML). Matched on
 * the decoded path the path guard judged, so no escape spelling of the prefix skips it; an answer whose path was
 * never judged (refused before the guard) gets the sandbox too.
 */
const uploadedFilesPrefix = /^\/jshERP-boot\/systemConfig\/static\//i;

const commonHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
};
const pageHeaders = { ...commonHeaders, 'content-security-policy': CONTENT_SECURITY_POLICY };
const uploadedHeaders = { ...commonHeaders, 'content-security-policy': `${CONTENT_SECURITY_POLICY}; sandbox` };

async function securityHeaders(app: FastifyInstance): Promise<void> {
  // A callback hook with prepared header sets: it runs on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = request.canonicalPath;
    reply.headers(path === null || uploadedFilesPrefix.test(path) ? uploadedHeaders : pageHeaders);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
    done(null, payload);
  });
}

export default fp(securityHeaders, { name: 'security-headers', fastify: '5.x' });
