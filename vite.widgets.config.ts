/**
 * Builds the embeddable widget bundle (widgets/index.ts -> dist/widgets/widgets.js): one
 * self-contained IIFE that defines the suite's custom elements.
 */
import { defineConfig } from 'vite';

export default defineConfig({
  // Library mode keeps process.env.NODE_ENV, which does not exist in a browser page.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/widgets',
    emptyOutDir: true,
    target: 'es2022',
    lib: {
      entry: 'widgets/index.ts',
      name: 'ExchangeWidgets',
      formats: ['iife'],
      fileName: () => 'widgets.js',
    },
  },
});
