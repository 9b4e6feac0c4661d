// Reading the home page's answers and the chart's axis: plain rules, no rendering.
import { describe, expect, it } from 'vitest';
import { FIGURES, axisTicks, readAmount, readSeries } from '../../../features/dashboard/statistics';

describe('dashboard statistics', () => {
  it('lists the twelve figures in the original order with the backend keys', () => {
    expect(FIGURES.map((f) => f.key)).toEqual([
      'todaySale',
      'todayRetailSale',
      'todayBuy',
      'monthSale',
      'monthRetailSale',
      'monthBuy',
      'yesterdaySale',
      'yesterdayRetailSale',
      'yesterdayBuy',
      'yearSale',
      'yearRetailSale',
      'yearBuy',
    ]);
  });

  it('reads amounts: numbers and numeric strings, *** as hidden, anything else as none', () => {
    expect(readAmount(12.5)).toEqual({ state: 'amount', value: 12.5 });
    expect(readAmount('1234.500000')).toEqual({ state: 'amount', value: 1234.5 });
    expect(readAmount('***')).toEqual({ state: 'hidden' });
    expect(readAmount(null)).toEqual({ state: 'none' });
    expect(readAmount('')).toEqual({ state: 'none' });
    expect(readAmount('abc')).toEqual({ state: 'none' });
  });

  it('reads a series; one hidden month hides the chart; a missing list is none', () => {
    expect(
      readSeries([
        { x: '2026-10', y: 1 },
        { x: '2026-11', y: '2.5' },
      ]),
    ).toEqual({
      state: 'months',
      months: [
        { month: '2026-10', value: 1 },
        { month: '2026-11', value: 2.5 },
      ],
    });
    expect(readSeries([{ x: '2026-10', y: '***' }])).toEqual({ state: 'hidden' });
    expect(readSeries(undefined)).toEqual({ state: 'none' });
  });

  it('axis ticks are round steps that include zero and cover the values', () => {
    expect(axisTicks(0, 12345.6)).toEqual([0, 5000, 10000, 15000]);
    expect(axisTicks(-80, 600)).toEqual([-200, 0, 200, 400, 600]);
    expect(axisTicks(0, 0)).toEqual([0]);
  });
});
