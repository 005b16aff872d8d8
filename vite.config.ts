import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';
import { schemaIcons } from './scripts/schemaIcons';
import { schemaManifest } from './scripts/schemaManifest';

const server = 'http://localhost:8080';

/** The server's paths the dev server forwards to the API server (`npm start` serves dist itself). */
const proxied = ['/core', '/auth/api', '/oidc', '/app-config.json', '/analytics', '/rating'];

/**
 * Browser-build stand-ins for two CommonJS helpers whose dependency trees (object-inspect,
 * get-intrinsic, ...) weighed ~15 KB gzip in the first load: qs's `side-channel` and
 * node-polyglot's `object.entries` polyfill. Unit tests and the server keep the real packages.
 */
const shim = (name: string) => ({
  find: new RegExp(`^${name.replace('.', '\\.')}$`),
  replacement: fileURLToPath(new URL(`./src/app/shims/${name.replace('.', '-')}.cjs`, import.meta.url)),
});

/**
 * Whether the build writes source maps: only when asked with `SOURCEMAP=true` (for a debugging
 * build), so the production build the server serves publishes no original sources.
 */
export const wantsSourceMaps = (env: NodeJS.ProcessEnv = process.env): boolean => env.SOURCEMAP === 'true';

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    schemaIcons(() => import('./schemas/index').then((m) => m.schemas)),
    schemaManifest(() => import('./schemas/index'), fileURLToPath(new URL('./schemas/entities.ts', import.meta.url))),
  ],
  resolve: {
    alias: [
      shim('side-channel'),
      shim('object.entries'),
      {
        find: /^jsonexport\/dist\/index\.js$/,
        replacement: fileURLToPath(new URL('./src/app/shims/jsonexport.js', import.meta.url)),
      },
      // react-admin's per-function lodash imports, as the ES-module build of the same lodash.
      { find: /^lodash\/([A-Za-z]+)(\.js)?$/, replacement: 'lodash-es/$1.js' },
    ],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: server, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    minify: 'terser',
    terserOptions: { module: true, toplevel: true, compress: { passes: 3 }, format: { comments: false } },
    sourcemap: wantsSourceMaps(),
    // No manualChunks: Rollup's own split keeps lazy views' modules out of the first load.
    chunkSizeWarningLimit: 1500,
    commonjsOptions: { include: [/node_modules/, /src\/app\/shims\//] },
  },
});
