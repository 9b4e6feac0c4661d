/**
 * Smallest width a dragged column keeps: 50 px still shows a few characters and the drag handle. The original
 * allowed 1 px, which hid a column's title and content entirely.
 */
export const MIN_COLUMN_WIDTH = 50;

/** Dragged column width, never below MIN_COLUMN_WIDTH. */
export function dragWidth(startWidth: number, deltaX: number): number {
  return Math.max(Math.round(startWidth + deltaX), MIN_COLUMN_WIDTH);
}
