// Build: client/dist with hashed assets under /assets/. Views, the login layout and the main layout are lazy
// chunks (see app/router.tsx, app/view-registry.ts), so the login route loads only what it needs; antd is
// tree-shaken per component through its ES modules.
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const clientRoot = dirname(fileURLToPath(import.meta.url));
/** Where the source maps go: beside the served folder, never in it (the gateway maps reported stacks with them). */
const SOURCE_MAPS_DIR = resolve(clientRoot, 'dist-maps');

/** Hidden source maps (no sourceMappingURL in the scripts) moved from dist/ to dist-maps/ once written: after
 *  every plugin's last change to the chunks (vite's preload helper adds a line), so each map fits its script. */
function sourceMapsOutsideDist(): Plugin {
  return {
    name: 'source-maps-outside-dist',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? resolve(clientRoot, 'dist');
      rmSync(SOURCE_MAPS_DIR, { recursive: true, force: true });
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.endsWith('.map')) continue;
        const target = join(SOURCE_MAPS_DIR, fileName);
        mkdirSync(dirname(target), { recursive: true });
        renameSync(join(outDir, fileName), target);
      }
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
  plugins: [react(), sourceMapsOutsideDist(), reactRouterProductionBuild()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Stable vendor chunk for React itself: cached across releases that only change app code.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            // Everything else the entry imports statically, in one chunk: a browser opens at most 6 connections to a host
            // over HTTP/1.1, and the entry's graph was 11 files, so its last 5 waited a whole round trip for a free one.
            { name: 'boot', tags: ['$initial'], priority: 1 },
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
