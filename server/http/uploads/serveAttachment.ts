/**
 * `GET /attachments/:id?v=viewer&e=expiry&s=signature`: a stored file, served to the viewer a
 * signed link was issued to while they may still open it. Served with the stored mime type,
 * `X-Content-Type-Options: nosniff` and a `sandbox` CSP, so even an SVG with script opened
 * directly runs nothing in our origin; videos are served in byte ranges.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AttachmentShelf, ClosedAttachment, OpenedAttachment } from './attachmentShelf.ts';
import { parseRange } from './byteRange.ts';

/** Where attachments are served from. */
export const ATTACHMENTS_PATH = '/attachments';

/** The CSP of every served attachment: no script, no plugins, no navigation, own media only. */
export const ATTACHMENT_CSP =
  "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'";

/** What each closed link answers. */
const CLOSED: Record<ClosedAttachment, { code: number; text: string }> = {
  notFound: { code: 404, text: 'Not found.' },
  invalidLink: { code: 403, text: 'This attachment link is invalid or has expired.' },
  forbidden: { code: 403, text: 'You cannot open this attachment.' },
};

/** Registers the route that serves stored attachments through their signed links. */
export function registerAttachmentRoute(app: FastifyInstance, shelf: AttachmentShelf): void {
  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    `${ATTACHMENTS_PATH}/:id`,
    async (request, reply) => {
      const id = Number(request.params.id);
      const opened =
        !/^\d{1,9}$/.test(request.params.id) || id <= 0
          ? 'notFound'
          : await shelf.open(id, request.query);
      if (typeof opened === 'string') {
        const { code, text } = CLOSED[opened];
        return reply
          .code(code)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(text);
      }
      return sendFile(reply, opened, request.headers.range);
    },
  );
}

/** Sends a stored file whole, or the one byte range asked for. */
function sendFile(
  reply: FastifyReply,
  file: OpenedAttachment,
  rangeHeader: string | undefined,
): FastifyReply {
  reply.header('content-security-policy', ATTACHMENT_CSP);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', 'private, max-age=3600');
  reply.header('accept-ranges', 'bytes');
  if (!file.mime.startsWith('image/') && !file.mime.startsWith('video/')) {
    const safe = file.originalName.replace(/[^\w.-]/g, '_');
    reply.header('content-disposition', `attachment; filename="${safe}"`);
  }
  reply.type(file.mime);
  const range = parseRange(rangeHeader, file.size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  }
  if (range !== null) {
    reply.code(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    reply.header('content-length', range.end - range.start + 1);
    return reply.send(file.bytes(range));
  }
  reply.header('content-length', file.size);
  return reply.send(file.bytes(null));
}
