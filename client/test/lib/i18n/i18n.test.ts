// Every language carries every key of zh-CN (the shell's own strings), with the same {placeholders},
// translated (not a copy of the Chinese), plus the title of every known menu url.
import { expect, it } from 'vitest';
import { format } from '../../../lib/i18n/i18n';
import { zhCN } from '../../../lib/i18n/zh-CN';
import { KNOWN_MENU_TITLES } from '../../../lib/i18n/known-menus';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_LIST } from '../../../lib/i18n/language-list';

interface LanguageModule {
  default: Record<string, string>;
  menuTitles: Record<string, string>;
}
const LANGUAGES = LANGUAGE_LIST;
// Paths from this file (vite would turn `new URL(path, import.meta.url)` into an asset URL).
const clientRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const requireFromClient = createRequire(resolve(clientRoot, 'package.json'));

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)(?:\|lower)?\}/g)].map((m) => m[1]).sort();
// Every key of the zh-CN dictionary (all its parts: shell core, features, table pages).
const zhShell: Record<string, string> = { ...zhCN };
const zhAll = zhShell;
const zhKeys = Object.keys(zhShell).sort();
// Strings that are the same in every language (version label, copyright line with names).
const LANGUAGE_NEUTRAL = new Set(['app.version', 'dashboard.footer']);

it('at least 10 languages, zh-CN first and default', async () => {
  expect(LANGUAGES.length).toBeGreaterThanOrEqual(10);
  expect(LANGUAGES[0]?.code).toBe('zh-CN');
  for (const code of ['zh-TW', 'en-US', 'ja-JP', 'ko-KR', 'vi-VN']) {
    expect(
      LANGUAGES.some((l) => l.code === code),
      `${code} offered`,
    ).toBeTruthy();
  }
  expect(new Set(LANGUAGES.map((l) => l.code)).size, 'codes unique').toBe(LANGUAGES.length);
});

for (const language of LANGUAGES) {
  if (language.code === 'zh-CN') continue;
  it(`${language.code}: complete and translated`, async () => {
    const module = (await import(`../../../lib/i18n/${language.code}.ts`)) as LanguageModule;
    const messages = module.default;
    const keys = Object.keys(messages).sort();
    const missing = zhKeys.filter((k) => !(k in messages));
    const unknown = keys.filter((k) => !(k in zhAll));
    expect(missing, 'no key of zh-CN missing').toEqual([]);
    expect(unknown, 'no key zh-CN lacks').toEqual([]);
    const zh = zhShell;
    for (const key of zhKeys) {
      const text = messages[key];
      if (typeof text !== 'string') continue;
      if (text.trim() === '') expect.fail(`${key} is empty`);
      if (JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(zh[key]!))) {
        expect.fail(`${key}: placeholders ${placeholders(text)} differ from zh-CN ${placeholders(zh[key]!)}`);
      }
    }
    // Chinese and Japanese legitimately share many words written in the same characters (通知, 操作…).
    if (!language.code.startsWith('zh') && language.code !== 'ja-JP') {
      const copied = zhKeys.filter(
        (k) => !LANGUAGE_NEUTRAL.has(k) && messages[k] === zh[k] && /[\u4e00-\u9fff]/.test(zh[k]!),
      );
      expect(copied, 'no Chinese string left untranslated').toEqual([]);
    }
    const menuMissing = Object.keys(KNOWN_MENU_TITLES).filter((url) => !module.menuTitles[url]);
    expect(menuMissing, 'every known menu url has a title').toEqual([]);
  });
}

it('each language is paired with its antd and dayjs locale, and lazily loaded', () => {
  const loaders = readFileSync(resolve(clientRoot, 'lib/i18n/languages.ts'), 'utf8');
  for (const language of LANGUAGES) {
    const antd = requireFromClient(`antd/locale/${language.antd}.js`) as {
      default?: { locale: string };
      locale?: string;
    };
    const antdCode = antd.default?.locale ?? antd.locale;
    expect(antdCode, `${language.code} → antd locale ${antdCode}`).toBe(
      language.dayjs === 'en' ? 'en' : language.dayjs,
    );
    const dayjsLocale = requireFromClient(`dayjs/locale/${language.dayjs}.js`) as { name: string };
    expect(dayjsLocale.name, `${language.code} → dayjs ${dayjsLocale.name}`).toBe(language.dayjs);
    // the lazy loader entry for this code (one line, or a block up to its closing brace) imports exactly these
    // locales (and its own file)
    const start = loaders.indexOf(`'${language.code}': {`);
    const line = start < 0 ? '' : loaders.slice(start, loaders.indexOf('}', start) + 1);
    expect(line, `${language.code} loads antd ${language.antd}`).toContain(`import('antd/locale/${language.antd}')`);
    expect(line, `${language.code} loads dayjs ${language.dayjs}`).toContain(
      `import('dayjs/locale/${language.dayjs}')`,
    );
    if (language.code !== 'zh-CN')
      expect(line, `${language.code} loads its file`).toContain(`import('./${language.code}.js')`);
  }
});

it('a label set inside a sentence starts lower-case, an abbreviation stays as it is', () => {
  expect(format('Введите {label|lower}', { label: 'Название' })).toBe('Введите название');
  expect(format('Enter {label|lower}', { label: 'SKU' })).toBe('Enter SKU');
  expect(format('{label} eingeben', { label: 'Name' })).toBe('Name eingeben');
  expect(format('请输入{label|lower}', { label: '名称' })).toBe('请输入名称');
  expect(format('{missing|lower}', { label: 'x' })).toBe('{missing|lower}');
});
