// The build's own choices: react-router's production build in the shipped bundle (its package exports hand any
// bundler the development build, whose warnings ran at every route match).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Alias, Plugin } from 'vite';
import viteConfig from '../vite.config';

describe('vite config', () => {
  it('builds with react-router’s production build, without its development warnings', () => {
    const plugin = (viteConfig.plugins ?? [])
      .flat()
      .find((p): p is Plugin => (p as Plugin | null)?.name === 'react-router-production-build');
    expect(plugin?.apply, 'the build only: the dev server and the tests keep the warnings').toBe('build');
    const config = (plugin!.config as () => { resolve: { alias: Alias[] } })();
    const alias = config.resolve.alias.find((a) => (a.find as RegExp).test('react-router'))!;
    expect((alias.find as RegExp).test('react-router/dom'), 'only the bare import').toBe(false);
    expect(alias.replacement).toMatch(/react-router\/dist\/production\/index\.mjs$/);
    expect(existsSync(alias.replacement)).toBe(true);
    const chunks = readFileSync(alias.replacement, 'utf8').match(/from "\.\/(chunk-[\w-]+\.mjs)"/g) ?? [];
    expect(chunks.length).toBeGreaterThan(0);
    const code = chunks
      .map((line) => readFileSync(alias.replacement.replace('index.mjs', line.slice(8, -1)), 'utf8'))
      .join('\n');
    expect(code).toContain('var ENABLE_DEV_WARNINGS = false;');
    expect(code).not.toContain('var ENABLE_DEV_WARNINGS = true;');
  });
});
