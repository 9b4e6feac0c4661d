// One money format per language: the home page's figures (with ¥) and the lists' money cells (without) agree.
import { afterEach, expect, it } from 'vitest';
import { formatAmount, formatMoney, moneyFormat } from '../../lib/number-format';
import { renderCell } from '../../components/table-page/cell-render';
import { languageLoaders, setLanguage } from '../../lib/i18n/i18n';
import { LANGUAGE_LIST } from '../../lib/i18n/language-list';
import deDE from '../../lib/i18n/de-DE';

afterEach(() => setLanguage('zh-CN'));

it('money with its sign as each language writes it', () => {
  expect(formatMoney(1234.5, 'zh-CN')).toBe('¥1,234.50');
  expect(formatMoney(1234.5, 'de-DE')).toBe('1.234,50\u00a0¥');
  expect(formatMoney(-80, 'en-US')).toBe('-¥80.00');
  expect(formatMoney(1234.5, 'ru-RU')).toBe('1\u00a0234,50\u00a0¥');
});

it('the same amount without the sign, never a stray space or sign', () => {
  expect(formatAmount(1234.5, 'zh-CN')).toBe('1,234.50');
  expect(formatAmount(1234.5, 'de-DE')).toBe('1.234,50');
  expect(formatAmount(-1234.5, 'pt-BR')).toBe('-1.234,50');
  expect(formatAmount(1234.5, 'fr-FR')).toBe('1\u202f234,50');
  for (const { code } of LANGUAGE_LIST) {
    const amount = formatAmount(-98765.4, code);
    expect(amount, code).not.toMatch(/[¥￥\s]$|^[\s¥￥]|-\s/);
    expect(formatMoney(-98765.4, code), `${code}: the figure holds the cell's digits and marks`).toContain(
      amount.replace(/^-/, ''),
    );
  }
});

it('one format object per language', () => {
  expect(moneyFormat('de-DE')).toBe(moneyFormat('de-DE'));
  expect(moneyFormat('not a language tag!')).toBe(moneyFormat('not a language tag!'));
  expect(formatMoney(1, 'not a language tag!'), 'a bad tag falls back to zh-CN').toBe('¥1.00');
});

it("a list's money cell follows the page's language", async () => {
  expect(renderCell('money', '1234.5')).toBe('1,234.50');
  languageLoaders['de-DE'] = async () => ({ default: deDE });
  await setLanguage('de-DE');
  expect(renderCell('money', '1234.5')).toBe('1.234,50');
  expect(renderCell('money', '-80')).toBe('-80,00');
  expect(renderCell('money', '-'), 'a dash stays').toBe('-');
  expect(renderCell('money', 'abc'), 'text stays').toBe('abc');
});
