// The one number rule: what is refused, why, and what passes.
import { describe, expect, it } from 'vitest';
import { NOT_NEGATIVE, numberRefusal, PERCENT, refusalText } from '../../lib/number-rule';

describe('numberRefusal', () => {
  it('takes empty as no refusal (a required rule says so) and plain numbers, typed or held', () => {
    for (const value of [null, undefined, '', '  ', 0, '0', '12.5', 12.5, '-3', '.5', '12.'])
      expect(numberRefusal(value)).toBeNull();
  });

  it('refuses text that is no number, with an exponent, grouping or a comma decimal', () => {
    for (const value of ['abc', '12abc', '1e3', '1,234', '1,5', '--1', 'Infinity', 'NaN'])
      expect(numberRefusal(value)).toEqual({ rule: 'notNumber' });
  });

  it('refuses a typed run of eight or more digits as a barcode, and takes it written with decimals', () => {
    expect(numberRefusal('6901234500011')).toEqual({ rule: 'barcode', value: '6901234500011' });
    expect(numberRefusal('12345678', NOT_NEGATIVE)).toEqual({ rule: 'barcode', value: '12345678' });
    expect(numberRefusal('1234567')).toBeNull();
    expect(numberRefusal('6901234500011.00')).toBeNull();
    // A value the form holds (a record's, or text that read as a number) is judged by its range only.
    expect(numberRefusal(6901234500011)).toBeNull();
    expect(refusalText({ rule: 'barcode', value: '12345678' })).toEqual({
      key: 'entry.rule.fieldBarcode',
      params: { value: '12345678' },
    });
    expect(refusalText({ rule: 'barcode', value: '12345678' }, { integer: true }).key).toBe(
      'entry.rule.fieldBarcodeWhole',
    );
  });

  it('refuses what the backend cannot store: 18 digits before the point, 6 after, nothing infinite', () => {
    expect(numberRefusal(`${'9'.repeat(400)}.0`)).toEqual({ rule: 'tooLarge' });
    expect(numberRefusal('1000000000000000000.5')).toEqual({ rule: 'tooLarge' });
    expect(numberRefusal(Infinity)).toEqual({ rule: 'tooLarge' });
    expect(numberRefusal('1.1234567')).toEqual({ rule: 'decimals', decimals: 6 });
    expect(numberRefusal(1e-7)).toEqual({ rule: 'decimals', decimals: 6 });
    expect(numberRefusal('1.123456')).toBeNull();
    expect(numberRefusal('1.50000000')).toBeNull();
    expect(numberRefusal('1.005', { decimals: 2 })).toEqual({ rule: 'decimals', decimals: 2 });
  });

  it('refuses values outside the field: negatives where the backend expects none, a rate above 100, whole numbers', () => {
    expect(numberRefusal('-3', NOT_NEGATIVE)).toEqual({ rule: 'min', min: 0 });
    expect(numberRefusal(-0.01, NOT_NEGATIVE)).toEqual({ rule: 'min', min: 0 });
    expect(numberRefusal('-5', PERCENT)).toEqual({ rule: 'min', min: 0 });
    expect(numberRefusal('101', PERCENT)).toEqual({ rule: 'max', max: 100 });
    expect(numberRefusal('100', PERCENT)).toBeNull();
    expect(numberRefusal('0', { above: 0 })).toEqual({ rule: 'above', above: 0 });
    expect(numberRefusal('2.5', { integer: true })).toEqual({ rule: 'integer' });
  });
});
