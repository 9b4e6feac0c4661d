// Money in the page's language through one Intl.NumberFormat per language (yuan, two decimals, that language's
// grouping and decimal marks), so the home page's figures and the lists' money columns agree: ¥1,234.50 beside
// 1,234.50 in English, 1.234,50 ¥ beside 1.234,50 in German, 1 234,50 ¥ beside 1 234,50 in Russian.
import { currentLanguage } from './i18n/i18n.js';

const formats = new Map<string, Intl.NumberFormat>();

/** The language's money format (built once per language; an unknown tag falls back to zh-CN's). */
export function moneyFormat(language: string): Intl.NumberFormat {
  let format = formats.get(language);
  if (!format) {
    const options: Intl.NumberFormatOptions = { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol' };
    try {
      format = new Intl.NumberFormat(language, options);
    } catch {
      format = new Intl.NumberFormat('zh-CN', options);
    }
    formats.set(language, format);
  }
  return format;
}

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
