/** Dragged column width, never below 1 px (the original's Math.max(x, 1)). */
export function dragWidth(startWidth: number, deltaX: number): number {
  return Math.max(Math.round(startWidth + deltaX), 1);
}
