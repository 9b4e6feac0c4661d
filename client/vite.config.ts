// Build: client/dist with hashed assets under /assets/. Views, the login layout and the main layout are lazy
// chunks (see app/router.tsx, app/view-registry.ts), so the login route loads only what it needs; antd is
// tree-shaken per component through its ES modules.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      output: {
        // Stable vendor chunk for React itself: cached across releases that only change app code.
        manualChunks(id: string) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/jshERP-boot': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
