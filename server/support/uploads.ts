/**
 * Attachments: `POST /uploadAttachment.php` takes multipart `token` (the
 * session token) + `file`, and `GET /attachments/:id` serves a stored file to the dialog's two
 * sides through a signed, expiring URL (signing.ts).
 *
 * Upload rules: exactly the extensions of core/rules.ts; the extension AND the file's magic bytes
 * (file-type) must agree, SVG (text) must parse as an `<svg>` document; images and videos have
 * separate size caps; one file per request; files get random names in a folder outside anything
 * served. Replies are encoded like the API's: plain JSON when the request comes from a localhost
 * page (its Origin's host, or without an Origin the Host header, is `localhost`), otherwise the
 * compact codec (core/codec.ts), which the client decodes with the API's own reader.
 *
 * Serving: the stored mime type, `X-Content-Type-Options: nosniff` and a `sandbox` CSP, so even
 * an SVG with script opened directly runs nothing in our origin.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { CODEC_COMPACT, encode, parseCodecKey } from '../../core/codec.ts';
import { type ErrorReport, refusalOf, replyOf } from '../../core/errors/index.ts';
import { UPLOAD_PATH, type UploadReply } from '../../core/protocol/index.ts';
import { ATTACHMENT_EXTENSIONS, isAcceptedAttachment } from '../../core/rules.ts';
import { findCaller } from '../accounts/sessions.ts';
import type { UserRow } from '../accounts/users.ts';
import type { Config } from '../config.ts';
import { checkRequestOrigin, envelope } from '../http/api.ts';
import { printable } from '../http/fields.ts';
import { type Limits, spend, waitText } from '../http/limits.ts';
import type { Database } from '../storage/db.ts';
import { ensureDialog } from './dialogs.ts';
import { removeOrphanFiles } from './orphanFiles.ts';
import { attachmentUrlKey } from './secrets.ts';
import { ATTACHMENTS_PATH, signedAttachmentPath, verifyAttachmentUrl } from './signing.ts';

/** An accepted extension. */
type Extension = (typeof ATTACHMENT_EXTENSIONS)[number];

