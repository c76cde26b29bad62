/**
 * Attachments on two servers of one PostgreSQL database, each with an upload folder of its own
 * (two servers in this process): a file uploaded through one is served by the other, whole and in
 * byte ranges, whatever it was uploaded for (a support message, an identity photo, a trade's
 * receipt), because its bytes are in the database; a file stored in a folder before the database
 * kept bytes is served from there, and every server serves it once the sweep has moved it in.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_PATH, type UploadReply } from '../core/protocol/index.ts';
import type { Database } from '../server/storage/db.ts';
import { CHUNK_BYTES } from '../server/support/attachmentBytes.ts';
import { moveIntoDatabase } from '../server/support/movedFiles.ts';
import { attachmentUrlKey } from '../server/support/secrets.ts';
import { signedAttachmentPath } from '../server/support/signing.ts';
import { InProcessServers } from './cluster/inProcess.ts';
import { forEachDatabase } from './databases.ts';
import { type Account, client, multipartBody, PNG } from './supportTesting.ts';

/** An MP4 (an ftyp box, then random bytes) that spans several of the database's pieces. */
const VIDEO = Buffer.concat([
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
  randomBytes(2 * CHUNK_BYTES + 12_345),
]);

forEachDatabase(
  () => {
    let cluster: InProcessServers;
    let one: FastifyInstance;
    let two: FastifyInstance;
    let db: Database;
    let folderOne: string;
    let folderTwo: string;
    let alice: Account;

    before(async () => {
      cluster = await InProcessServers.create();
      folderOne = await mkdtemp(join(tmpdir(), 'attachments-one-'));
      folderTwo = await mkdtemp(join(tmpdir(), 'attachments-two-'));
      ({ app: one, db } = await cluster.start({ env: { UPLOAD_DIR: folderOne } }));
      ({ app: two } = await cluster.start({ env: { UPLOAD_DIR: folderTwo } }));
      alice = await client(one);
    });
    after(async () => {
      await cluster.stop();
      await rm(folderOne, { recursive: true, force: true });
      await rm(folderTwo, { recursive: true, force: true });
    });

    const upload = async (filename: string, data: Buffer, purpose?: string) => {
      const { payload, contentType } = multipartBody([
        { name: 'token', value: alice.token },
        ...(purpose === undefined ? [] : [{ name: 'purpose', value: purpose }]),
        { name: 'file', filename, data },
      ]);
      const response = await one.inject({
        method: 'POST',
        url: UPLOAD_PATH,
        headers: { 'content-type': contentType },
        payload,
      });
      const reply = JSON.parse(response.body) as UploadReply;
      assert.ok(reply.status, response.body);
      return reply.attachment;
    };
    const fetch = (app: FastifyInstance, path: string, range?: string) =>
      app.inject({ method: 'GET', url: path, headers: range === undefined ? {} : { range } });

    test('a video uploaded through one server is served by the other, whole and in ranges', async () => {
      const { path } = await upload('clip.mp4', VIDEO);
      assert.deepEqual(await readdir(folderOne), [], 'no file is left in the folder');

      const whole = await fetch(two, path);
      assert.equal(whole.statusCode, 200);
      assert.equal(whole.headers['content-type'], 'video/mp4');
      assert.equal(whole.headers['content-length'], String(VIDEO.length));
      assert.ok(whole.rawPayload.equals(VIDEO));

      // Across a piece's edge, the last bytes, and the start.
      const cases = [
        { header: `bytes=${CHUNK_BYTES - 10}-${CHUNK_BYTES + 9}`, start: CHUNK_BYTES - 10 },
        { header: 'bytes=-100', start: VIDEO.length - 100 },
        { header: 'bytes=0-0', start: 0 },
      ];
      for (const { header, start } of cases) {
        const part = await fetch(two, path, header);
        assert.equal(part.statusCode, 206, header);
        const end = start + part.rawPayload.length - 1;
        assert.equal(part.headers['content-range'], `bytes ${start}-${end}/${VIDEO.length}`);
        assert.ok(part.rawPayload.equals(VIDEO.subarray(start, end + 1)), header);
      }
      assert.equal((await fetch(two, path, 'bytes=0-19')).rawPayload.length, 20);
      assert.equal((await fetch(two, path, `bytes=${VIDEO.length}-`)).statusCode, 416);
    });

    test('identity photos and trade receipts are served by the other server too', async () => {
      for (const purpose of ['kyc', 'p2p']) {
        const { path } = await upload('photo.png', PNG, purpose);
        const served = await fetch(two, path);
        assert.equal(served.statusCode, 200, purpose);
        assert.equal(served.headers['content-type'], 'image/png');
        assert.ok(served.rawPayload.length > 0);
      }
    });

    test('a file kept in a folder is served from it, then by every server once moved in', async () => {
      const name = randomBytes(16).toString('hex');
      await writeFile(join(folderOne, name), PNG);
      const { id } = await db
        .insertInto('support_attachments')
        .values({
          owner_id: alice.id,
          storage_name: name,
          original_name: 'old.png',
          mime: 'image/png',
          size: PNG.length,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const path = signedAttachmentPath(await attachmentUrlKey(db), id, alice.id);
      assert.ok((await fetch(one, path)).rawPayload.equals(PNG), 'served from its folder');

      assert.equal(await moveIntoDatabase(db, folderOne), 1);
      assert.deepEqual(await readdir(folderOne), []);
      for (const app of [one, two]) {
        const served = await fetch(app, path);
        assert.equal(served.statusCode, 200);
        assert.ok(served.rawPayload.equals(PNG));
      }
      assert.equal(await moveIntoDatabase(db, folderOne), 0, 'nothing is left to move');
    });
  },
  { drivers: ['postgres'] },
);
