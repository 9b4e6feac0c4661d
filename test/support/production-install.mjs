// Loaded with `--import` into the built gateway: every package that `npm ci --omit=dev` (the image's runtime
// install) leaves out — the lock file's top-level entries marked dev — fails to resolve, for import and require, as
// it would in the image. So a test shows the production start never loads a devDependency (pino-pretty, …). Imports
// made by dev-only code itself (the test runner's own hooks, which it passes on to child processes) are left alone.
import { readFileSync } from 'node:fs';
import { isBuiltin, registerHooks } from 'node:module';

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'));
const devOnly = new Set(
  Object.entries(lock.packages)
    .filter(([path, entry]) => entry.dev === true && /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path))
    .map(([path]) => path.slice('node_modules/'.length)),
);

const nodeModules = new URL('../../node_modules/', import.meta.url).href;

/** The top-level package a module belongs to, or null for the gateway's own files. */
function packageOf(url) {
  if (!url?.startsWith(nodeModules)) return null;
  return /^(@[^/]+\/)?[^/]+/.exec(url.slice(nodeModules.length))?.[0] ?? null;
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    const name = /^(@[^/]+\/)?[^/.:][^/:]*/.exec(specifier)?.[0];
    const importer = packageOf(context.parentURL);
    if (name && devOnly.has(name) && !isBuiltin(specifier) && !(importer && devOnly.has(importer))) {
      const err = new Error(`Cannot find package '${name}' (not in a production install)`);
      err.code = 'ERR_MODULE_NOT_FOUND';
      throw err;
    }
    return nextResolve(specifier, context);
  },
});
