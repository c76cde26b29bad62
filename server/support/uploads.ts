/**
 * Attachments as support keeps them: the folder uploads arrive in (and, on PGlite, stay in), the
 * hourly sweep of files nothing uses, and the shelf (attachmentShelf.ts) the upload edge in
 * http/uploads/ records them on and opens them from.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Limits } from '../http/limits.ts';
import type { IdentityPhotos } from '../http/uploads/attachmentShelf.ts';
import { registerAttachmentRoute } from '../http/uploads/serveAttachment.ts';
import { registerUploadRoute } from '../http/uploads/uploadRoute.ts';
import { type Database, postgresPool } from '../storage/db.ts';
import { type BytesKept, SupportAttachments } from './attachmentShelf.ts';
import { moveIntoDatabase } from './movedFiles.ts';
import { removeOrphanFiles } from './orphanFiles.ts';
import { attachmentUrlKey } from './secrets.ts';

/** What the upload routes need. */
export interface UploadDependencies {
  db: Database;
  config: Config;
  limits: Limits;
  /** Files uploaded with the purpose 'kyc'. */
  identityPhotos: IdentityPhotos;
}

/** The folder uploads are written to, created if missing (never inside a served folder). */
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

/** How often unused verification photos and orphan files are looked for. */
const SWEEP_MS = 60 * 60 * 1000;

/**
 * At start and then hourly: deletes verification photos no application uses (after a day),
 * moves files recorded before the database kept bytes into it (on PostgreSQL), then deletes the
 * files no row needs. Never fails the server: a sweep that fails is logged and tried again.
 */
function sweepAttachments(
  app: FastifyInstance,
  db: Database,
  dir: string,
  photos: IdentityPhotos,
  kept: BytesKept,
): void {
  const sweep = async () => {
    try {
      const rows = await photos.forgetUnused(db);
      const moved = kept === 'database' ? await moveIntoDatabase(db, dir) : 0;
      if (moved > 0) app.log.info({ files: moved }, 'attachment files moved into the database');
      const files = await removeOrphanFiles(db, dir);
      if (rows + files > 0) app.log.info({ rows, files }, 'unused attachments removed');
    } catch (error) {
      app.log.error({ err: error }, 'attachment sweep failed');
    }
  };
  // Every server sweeps, not in turn: each must look at its own UPLOAD_DIR, and where servers
  // share one folder a file another removed first is skipped; forgetUnused is one DELETE, which
  // skips the rows another server deleted; two servers moving one file write the same bytes.
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

/** Registers the upload endpoint and the attachment route over support's attachments. */
export async function registerUploads(
  app: FastifyInstance,
  deps: UploadDependencies,
): Promise<void> {
  const { db, config } = deps;
  const dir = await attachmentsDir(config);
  // A throw-away database gets throw-away attachments: the temp folder goes with the server.
  if (config.support.uploadDir === null && config.dataDir === ':memory:') {
    app.addHook('onClose', () => rm(dir, { recursive: true, force: true }));
  }
  // Several servers share a PostgreSQL database, and so its bytes; PGlite serves one process.
  const kept: BytesKept = postgresPool(db) === null ? 'folder' : 'database';
  sweepAttachments(app, db, dir, deps.identityPhotos, kept);
  const shelf = new SupportAttachments(db, dir, await attachmentUrlKey(db), kept);
  await registerUploadRoute(app, { ...deps, shelf });
  registerAttachmentRoute(app, shelf);
}
