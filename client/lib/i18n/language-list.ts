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

// Chinese tags name a script or a region: traditional script (Hant) and the regions that write it go to zh-TW.
const TRADITIONAL_CHINESE = /^zh-(hant|tw|hk|mo)\b/i;

/**
 * The offered language a browser's preference list (`navigator.languages`, most wanted first) asks for: the first
 * entry that is an offered code (any case) or shares its language with one (en-GB → en-US, pt-PT → pt-BR,
 * zh-HK / zh-Hant → zh-TW, zh-SG / zh-Hans → zh-CN); null when none does.
 */
export function pickLanguage(preferred: readonly string[]): string | null {
  for (const tag of preferred) {
    const exact = LANGUAGE_LIST.find((language) => language.code.toLowerCase() === tag.toLowerCase());
    if (exact) return exact.code;
    const base = tag.split('-')[0]!.toLowerCase();
    if (base === 'zh') return TRADITIONAL_CHINESE.test(tag) ? 'zh-TW' : 'zh-CN';
    const sameLanguage = LANGUAGE_LIST.find((language) => language.code.split('-')[0]!.toLowerCase() === base);
    if (sameLanguage) return sameLanguage.code;
  }
  return null;
}
