// The date guard's sandbox half: the sandbox's test files again, with every sandbox they start at the guard's moment (a
// new year's first morning, test/support/moved-clock.ts), in tap's main run beside the other files. A test that names
// a calendar date the seed must match, or sandbox code that reads the machine's time instead of its clock, fails here
// on any day. scripts/test-dates.sh runs the client's date rules at the same moment.
import '../support/moved-clock.js';
import t from 'tap';
import { importTestFiles } from '../support/one-process.js';

// Imported after moved-clock.js has set SANDBOX_CLOCK, like the sandbox files' own helpers.
const { SANDBOX_CLOCK } = await import('../support/stack.js');
t.ok(SANDBOX_CLOCK, `every sandbox starts at ${SANDBOX_CLOCK?.toISOString()}, not at the real time`);
// Not again: files whose sandboxes keep the real time (the timing rules judge the wall clock's seconds) or that date
// nothing (the workbook limits, a minute of CPU).
await importTestFiles(new URL('./sandbox/', import.meta.url), ['timing-rules.test.ts', 'import-limits.test.ts']);
