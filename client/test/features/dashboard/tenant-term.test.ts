// When 立即续费 is offered, and which addresses it may link to.
import { describe, expect, it } from 'vitest';
import { expiresSoon, webAddress } from '../../../features/dashboard/tenant-term';

describe('tenant term', () => {
  const now = new Date('2026-11-23T12:00:00');

  it('asks for renewal within five days of the end, and after it', () => {
    expect(expiresSoon('2026-11-28 11:59:59', now)).toBe(true);
    expect(expiresSoon('2026-11-01 00:00:00', now)).toBe(true);
    expect(expiresSoon('2026-11-28 12:00:01', now)).toBe(false);
    expect(expiresSoon('2099-02-17 00:00:00', now)).toBe(false);
    expect(expiresSoon('', now)).toBe(false);
    expect(expiresSoon('not a date', now)).toBe(false);
  });

  it('links only to web addresses', () => {
    expect(webAddress('https://pay.example.com/fee?x=1')).toBe('https://pay.example.com/fee?x=1');
    expect(webAddress('javascript:alert(1)')).toBeNull();
    expect(webAddress('/relative')).toBeNull();
    expect(webAddress(null)).toBeNull();
  });
});
