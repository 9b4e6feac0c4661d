// Build: client/dist with hashed assets under /assets/. Views, the login layout and the main layout are lazy
// chunks (see app/router.tsx, app/view-registry.ts), so the login route loads only what it needs; antd is
// tree-shaken per component through its ES modules.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

const clientRoot = dirname(fileURLToPath(import.meta.url));
/** Where the source maps go: beside the served folder, never in it (the gateway maps reported stacks with them). */
const SOURCE_MAPS_DIR = resolve(clientRoot, 'dist-maps');

/** V8's compile hint, the first line of every script: compile all its functions eagerly, on the streaming thread
 *  while the file arrives, instead of lazily on the main thread at each function's first call. Each chunk is code the
 *  page runs once it is loaded (a view, a form, the layout), so the lazy compile was on the path of every first 新增,
 *  保存 and 查看. */
/** The modules app/router.tsx preloads for a session's first screen; the shell chunk holds them and their static
 *  imports (a group takes its modules' dependencies with it). */
const SHELL_MODULES =
  /client[\\/](components[\\/]themed-antd|app[\\/]layouts[\\/]main-layout|app[\\/]routes[\\/]view-host|features[\\/]dashboard[\\/]components[\\/]analysis-page)\.tsx$/;

const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Each script written gets the compile hint as its first line, and its map moves down one line with it. */
function addCompileHints(outDir: string, bundle: Rollup.OutputBundle) {
  for (const [fileName, output] of Object.entries(bundle)) {
    if (output.type !== 'chunk') continue;
    const script = join(outDir, fileName);
    writeFileSync(script, COMPILE_HINT + readFileSync(script, 'utf8'));
    if (!(`${fileName}.map` in bundle)) continue;
    const map = JSON.parse(readFileSync(`${script}.map`, 'utf8')) as { mappings: string };
    map.mappings = `;${map.mappings}`;
    writeFileSync(`${script}.map`, JSON.stringify(map));
  }
}

/** Hidden source maps (no sourceMappingURL in the scripts) move from dist/ to dist-maps/. */
function moveSourceMaps(outDir: string, bundle: Rollup.OutputBundle) {
  rmSync(SOURCE_MAPS_DIR, { recursive: true, force: true });
  for (const fileName of Object.keys(bundle)) {
    if (!fileName.endsWith('.map')) continue;
    const target = join(SOURCE_MAPS_DIR, fileName);
    mkdirSync(dirname(target), { recursive: true });
    renameSync(join(outDir, fileName), target);
  }
}

/** The written files' last changes, once every plugin's changes to the chunks are in (vite's preload helper puts a
 *  line first in some): the compile hints, then the source maps out of the served folder, each fitting its script. */
function finishWrittenBundle(): Plugin {
  return {
    name: 'finish-written-bundle',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? resolve(clientRoot, 'dist');
      addCompileHints(outDir, bundle);
      moveSourceMaps(outDir, bundle);
    },
  };
}

/** react-router's package exports resolve to its development build whatever the mode (remix-run/react-router#14102):
 *  its dev warnings were built into the shipped bundle and ran at every route match. The build takes its production
 *  build, the same code without them; the dev server and the tests keep the warnings. */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'react-router-production-build',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^react-router$/,
            replacement: resolve(clientRoot, 'node_modules/react-router/dist/production/index.mjs'),
          },
        ],
      },
    }),
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), finishWrittenBundle(), reactRouterProductionBuild()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: 'hidden',
    // The shell chunk is about 1 MB on purpose (one file for a session's first screen, ~250 KB brotli).
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Stable vendor chunk for React itself: cached across releases that only change app code.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            // Everything else the entry imports statically, in one chunk: a browser opens at most 6 connections to a host
            // over HTTP/1.1, and the entry's graph was 11 files, so its last 5 waited a whole round trip for a free one.
            { name: 'boot', tags: ['$initial'], priority: 1 },
            // What a session's first screen runs (antd's providers, the main layout, the view host, the home page)
            // and everything those import statically, in one chunk: split by module it was ~35 files, fetched while
            // the login call was on its way, and the login call queued behind them for a free connection.
            { name: 'shell', test: SHELL_MODULES },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/jshERP-boot': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
