// One money format per language: the home page's figures (with ¥) and the lists' money cells (without) agree.
import { afterEach, expect, it } from 'vitest';
import {
  formatAmount,
  formatMoney,
  formatQuantity,
  moneyFormat,
  quantityText,
  showQuantityDecimals,
} from '../../lib/number-format';
import { renderCell } from '../../components/table-page/cell-render';
import { languageLoaders, setLanguage } from '../../lib/i18n/i18n';
import { LANGUAGE_LIST } from '../../lib/i18n/language-list';
import deDE from '../../lib/i18n/de-DE';

afterEach(() => {
  showQuantityDecimals(3);
  return setLanguage('zh-CN');
});

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

it('the six decimals the backend keeps show as a shop reads them; a debt below half a cent is settled', () => {
  expect(formatAmount(85.833333, 'zh-CN')).toBe('85.83');
  expect(formatAmount(4.166667, 'zh-CN')).toBe('4.17');
  expect(formatAmount(-0.000004, 'zh-CN'), 'no "-0.00"').toBe('0.00');
  expect(formatMoney(-0.004, 'en-US')).toBe('¥0.00');
  expect(formatAmount(61.728340617288, 'zh-CN')).toBe('61.73');
  expect(formatQuantity(4.999996, 3, 'zh-CN')).toBe('5');
  expect(formatQuantity(3.999996, 6, 'zh-CN')).toBe('3.999996');
  expect(formatQuantity(0.125, 3, 'zh-CN')).toBe('0.125');
  expect(formatQuantity(0.125, 2, 'zh-CN')).toBe('0.13');
  expect(formatQuantity(1234.5, 3, 'de-DE')).toBe('1.234,5');
  expect(formatQuantity(-0.0000001, 3, 'ru-RU')).toBe('0');
  expect(formatQuantity(12000, 0, 'ru-RU')).toBe('12\u00a0000');
});

it("a quantity cell takes the user's decimals and the page's language; text and empty stay as they are", async () => {
  expect(renderCell('quantity', '4.999996')).toBe('5');
  expect(renderCell('quantity', 0.333333)).toBe('0.333');
  showQuantityDecimals(6);
  expect(renderCell('quantity', '4.999996')).toBe('4.999996');
  showQuantityDecimals(0);
  expect(renderCell('quantity', '2.4')).toBe('2');
  languageLoaders['de-DE'] = async () => ({ default: deDE });
  await setLanguage('de-DE');
  showQuantityDecimals(2);
  expect(renderCell('quantity', '1234.567')).toBe('1.234,57');
  expect(renderCell('quantity', '-')).toBe('-');
  expect(quantityText('')).toBe('');
  expect(quantityText(null)).toBe('');
  expect(quantityText('箱')).toBe('箱');
});
