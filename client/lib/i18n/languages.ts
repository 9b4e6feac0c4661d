// The languages the shell offers, each with its own translated dictionary, antd locale and dayjs locale —
// all lazy-loaded on choice, so only the chosen language's files are fetched. zh-CN is bundled.
import type { Locale } from 'antd/es/locale';
import type { PartialDictionary } from './i18n.js';

/** A language file: the full dictionary plus menu titles keyed by menu url (unknown urls keep the server text). */
export interface LanguageModule {
  default: PartialDictionary;
  menuTitles: Readonly<Record<string, string>>;
}

export interface LanguageOption {
  code: string;
  /** The language's own name, so a user can find it whatever language the page is in. */
  label: string;
  /** BCP 47 tag for <html lang>. */
  htmlLang: string;
  dayjs: string;
  loadMessages: (() => Promise<LanguageModule>) | null;
  loadAntd: () => Promise<{ default: Locale }>;
  loadDayjs: () => Promise<unknown>;
}

export const LANGUAGES: readonly LanguageOption[] = [
  {
    code: 'zh-CN',
    label: '简体中文',
    htmlLang: 'zh-CN',
    dayjs: 'zh-cn',
    loadMessages: null,
    loadAntd: () => import('antd/locale/zh_CN'),
    loadDayjs: () => import('dayjs/locale/zh-cn'),
  },
  {
    code: 'zh-TW',
    label: '繁體中文',
    htmlLang: 'zh-TW',
    dayjs: 'zh-tw',
    loadMessages: () => import('./zh-TW.js'),
    loadAntd: () => import('antd/locale/zh_TW'),
    loadDayjs: () => import('dayjs/locale/zh-tw'),
  },
  {
    code: 'en-US',
    label: 'English',
    htmlLang: 'en',
    dayjs: 'en',
    loadMessages: () => import('./en-US.js'),
    loadAntd: () => import('antd/locale/en_US'),
    loadDayjs: () => import('dayjs/locale/en'),
  },
  {
    code: 'ja-JP',
    label: '日本語',
    htmlLang: 'ja',
    dayjs: 'ja',
    loadMessages: () => import('./ja-JP.js'),
    loadAntd: () => import('antd/locale/ja_JP'),
    loadDayjs: () => import('dayjs/locale/ja'),
  },
  {
    code: 'ko-KR',
    label: '한국어',
    htmlLang: 'ko',
    dayjs: 'ko',
    loadMessages: () => import('./ko-KR.js'),
    loadAntd: () => import('antd/locale/ko_KR'),
    loadDayjs: () => import('dayjs/locale/ko'),
  },
  {
    code: 'vi-VN',
    label: 'Tiếng Việt',
    htmlLang: 'vi',
    dayjs: 'vi',
    loadMessages: () => import('./vi-VN.js'),
    loadAntd: () => import('antd/locale/vi_VN'),
    loadDayjs: () => import('dayjs/locale/vi'),
  },
  {
    code: 'fr-FR',
    label: 'Français',
    htmlLang: 'fr',
    dayjs: 'fr',
    loadMessages: () => import('./fr-FR.js'),
    loadAntd: () => import('antd/locale/fr_FR'),
    loadDayjs: () => import('dayjs/locale/fr'),
  },
  {
    code: 'de-DE',
    label: 'Deutsch',
    htmlLang: 'de',
    dayjs: 'de',
    loadMessages: () => import('./de-DE.js'),
    loadAntd: () => import('antd/locale/de_DE'),
    loadDayjs: () => import('dayjs/locale/de'),
  },
  {
    code: 'es-ES',
    label: 'Español',
    htmlLang: 'es',
    dayjs: 'es',
    loadMessages: () => import('./es-ES.js'),
    loadAntd: () => import('antd/locale/es_ES'),
    loadDayjs: () => import('dayjs/locale/es'),
  },
  {
    code: 'ru-RU',
    label: 'Русский',
    htmlLang: 'ru',
    dayjs: 'ru',
    loadMessages: () => import('./ru-RU.js'),
    loadAntd: () => import('antd/locale/ru_RU'),
    loadDayjs: () => import('dayjs/locale/ru'),
  },
  {
    code: 'pt-BR',
    label: 'Português (Brasil)',
    htmlLang: 'pt-BR',
    dayjs: 'pt-br',
    loadMessages: () => import('./pt-BR.js'),
    loadAntd: () => import('antd/locale/pt_BR'),
    loadDayjs: () => import('dayjs/locale/pt-br'),
  },
];

export function findLanguage(code: string | null | undefined): LanguageOption | undefined {
  return LANGUAGES.find((language) => language.code === code);
}
