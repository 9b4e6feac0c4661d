// Component tests: React 19 + antd rendered into jsdom, milliseconds per rule. Whole journeys stay in Chromium
// (test/e2e at the repository root). Tests live in client/test/, mirroring the client's source tree.
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const TESTS = 'test/**/*.test.{ts,tsx}';
// A file that mocks a module (vi.mock) needs a module graph of its own: in a shared one, the module it mocks or a
// module importing it may already have been loaded by an earlier file, and the mock then misses them. So does a file
// that tests what a fresh page does first (it says `@vitest-isolate`): earlier files have used the shared page.
const ISOLATED = globSync(TESTS, { cwd: import.meta.dirname }).filter((file) =>
  /\bvi\.mock\(|@vitest-isolate/.test(readFileSync(join(import.meta.dirname, file), 'utf8')),
);

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['test/setup.ts'],
      // Node 26 has a global localStorage of its own (undefined without --localstorage-file) that hides jsdom's.
      execArgv: ['--no-experimental-webstorage'],
      // npm test runs these before tap, not beside it: both cores are theirs.
      maxWorkers: 2,
      // Above the waits' 10 s (test/setup.ts): a wait that fails names what it waited for.
      testTimeout: 30_000,
      projects: [
        // The files of a worker share one module graph and one jsdom: importing antd and React per file was 60% of
        // the run. What a test changes globally ends with it (test/setup.ts: cleanup, real timers, closed session).
        { extends: true, test: { name: 'shared', include: [TESTS], exclude: ISOLATED, isolate: false } },
        { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
      ],
    },
  }),
);
