/**
 * Builds the embeddable widget suite: ES modules under dist/site/widgets/ with hashed names (the
 * elements, and chunks each element loads only when it needs them: the chat panel, the HTML
 * sanitiser), plus `dist/site/widgets.js`, a tiny classic script with a stable name that a partner
 * page loads with one tag and that imports the entry module. React is aliased to preact/compat,
 * which keeps the first download within its 20 KB gzip budget (React alone is ~70 KB gz; see
 * shared/TOOLCHAIN.md). The manifest says which chunks a page needs before the first element
 * renders; bench/widgetSize.ts reads it.
 */
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './vite.config.ts';

/** Where the modules go, under the site's output folder. */
const MODULE_DIR = 'widgets';

/**
 * Emits widgets.js: a classic script (so `<script async src>` works on any page) that imports the
 * hashed entry module relative to its own URL, so it works from whatever origin serves it.
 */
function loader(): Plugin {
  return {
    name: 'widget-loader',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (!entry) throw new Error('The widget build has no entry chunk.');
      const source = [
        '/* Exchange widgets: defines <support-chat>, <live-counter>, <notice-modal>, <faq-search>. */',
        '(function () {',
        '  var script = document.currentScript;',
        '  var base = (script && script.src) || document.baseURI;',
        `  import(new URL(${JSON.stringify(entry.fileName)}, base).href).catch(function (error) {`,
        "    console.error('Exchange widgets failed to load:', error);",
        '  });',
        '})();',
        '',
      ].join('\n');
      this.emitFile({ type: 'asset', fileName: 'widgets.js', source });
    },
  };
}

export default defineConfig({
  // Without Vite's dev-mode checks; the widgets never run in development builds.
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
  plugins: [loader(), precompress()],
  build: {
    // Beside the site, so the server serves it; the site build runs first and empties the folder.
    outDir: 'dist/site',
    emptyOutDir: false,
    target: 'es2022',
    manifest: `${MODULE_DIR}/manifest.json`,
    // Chunks import each other by relative URL: no preload helper that would resolve against
    // the host page instead of the exchange.
    modulePreload: false,
    copyPublicDir: false,
    rolldownOptions: {
      // Precompressing at brotli's best quality is most of the build's time by design (once per
      // build, not per request); Rolldown's warning about slow plugins would say so on every build.
      checks: { bundlerTimings: false },
      input: { widgets: 'widgets/index.ts' },
      output: {
        format: 'es',
        entryFileNames: `${MODULE_DIR}/[name]-[hash].js`,
        chunkFileNames: `${MODULE_DIR}/[name]-[hash].js`,
      },
    },
  },
});
