// The sandbox's one clock. The seed places every bill some days before "now" and the 今日/本月/今年 figures, bill times
// and numbers read "now" too, so a test or a bench that fixes the clock sees the same calendar whatever day it runs on.

export interface Clock {
  /** The sandbox's current moment. */
  now(): Date;
  /** The same as milliseconds since the epoch. */
  ms(): number;
}

/**
 * The real time, or — given a start — a clock that reads `start` when made and runs on from there at the real pace
 * (as faketime's "@" form does), so session expiry, captcha lifetimes and bill order still behave.
 */
export function createClock(start?: Date): Clock {
  if (!start) return { now: () => new Date(), ms: () => Date.now() };
  const offset = start.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset), ms: () => Date.now() + offset };
}
