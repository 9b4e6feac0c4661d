// First load of the login route: which JS and CSS the browser fetches before the login form shows, their bytes raw
// and gzip, and the time until the form is visible over cold loads (a new browser context each: empty cache).
import { readFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { BENCH_CHROMIUM_ARGS } from './tools.js';

export interface AssetBytes {
  path: string;
  raw: number;
  gzip: number;
}

export interface FirstLoadResult {
  /** JS and CSS fetched before the login form was visible (first cold load), from the built files. */
  assets: AssetBytes[];
  scriptRaw: number;
  scriptGzip: number;
  cssRaw: number;
  cssGzip: number;
  /** <link rel=prefetch> elements in the page when the form showed (the original client had 378). */
  prefetchLinks: number;
  /** Same-origin JS/CSS requested in the second after the form showed (prefetching by another name). */
  laterRequests: number;
  /** ms from navigation start to the password field being visible, per counted load. */
  loadsMs: number[];
  medianMs: number;
  /** Cross-check without a browser: the entry's static import graph from index.html. */
  staticGraph: { scriptRaw: number; scriptGzip: number; cssRaw: number; cssGzip: number; files: number };
}

const gzipCache = new Map<string, number>();
function bytesOf(distDir: string, path: string): AssetBytes | null {
  const file = join(distDir, decodeURIComponent(path));
  if (!existsSync(file) || !statSync(file).isFile()) return null;
  const body = readFileSync(file);
  let gzip = gzipCache.get(file);
  if (gzip === undefined) {
    gzip = gzipSync(body, { level: 9 }).length;
    gzipCache.set(file, gzip);
  }
  return { path, raw: body.length, gzip };
}

function sum(assets: AssetBytes[], ext: RegExp) {
  const picked = assets.filter((a) => ext.test(a.path));
  return { raw: picked.reduce((n, a) => n + a.raw, 0), gzip: picked.reduce((n, a) => n + a.gzip, 0) };
}

/** Entry script, modulepreloads and stylesheets of index.html, then static `import … from "./x.js"` edges. */
export function staticImportGraph(distDir: string) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const queue: string[] = [];
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) queue.push(m[1]!);
  for (const m of html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g)) queue.push(m[1]!);
  for (const m of html.matchAll(/<link[^>]+href="([^"]+)"[^>]*rel="(?:modulepreload|stylesheet)"/g)) queue.push(m[1]!);
  const seen = new Map<string, AssetBytes>();
  while (queue.length > 0) {
    const path = queue.shift()!.replace(/^\.?\//, '/');
    if (seen.has(path) || !/\.(m?js|css)$/.test(path)) continue;
    const bytes = bytesOf(distDir, path);
    if (!bytes) continue;
    seen.set(path, bytes);
    if (!/\.m?js$/.test(path)) continue;
    const code = readFileSync(join(distDir, path), 'utf8');
    const dir = path.slice(0, path.lastIndexOf('/') + 1);
    // Static imports only: `import"./a.js"`, `from"./a.js"`; dynamic `import("./a.js")` is not followed.
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+)["']/g)) {
      queue.push(new URL(m[1]!, `http://x${dir}`).pathname);
    }
  }
  const assets = [...seen.values()];
  const js = sum(assets, /\.m?js$/);
  const css = sum(assets, /\.css$/);
  return { scriptRaw: js.raw, scriptGzip: js.gzip, cssRaw: css.raw, cssGzip: css.gzip, files: assets.length };
}

/**
 * Runs in the page (a function, not a string: the gateway's CSP forbids eval): ms since navigation start once the
 * password field is laid out and visible. Typed loosely because the bench is type-checked without DOM types.
 */
function formVisibleAt(): number | false {
  const page = globalThis as unknown as {
    document: {
      querySelector(selector: string): { getBoundingClientRect(): { width: number; height: number } } | null;
    };
    getComputedStyle(element: unknown): { visibility: string };
    performance: { now(): number };
  };
  const field = page.document.querySelector('input[type="password"]');
  if (!field) return false;
  const box = field.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && page.getComputedStyle(field).visibility !== 'hidden'
    ? page.performance.now()
    : false;
}

function prefetchLinkCount(): number {
  const page = globalThis as unknown as { document: { querySelectorAll(selector: string): { length: number } } };
  return page.document.querySelectorAll('link[rel="prefetch"]').length;
}

export async function measureFirstLoad(options: {
  chromiumPath: string;
  baseUrl: string;
  distDir: string;
  loads: number;
  log: (line: string) => void;
}): Promise<FirstLoadResult> {
  const browser = await chromium.launch({ executablePath: options.chromiumPath, args: BENCH_CHROMIUM_ARGS });
  const loadsMs: number[] = [];
  let firstAssets: AssetBytes[] = [];
  let prefetchLinks = 0;
  let laterRequests = 0;
  try {
    // One uncounted load warms the gateway (JIT, file handles), not the browser: every counted load gets a fresh context.
    for (let i = -1; i < options.loads; i++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
      const page = await context.newPage();
      const before: string[] = [];
      const after: string[] = [];
      let visible = false;
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (!url.href.startsWith(options.baseUrl) || !/\.(m?js|css)$/.test(url.pathname)) return;
        (visible ? after : before).push(url.pathname);
      });
      await page.goto(`${options.baseUrl}/user/login`, { waitUntil: 'commit' });
      // performance.now() in the page counts from navigation start; polled every animation frame.
      const handle = await page.waitForFunction(formVisibleAt, undefined, { polling: 'raf', timeout: 30_000 });
      const ms = (await handle.jsonValue()) as number;
      visible = true;
      if (i >= 0) loadsMs.push(ms);
      if (i === 0) {
        prefetchLinks = await page.evaluate(prefetchLinkCount);
        await page.waitForTimeout(1000);
        laterRequests = after.length;
        firstAssets = [...new Set(before)]
          .map((p) => bytesOf(options.distDir, p))
          .filter((a): a is AssetBytes => a !== null);
      }
      options.log(`  first load ${i < 0 ? 'warm-up' : i + 1}: login form visible after ${ms.toFixed(0)} ms`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const js = sum(firstAssets, /\.m?js$/);
  const css = sum(firstAssets, /\.css$/);
  const sorted = [...loadsMs].sort((a, b) => a - b);
  return {
    assets: firstAssets,
    scriptRaw: js.raw,
    scriptGzip: js.gzip,
    cssRaw: css.raw,
    cssGzip: css.gzip,
    prefetchLinks,
    laterRequests,
    loadsMs,
    medianMs: sorted[Math.floor(sorted.length / 2)] ?? NaN,
    staticGraph: staticImportGraph(options.distDir),
  };
}
