// The moment a fixed sandbox clock starts at (SANDBOX_CLOCK, tests, the bench); shared by config and test helpers.

/**
 * A start moment as `SANDBOX_CLOCK` or the bench take it: an ISO 8601 date-time, with its zone or read as China time
 * (the backend's and the seed's zone), e.g. `2027-01-01T00:00:05+08:00` or `2028-02-29 09:30`. Undefined when empty.
 */
export function parseClockStart(value: string | undefined): Date | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
    text,
  );
  if (!match) throw new Error(`not an ISO date-time: ${JSON.stringify(text)}`);
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone] = match;
  // Date rolls 2027-02-30 over to March: a day that does not read back as written is a typo.
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  const start = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${zone ?? '+08:00'}`);
  if (day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d) || Number.isNaN(start.getTime())) {
    throw new Error(`not a calendar date-time: ${JSON.stringify(text)}`);
  }
  return start;
}
