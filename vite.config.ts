import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://localhost:8080';

/** The server's paths the dev server forwards to the API server (`npm start` serves dist itself). */
const proxied = ['/core', '/auth/api', '/oidc', '/app-config.json', '/analytics', '/rating'];

/** Vendor chunks: the framework rarely changes, so browsers keep it cached across releases. */
const vendorChunk = (id: string): string | undefined => {
  if (!id.includes('node_modules')) return undefined;
  // MUI and react-admin import each other: one chunk, or Rollup reports a circular chunk
  if (/node_modules\/(@mui|@emotion|react-admin|ra-[a-z-]+|@tanstack|react-hook-form|react-router|react-router-dom)\//.test(id)) return 'ui';
  if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  return undefined;
};

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: server, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
});
