// The reliability files in one process (test/support/one-process.ts): faults, hostile input, slow bodies, socket
// floods and shutdown under load, each against gateways and upstreams its tests start.
import { importTestFiles } from './support/one-process.js';

await importTestFiles(new URL('./reliability/', import.meta.url));
