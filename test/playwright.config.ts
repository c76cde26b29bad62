/**
 * End-to-end flows against the real server serving the built site, in real Chromium. Every flow
 * runs twice: through `localhost` (plain JSON bodies) and through `127.0.0.1` (codec bodies).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';
import { PARTNER_ORIGIN } from './e2e/partnerServer.ts';
import { JSON_BODIES } from './e2e/shellHelpers.ts';

const port = Number(process.env.E2E_PORT ?? 3917);
const executablePath = process.env.CHROME_PATH ?? findChromium() ?? undefined;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  outputDir: '../test-results',
  use: {
    launchOptions: { args: CHROMIUM_ARGS, ...(executablePath ? { executablePath } : {}) },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'localhost', use: { baseURL: `http://localhost:${port}` } },
    // Codec bodies: the specs that read request bodies run through localhost only.
    {
      name: '127.0.0.1',
      use: { baseURL: `http://127.0.0.1:${port}` },
      grepInvert: new RegExp(JSON_BODIES),
    },
  ],
  webServer: {
    command: 'node --import tsx server/main.ts',
    cwd: '..',
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR:
        process.env.E2E_DATA_DIR ?? join(mkdtempSync(join(tmpdir(), 'exchange-e2e-')), 'db'),
      LOG_LEVEL: 'warn',
      // The shell specs sign in as staff and check the pixel against this (intercepted) vendor URL.
      STAFF_EMAIL: 'staff@example.com',
      STAFF_PASSWORD: 'staff-password-1',
      PIXEL_URL: 'https://pixel.example.com/px',
      SOCIAL_TELEGRAM: 'https://t.me/exchange_example',
      // The widget specs serve a third-party partner site from this origin.
      ALLOWED_ORIGINS: PARTNER_ORIGIN,
    },
  },
});
