// The home page's figures, read from the backend's answers (pure: no React, no antd).
// GET /depotHead/getBuyAndSaleStatistics → { todaySale, todayRetailSale, todayBuy, monthSale, … yearBuy }: net amounts
// (returns subtracted). GET /depotItem/buyOrSalePrice → { salePriceList, retailPriceList, buyPriceList }: the last six
// months, oldest first, as { x: 'yyyy-MM', y }. The backend itself hides what a role may not see: it sends `***`
// instead of an amount where the role's price limit hides purchases (1), retail (2) or sales (3), and an empty
// object to the platform admin, who has no business data.

export type Kind = 'sale' | 'retail' | 'buy';
export type Period = 'today' | 'month' | 'yesterday' | 'year';

/** Twelve figures in the original's order: three kinds per period, today, this month, yesterday, this year. */
export const FIGURES: ReadonlyArray<{ key: string; period: Period; kind: Kind }> = (
  ['today', 'month', 'yesterday', 'year'] as const
).flatMap((period) =>
  (['sale', 'retail', 'buy'] as const).map((kind) => ({
    key: `${period}${kind === 'sale' ? 'Sale' : kind === 'retail' ? 'RetailSale' : 'Buy'}`,
    period,
    kind,
  })),
);

/** An amount, one the role may not see (`***`), or nothing (no answer, or an answer without this figure). */
export type Amount = { state: 'amount'; value: number } | { state: 'hidden' } | { state: 'none' };

export function readAmount(value: unknown): Amount {
  if (value === '***') return { state: 'hidden' };
  if (typeof value === 'number' && Number.isFinite(value)) return { state: 'amount', value };
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return { state: 'amount', value: Number(value) };
  return { state: 'none' };
}

export interface MonthAmount {
  month: string;
  value: number;
}

/** A chart's months: `hidden` when the role may not see that kind, `none` when the answer has no list. */
export type Series = { state: 'months'; months: MonthAmount[] } | { state: 'hidden' } | { state: 'none' };

export function readSeries(list: unknown): Series {
  if (!Array.isArray(list) || list.length === 0) return { state: 'none' };
  const points = list.map((p: unknown) => {
    const point = (p ?? {}) as { x?: unknown; y?: unknown };
    return { month: String(point.x ?? ''), amount: readAmount(point.y) };
  });
  if (points.some((p) => p.amount.state === 'hidden')) return { state: 'hidden' };
  return {
    state: 'months',
    months: points.map((p) => ({ month: p.month, value: p.amount.state === 'amount' ? p.amount.value : 0 })),
  };
}

export const SERIES_KEYS: Record<Kind, string> = {
  sale: 'salePriceList',
  retail: 'retailPriceList',
  buy: 'buyPriceList',
};

/** Axis ticks for values between min and max: 0 included, round steps (1, 2 or 5 × 10ⁿ), about `count` of them. */
export function axisTicks(min: number, max: number, count = 4): number[] {
  const low = Math.min(0, min);
  const high = Math.max(0, max);
  if (high === low) return [0];
  const rough = (high - low) / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const ticks: number[] = [];
  for (let v = Math.floor(low / step) * step; v <= Math.ceil(high / step) * step + step / 2; v += step)
    ticks.push(Math.round(v * 1e6) / 1e6);
  return ticks;
}
