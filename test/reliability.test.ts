// The reliability files in one process (test/helpers/one-process.ts): faults, hostile input, slow bodies, socket
// floods and shutdown under load, each against gateways and upstreams its tests start.
import { importTestFiles } from './helpers/one-process.js';

await importTestFiles(new URL('./reliability/', import.meta.url));
