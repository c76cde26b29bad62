/**
 * A third-party site for the widget specs: a plain HTTP server on another loopback port, so its
 * pages are a different origin from the exchange's (and, being loopback too, Chromium's
 * private-network rules treat both alike, as they would two public sites).
 */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running partner site serving the pages given to `page()`. */
export interface PartnerSite {
  /** Its origin. */
  readonly origin: string;
  /** Serves `html` at a fresh path and returns its URL. */
  page(html: string): string;
  close(): Promise<void>;
}

/** Starts the partner site on `port` (its lane's: see lanes.ts partnerOrigin). */
export async function startPartnerSite(port: number): Promise<PartnerSite> {
  const pages = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    // Chromium asks every site for an icon: the partner has none to give, and says so without a 404.
    if (request.url === '/favicon.ico') return void response.writeHead(204).end();
    const html = pages.get(request.url ?? '');
    response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html ?? 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  // The port bound, which differs from `port` when that is 0 (any free port).
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    page(html) {
      const path = `/page-${pages.size + 1}.html`;
      pages.set(path, html);
      return `${origin}${path}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
