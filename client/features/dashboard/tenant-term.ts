// When the home page offers 立即续费: the tenant's term ends within five days (or has ended), as in the original,
// and the platform's pay_fee_url is a web address (it becomes a link's href, so nothing else is let through).

const RENEW_WITHIN_MS = 5 * 86_400_000;

/** `expireTime` is the backend's `yyyy-MM-dd HH:mm:ss` (local time); an unreadable one never asks for renewal. */
export function expiresSoon(expireTime: string | null | undefined, now: Date): boolean {
  if (!expireTime) return false;
  const end = new Date(expireTime.trim().replace(' ', 'T')).getTime();
  return Number.isFinite(end) && end - now.getTime() < RENEW_WITHIN_MS;
}

export function webAddress(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
