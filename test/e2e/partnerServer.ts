/**
 * A third-party site for the widget specs: a plain HTTP server on another loopback port, so its
 * pages are a different origin from the exchange's (and, being loopback too, Chromium's
 * private-network rules treat both alike, as they would two public sites).
 */
import { createServer, type Server } from 'node:http';

/** The partner site's port: the exchange's e2e port plus one. */
export const PARTNER_PORT = Number(process.env.E2E_PORT ?? 3917) + 1;

/** The partner site's origin; the e2e server lists it in ALLOWED_ORIGINS. */
export const PARTNER_ORIGIN = `http://127.0.0.1:${PARTNER_PORT}`;

/** A running partner site serving the pages given to `page()`. */
export interface PartnerSite {
  /** Its origin. */
  readonly origin: string;
  /** Serves `html` at a fresh path and returns its URL. */
  page(html: string): string;
  close(): Promise<void>;
}

/** Starts the partner site on `port` (0: any free one). */
export async function startPartnerSite(port = PARTNER_PORT): Promise<PartnerSite> {
  const pages = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const html = pages.get(request.url ?? '');
    response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html ?? 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const origin =
    typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : PARTNER_ORIGIN;
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
