/**
 * Builds the site (site/ -> dist/site) on React 19; pages are split into lazily loaded chunks. The
 * widgets stay on preact/compat (vite.widgets.config.ts): they load on other people's pages.
 */
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

/**
 * Adds a modulepreload link to the page for each chunk whose entry module matches `test`: a chunk
 * the entry imports on demand at start (the codec) then downloads beside the entry rather than
 * after it has run, and still runs apart from it, as a task of its own.
 */
export function preloadChunks(test: RegExp): Plugin {
  let base = '/';
  return {
    name: 'preload-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        return Object.values(context.bundle ?? {})
          .filter((chunk) => chunk.type === 'chunk' && test.test(chunk.facadeModuleId ?? ''))
          .map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * Marks the chunks whose entry module matches `test` for eager compilation (V8's explicit compile
 * hint, `//# allFunctionsCalledOnLoad`, read by Chromium from 136): a chunk whose functions all run
 * at once soon after it loads (the chart library's first drawing) is then compiled whole while it
 * downloads, off the main thread, instead of function by function inside the task that draws.
 * Other browsers read a comment.
 */
export function compileEagerly(test: RegExp): Plugin {
  return {
    name: 'compile-eagerly',
    apply: 'build',
    // After minifying, which drops comments.
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && test.test(chunk.facadeModuleId ?? ''))
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
    },
  };
}

export default defineConfig({
  root: 'site',
  plugins: [
    react(),
    precompress(),
    preloadChunks(/[\\/]core[\\/]codec\.ts$/),
    compileEagerly(/[\\/]site[\\/]pages[\\/]trading[\\/]candleChart\.ts$/),
  ],
  resolve: {
    alias: [
      // React 19 has the hook built in: the shim's fallback for React 16 and 17, which the router
      // and the signals' runtime import, would only be downloaded, never run.
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
      // core/ runs nothing at import time (its rule), and the site imports it through its one
      // index: said so, a page that imports one function from the index carries that function's
      // module alone, not every module the index names (the error catalogue, the market maths).
      treeshake: { moduleSideEffects: (id) => !/[\\/]core[\\/][^?]*\.ts$/.test(id) },
      output: {
        codeSplitting: {
          // What every page loads (React, the router, the store, the API client and codec, the
          // layout) as one file: split into eight, each gzipped alone, it weighed 2.8 KiB more and
          // cost eight requests. Pages and what only some pages use stay in chunks of their own.
          groups: [
            { name: 'shell', tags: ['$initial'] },
            // The market figures' text with core's formatters (the home page's prices need no
            // more), then the market data the markets and trading pages add to it: two chunks,
            // however the pages share them, rather than a request for each small module (on
            // HTTP/1.1 a phone opens a connection for each beyond six). The socket client stays
            // apart: the support chat uses it without the markets.
            { name: 'reconnectingSocket', test: /reconnectingSocket\.ts$/, priority: 1 },
            {
              name: 'marketFormat',
              test: /core[\\/](format[\\/][^/\\]+|markets[\\/](decimal|pairSteps))\.ts$|marketF(ormat\.ts|igures\.css)$/,
            },
            {
              name: 'marketData',
              test: /core[\\/](markets[\\/](pairs|bookMirror)|marketConnection|marketStream|protocol[\\/]marketStreams)\.ts$|site[\\/]whenIdle\.ts$/,
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
