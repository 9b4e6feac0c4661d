// The one rule every numeric field of every form follows (form fields, the bill and product grids, the money block,
// dialogs): text that is no number, a value outside what the backend stores or the field allows, and a run of digits
// that looks like a scanned barcode are refused with a reason, never dropped, clamped or saved. Pure: the forms show
// the reason at the field and refuse the save with it.
import type { MessageKey, MessageParams } from './i18n/i18n';

/** A number as typed: digits with an optional sign and decimal point ("12." while typing), no exponent, no grouping. */
export const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Digits only, this long or longer: an EAN-8/EAN-13/UPC or a shop's own code, not an amount or a count. */
export const BARCODE_DIGITS = 8;

/** jshERP-boot's numeric columns are decimal(24,6): 18 digits before the point, 6 after. */
export const STORED_DECIMALS = 6;
const STORED_LIMIT = 1e18;

export interface NumberLimits {
  /** The least value allowed (0 where the backend expects no negatives). */
  min?: number;
  /** Values must be above this one (a quantity above 0). */
  above?: number;
  max?: number;
  integer?: boolean;
  /** Most decimals (default: what the backend stores, 6). */
  decimals?: number;
}

export type NumberRefusal =
  | { rule: 'notNumber' }
  | { rule: 'barcode'; value: string }
  | { rule: 'tooLarge' }
  | { rule: 'decimals'; decimals: number }
  | { rule: 'min'; min: number }
  | { rule: 'above'; above: number }
  | { rule: 'max'; max: number }
  | { rule: 'integer' };

/** Does this typed text look like a barcode rather than a number: digits only, BARCODE_DIGITS or more. */
export function looksLikeBarcode(text: string): boolean {
  const typed = text.trim();
  return /^\d+$/.test(typed) && typed.length >= BARCODE_DIGITS;
}

/** The number a value stands for: a number, or text that reads as one; NaN otherwise, null when empty. */
export function numberOf(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return NaN;
  const text = value.trim();
  if (text === '') return null;
  return NUMBER_TEXT.test(text) ? Number(text) : NaN;
}

const decimalsOf = (value: number | string): number => {
  const text = String(value).trim();
  // A number's own text may be exponential (1e-7): its digits after the point then count as written out.
  if (/e-/i.test(text)) return Number(text.split(/e-/i)[1]) + (text.split('.')[1]?.split(/e/i)[0]?.length ?? 0);
  return text.includes('.') ? text.replace(/^[^.]*\./, '').replace(/0+$/, '').length : 0;
};

/**
 * Why this value is refused under these limits, or null. Empty is not refused (a required rule says so). Text is
 * what the user typed: it is judged as typed (a barcode-looking run of digits is refused; written with a decimal
 * point it is taken as the number it says). A number is a value the form already holds (from a record, or typed
 * text that read as a number): only its range is judged.
 */
export function numberRefusal(value: unknown, limits: NumberLimits = {}): NumberRefusal | null {
  const n = numberOf(value);
  if (n === null) return null;
  if (Number.isNaN(n)) return { rule: 'notNumber' };
  if (typeof value === 'string' && looksLikeBarcode(value)) return { rule: 'barcode', value: value.trim() };
  if (!Number.isFinite(n) || Math.abs(n) >= STORED_LIMIT) return { rule: 'tooLarge' };
  if (limits.integer && !Number.isInteger(n)) return { rule: 'integer' };
  const decimals = limits.decimals ?? STORED_DECIMALS;
  if (decimalsOf(typeof value === 'string' ? value : n) > decimals) return { rule: 'decimals', decimals };
  if (limits.above !== undefined && !(n > limits.above)) return { rule: 'above', above: limits.above };
  if (limits.min !== undefined && n < limits.min) return { rule: 'min', min: limits.min };
  if (limits.max !== undefined && n > limits.max) return { rule: 'max', max: limits.max };
  return null;
}

/** The message key and parameters of a refusal, as shown under the field. */
export function refusalText(
  refusal: NumberRefusal,
  limits: NumberLimits = {},
): { key: MessageKey; params?: MessageParams } {
  switch (refusal.rule) {
    case 'notNumber':
      return { key: 'entry.rule.fieldNumber' };
    case 'barcode':
      return limits.integer
        ? { key: 'entry.rule.fieldBarcodeWhole', params: { value: refusal.value } }
        : { key: 'entry.rule.fieldBarcode', params: { value: refusal.value } };
    case 'tooLarge':
      return { key: 'entry.rule.fieldTooLarge' };
    case 'decimals':
      return { key: 'entry.rule.fieldDecimals', params: { decimals: refusal.decimals } };
    case 'min':
      return { key: 'entry.rule.fieldMin', params: { min: refusal.min } };
    case 'above':
      return { key: 'entry.rule.fieldAbove', params: { min: refusal.above } };
    case 'max':
      return { key: 'entry.rule.fieldMax', params: { max: refusal.max } };
    case 'integer':
      return { key: 'entry.rule.fieldInteger' };
  }
}

/** Limits the forms share: money and stock the backend keeps at or above 0, a tax rate in percent. */
export const NOT_NEGATIVE: NumberLimits = { min: 0 };
export const PERCENT: NumberLimits = { min: 0, max: 100 };
