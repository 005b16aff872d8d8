import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../../scripts/precompress';

/** The stock react-admin baseline (bench/ui/run.ts): Vite's defaults, built to bench/.work/stock-dist, plus brotli/gzip copies. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // precompressed like Bureau's build, so both travel the same way (bench/ui/servers.ts)
  plugins: [react(), precompress()],
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../../.work/stock-dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
});
