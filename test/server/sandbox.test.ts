// The sandbox's test files in one process (test/support/one-process.ts): one Node start, tsx and module graph for all
// of them instead of one each. test/server/sandbox-new-year.test.ts runs them again at the date guard's moment.
import { importTestFiles } from '../support/one-process.js';

await importTestFiles(new URL('./sandbox/', import.meta.url));
