// A small typed translation module (no React): t('key', {param}) over the current dictionary.
// zh-CN is bundled; every other language is its own file, lazy-loaded through `languageLoaders`
// (add one line there per language). Every language file is typed as a complete Dictionary, so a key missing in
// one fails the type check. useT() in use-t.ts re-renders on change.
import { zhCN, type Dictionary, type MessageKey } from './zh-CN.js';

export type { Dictionary, MessageKey } from './zh-CN.js';
export type LanguageCode = 'zh-CN' | (string & {});

export const DEFAULT_LANGUAGE = 'zh-CN';

/** Non-default languages: code → lazy loader of a module whose default export is a complete Dictionary. */
export const languageLoaders: Record<string, () => Promise<{ default: Dictionary }>> = {};

let language: LanguageCode = DEFAULT_LANGUAGE;
let dictionary: Dictionary = zhCN;
const listeners = new Set<() => void>();

export type MessageParams = Record<string, string | number>;

export function format(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

export function t(key: MessageKey, params?: MessageParams): string {
  const template = dictionary[key];
  return format(template, params);
}

export function currentLanguage(): LanguageCode {
  return language;
}

export async function setLanguage(code: LanguageCode): Promise<void> {
  if (code === DEFAULT_LANGUAGE) {
    dictionary = zhCN;
  } else {
    const load = languageLoaders[code];
    if (!load) throw new Error(`unknown language ${code}`);
    dictionary = (await load()).default;
  }
  language = code;
  for (const listener of listeners) listener();
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
