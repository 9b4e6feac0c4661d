// Lint: typescript-eslint's recommended rules; React's hook rules and jsx-a11y's recommended rules on the client;
// and the import direction of the client (shared → features → app; never feature to feature), checked on the
// resolved target so every spelling of a path is caught.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

const CLIENT_ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'client');
const AREAS = new Set(['app', 'features', 'components', 'lib']);

/** The client path ('features/auth/session.tsx') an import specifier names, or null when it names a package. */
function clientTarget(filename, source) {
  let absolute;
  if (source.startsWith('.')) absolute = path.resolve(path.dirname(filename), source);
  else if (source.startsWith('/')) absolute = source;
  else {
    // Aliases a bundler could be taught (`@/features/x`, `~/lib/y`, `client/app/z`, `features/x`).
    const bare = source.replace(/^(@|~|#|@client|client|src)\//, '');
    return AREAS.has(bare.split('/')[0]) ? bare : null;
  }
  const relative = path.relative(CLIENT_ROOT, absolute);
  if (relative.startsWith('..') || path.isAbsolute(relative)) {
    const inside = absolute.split(path.sep).lastIndexOf('client');
    return inside >= 0
      ? absolute
          .split(path.sep)
          .slice(inside + 1)
          .join('/')
      : null;
  }
  return relative.split(path.sep).join('/');
}

/** Where a client file may import from: its own feature, lib, components, shared; app imports anything. */
function violation(filename, source) {
  const from = path.relative(CLIENT_ROOT, filename).split(path.sep);
  const target = clientTarget(filename, source);
  if (!target) return null;
  const [area, name] = target.split('/');
  if (from[0] === 'lib' || from[0] === 'components') {
    if (area === 'features' || area === 'app') return `shared code (${from[0]}) must not import ${area} (${source})`;
  }
  if (from[0] === 'features') {
    if (area === 'app') return `features must not import app (${source})`;
    if (area === 'features' && name !== from[1])
      return `feature ${from[1]} must not import feature ${name} (${source})`;
  }
  return null;
}

const importBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const message = violation(context.filename, source.value);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.tap/**', 'bench/results/**', 'bench/scratch/**', 'test-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}', 'client/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, local: { rules: { 'import-boundaries': importBoundaries } } },
    rules: { ...reactHooks.configs.flat.recommended.rules, 'local/import-boundaries': 'error' },
  },
  {
    files: ['client/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Feedback through lib/app-feedback, whose messages and notifications run on the shell's timers.
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/lib/app-feedback.ts', 'client/components/themed-antd.tsx', 'client/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='useApp']",
          message: "Use useAppFeedback (lib/app-feedback): its messages and notifications close on the shell's timers.",
        },
      ],
    },
  },
  {
    // The sandbox's route files stay thin: a controller's routes parse and answer, its rules live in the service
    // modules, so no function there (a controller's plugin with its handlers included) runs over 150 lines.
    files: ['server/sandbox/routes/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
);
