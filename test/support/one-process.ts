// A folder's test files in one tap process. Alone, each file pays a Node start, tsx, tap's runner and the server's
// module graph (2–3 s of CPU), more than most of these files' own tests take. The files of such a folder keep to
// t.test calls, constants and the servers their tests share at their root (no root hooks or plans that would reach
// into the next file; what a root teardown closes stays open until the process ends), and they build the apps and
// sandboxes they write to, so one file never sees another's state. Tap's own file list leaves them out
// (package.json, tap.exclude); a file still runs alone by name: `npx tap test/server/lib/host.test.ts`. A failed
// assertion names its file and line.
import { readdirSync } from 'node:fs';

/** Imports every *.test.ts directly in `folder` (not in its subfolders, not in `except`), in name order, one after
 *  another. */
export async function importTestFiles(folder: URL, except: readonly string[] = []): Promise<void> {
  for (const name of readdirSync(folder)
    .filter((file) => file.endsWith('.test.ts') && !except.includes(file))
    .sort()) {
    await import(new URL(name, folder).href);
  }
}
