import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compileMessages } from './build/compile-messages';
import { precompress } from './build/precompress';
import { routePreloads } from './build/route-preloads';
import { lowPriorityScripts } from './build/script-priority';

const serverOrigin = process.env.PALCHAT_SERVER ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/auth', '/oauth', '/system'];

/** Vendor code that the signed-in shell needs on every page gets its own long-cached chunk. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react-dom|scheduler)\//.test(id)) return 'vendor-react-dom';
  if (/node_modules\/(react)\//.test(id)) return 'vendor-react';
  if (/node_modules\/(react-router)\//.test(id)) return 'vendor-router';
  if (/node_modules\/(react-virtuoso)\//.test(id)) return 'vendor-virtuoso';
  if (/node_modules\/(@tanstack)\//.test(id)) return 'vendor-query';
  if (/node_modules\/(react-intl|@formatjs|intl-messageformat)\//.test(id)) return 'vendor-intl';
  return undefined;
}

export default defineConfig({
  plugins: [react(), compileMessages(), routePreloads(), lowPriorityScripts(), precompress()],
  build: {
    outDir: process.env.VITE_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: serverOrigin, ws: true }])),
  },
});
