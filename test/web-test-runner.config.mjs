// Component and element tests in real Chromium, each on the renderer its build ships with. Vite
// runs in middleware mode inside the runner so TSX is served as in the builds: the site's tests on
// React (one Vite server), the widgets' on Preact (another, under /preact/, with the widget build's
// own aliases), so a component that works only on React fails its widget test.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { createServer, loadConfigFromFile } from 'vite';

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const viteClientStub = readFileSync(new URL('./viteClientStub.mjs', import.meta.url), 'utf8');

/** Where the widgets' tests and every module they import are served, by the Preact server. */
const PREACT_BASE = '/preact/';

/** A widget's test file: served by the Preact server, whose rewritten imports stay under its base. */
const WIDGET_TEST = /^\/widgets\/.+\.test\.tsx?$/;

/** The two Vite servers, started with the runner's server: `react` for the site, `preact` for the widgets. */
let servers;
let serversReady;

/**
 * The runner's own socket module, which @web/test-runner-commands (real key presses) imports: the
 * runner serves it, so Vite leaves the import alone instead of failing to resolve it.
 */
function runnerSocket() {
  return {
    name: 'runner-socket',
    resolveId(id) {
      if (id.endsWith('__web-dev-server__web-socket.js')) {
        return { id: '/__web-dev-server__web-socket.js', external: true };
      }
      return null;
    },
  };
}

/** What the site's tests and the widgets' tests pre-bundle alike. */
const SHARED_DEPS = [
  'valtio',
  'valtio/vanilla',
  'chai',
  '@testing-library/react',
  'dompurify',
  'uqr',
  '@web/test-runner-commands',
];

/** A Vite server in middleware mode, without hot reload. */
function viteServer(options) {
  return createServer({
    configFile: false,
    root: process.cwd(),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    ...options,
  });
}

/** The site's server: React 19, as the site build ships. */
function reactServer() {
  return viteServer({
    plugins: [react(), runnerSocket()],
    optimizeDeps: {
      include: [
        'react',
        'react/jsx-dev-runtime',
        'react/jsx-runtime',
        'react-dom/client',
        'wouter',
        'wouter/memory-location',
        'sonner',
        '@preact/signals-react',
        '@preact/signals-react/runtime',
        ...SHARED_DEPS,
      ],
    },
  });
}

/**
 * The widgets' server: the widget build's aliases (React's API on Preact alone), plus what Testing
 * Library takes from React DOM: a root on Preact's `render` (test/preactDomClient.ts) and Preact's
 * `act`, which it falls back to where `React.act` is missing. Its own dependency cache, so the two
 * servers never pre-bundle React and Preact into one folder.
 */
async function preactServer() {
  const loaded = await loadConfigFromFile(
    { command: 'serve', mode: 'test' },
    'vite.widgets.config.ts',
    process.cwd(),
    'error',
  );
  const domClient = fileURLToPath(new URL('./preactDomClient.ts', import.meta.url));
  const alias = [
    ...(loaded?.config.resolve?.alias ?? []),
    { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
    { find: /^react-dom(\/client)?$/, replacement: domClient },
  ];
  return viteServer({
    base: PREACT_BASE,
    cacheDir: 'node_modules/.vite-preact',
    plugins: [react(), runnerSocket()],
    resolve: { alias },
    // Only these are pre-bundled: a pre-bundled package that imports React (valtio, Testing
    // Library) would carry its own copy of reactOnPreact.ts; they load as the ES modules they are.
    optimizeDeps: {
      noDiscovery: true,
      include: [
        'preact',
        'preact/hooks',
        'preact/jsx-runtime',
        'preact/jsx-dev-runtime',
        'preact/test-utils',
        'valtio/vanilla',
        'chai',
        '@testing-library/dom',
        'dompurify',
        '@web/test-runner-commands',
      ],
    },
  });
}

/** Starts both Vite servers when the runner's server starts, and stops them with it. */
function vitePlugin() {
  return {
    name: 'vite-middleware',
    serverStart() {
      serversReady = Promise.all([reactServer(), preactServer()]).then(([react, preact]) => {
        servers = { react, preact };
        return servers;
      });
      return serversReady;
    },
    async serverStop() {
      await Promise.all([servers?.react.close(), servers?.preact.close()]);
    },
  };
}

/**
 * Hands every request but the runner's own to Vite. Registered as config middleware because the
 * runner composes its middleware before plugins start; it waits for Vite on the first request.
 */
async function viteMiddleware(ctx, next) {
  if (ctx.path.endsWith('/@vite/client')) {
    ctx.type = 'js';
    ctx.body = viteClientStub;
    return;
  }
  // The built widgets (dist/) are served as built: Vite would rewrite the classic loader script.
  if (ctx.path === '/' || ctx.path.startsWith('/__w') || ctx.path.startsWith('/dist/')) {
    return next();
  }
  const { react, preact } = await serversReady;
  if (WIDGET_TEST.test(ctx.path)) ctx.req.url = `${PREACT_BASE}${ctx.req.url.slice(1)}`;
  const server = ctx.req.url.startsWith(PREACT_BASE) ? preact : react;
  await new Promise((resolve) => {
    ctx.respond = false;
    ctx.res.on('finish', resolve);
    server.middlewares(ctx.req, ctx.res, () => {
      ctx.respond = true;
      resolve(next());
    });
  });
}

export default {
  rootDir: '.',
  files: ['site/**/*.test.tsx', 'widgets/**/*.test.tsx', 'widgets/**/*.test.ts'],
  nodeResolve: false,
  concurrency: 1,
  plugins: [vitePlugin()],
  middleware: [viteMiddleware],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args },
    }),
  ],
  testFramework: { config: { timeout: 10000 } },
};
