// The gateway library's test files in one process (test/support/one-process.ts).
import { importTestFiles } from '../support/one-process.js';

await importTestFiles(new URL('./lib/', import.meta.url));
