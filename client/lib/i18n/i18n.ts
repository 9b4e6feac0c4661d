// A small typed translation module (no React): t('key', {param}) over the current dictionary.
// zh-CN is bundled; every other language is its own file, lazy-loaded through `languageLoaders`
// (add one line there per language; missing keys fall back to zh-CN). useT() in use-t.ts re-renders on change.
import { zhCN, type Dictionary, type MessageKey } from './zh-CN.js';

export type { MessageKey } from './zh-CN.js';
export type LanguageCode = 'zh-CN' | (string & {});
export type PartialDictionary = Partial<Record<MessageKey, string>>;

export const DEFAULT_LANGUAGE = 'zh-CN';

/** Non-default languages: code → lazy loader of a module whose default export is a PartialDictionary. */
export const languageLoaders: Record<string, () => Promise<{ default: PartialDictionary }>> = {};

let language: LanguageCode = DEFAULT_LANGUAGE;
let overlay: PartialDictionary = {};
const listeners = new Set<() => void>();

export type MessageParams = Record<string, string | number>;

export function format(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

export function t(key: MessageKey, params?: MessageParams): string {
  const template = overlay[key] ?? (zhCN as Dictionary)[key];
  return format(template, params);
}

export function currentLanguage(): LanguageCode {
  return language;
}

export async function setLanguage(code: LanguageCode): Promise<void> {
  if (code === DEFAULT_LANGUAGE) {
    overlay = {};
  } else {
    const load = languageLoaders[code];
    if (!load) throw new Error(`unknown language ${code}`);
    overlay = (await load()).default;
  }
  language = code;
  for (const listener of listeners) listener();
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
