/**
 * Builds the embeddable widget suite: ES modules under dist/site/widgets/ with hashed names (the
 * elements, and chunks each element loads only when it needs them: the chat panel, the HTML
 * sanitiser), plus `dist/site/widgets.js`, a tiny classic script with a stable name that a partner
 * page loads with one tag and that imports the entry module. `react` resolves to React's API on
 * Preact alone (widgets/shared/reactOnPreact.ts), without preact/compat, which keeps the first
 * download within its 15 KB gzip budget (React 19 alone weighs about 60 KB gzip). The manifest
 * says which chunks a page needs before the elements render; bench/widgetSize.ts reads it.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './vite.config.ts';

/** What `react` resolves to in the widget build and the widgets' component tests. */
export const REACT_ON_PREACT = './widgets/shared/reactOnPreact.ts';

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

/**
 * Minifies the CSS the widgets keep in `*Styles.ts` files as template literals (written readable,
 * with comments): comments go, and the white space that CSS does not need. A space before `:`
 * stays (`.panel :focus-visible` selects descendants); literals with `${}` are left alone.
 */
export function minifyCssStrings(): Plugin {
  return {
    name: 'widget-css-strings',
    apply: 'build',
    transform(code, id) {
      if (!/[/\\]widgets[/\\].+Styles\.ts$/.test(id)) return null;
      return code.replace(/`([^`$]*)`/g, (_literal, css: string) => {
        const minified = css
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          .replace(/\s*([{};,>])\s*/g, '$1')
          .replace(/:\s+/g, ':')
          .replace(/;}/g, '}')
          .trim();
        return `\`${minified}\``;
      });
    },
  };
}

/**
 * Vite wraps each dynamic import in a helper that first preloads the imported chunk's
 * dependencies and CSS (1.7 KB minified in the entry). The widgets have neither to preload
 * (`modulePreload` is off and their CSS is in strings), so the helper here only imports.
 */
function noPreloadHelper(): Plugin {
  return {
    name: 'widget-no-preload-helper',
    enforce: 'pre',
    load(id) {
      return id === '\0vite/preload-helper.js'
        ? 'export const __vitePreload = (load) => load();'
        : null;
    },
  };
}

export default defineConfig({
  // Without Vite's dev-mode checks; the widgets never run in development builds.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // Production JSX even when NODE_ENV says otherwise (the end-to-end server builds under `test`):
  // the development runtime adds each element's file and line, 0.5 KB gzip to the first download.
  oxc: { jsx: { development: false } },
  resolve: {
    // React's API on Preact alone (see reactOnPreact.ts); the elements render with Preact's own
    // `render` (widgets/shared/widgetElement.ts), so nothing needs react-dom.
    alias: [
      { find: /^react$/, replacement: fileURLToPath(new URL(REACT_ON_PREACT, import.meta.url)) },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    ],
  },
  plugins: [loader(), noPreloadHelper(), minifyCssStrings(), precompress()],
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