/** The mime type each extension is stored and served with. */
export const ATTACHMENT_MIME: Record<Extension, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  mkv: 'video/x-matroska',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/** What file-type may detect for each binary extension (container families overlap). */
const DETECTED: Record<Exclude<Extension, 'svg'>, readonly string[]> = {
  png: ['png', 'apng'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  webp: ['webp'],
  gif: ['gif'],
  mkv: ['mkv', 'webm'],
  webm: ['webm', 'mkv'],
  mp4: ['mp4', 'm4v', 'mov'],
  mov: ['mov', 'mp4', 'm4v'],
};

/** The CSP of every served attachment: no script, no plugins, no navigation, own media only. */
export const ATTACHMENT_CSP =
  "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'";

/**
 * What the owner of identity photos (the KYC domain) does with them, so that uploads know no more
 * of verification than the purpose a file is uploaded for.
 */
export interface IdentityPhotos {
  /**
   * Keeps the stored file at `path` only as an identity photo, rewritten without its metadata:
   * the refusal, or null once the file is clean.
   */
  keep(path: string, ext: string): Promise<ErrorReport | null>;
  /** Deletes the photos no application uses any more (their rows); how many. */
  forgetUnused(db: Database): Promise<number>;
}

/** What the upload routes need. */
export interface UploadDependencies {
  db: Database;
  config: Config;
  limits: Limits;
  /** Files uploaded with the purpose 'kyc'. */
  identityPhotos: IdentityPhotos;
}

const VIDEO = new Set<string>(['mkv', 'mp4', 'mov', 'webm']);

/** The folder attachments are stored in, created if missing (never inside a served folder). */
export async function attachmentsDir(config: Config): Promise<string> {
  if (config.support.uploadDir !== null) {
    const dir = resolve(config.support.uploadDir);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return dir;
  }
  if (config.dataDir === ':memory:') return mkdtemp(join(tmpdir(), 'exchange-attachments-'));
  const dir = resolve(config.dataDir, 'attachments');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/**
 * Whether the reply is plain JSON: for a localhost page, or for a client that sends
 * plain JSON and says so with `Accept: application/json` (the widgets, which carry no codec).
 */
export function wantsJson(request: FastifyRequest): boolean {
  if (request.headers.accept?.includes('application/json')) return true;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    try {
      return new URL(origin).hostname === 'localhost';
    } catch {
      return false;
    }
  }
  return request.hostname === 'localhost';
}

/** How often unused verification photos and orphan files are looked for. */
const SWEEP_MS = 60 * 60 * 1000;

/**
 * At start and then hourly: deletes verification photos no application uses (after a day), then
 * the files no row names. Never fails the server: a sweep that fails is logged and tried again.
 */
function sweepAttachments(
  app: FastifyInstance,
  db: Database,
  dir: string,
  photos: IdentityPhotos,
): void {
  const sweep = async () => {
    try {
      const rows = await photos.forgetUnused(db);
      const files = await removeOrphanFiles(db, dir);
      if (rows + files > 0) app.log.info({ rows, files }, 'unused attachments removed');
    } catch (error) {
      app.log.error({ err: error }, 'attachment sweep failed');
    }
  };
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweep();
  }, SWEEP_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    running = sweep();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/** Registers the upload endpoint and the attachment route. */
export async function registerUploads(
  app: FastifyInstance,
  deps: UploadDependencies,
): Promise<void> {
  const { db, config, limits } = deps;
  const dir = await attachmentsDir(config);
  // A throw-away database gets throw-away attachments: the temp folder goes with the server.
  if (config.support.uploadDir === null && config.dataDir === ':memory:') {
    app.addHook('onClose', () => rm(dir, { recursive: true, force: true }));
  }
  sweepAttachments(app, db, dir, deps.identityPhotos);
  const key = await attachmentUrlKey(db);
  const codecKey = parseCodecKey(config.codecKey);
  const allowed = new Set(config.allowedOrigins);
  const { imageMaxBytes, videoMaxBytes } = config.support;

  const answer = (request: FastifyRequest, reply: FastifyReply, body: UploadReply) => {
    reply.header('cache-control', 'no-store');
    if (wantsJson(request)) return reply.send(body);
    return reply
      .type('application/octet-stream')
      .send(Buffer.from(encode(body, codecKey, CODEC_COMPACT)));
  };
  const refuse = (request: FastifyRequest, reply: FastifyReply, problem: ErrorReport) =>
    answer(request, reply, replyOf(problem));

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: Math.max(imageMaxBytes, videoMaxBytes),
        files: 1,
        fields: 4,
        parts: 6,
        fieldSize: 1024,
      },
    });

    scope.route({
      method: 'OPTIONS',
      url: UPLOAD_PATH,
      handler: async (request, reply) => {
        const verdict = checkRequestOrigin(request, allowed);
        if (verdict === 'foreign')
          return reply.code(403).send(envelope(refusalOf('request.foreignOrigin')));
        if (typeof verdict === 'object') {
          reply.header('access-control-allow-origin', verdict.origin);
          reply.header('access-control-allow-credentials', 'true');
        }
        reply.header('access-control-allow-methods', 'POST, OPTIONS');
        reply.header('vary', 'Origin');
        return reply.code(204).send();
      },
    });

    scope.post(UPLOAD_PATH, async (request, reply) => {
      reply.header('vary', 'Origin');
      const verdict = checkRequestOrigin(request, allowed);
      if (verdict === 'foreign')
        return reply.code(403).send(envelope(refusalOf('request.foreignOrigin')));
      if (typeof verdict === 'object') {
        reply.header('access-control-allow-origin', verdict.origin);
        reply.header('access-control-allow-credentials', 'true');
      }
      if (limits.api !== null) {
        const wait = await spend(limits.api, request.ip);
        if (wait > 0) {
          return refuse(request, reply, refusalOf('request.tooMany', { wait: waitText(wait) }));
        }
      }
      if (!request.isMultipart()) return refuse(request, reply, refusalOf('upload.notMultipart'));

      let token = '';
      // 'kyc': an identity photo, see IdentityPhotos; 'p2p': a receipt for a trade's chat.
      let purpose: 'support' | 'kyc' | 'p2p' = 'support';
      let caller: Promise<UserRow | null> | null = null;
      let saved: Saved | null = null;
      let problem: ErrorReport | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'token' && typeof part.value === 'string') token = part.value;
            if (part.fieldname === 'purpose' && (part.value === 'kyc' || part.value === 'p2p')) {
              purpose = part.value;
            }
            continue;
          }
          if (saved !== null || problem !== null || part.fieldname !== 'file') {
            problem ??= refusalOf(part.fieldname === 'file' ? 'upload.oneFile' : 'upload.noFile');
            await drain(part.file);
            continue;
          }
          caller = lookUp(db, token);
          // An unknown caller's bytes are read and dropped, never written.
          if ((await caller) === null || !isAcceptedAttachment(part.filename)) {
            await drain(part.file);
            if ((await caller) !== null) {
              problem = purpose === 'kyc' ? refusalOf('upload.kycType') : typeRefusal;
            }
            continue;
          }
          const ext = extensionOf(part.filename);
          const kind = VIDEO.has(ext) ? 'video' : 'image';
          const cap = kind === 'video' ? videoMaxBytes : imageMaxBytes;
          saved = await save(dir, part.file, part.filename, ext, cap);
          if (saved.size > cap || part.file.truncated) problem = tooLarge(kind, cap);
          else if (saved.size === 0) problem = refusalOf('upload.noFile');
        }
      } catch (error) {
        if (saved !== null) await discard(dir, saved);
        return refuse(request, reply, multipartError(error, imageMaxBytes, videoMaxBytes));
      }
      const user = await (caller ?? lookUp(db, token));
      if (user === null) {
        if (saved !== null) await discard(dir, saved);
        return refuse(request, reply, refusalOf('access.signInRequired'));
      }
      if (saved === null || problem !== null) {
        if (saved !== null) await discard(dir, saved);
        return refuse(request, reply, problem ?? refusalOf('upload.noFile'));
      }
      if (purpose === 'kyc') {
        const problem = await deps.identityPhotos.keep(join(dir, saved.name), saved.ext);
        if (problem !== null) {
          await discard(dir, saved);
          return refuse(request, reply, problem);
        }
        saved.size = (await stat(join(dir, saved.name))).size;
      }
      if (!(await contentMatches(join(dir, saved.name), saved.ext))) {
        await discard(dir, saved);
        return refuse(request, reply, refusalOf('upload.mismatch', { ext: saved.ext }));
      }
      try {
        // An identity photo or a trade's receipt belongs to no dialog: its owner and staff may
        // open it, and a receipt once sent, the trade's other side too.
        const dialogId =
          user.status_id > 0 || purpose !== 'support' ? null : await ensureDialog(db, user.id);
        const row = await db
          .insertInto('support_attachments')
          .values({
            owner_id: user.id,
            dialog_id: dialogId,
            storage_name: saved.name,
            original_name: shownName(saved.originalName, saved.ext),
            mime: ATTACHMENT_MIME[saved.ext],
            size: saved.size,
            purpose,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return answer(request, reply, {
          status: true,
          attachment: { id: row.id, path: signedAttachmentPath(key, row.id, user.id) },
        });
      } catch (error) {
        await discard(dir, saved);
        throw error;
      }
    });
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    `${ATTACHMENTS_PATH}/:id`,
    async (request, reply) => {
      const id = Number(request.params.id);
      const plain = (code: number, text: string) =>
        reply
          .code(code)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(text);
      if (!/^\d{1,9}$/.test(request.params.id) || id <= 0) return plain(404, 'Not found.');
      const viewer = verifyAttachmentUrl(key, id, request.query);
      if (viewer === null) return plain(403, 'This attachment link is invalid or has expired.');
      const row = await db
        .selectFrom('support_attachments as a')
        .leftJoin('support_dialogs as d', 'd.id', 'a.dialog_id')
        .leftJoin('p2p_trades as t', 't.id', 'a.p2p_trade_id')
        .select([
          'a.owner_id',
          'a.storage_name',
          'a.mime',
          'a.size',
          'a.original_name',
          'd.user_id',
          't.buyer_id',
          't.seller_id',
        ])
        .where('a.id', '=', id)
        .executeTakeFirst();
      if (row === undefined) return plain(404, 'Not found.');
      const person = await db
        .selectFrom('users')
        .select(['id', 'status_id'])
        .where('id', '=', viewer)
        .where('is_blocked', '=', false)
        .executeTakeFirst();
      // The dialog's two sides: its client (or the uploader) and staff; a trade's two sides.
      const participant =
        person !== undefined &&
        (person.status_id > 0 ||
          [row.owner_id, row.user_id, row.buyer_id, row.seller_id].includes(person.id));
      if (!participant) return plain(403, 'You cannot open this attachment.');

      reply.header('content-security-policy', ATTACHMENT_CSP);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cache-control', 'private, max-age=3600');
      reply.header('accept-ranges', 'bytes');
      if (!row.mime.startsWith('image/') && !row.mime.startsWith('video/')) {
        const safe = row.original_name.replace(/[^\w.-]/g, '_');
        reply.header('content-disposition', `attachment; filename="${safe}"`);
      }
      reply.type(row.mime);
      const path = join(dir, row.storage_name);
      const range = parseRange(request.headers.range, row.size);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${row.size}`).send();
      }
      if (range !== null) {
        reply.code(206);
        reply.header('content-range', `bytes ${range.start}-${range.end}/${row.size}`);
        reply.header('content-length', range.end - range.start + 1);
        return reply.send(createReadStream(path, range));
      }
      reply.header('content-length', row.size);
      return reply.send(createReadStream(path));
    },
  );
}

interface Saved {
  name: string;
  originalName: string;
  ext: Extension;
  size: number;
}

async function lookUp(db: Database, token: string): Promise<UserRow | null> {
  if (token === '') return null;
  return (await findCaller(db, token))?.user ?? null;
}

/**
 * The name staff and the client see for a file: the upload's own name is never trusted, so it
 * loses any folder part and unprintable characters and is cut to 255 characters, keeping the
 * extension; a name left empty becomes `attachment.EXT`.
 */
export function shownName(fileName: string, ext: Extension): string {
  const base = printable(
    fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1),
  ).trim();
  const stem = base.slice(0, base.length - ext.length - 1).slice(0, 255 - ext.length - 1);
  return `${stem.trim() === '' ? 'attachment' : stem}.${ext}`;
}

function extensionOf(fileName: string): Extension {
  return fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() as Extension;
}

/** Streams a part to a fresh random name, stopping writes (but not reads) past the cap. */
async function save(
  dir: string,
  file: Readable & { truncated: boolean },
  originalName: string,
  ext: Extension,
  cap: number,
): Promise<Saved> {
  const name = randomBytes(16).toString('hex');
  const out = createWriteStream(join(dir, name), { flags: 'wx', mode: 0o600 });
  let size = 0;
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > cap) continue;
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await finished(out).catch(() => {});
  }
  return { name, originalName, ext, size };
}

async function drain(file: Readable): Promise<void> {
  for await (const _chunk of file) {
    // Read to the end so the parser reaches the next part.
  }
}

async function discard(dir: string, saved: Saved): Promise<void> {
  await unlink(join(dir, saved.name)).catch(() => {});
}

/** Whether a stored file's bytes are what its extension says. */
async function contentMatches(path: string, ext: Extension): Promise<boolean> {
  if (ext === 'svg') return isSvgDocument(await readFile(path));
  const type = await fileTypeFromFile(path);
  return type !== undefined && DETECTED[ext].includes(type.ext);
}

/**
 * Whether bytes are UTF-8 text whose root element is `<svg>` (after an optional XML
 * declaration, comments and a DOCTYPE without an internal subset). Script inside is allowed to
 * be stored: serving neutralises it with the sandbox CSP.
 */
export function isSvgDocument(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  let rest = text.replace(/^\uFEFF/, '').trimStart();
  rest = rest.replace(/^<\?xml[^>]*\?>/, '').trimStart();
  for (;;) {
    const before = rest;
    rest = rest.replace(/^<!--[\s\S]*?-->/, '').trimStart();
    rest = rest.replace(/^<!DOCTYPE\s+svg[^[>]*>/i, '').trimStart();
    if (rest === before) break;
  }
  return /^<svg[\s>/]/.test(rest) && /<\/svg\s*>\s*$|\/>\s*$/.test(rest.trimEnd());
}

function multipartError(error: unknown, imageMax: number, videoMax: number): ErrorReport {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return refusalOf('upload.oneFile');
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return refusalOf('upload.overLimit', {
      imageMegabytes: megabytes(imageMax),
      videoMegabytes: megabytes(videoMax),
    });
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return refusalOf('upload.notMultipart');
  return refusalOf('upload.unreadable');
}

/** Bytes in whole megabytes, as the refusals name a cap. */
function megabytes(bytes: number): number {
  return Math.round(bytes / 1024 / 1024);
}

/** The refusal of a file over its kind's cap. */
export function tooLarge(kind: 'image' | 'video', maxBytes: number): ErrorReport {
  return refusalOf('upload.tooLarge', { kind, megabytes: megabytes(maxBytes) });
}

/** The refusal of a file type outside the attachment list. */
const typeRefusal = refusalOf('upload.type', { extensions: ATTACHMENT_EXTENSIONS.join(', ') });

/** A single `bytes=` range (what video players ask for), null for the whole file. */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  let start: number;
  let end: number;
  if (from === '') {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start > end || start >= size) return 'unsatisfiable';
  return { start, end };
}
