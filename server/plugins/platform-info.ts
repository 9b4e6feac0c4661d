// The system title and official-website URL shown by the shell. From SYSTEM_TITLE / WEBSITE_URL when
// set; otherwise read once from the backend's open platform-config endpoints and cached. A failed read
// serves the fallback and is retried on a later request (not more often than retryAfterMs).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_SYSTEM_TITLE, DEFAULT_WEBSITE_URL } from '../../shared/injected-config.js';
import { CONTEXT_PATH } from '../../shared/backend.js';

export interface PlatformInfo {
  systemTitle: string;
  websiteUrl: string;
}

export interface PlatformInfoOptions {
  upstreamUrl: string;
  systemTitle: string | null;
  websiteUrl: string | null;
  /** How long a page request may wait for the backend before the fallback is used. */
  lookupTimeoutMs?: number;
  retryAfterMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    platformInfo(): Promise<PlatformInfo>;
  }
}

/** getPlatform/* answers a bare string (sent as application/json); tolerate a JSON-quoted one too. */
function bareString(body: string): string | null {
  let text = body.trim();
  if (text.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(text);
      text = typeof parsed === 'string' ? parsed.trim() : '';
    } catch {
      return null;
    }
  }
  if (text === '' || text === 'null' || text.length > 200 || text === 'loginOut') return null;
  return text;
}

async function readPlatformValue(upstreamUrl: string, key: 'name' | 'url', timeoutMs: number): Promise<string | null> {
  const response = await fetch(`${upstreamUrl}${CONTEXT_PATH}/platformConfig/getPlatform/${key}`, {
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`platform ${key}: HTTP ${response.status}`);
  return bareString(await response.text());
}

async function platformInfo(app: FastifyInstance, options: PlatformInfoOptions): Promise<void> {
  const lookupTimeoutMs = options.lookupTimeoutMs ?? 2_000;
  const retryAfterMs = options.retryAfterMs ?? 10_000;

  /** One platform value: configured, else looked up once (a failure serves the fallback and retries later). */
  function platformValue(
    key: 'name' | 'url',
    configured: string | null,
    fallback: string,
    accept: (v: string) => boolean,
  ) {
    let cached: string | null = configured;
    let pending: Promise<string> | null = null;
    let lastFailureAt = -Infinity;
    return async (): Promise<string> => {
      if (cached !== null) return cached;
      if (Date.now() - lastFailureAt < retryAfterMs) return fallback;
      pending ??= readPlatformValue(options.upstreamUrl, key, lookupTimeoutMs)
        .then((value) => {
          cached = value !== null && accept(value) ? value : fallback;
          return cached;
        })
        .catch((err: unknown) => {
          lastFailureAt = Date.now();
          const cause = (err as Error & { cause?: { code?: string } }).cause;
          app.log.warn(
            { upstreamError: cause?.code ?? (err as Error).message, key },
            'platform info unavailable, using the fallback',
          );
          return fallback;
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    };
  }

  const systemTitle = platformValue('name', options.systemTitle, DEFAULT_SYSTEM_TITLE, () => true);
  const websiteUrl = platformValue('url', options.websiteUrl, DEFAULT_WEBSITE_URL, (v) => /^https?:\/\//i.test(v));

  app.decorate('platformInfo', async (): Promise<PlatformInfo> => {
    const [title, url] = await Promise.all([systemTitle(), websiteUrl()]);
    return { systemTitle: title, websiteUrl: url };
  });
}

export default fp(platformInfo, { name: 'platform-info', fastify: '5.x' });
