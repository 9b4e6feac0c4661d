// Component tests: React 19 + antd rendered into jsdom, milliseconds per rule. Whole journeys stay in Chromium
// (test/e2e at the repository root). Tests live in client/test/, mirroring the client's source tree.
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['test/**/*.test.{ts,tsx}'],
      setupFiles: ['test/setup.ts'],
      // Node 26 has a global localStorage of its own (undefined without --localstorage-file) that hides jsdom's.
      execArgv: ['--no-experimental-webstorage'],
      // The files of a worker share one module graph and one jsdom: importing antd and React per file was 60% of
      // the run. What a test changes globally ends with it (test/setup.ts: cleanup, real timers, closed session).
      isolate: false,
      // npm test runs these before tap, not beside it: both cores are theirs.
      maxWorkers: 2,
      // Above the waits' 10 s (test/setup.ts): a wait that fails names what it waited for.
      testTimeout: 30_000,
    },
  }),
);
