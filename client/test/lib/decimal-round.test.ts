// The backend's rounding (BigDecimal ROUND_HALF_UP on the decimal text) for the bill and financial forms' money.
import { describe, expect, it } from 'vitest';
import { round2, round4, roundHalfUp, roundProduct } from '../../lib/decimal-round';

describe('roundHalfUp', () => {
  it('rounds the decimal text, not the binary value: 1.005 → 1.01, where toFixed gives 1.00', () => {
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(round2(1.005)).toBe(1.01);
    expect(round2(1.015)).toBe(1.02);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(1234567.125)).toBe(1234567.13);
    expect(round2(8.445)).toBe(8.45);
  });

  it('ties go away from zero, as ROUND_HALF_UP', () => {
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(-0.125)).toBe(-0.13);
    expect(round2(0.125)).toBe(0.13);
    expect(round2(0.124)).toBe(0.12);
  });

  it('sums of binary fractions come out as their decimals', () => {
    expect(round2(0.1 + 0.2)).toBe(0.3);
    expect(round2(1.1 * 3)).toBe(3.3);
  });

  it('four decimals for prices; numbers already short are kept', () => {
    expect(round4(2.00005)).toBe(2.0001);
    expect(round4(8.4825 / 3)).toBe(2.8275);
    expect(round4(12.5)).toBe(12.5);
    expect(round2(7)).toBe(7);
  });

  it('tiny, huge and non-finite values', () => {
    expect(round2(1e-7)).toBe(0);
    expect(round2(0.005)).toBe(0.01);
    expect(round2(-0.004)).toBe(0);
    expect(Object.is(round2(-0.004), -0)).toBe(false);
    expect(round2(1.5e21)).toBe(1.5e21);
    expect(roundHalfUp(5e-324, 2)).toBe(0);
    expect(round2(Number.NaN)).toBeNaN();
    expect(round2(Infinity)).toBe(Infinity);
  });
});

describe('roundProduct', () => {
  it('forms quantity × price in decimal, as BigDecimal.multiply: 2.675 × 3 = 8.025 → 8.03', () => {
    expect((2.675 * 3).toFixed(2)).toBe('8.02');
    expect(roundProduct(2.675, 3, 2)).toBe(8.03);
    expect(roundProduct(4.35, 100, 2)).toBe(435);
    expect(roundProduct(1.15, 3, 2)).toBe(3.45);
    expect(roundProduct(-1.005, 1, 2)).toBe(-1.01);
  });

  it('a shift divides by a power of ten exactly (taxRate × amount / 100)', () => {
    expect(roundProduct(13, 450, 2, 2)).toBe(58.5);
    expect(roundProduct(6, 100.25, 2, 2)).toBe(6.02);
    expect(roundProduct(13, 0.5, 2, 2)).toBe(0.07);
  });
});
