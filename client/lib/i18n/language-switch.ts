// Switching language without a reload: load the language file, antd's locale and dayjs's locale together,
// then swap them in at once (core's setLanguage notifies every useT() reader). The choice is persisted under
// pro__DEFAULT_LANGUAGE. Menu titles are translated by url; unknown (custom) menus keep the server's text.
import { useMemo, useSyncExternalStore } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Locale } from 'antd/es/locale';
import zhCNAntd from 'antd/locale/zh_CN';
import { storage, StorageKeys } from '../storage.js';
import { DEFAULT_LANGUAGE, currentLanguage, languageLoaders, setLanguage, subscribeLanguage } from './i18n.js';
import { findLanguageInfo, LANGUAGE_LIST, pickLanguage, type LanguageInfo } from './language-list.js';
import { LANGUAGE_LOADERS } from './languages.js';

for (const [code, loaders] of Object.entries(LANGUAGE_LOADERS)) {
  if (loaders.messages) languageLoaders[code] = loaders.messages;
}

export { LANGUAGE_LIST };
export type { LanguageInfo };

let antdLocale: Locale = zhCNAntd;
let menuTitles: Readonly<Record<string, string>> = {};
let requested = 0;

dayjs.locale('zh-cn');

/** Applies `code` everywhere; a later call wins over an earlier one still loading. */
export async function applyLanguage(code: string): Promise<void> {
  const language = findLanguageInfo(code) ?? findLanguageInfo(DEFAULT_LANGUAGE)!;
  const loaders = LANGUAGE_LOADERS[language.code]!;
  const ticket = ++requested;
  const [messages, antd] = await Promise.all([
    loaders.messages ? loaders.messages() : Promise.resolve(null),
    loaders.antd(),
    loaders.dayjs(),
  ]);
  if (ticket !== requested) return;
  antdLocale = antd.default;
  menuTitles = messages?.menuTitles ?? {};
  dayjs.locale(language.dayjs);
  storage.set(StorageKeys.language, language.code);
  if (typeof document !== 'undefined') document.documentElement.lang = language.htmlLang;
  await setLanguage(language.code);
}

/** The stored choice; on a first visit (nothing stored) the browser's languages among ours; else zh-CN. */
export function storedLanguage(): string {
  const stored = findLanguageInfo(storage.get<string>(StorageKeys.language))?.code;
  if (stored) return stored;
  const browser =
    typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return pickLanguage(browser.filter((tag): tag is string => typeof tag === 'string')) ?? DEFAULT_LANGUAGE;
}

/** At boot: re-apply a stored non-default language (zh-CN is already in place). */
export async function restoreLanguage(): Promise<void> {
  const code = storedLanguage();
  if (code !== DEFAULT_LANGUAGE) await applyLanguage(code);
}

/** The menu title to show for a menu item: the translation for its url, else the server's text. */
export function menuText(url: string | null | undefined, serverText: string): string {
  return (url && menuTitles[url]) || serverText;
}

/** menuText of the current language: a new function per language, so memos that list it follow a switch. */
export function useMenuText(): typeof menuText {
  const language = useLanguage();
  return useMemo(() => {
    void language;
    return (url, serverText) => menuText(url, serverText);
  }, [language]);
}

/** antd's locale for <ConfigProvider locale>; re-renders on language change. */
export function useAntdLocale(): Locale {
  return useSyncExternalStore(
    subscribeLanguage,
    () => antdLocale,
    () => antdLocale,
  );
}

/** The current language code; re-renders on change. */
export function useLanguage(): string {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
}
