// The login and register pages before anyone signs in: every platform call answers platformValue '0' (no captcha).
import { vi } from 'vitest';

/** Stubs fetch so every call answers platformValue '0'; returns the URLs called, for "sends nothing" checks. */
export function platformWithoutCaptcha(): string[] {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return new Response(JSON.stringify({ code: 200, data: { platformValue: '0' } }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
