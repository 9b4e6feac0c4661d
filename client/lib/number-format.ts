// Money in the page's language through one Intl.NumberFormat per language (yuan, two decimals, that language's
// grouping and decimal marks), so the home page's figures and the lists' money columns agree: ¥1,234.50 beside
// 1,234.50 in English, 1.234,50 ¥ beside 1.234,50 in German, 1 234,50 ¥ beside 1 234,50 in Russian. Quantities
// through the same language's marks with at most the decimals the user set (数量小数位, lib/settings), trailing zeros
// dropped: the backend keeps six (0.333333 箱 × 12 is 4.999996 个), a shop reads 5. Neither ever shows "-0": a debt
// of -0.000004 is settled.
import { currentLanguage } from './i18n/i18n.js';
import { loadSettings } from './settings.js';
import { storage } from './storage.js';

/** A format per language and options, built once: building one costs ~1 ms, ICU's first currency format ~40 ms. */
function cachedFormat(
  cache: Map<string, Intl.NumberFormat>,
  key: string,
  options: Intl.NumberFormatOptions,
  language: string = key,
): Intl.NumberFormat {
  let format = cache.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(language, options);
    } catch {
      // An unknown tag falls back to zh-CN's.
      format = new Intl.NumberFormat('zh-CN', options);
    }
    cache.set(key, format);
  }
  return format;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
const MONEY: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'CNY',
  currencyDisplay: 'narrowSymbol',
  signDisplay: 'negative',
};
const compactFormats = new Map<string, Intl.NumberFormat>();
const COMPACT: Intl.NumberFormatOptions = { notation: 'compact', maximumFractionDigits: 1 };

/** The language's money format. */
export const moneyFormat = (language: string): Intl.NumberFormat => cachedFormat(moneyFormats, language, MONEY);

/** Short figures for a chart's axis (1.2万, 12K). */
export const compactFormat = (language: string): Intl.NumberFormat => cachedFormat(compactFormats, language, COMPACT);

/** An amount with its currency sign, as the home page shows it: ¥1,234.50 (zh-CN, en-US), 1.234,50 ¥ (de-DE). */
export function formatMoney(value: number, language: string = currentLanguage()): string {
  return moneyFormat(language).format(value);
}

/** The same amount without the sign, as a list's money column shows it: 1,234.50 / 1.234,50 / 1 234,50. */
export function formatAmount(value: number, language: string = currentLanguage()): string {
  const parts = moneyFormat(language).formatToParts(value);
  // The sign and the space that sets it apart (pt-BR writes `R$ 1,00`-style: `¥ 1.234,50`) go together.
  const besideSign = (i: number) => parts[i - 1]?.type === 'currency' || parts[i + 1]?.type === 'currency';
  return parts
    .filter((part, i) => part.type !== 'currency' && !(part.type === 'literal' && besideSign(i)))
    .map((part) => part.value)
    .join('');
}

const quantityFormats = new Map<string, Intl.NumberFormat>();
let shownQuantityDecimals: number | undefined;

/** The decimals quantities show with: the user's setting, read once, then as the settings provider tells. */
export function quantityDecimals(): number {
  shownQuantityDecimals ??= loadSettings(storage).quantityDecimals;
  return shownQuantityDecimals;
}

/** The settings provider's word that the user changed 数量小数位. */
export function showQuantityDecimals(decimals: number): void {
  shownQuantityDecimals = decimals;
}

/** A quantity in the page's language, at most `decimals` decimals, trailing zeros dropped: 4.999996 → 5, 1,234.5. */
export function formatQuantity(
  value: number,
  decimals: number = quantityDecimals(),
  language: string = currentLanguage(),
): string {
  const options: Intl.NumberFormatOptions = { maximumFractionDigits: decimals, signDisplay: 'negative' };
  return cachedFormat(quantityFormats, `${language}\n${decimals}`, options, language).format(value);
}

/** A quantity the backend sent (a number or its text) as `formatQuantity` writes it; empty stays empty, text stays. */
export function quantityText(value: unknown, decimals: number = quantityDecimals()): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return typeof value !== 'boolean' && Number.isFinite(n) ? formatQuantity(n, decimals) : String(value);
}
