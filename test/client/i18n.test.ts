// Every language carries every key of zh-CN (the shell's own strings), with the same {placeholders},
// translated (not a copy of the Chinese), plus the title of every known menu url.
import t from 'tap';
import { zhCN } from '../../client/lib/i18n/zh-CN.js';
import { KNOWN_MENU_TITLES } from '../../client/lib/i18n/known-menus.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LANGUAGE_LIST } from '../../client/lib/i18n/language-list.js';

interface LanguageModule {
  default: Record<string, string>;
  menuTitles: Record<string, string>;
}
const LANGUAGES = LANGUAGE_LIST;
const requireFromClient = createRequire(new URL('../../client/package.json', import.meta.url));

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
// Every key of the zh-CN dictionary (all its parts: shell core, features, table pages).
const zhShell: Record<string, string> = { ...zhCN };
const zhAll = zhShell;
const zhKeys = Object.keys(zhShell).sort();
// Strings that are the same in every language (version label, copyright line with names).
const LANGUAGE_NEUTRAL = new Set(['app.version', 'dashboard.footer']);

t.test('at least 10 languages, zh-CN first and default', async (t) => {
  t.ok(LANGUAGES.length >= 10, `${LANGUAGES.length} languages`);
  t.equal(LANGUAGES[0]?.code, 'zh-CN');
  for (const code of ['zh-TW', 'en-US', 'ja-JP', 'ko-KR', 'vi-VN']) {
    t.ok(LANGUAGES.some((l) => l.code === code), `${code} offered`);
  }
  t.equal(new Set(LANGUAGES.map((l) => l.code)).size, LANGUAGES.length, 'codes unique');
});

for (const language of LANGUAGES) {
  if (language.code === 'zh-CN') continue;
  t.test(`${language.code}: complete and translated`, async (t) => {
    const module = (await import(`../../client/lib/i18n/${language.code}.js`)) as LanguageModule;
    const messages = module.default;
    const keys = Object.keys(messages).sort();
    const missing = zhKeys.filter((k) => !(k in messages));
    const unknown = keys.filter((k) => !(k in zhAll));
    t.same(missing, [], 'no key of zh-CN missing');
    t.same(unknown, [], 'no key zh-CN lacks');
    const zh = zhShell;
    for (const key of zhKeys) {
      const text = messages[key];
      if (typeof text !== 'string') continue;
      if (text.trim() === '') t.fail(`${key} is empty`);
      if (JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(zh[key]!))) {
        t.fail(`${key}: placeholders ${placeholders(text)} differ from zh-CN ${placeholders(zh[key]!)}`);
      }
    }
    // Chinese and Japanese legitimately share many words written in the same characters (通知, 操作…).
    if (!language.code.startsWith('zh') && language.code !== 'ja-JP') {
      const copied = zhKeys.filter((k) => !LANGUAGE_NEUTRAL.has(k) && messages[k] === zh[k] && /[\u4e00-\u9fff]/.test(zh[k]!));
      t.same(copied, [], 'no Chinese string left untranslated');
    }
    const menuMissing = Object.keys(KNOWN_MENU_TITLES).filter((url) => !module.menuTitles[url]);
    t.same(menuMissing, [], 'every known menu url has a title');
  });
}

t.test('each language is paired with its antd and dayjs locale, and lazily loaded', async (t) => {
  const loaders = readFileSync(new URL('../../client/lib/i18n/languages.ts', import.meta.url), 'utf8');
  for (const language of LANGUAGES) {
    const antd = requireFromClient(`antd/locale/${language.antd}.js`) as { default?: { locale: string }; locale?: string };
    const antdCode = antd.default?.locale ?? antd.locale;
    t.equal(antdCode, language.dayjs === 'en' ? 'en' : language.dayjs, `${language.code} → antd locale ${antdCode}`);
    const dayjsLocale = requireFromClient(`dayjs/locale/${language.dayjs}.js`) as { name: string };
    t.equal(dayjsLocale.name, language.dayjs, `${language.code} → dayjs ${dayjsLocale.name}`);
    // the lazy loader line for this code imports exactly these locales (and its own file)
    const line = loaders.split('\n').find((l) => l.includes(`'${language.code}':`)) ?? '';
    t.match(line, `import('antd/locale/${language.antd}')`, `${language.code} loads antd ${language.antd}`);
    t.match(line, `import('dayjs/locale/${language.dayjs}')`, `${language.code} loads dayjs ${language.dayjs}`);
    if (language.code !== 'zh-CN') t.match(line, `import('./${language.code}.js')`, `${language.code} loads its file`);
  }
});
