// public/boot-check.js: the static loader says so, in the user's language, when the app's entry cannot be fetched.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_LIST } from '../../lib/i18n/language-list';
import { zhCN } from '../../lib/i18n/zh-CN';
import { LANGUAGE_LOADERS } from '../../lib/i18n/languages';

const clientRoot = resolve(import.meta.dirname, '../..');
const script = readFileSync(resolve(clientRoot, 'public/boot-check.js'), 'utf8');
const indexBody = /<body>([\s\S]*)<\/body>/.exec(readFileSync(resolve(clientRoot, 'index.html'), 'utf8'))![1]!;

/** The index page's body (its static loader) with the check run as the browser would, then `act` on it. */
function loadPage(storedLanguage?: string) {
  localStorage.clear();
  if (storedLanguage)
    localStorage.setItem('pro__DEFAULT_LANGUAGE', JSON.stringify({ value: storedLanguage, expire: null }));
  document.body.innerHTML = indexBody.replace(/<script[\s\S]*?<\/script>/g, '');
  const controller = new AbortController();
  const listen = window.addEventListener.bind(window);
  // The script's listener goes away with the test (one jsdom serves the whole worker).
  window.addEventListener = ((type: string, listener: EventListener, options?: boolean | AddEventListenerOptions) =>
    listen(type, listener, {
      capture: options === true || (typeof options === 'object' && options.capture === true),
      signal: controller.signal,
    })) as typeof window.addEventListener;
  try {
    new Function(script)();
  } finally {
    window.addEventListener = listen;
  }
  cleanups.push(() => controller.abort());
}

/** What fetching the entry module failing looks like to the page: an error event at its script element. */
function entryFails() {
  const entry = document.createElement('script');
  entry.type = 'module';
  document.body.append(entry);
  entry.dispatchEvent(new Event('error'));
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('boot-check', () => {
  it('holds the catalogs’ words for every language', async () => {
    // The script's dictionary: the object literal after `var TEXTS =`, up to its closing `};`.
    const literal = script.slice(script.indexOf('var TEXTS = ') + 'var TEXTS = '.length, script.indexOf('};') + 1);
    const texts = new Function(`return ${literal};`)() as Record<string, [string, string, string]>;
    expect(Object.keys(texts).sort()).toEqual(LANGUAGE_LIST.map((l) => l.code).sort());
    for (const { code } of LANGUAGE_LIST) {
      const loader = LANGUAGE_LOADERS[code]!.messages;
      const catalog = loader ? (await loader()).default : zhCN;
      expect(texts[code], code).toEqual([
        catalog['app.bootLoading'],
        catalog['app.loadFailed'],
        catalog['app.crashReload'],
      ]);
    }
  });

  it('an entry that cannot be fetched: the loader says so and offers a reload, focused', () => {
    loadPage('zh-CN');
    expect(document.querySelector('.boot-loader__text')?.textContent).toBe('正在加载系统,请耐心等待');
    entryFails();
    const alert = document.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('系统未能加载，请检查网络后重新加载');
    expect(alert?.querySelector('.boot-loader__spinner')).toBeNull();
    const reload = alert?.querySelector('button');
    expect(reload?.textContent).toBe('重新加载');
    expect(document.activeElement).toBe(reload);
    entryFails();
    expect(document.querySelectorAll('button')).toHaveLength(1);
  });

  it('speaks the stored language, else the browser’s', () => {
    loadPage('de-DE');
    expect(document.querySelector('.boot-loader__text')?.textContent).toBe('System wird geladen, bitte warten');
    entryFails();
    expect(document.querySelector('button')?.textContent).toBe('Neu laden');

    Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['zh-HK', 'en'] });
    cleanups.push(() => delete (navigator as { languages?: unknown }).languages);
    loadPage();
    expect(document.querySelector('.boot-loader__text')?.textContent).toBe('正在載入系統，請耐心等候');
  });

  it('once the app has rendered, a failing script is left to the app', () => {
    loadPage('zh-CN');
    document.querySelector('#root')!.innerHTML = '<main>app</main>';
    entryFails();
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });
});
