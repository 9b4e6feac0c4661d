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

/** `{name}` takes the value as it is; `{name|lower}` (a label set inside a sentence: "Enter {label|lower}") with its
 *  first letter lower-cased, unless the word is an abbreviation (SKU, ID). */
export function format(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)(\|lower)?\}/g, (whole, name: string, lower?: string) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) return whole;
    const value = String(params[name]);
    if (!lower || /^\p{Lu}{2}/u.test(value)) return value;
    return value.charAt(0).toLocaleLowerCase() + value.slice(1);
  });
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
