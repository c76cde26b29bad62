import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { forEachDatabase, PGLITE_ONLY } from '../../test/databases.ts';
import { testConfig } from '../../test/serverTesting.ts';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy, createServer } from '../app.ts';
import { ConfigError } from '../config.ts';
import { PIXEL_URL_PLACEHOLDER } from '../http/site.ts';

const INDEX = `<!doctype html><meta name="pixel-url" content="${PIXEL_URL_PLACEHOLDER}"><div id="root"></div>`;

test('PIXEL_URL must be an http(s) URL; unset means no pixel', () => {
  assert.equal(testConfig().pixelUrl, null);
  assert.equal(
    testConfig({ PIXEL_URL: 'https://px.example.net/hit' }).pixelUrl,
    'https://px.example.net/hit',
  );
  assert.throws(() => testConfig({ PIXEL_URL: 'javascript:alert(1)' }), ConfigError);
  assert.throws(() => testConfig({ PIXEL_URL: 'not a url' }), /PIXEL_URL must be an http/);
});

test('the CSP allows the pixel origin as an image source only when configured', () => {
  assert.equal(contentSecurityPolicy(null), CONTENT_SECURITY_POLICY);
  const csp = contentSecurityPolicy('https://px.example.net/hit?a=1');
  assert.match(csp, /img-src 'self' data: blob: https:\/\/px\.example\.net;/);
  assert.match(csp, /script-src 'self';/, 'no script source is added');
});

forEachDatabase((open) => {
  let dir: string;
  let withPixel: FastifyInstance;
  let without: FastifyInstance;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'exchange-pixel-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), INDEX);
    const db = await open();
    withPixel = await createServer(
      testConfig({ SITE_DIR: dir, PIXEL_URL: 'https://px.example.net/hit?x="y"' }),
      db,
    );
    without = await createServer(testConfig({ SITE_DIR: dir }), db);
  });
  after(async () => {
    await withPixel.close();
    await without.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('the page carries the configured vendor URL, escaped, or nothing', async () => {
    const page = await withPixel.inject({ method: 'GET', url: '/' });
    assert.match(page.body, /content="https:\/\/px\.example\.net\/hit\?x=%22y%22"/);
    assert.match(String(page.headers['content-security-policy']), /px\.example\.net/);
    const bare = await without.inject({ method: 'GET', url: '/faq' });
    assert.match(bare.body, /name="pixel-url" content=""/);
    assert.doesNotMatch(String(bare.headers['content-security-policy']), /px\.example/);
  });
}, PGLITE_ONLY);
