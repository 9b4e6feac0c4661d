// The languages the shell offers, as plain data (no imports, so tests can read it): code, own name,
// <html lang>, and the names of antd's and dayjs's matching locales. languages.ts holds the lazy loaders.

export interface LanguageInfo {
  code: string;
  /** The language's own name, so a user can find it whatever language the page is in. */
  label: string;
  /** BCP 47 tag for <html lang>. */
  htmlLang: string;
  /** antd/locale/<antd> */
  antd: string;
  /** dayjs/locale/<dayjs> */
  dayjs: string;
}

export const LANGUAGE_LIST: readonly LanguageInfo[] = [
  { code: 'zh-CN', label: '简体中文', htmlLang: 'zh-CN', antd: 'zh_CN', dayjs: 'zh-cn' },
  { code: 'zh-TW', label: '繁體中文', htmlLang: 'zh-TW', antd: 'zh_TW', dayjs: 'zh-tw' },
  { code: 'en-US', label: 'English', htmlLang: 'en', antd: 'en_US', dayjs: 'en' },
  { code: 'ja-JP', label: '日本語', htmlLang: 'ja', antd: 'ja_JP', dayjs: 'ja' },
  { code: 'ko-KR', label: '한국어', htmlLang: 'ko', antd: 'ko_KR', dayjs: 'ko' },
  { code: 'vi-VN', label: 'Tiếng Việt', htmlLang: 'vi', antd: 'vi_VN', dayjs: 'vi' },
  { code: 'fr-FR', label: 'Français', htmlLang: 'fr', antd: 'fr_FR', dayjs: 'fr' },
  { code: 'de-DE', label: 'Deutsch', htmlLang: 'de', antd: 'de_DE', dayjs: 'de' },
  { code: 'es-ES', label: 'Español', htmlLang: 'es', antd: 'es_ES', dayjs: 'es' },
  { code: 'ru-RU', label: 'Русский', htmlLang: 'ru', antd: 'ru_RU', dayjs: 'ru' },
  { code: 'pt-BR', label: 'Português (Brasil)', htmlLang: 'pt-BR', antd: 'pt_BR', dayjs: 'pt-br' },
];

export function findLanguageInfo(code: string | null | undefined): LanguageInfo | undefined {
  return LANGUAGE_LIST.find((language) => language.code === code);
}
