/** Builds the site (site/ -> dist/site); pages are split into lazily loaded chunks. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes .br and .gz copies of the built scripts and styles, which the server sends to browsers
 * that accept them (@fastify/static `preCompressed`): the home page's JS goes over the wire at a
 * third of its size without compressing on every request.
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(file) || !options.dir) continue;
        const path = join(options.dir, file);
        const data = readFileSync(path);
        if (data.length < 1024) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(data));
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: 'site',
  plugins: [react(), precompress()],
  resolve: {
    // The site is written against React and runs on Preact (preact/compat), as the widgets do:
    // the same components for a sixth of the bytes every page downloads first (see README).
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      // Signals bind to Preact directly; the React binding's hook becomes a no-op.
      { find: /^@preact\/signals-react$/, replacement: '@preact/signals' },
      {
        find: /^@preact\/signals-react\/runtime$/,
        replacement: fileURLToPath(new URL('site/preactSignalsRuntime.ts', import.meta.url)),
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('site/syncExternalStoreShim.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: '../dist/site',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser that runs es2022 knows modulepreload, so the polyfill would be dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Precompressing at brotli's best quality is most of the build's time by design (once per
      // build, not per request); Rolldown's warning about slow plugins would say so on every build.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          // What every page loads (React, the router, the store, the API client and codec, the
          // layout) as one file: split into eight, each gzipped alone, it weighed 2.8 KiB more and
          // cost eight requests. Pages and what only some pages use stay in chunks of their own.
          groups: [
            { name: 'shell', tags: ['$initial'] },
            // The market figures' text (the home page's prices need no more), then the market
            // data the markets and trading pages add to it: two chunks, however the pages share
            // them. The socket client stays apart: the support chat uses it without the markets.
            { name: 'reconnectingSocket', test: /reconnectingSocket\.ts$/, priority: 1 },
            {
              name: 'marketFormat',
              test: /core[\\/]markets[\\/](decimal|pairSteps)\.ts$|marketF(ormat\.ts|igures\.css)$/,
            },
            {
              name: 'marketData',
              test: /core[\\/](markets[\\/](pairs|bookMirror)|marketConnection|marketStream|protocol[\\/]marketStreams)\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    // `vite` alone serves the site with hot reload and forwards the API to `npm start`'s server.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
