// Column spans of the detail list (the original DetailList): col 1–4, values above 4 clamp to 4.

export type DetailColumns = 1 | 2 | 3 | 4;

export const DETAIL_SPANS: Readonly<Record<DetailColumns, { xs: number; sm?: number; md?: number }>> = {
  1: { xs: 24 },
  2: { xs: 24, sm: 12 },
  3: { xs: 24, sm: 12, md: 8 },
  4: { xs: 24, sm: 12, md: 6 },
};

/** The column count used: default 3, clamped into 1–4. */
export function clampColumns(col: number | undefined): DetailColumns {
  const n = Math.round(col ?? 3);
  return (n < 1 ? 1 : n > 4 ? 4 : n) as DetailColumns;
}
