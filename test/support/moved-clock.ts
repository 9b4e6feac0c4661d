// The date guard's moment: 2027-01-01 08:30 China time, a year ahead, into a new year and a new month (the seed's
// bills then span December and January). Imported first by a test file (before ./stack.js reads SANDBOX_CLOCK), it
// puts that file's sandboxes and pages there unless SANDBOX_CLOCK says otherwise (test/e2e/forms-bills-flow.test.ts,
// test/server/sandbox-new-year.test.ts); scripts/test-dates.sh runs the client's date rules at the same moment.
export const MOVED_CLOCK = '2027-01-01T08:30:00+08:00';
// A real backend keeps its own clock, which no test moves: against one the file runs at the real time.
if (!process.env.TEST_UPSTREAM_URL) process.env.SANDBOX_CLOCK ??= MOVED_CLOCK;
