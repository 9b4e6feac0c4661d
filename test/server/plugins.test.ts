// The gateway plugins' test files in one process (test/support/one-process.ts); the notices' files, which hold
// sockets, Redis and browsers, keep a process each.
import { importTestFiles } from '../support/one-process.js';

await importTestFiles(new URL('./plugins/', import.meta.url));
