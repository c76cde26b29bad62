/** Builds the site (site/ -> dist/site); pages are split into lazily loaded chunks. */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'site',
  plugins: [react()],
  build: {
    outDir: '../dist/site',
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    // `vite` alone serves the site with hot reload and forwards the API to `npm start`'s server.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
