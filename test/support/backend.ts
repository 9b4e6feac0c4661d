// Which backend the tests face. By default (and in CI) the embedded sandbox; with TEST_UPSTREAM_URL a running
// jshERP-boot (its base URL without /jshERP-boot, as UPSTREAM_URL takes it), which `npm run test:backend` sets.
// Tests make their own fixtures through the API, so they can face a backend that already holds data. A test that
// needs what only the sandbox has — its clock, a fault it can be made to show, its demo rows — says so with
// sandboxOnly(), and against a real backend it reports itself as not applicable (an outcome test:backend prints).

/** The running backend the tests face, or null for the embedded sandbox. */
export const TEST_UPSTREAM_URL: string | null = process.env.TEST_UPSTREAM_URL?.replace(/\/+$/, '') || null;

/** Whether the tests face a real backend rather than the sandbox. */
export const onRealBackend = TEST_UPSTREAM_URL !== null;

/** The line test:backend reads to tell a file that does not apply from one that passed. */
export const NOT_APPLICABLE = 'not applicable on a real backend:';

interface Commentable {
  comment(...message: unknown[]): void;
}

/**
 * True when the test can run here; against a real backend it says why it does not apply and returns false (the
 * caller then ends the test or file without asserting). In CI every test runs: this never returns false there.
 */
export function sandboxOnly(t: Commentable, reason: string): boolean {
  if (!onRealBackend) return true;
  t.comment(`${NOT_APPLICABLE} ${reason}`);
  return false;
}

/**
 * The environment a gateway process needs to face the tests' backend: nothing on the sandbox (it embeds one), else
 * UPSTREAM_URL, and REDIS_URL when test:backend shares one Redis between the files' gateways so that their writes
 * are paced together (every gateway of a run is one user's replica as far as the backend can tell).
 */
export function upstreamEnv(): Record<string, string> {
  if (!TEST_UPSTREAM_URL) return {};
  const env: Record<string, string> = { UPSTREAM_URL: TEST_UPSTREAM_URL };
  if (process.env.TEST_REDIS_URL) env.REDIS_URL = process.env.TEST_REDIS_URL;
  return env;
}
