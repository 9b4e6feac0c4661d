// Filters of the original src/utils/filter.js.

/**
 * Thousands separators. The original's regex only grouped pure digit strings and left decimals untouched
 * ('1234.5' stayed '1234.5'); we group the integer part and keep the fraction as written ('1,234.5'),
 * which is what thousands separators mean for money. Falsy → '0'; non-numbers pass through.
 */
export function numberFormat(value: unknown): string {
  if (!value) return '0';
  const text = String(value);
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text);
  if (!match) return text;
  const [, sign = '', int = '', frac = ''] = match;
  return sign + int.replace(/(\d)(?=(?:\d{3})+$)/g, '$1,') + frac;
}

export const ELLIPSIS_LENGTH = 25;

/** Longer than `length` → first `length` characters + '...'; falsy → ''. */
export function ellipsis(value: unknown, length: number = ELLIPSIS_LENGTH): string {
  if (!value) return '';
  const text = String(value);
  return text.length > length ? text.slice(0, length) + '...' : text;
}

/** yyyyMMddHHmmss of a date (local time), used in export file names. */
export function timestamp(date: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${date.getFullYear()}${p(date.getMonth() + 1)}${p(date.getDate())}${p(date.getHours())}${p(date.getMinutes())}${p(date.getSeconds())}`;
}

/** `<name>_<yyyyMMddHHmmss>.xls`; the original's default name is 导出文件. */
export function exportFileName(name: string | undefined, date: Date): string {
  return `${name || '导出文件'}_${timestamp(date)}.xls`;
}
