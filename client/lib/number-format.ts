// Money in the page's language through one Intl.NumberFormat per language (yuan, two decimals, that language's
// grouping and decimal marks), so the home page's figures and the lists' money columns agree: ¥1,234.50 beside
// 1,234.50 in English, 1.234,50 ¥ beside 1.234,50 in German, 1 234,50 ¥ beside 1 234,50 in Russian.
import { currentLanguage } from './i18n/i18n.js';

/** A format per language and options, built once: building one costs ~1 ms, ICU's first currency format ~40 ms. */
function cachedFormat(
  cache: Map<string, Intl.NumberFormat>,
  language: string,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  let format = cache.get(language);
  if (!format) {
    try {
      format = new Intl.NumberFormat(language, options);
    } catch {
      // An unknown tag falls back to zh-CN's.
      format = new Intl.NumberFormat('zh-CN', options);
    }
    cache.set(language, format);
  }
  return format;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
const MONEY: Intl.NumberFormatOptions = { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol' };
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
