/**
 * `POST /uploadAttachment.php` (and its CORS preflight): multipart `token` + `purpose` + `file`.
 * Rules: exactly the extensions of core/rules.ts; the extension AND the file's content must
 * agree (sniffContent.ts); images and videos have separate size caps; one file per request;
 * files get random names in a folder outside anything served. A file passes every check before
 * it is recorded; a refused one is deleted.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseCodecKey } from '../../../core/codec.ts';
import { type ErrorReport, refusalOf } from '../../../core/errors/index.ts';
import { UPLOAD_PATH } from '../../../core/protocol/index.ts';
import type { UserRow } from '../../accounts/users.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../storage/db.ts';
import { checkRequestOrigin, envelope } from '../api.ts';
import { type Limits, spend, waitText } from '../limits.ts';
import { ATTACHMENT_MIME, shownName } from './attachmentKinds.ts';
import type { AttachmentShelf, IdentityPhotos } from './attachmentShelf.ts';
import { contentMatches } from './sniffContent.ts';
import { discard, type StoredUpload } from './storedUpload.ts';
import { UploadForm } from './uploadForm.ts';
import { multipartError } from './uploadRefusals.ts';
import { UploadReplies } from './uploadReply.ts';

/** What the upload route needs. */
export interface UploadRouteDependencies {
  db: Database;
  config: Config;
  limits: Limits;
  /** Where checked files are recorded. */
  shelf: AttachmentShelf;
  /** Files uploaded with the purpose 'kyc'. */
  identityPhotos: IdentityPhotos;
}

/** Registers the upload endpoint, its preflight and the multipart parser they rely on. */
export async function registerUploadRoute(
  app: FastifyInstance,
  deps: UploadRouteDependencies,
): Promise<void> {
  const route = new UploadRoute(deps);
  const { imageMaxBytes, videoMaxBytes } = deps.config.support;
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
      handler: (request, reply) => route.preflight(request, reply),
    });
    scope.post(UPLOAD_PATH, (request, reply) => route.upload(request, reply));
  });
}

/** The upload endpoint's handlers. */
class UploadRoute {
  private readonly allowed: Set<string>;
  private readonly replies: UploadReplies;
  private readonly dir: string;

  constructor(private readonly deps: UploadRouteDependencies) {
    this.allowed = new Set(deps.config.allowedOrigins);
    this.replies = new UploadReplies(parseCodecKey(deps.config.codecKey));
    this.dir = deps.shelf.dir;
  }

  /** Answers a CORS preflight: which origins may post. */
  async preflight(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    if (!this.allowOrigin(request, reply)) {
      return reply.code(403).send(envelope(refusalOf('request.foreignOrigin')));
    }
    reply.header('access-control-allow-methods', 'POST, OPTIONS');
    reply.header('vary', 'Origin');
    return reply.code(204).send();
  }

  /** Reads, checks and records one upload; answers its id and signed path, or the refusal. */
  async upload(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    reply.header('vary', 'Origin');
    if (!this.allowOrigin(request, reply)) {
      return reply.code(403).send(envelope(refusalOf('request.foreignOrigin')));
    }
    const { api } = this.deps.limits;
    if (api !== null) {
      const wait = await spend(api, request.ip);
      if (wait > 0) {
        return this.refuse(request, reply, refusalOf('request.tooMany', { wait: waitText(wait) }));
      }
    }
    if (!request.isMultipart())
      return this.refuse(request, reply, refusalOf('upload.notMultipart'));
    const form = new UploadForm(this.deps.db, this.dir, this.deps.config.support);
    try {
      await form.read(request.parts());
    } catch (error) {
      if (form.stored !== null) await discard(this.dir, form.stored);
      const { imageMaxBytes, videoMaxBytes } = this.deps.config.support;
      return this.refuse(request, reply, multipartError(error, imageMaxBytes, videoMaxBytes));
    }
    const user = await form.uploader();
    const stored = form.stored;
    const problem = await this.check(form, user, stored);
    if (problem !== null || user === null || stored === null) {
      if (stored !== null) await discard(this.dir, stored);
      return this.refuse(request, reply, problem ?? refusalOf('upload.noFile'));
    }
    try {
      const attachment = await this.deps.shelf.record(user, form.purpose, {
        storageName: stored.name,
        shownName: shownName(stored.originalName, stored.ext),
        mime: ATTACHMENT_MIME[stored.ext],
        size: stored.size,
      });
      return this.replies.answer(request, reply, { status: true, attachment });
    } catch (error) {
      await discard(this.dir, stored);
      throw error;
    }
  }

  /**
   * Why a read form is refused, first problem first: no signed-in caller, a problem met while
   * reading, no file, an identity photo its owner will not keep, content that is not what the
   * extension says. An identity photo is rewritten here, so its size is measured again.
   */
  private async check(
    form: UploadForm,
    user: UserRow | null,
    stored: StoredUpload | null,
  ): Promise<ErrorReport | null> {
    if (user === null) return refusalOf('access.signInRequired');
    if (stored === null || form.problem !== null) return form.problem ?? refusalOf('upload.noFile');
    const path = join(this.dir, stored.name);
    if (form.purpose === 'kyc') {
      const problem = await this.deps.identityPhotos.keep(path, stored.ext);
      if (problem !== null) return problem;
      stored.size = (await stat(path)).size;
    }
    if (!(await contentMatches(path, stored.ext))) {
      return refusalOf('upload.mismatch', { ext: stored.ext });
    }
    return null;
  }

  /** OWASP CSRF Cheat Sheet: a foreign Origin is refused; an allowed one gets CORS headers. */
  private allowOrigin(request: FastifyRequest, reply: FastifyReply): boolean {
    const verdict = checkRequestOrigin(request, this.allowed);
    if (verdict === 'foreign') return false;
    if (typeof verdict === 'object') {
      reply.header('access-control-allow-origin', verdict.origin);
      reply.header('access-control-allow-credentials', 'true');
    }
    return true;
  }

  private refuse(request: FastifyRequest, reply: FastifyReply, problem: ErrorReport) {
    return this.replies.refuse(request, reply, problem);
  }
}
