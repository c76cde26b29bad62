// Component and element tests in real Chromium. Vite runs in middleware mode inside the runner so
// TSX and React are served exactly as in the site build (see shared/TOOLCHAIN.md).

import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { createServer } from 'vite';

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let vite;
const viteClientStub = readFileSync(new URL('./viteClientStub.mjs', import.meta.url), 'utf8');
let viteReady;

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

/** Starts Vite in middleware mode when the runner's server starts, and stops it with it. */
function vitePlugin() {
  return {
    name: 'vite-middleware',
    serverStart() {
      viteReady = createServer({
        configFile: false,
        root: process.cwd(),
        logLevel: 'error',
        plugins: [react(), runnerSocket()],
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: {
          include: [
            'react',
            'react/jsx-dev-runtime',
            'react/jsx-runtime',
            'react-dom/client',
            'valtio',
            'valtio/vanilla',
            'wouter',
            'wouter/memory-location',
            'chai',
            '@testing-library/react',
            'sonner',
            'dompurify',
            'uqr',
            '@web/test-runner-commands',
          ],
        },
      }).then((server) => {
        vite = server;
        return server;
      });
      return viteReady;
    },
    async serverStop() {
      await vite?.close();
    },
  };
}

/**
 * Hands every request but the runner's own to Vite. Registered as config middleware because the
 * runner composes its middleware before plugins start; it waits for Vite on the first request.
 */
async function viteMiddleware(ctx, next) {
  if (ctx.path === '/@vite/client') {
    ctx.type = 'js';
    ctx.body = viteClientStub;
    return;
  }
  // The built widgets (dist/) are served as built: Vite would rewrite the classic loader script.
  if (ctx.path === '/' || ctx.path.startsWith('/__w') || ctx.path.startsWith('/dist/')) {
    return next();
  }
  const server = await viteReady;
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
