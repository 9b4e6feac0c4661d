// Lazy loaders per language: its dictionary file, antd's locale and dayjs's locale, fetched only when chosen
// (zh-CN is bundled). Static import() calls so the bundler splits each into its own chunk; the pairing of
// code → antd/dayjs locale names is in language-list.ts and checked by client/test/lib/i18n/i18n.test.ts.
import type { Locale } from 'antd/es/locale';
import type { Dictionary } from './i18n.js';

/** A language file: its dictionary plus menu titles keyed by menu url (unknown urls keep the server text). */
export interface LanguageModule {
  default: Dictionary;
  menuTitles: Readonly<Record<string, string>>;
}

export interface LanguageLoaders {
  messages: (() => Promise<LanguageModule>) | null;
  antd: () => Promise<{ default: Locale }>;
  dayjs: () => Promise<unknown>;
}

export const LANGUAGE_LOADERS: Readonly<Record<string, LanguageLoaders>> = {
  'zh-CN': { messages: null, antd: () => import('antd/locale/zh_CN'), dayjs: () => import('dayjs/locale/zh-cn') },
  'zh-TW': {
    messages: () => import('./zh-TW.js'),
    antd: () => import('antd/locale/zh_TW'),
    dayjs: () => import('dayjs/locale/zh-tw'),
  },
  'en-US': {
    messages: () => import('./en-US.js'),
    antd: () => import('antd/locale/en_US'),
    dayjs: () => import('dayjs/locale/en'),
  },
  'ja-JP': {
    messages: () => import('./ja-JP.js'),
    antd: () => import('antd/locale/ja_JP'),
    dayjs: () => import('dayjs/locale/ja'),
  },
  'ko-KR': {
    messages: () => import('./ko-KR.js'),
    antd: () => import('antd/locale/ko_KR'),
    dayjs: () => import('dayjs/locale/ko'),
  },
  'vi-VN': {
    messages: () => import('./vi-VN.js'),
    antd: () => import('antd/locale/vi_VN'),
    dayjs: () => import('dayjs/locale/vi'),
  },
  'fr-FR': {
    messages: () => import('./fr-FR.js'),
    antd: () => import('antd/locale/fr_FR'),
    dayjs: () => import('dayjs/locale/fr'),
  },
  'de-DE': {
    messages: () => import('./de-DE.js'),
    antd: () => import('antd/locale/de_DE'),
    dayjs: () => import('dayjs/locale/de'),
  },
  'es-ES': {
    messages: () => import('./es-ES.js'),
    antd: () => import('antd/locale/es_ES'),
    dayjs: () => import('dayjs/locale/es'),
  },
  'ru-RU': {
    messages: () => import('./ru-RU.js'),
    antd: () => import('antd/locale/ru_RU'),
    dayjs: () => import('dayjs/locale/ru'),
  },
  'pt-BR': {
    messages: () => import('./pt-BR.js'),
    antd: () => import('antd/locale/pt_BR'),
    dayjs: () => import('dayjs/locale/pt-br'),
  },
};
