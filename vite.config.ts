import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://localhost:8080';

/** The server's paths the dev server forwards to the API server (`npm start` serves dist itself). */
const proxied = ['/core', '/auth/api', '/oidc', '/app-config.json', '/analytics', '/rating'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: server, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // No manualChunks (issue 4): Rollup's own split keeps lazy views' modules out of the first load.
    chunkSizeWarningLimit: 1500,
  },
});
