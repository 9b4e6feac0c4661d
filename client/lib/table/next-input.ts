/** Enter moves to the next input, wrapping to the first after the last (the original's autoJumpNextInput). */
export function nextInputIndex(current: number, count: number): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count - 1) return 0;
  return current + 1;
}
