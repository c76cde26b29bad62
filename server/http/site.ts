/**
 * Serves the built site: hashed files under /assets/ and /widgets/ with long-lived immutable
 * caching (the widget files also to other origins, for partner pages), other
 * files as they are, and index.html (with the codec key filled in) for every other GET so the
 * client-side router can take over. Without a built site those GETs answer 404 and the API
 * still works.
 */

import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failureOf } from '../../core/errors/index.ts';
import type { Config } from '../config.ts';

/** The placeholder in index.html that is replaced by the codec key's hex digits. */
export const CODEC_KEY_PLACEHOLDER = '__CODEC_KEY__';

/** The placeholder in index.html replaced by the ad pixel's vendor URL (empty when unset). */
export const PIXEL_URL_PLACEHOLDER = '__PIXEL_URL__';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function escapeAttribute(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/** Registers the static files and the single-page-app fallback. */
export async function registerSite(app: FastifyInstance, config: Config): Promise<void> {
  const root = resolve(config.siteDir);
  const indexFile = join(root, 'index.html');
  let cached: { mtimeMs: number; html: string } | null = null;

  // Read again only when the file changed, so a rebuild shows without a restart.
  const indexHtml = async (): Promise<string | null> => {
    const info = await stat(indexFile).catch(() => null);
    if (info === null) return null;
    if (cached?.mtimeMs !== info.mtimeMs) {
      const text = await readFile(indexFile, 'utf8');
      cached = {
        mtimeMs: info.mtimeMs,
        html: text
          .replaceAll(CODEC_KEY_PLACEHOLDER, config.codecKey)
          .replaceAll(PIXEL_URL_PLACEHOLDER, escapeAttribute(config.pixelUrl ?? '')),
      };
    }
    return cached.html;
  };

  const sendIndex = async (reply: FastifyReply) => {
    const html = await indexHtml();
    if (html === null) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(`Not found. The site is not built (no index.html in ${config.siteDir}).`);
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };

  if (existsSync(root)) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: true,
      // The build writes .br and .gz copies of scripts and styles (vite.config.ts).
      preCompressed: true,
      cacheControl: false,
      // index.html is only ever served through sendIndex, with the key filled in.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (response, path) => {
        const hashed = [join(root, 'assets') + sep, join(root, 'widgets') + sep].some((dir) =>
          path.startsWith(dir),
        );
        response.setHeader('cache-control', hashed ? IMMUTABLE : 'no-cache');
        // Partner pages load the widgets from here: module scripts need CORS to run.
        if (path === join(root, 'widgets.js') || path.startsWith(join(root, 'widgets') + sep)) {
          response.setHeader('access-control-allow-origin', '*');
          response.setHeader('cross-origin-resource-policy', 'cross-origin');
        }
      },
    });
  }
  app.get('/', (_request, reply) => sendIndex(reply));
  app.get('/index.html', (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // A missing hashed asset must stay a 404: answering HTML would break the page confusingly.
    const hashed = request.url.startsWith('/assets/') || request.url.startsWith('/widgets/');
    if (isRead && !hashed) return sendIndex(reply);
    if (isRead) return reply.code(404).type('text/plain; charset=utf-8').send('Not found.');
    return reply.code(404).send(failureOf('request.notFound'));
  });
}
