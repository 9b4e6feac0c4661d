// A bar chart of monthly amounts in plain SVG: six bars need no chart library, and the home chunk stays small.
// It scales to its card's width (viewBox); each bar carries its month and amount as a tooltip (<title>) and the
// whole chart an accessible name, since a screen reader cannot read bars.
import { axisTicks, type MonthAmount } from '../statistics';

const WIDTH = 360;
const HEIGHT = 220;
const PLOT = { left: 64, right: 8, top: 12, bottom: 28 };

export interface MonthBarChartProps {
  title: string;
  months: MonthAmount[];
  /** Axis labels and tooltips. */
  formatValue: (value: number) => string;
  /** Axis labels: short figures (no currency sign, grouped). */
  formatTick: (value: number) => string;
}

export function MonthBarChart({ title, months, formatValue, formatTick }: MonthBarChartProps) {
  const values = months.map((m) => m.value);
  const ticks = axisTicks(Math.min(0, ...values), Math.max(0, ...values));
  const low = ticks[0] ?? 0;
  const high = ticks[ticks.length - 1] ?? 0;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const y = (v: number) => PLOT.top + (high === low ? plotHeight : ((high - v) / (high - low)) * plotHeight);
  const band = plotWidth / Math.max(months.length, 1);
  const barWidth = Math.min(36, band * 0.6);
  const zero = y(0);
  return (
    <svg
      className="month-bar-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${title}: ${months.map((m) => `${m.month} ${formatValue(m.value)}`).join(', ')}`}
    >
      {ticks.map((tick) => (
        <g key={tick} className="month-bar-chart__tick">
          <line
            className={tick === 0 ? 'month-bar-chart__grid month-bar-chart__grid--zero' : 'month-bar-chart__grid'}
            x1={PLOT.left}
            x2={WIDTH - PLOT.right}
            y1={y(tick)}
            y2={y(tick)}
          />
          <text className="month-bar-chart__label" x={PLOT.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
            {formatTick(tick)}
          </text>
        </g>
      ))}
      {months.map((m, i) => {
        const x = PLOT.left + band * i + (band - barWidth) / 2;
        const top = Math.min(y(m.value), zero);
        return (
          <g key={m.month} className="month-bar-chart__bar" data-month={m.month}>
            <rect
              x={x}
              y={top}
              width={barWidth}
              height={Math.max(Math.abs(zero - y(m.value)), m.value === 0 ? 0 : 1)}
              rx="2"
            >
              <title>{`${m.month}: ${formatValue(m.value)}`}</title>
            </rect>
            <text
              className="month-bar-chart__label"
              x={x + barWidth / 2}
              y={HEIGHT - PLOT.bottom + 16}
              textAnchor="middle"
            >
              {m.month}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
