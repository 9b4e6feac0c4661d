// The served page: client/dist/index.html with, per request, the InjectedConfig JSON block for the
// request's host and the system title. `no-cache` plus a content-derived ETag lets open tabs notice a
// new release with a cheap conditional request. Any GET for a client route (not API, not a file) gets
// the page (history-mode routing); a missing file gets a real 404.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { GATEWAY_MESSAGES } from '../../shared/error-envelope.js';
import {
  DEFAULT_API_BASE,
  INJECTED_CONFIG_ELEMENT_ID,
  PRODUCT_VERSION_LABEL,
  type DownloadEntry,
  type InjectedConfig,
} from '../../shared/injected-config.js';
import { sendEnvelope } from '../lib/envelope.js';
import { normalizeHost } from '../lib/host.js';

export interface ShellPageOptions {
  clientDistDir: string;
  loginExtras: Config['loginExtras'];
  migration: Config['migration'];
}

/** The client engineer's index.html carries this comment in <head>; it becomes the config block. */
export const CONFIG_MARKER = '<!--app-config-->';

/**
 * The bundle's root files (favicon, icons) are kept an hour: Chromium asks for the favicon again at every change of
 * address, and with max-age=0 each menu click sent a revalidation to the gateway beside the page's own calls.
 */
export const ROOT_FILE_MAX_AGE_MS = 3_600_000;

/** JSON that cannot close its <script> element nor be read as HTML: <, >, & and the JS line separators escaped. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderPage(template: string, injected: InjectedConfig): string {
  const block = `<script id="${INJECTED_CONFIG_ELEMENT_ID}" type="application/json">${scriptSafeJson(injected)}</script>`;
  const withBlock = template.includes(CONFIG_MARKER)
    ? template.replace(CONFIG_MARKER, () => block)
    : template.replace('</head>', () => `${block}</head>`);
  return withBlock.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(injected.systemTitle)}</title>`);
}

/** Matches a request host against configured hosts; a configured host without a port matches any port. */
export function hostMatches(host: string | null, configured: string[]): boolean {
  if (host === null) return false;
  const name = host.replace(/:\d+$/, '');
  return configured.some((entry) => entry === host || (!entry.includes(':') && entry === name));
}

export function injectedConfigFor(
  host: string | null,
  options: ShellPageOptions,
  platform: { systemTitle: string; websiteUrl: string },
): InjectedConfig {
  const extras = options.loginExtras;
  const downloads: DownloadEntry[] = [];
  if (extras.androidUrl) downloads.push({ kind: 'android', url: extras.androidUrl });
  if (extras.iphoneUrl) downloads.push({ kind: 'iphone', url: extras.iphoneUrl });
  if (extras.miniProgramUrl) downloads.push({ kind: 'miniProgram', url: extras.miniProgramUrl });
  const migration = options.migration;
  return {
    apiBase: DEFAULT_API_BASE,
    systemTitle: platform.systemTitle,
    websiteUrl: platform.websiteUrl,
    version: PRODUCT_VERSION_LABEL,
    loginVariant: hostMatches(host, extras.hosts)
      ? { downloads, companyLabel: extras.companyLabel, filingNumber: extras.filingNumber, filingUrl: extras.filingUrl }
      : null,
    migrationNotice:
      migration.newAddress && hostMatches(host, migration.oldHosts)
        ? { newAddress: migration.newAddress, contact: migration.contact }
        : null,
  };
}

function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** A client route: no file extension in the last segment, not under the API nor the assets. */
function isClientRoute(path: string): boolean {
  const lower = path.toLowerCase();
  if (lower.startsWith(DEFAULT_API_BASE.toLowerCase() + '/') || lower === DEFAULT_API_BASE.toLowerCase()) return false;
  if (lower.startsWith('/assets/')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

async function shellPage(app: FastifyInstance, options: ShellPageOptions): Promise<void> {
  const indexPath = join(options.clientDistDir, 'index.html');
  if (!existsSync(indexPath)) {
    throw new Error(`the shell is not built: ${indexPath} is missing (run npm run build)`);
  }
  // Re-read when the file changes (a redeployed bundle, `npm run dev` rebuilds) — one stat per page.
  let template = '';
  let templateMtime = -1;
  function currentTemplate(): string {
    const mtime = statSync(indexPath).mtimeMs;
    if (mtime !== templateMtime) {
      template = readFileSync(indexPath, 'utf8');
      templateMtime = mtime;
      if (!template.includes(CONFIG_MARKER)) {
        app.log.warn({ indexPath }, `index.html has no ${CONFIG_MARKER} marker; the config block goes before </head>`);
      }
    }
    return template;
  }
  currentTemplate();

  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const host = normalizeHost(request.host);
    const html = renderPage(currentTemplate(), injectedConfigFor(host, options, await app.platformInfo()));
    const etag = etagOf(html);
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  }

  /** Unhashed files at the bundle root (favicon, images from vite's public/), never index.html itself. */
  function rootFile(path: string): string | null {
    if (!/^\/[\w.-]+(?:\/[\w.-]+)*$/.test(path) || path.includes('..')) return null;
    const relative = normalize(path.slice(1));
    // The template (and its precompressed siblings) is only ever served rendered.
    if (relative.startsWith('index.html') || relative.startsWith('assets' + sep)) return null;
    const file = join(options.clientDistDir, relative);
    try {
      return statSync(file).isFile() ? relative : null;
    } catch {
      return null;
    }
  }

  app.get('/', sendPage);
  app.get('/index.html', sendPage);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    if (request.method === 'GET' || request.method === 'HEAD') {
      if (isClientRoute(path)) return sendPage(request, reply);
      const file = rootFile(path);
      if (file) return reply.sendFile(file, { maxAge: ROOT_FILE_MAX_AGE_MS, immutable: false });
    }
    return sendEnvelope(reply, 404, GATEWAY_MESSAGES.notFound);
  });
}

export default fp(shellPage, { name: 'shell-page', fastify: '5.x', dependencies: ['platform-info', 'static-assets'] });
