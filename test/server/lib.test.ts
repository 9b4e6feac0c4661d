// The gateway library's test files in one process (test/helpers/one-process.ts).
import { importTestFiles } from '../helpers/one-process.js';

await importTestFiles(new URL('./lib/', import.meta.url));
