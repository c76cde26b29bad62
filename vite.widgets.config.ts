/**
 * Builds the embeddable widget bundle (widgets/index.ts -> dist/site/widgets.js): one
 * self-contained IIFE defining every element. React is aliased to preact/compat, which keeps the
 * bundle within its 20 KB gzip budget (React alone is ~70 KB gz; see shared/TOOLCHAIN.md).
 */
import { defineConfig } from 'vite';

export default defineConfig({
  // Library mode keeps process.env.NODE_ENV, which does not exist in a browser page.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    ],
  },
  build: {
    // Beside the site, so the server serves it as /widgets.js; the site build runs first.
    outDir: 'dist/site',
    emptyOutDir: false,
    target: 'es2022',
    lib: {
      entry: 'widgets/index.ts',
      name: 'ExchangeWidgets',
      formats: ['iife'],
      fileName: () => 'widgets.js',
    },
  },
});
