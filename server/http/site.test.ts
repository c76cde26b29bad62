import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { forEachDatabase, PGLITE_ONLY } from '../../test/databases.ts';
import { ok, testConfig } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import { CODEC_KEY_PLACEHOLDER } from './site.ts';

const KEY = 'ab'.repeat(32);
const INDEX = `<!doctype html><meta name="codec-key" content="${CODEC_KEY_PLACEHOLDER}"><div id="root"></div>`;

forEachDatabase((open) => {
  let dir: string;
  let app: FastifyInstance;
  let bare: FastifyInstance;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'exchange-site-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), INDEX);
    await writeFile(join(dir, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
    await writeFile(join(dir, 'robots.txt'), 'User-agent: *');
    await mkdir(join(dir, 'widgets'));
    await writeFile(join(dir, 'widgets.js'), 'import("../widgets/widgets-abc.js");');
    await writeFile(join(dir, 'widgets', 'widgets-abc.js'), 'export {};');
    const db = await open();
    app = await createServer(testConfig({ SITE_DIR: dir, CODEC_KEY: KEY }), db);
    bare = await createServer(testConfig({ SITE_DIR: join(dir, 'missing') }), db);
  });
  after(async () => {
    await app.close();
    await bare.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('every page route answers index.html with the codec key filled in', async () => {
    for (const url of [
      '/',
      '/index.html',
      '/trading/BTC_USDT',
      '/account/overview?x=1',
      '/signin',
      '/live',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200, url);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      assert.equal(response.headers['cache-control'], 'no-cache');
      assert.ok(response.body.includes(`content="${KEY}"`), url);
      assert.ok(!response.body.includes(CODEC_KEY_PLACEHOLDER));
    }
  });

  test('hashed assets are cached for a year; other files are revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    assert.equal(asset.statusCode, 200);
    assert.equal(asset.body, 'console.log(1);');
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    assert.equal(robots.statusCode, 200);
    assert.equal(robots.headers['cache-control'], 'no-cache');
  });

  test('the widget loader is revalidated and its hashed modules cached; both load cross-origin', async () => {
    const loader = await app.inject({
      method: 'GET',
      url: '/widgets.js',
      headers: { origin: 'https://partner.example' },
    });
    assert.equal(loader.statusCode, 200);
    assert.equal(loader.headers['cache-control'], 'no-cache');
    assert.ok(loader.headers.etag, 'an ETag to revalidate against');
    assert.equal(loader.headers['access-control-allow-origin'], '*');
    const module = await app.inject({ method: 'GET', url: '/widgets/widgets-abc.js' });
    assert.equal(module.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(module.headers['access-control-allow-origin'], '*');
    const gone = await app.inject({ method: 'GET', url: '/widgets/gone-123.js' });
    assert.equal(gone.statusCode, 404);
  });

  test('a missing asset is a 404, not the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    assert.equal(response.statusCode, 404);
    assert.ok(!response.body.includes('<div id="root">'));
  });

  test('other methods on unknown paths get a 404 envelope', async () => {
    const response = await app.inject({ method: 'POST', url: '/nothing', payload: '{}' });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(JSON.parse(response.body), {
      status: false,
      error_msg: 'Not found.',
      error_code: 'request.notFound',
    });
  });

  test('without a built site pages answer 404 text and the API still works', async () => {
    const page = await bare.inject({ method: 'GET', url: '/' });
    assert.equal(page.statusCode, 404);
    assert.match(String(page.headers['content-type']), /^text\/plain/);
    const { items } = await ok(bare, 'currencies.getItems', {});
    assert.equal(items?.length, 9);
  });
}, PGLITE_ONLY);
