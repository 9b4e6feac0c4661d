// The sandbox's test files, in one process. Alone, each file pays a Node start, the sandbox's module graph and tap's
// runner: about 3 s of CPU, more than most files' own tests. Together the 28 files take about a tenth of the CPU
// they take as 28 processes (11 s against 106 s, measured). Tap's own file list leaves them out (package.json,
// tap.exclude); a file still runs alone: `npx tap test/server/sandbox/lists.test.ts`.
//
// Their root-level code is t.test calls and constants only (no root hooks or plans that would reach into the next
// file), and every test builds its own sandbox, so no file sees another's writes. A failed assertion names its file
// and line.
import { readdirSync } from 'node:fs';

const folder = new URL('./sandbox/', import.meta.url);
for (const name of readdirSync(folder).filter((file) => file.endsWith('.test.ts')).sort()) {
  await import(new URL(name, folder).href);
}
