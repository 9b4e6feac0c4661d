// The sandbox's test files in one process (test/helpers/one-process.ts): 28 files in about 11 s of CPU instead of
// 106 s as 28 processes (measured). test/server/sandbox-new-year.test.ts runs them again at the date guard's moment.
import { importTestFiles } from '../helpers/one-process.js';

await importTestFiles(new URL('./sandbox/', import.meta.url));
