/**
 * Attachments end to end on the real server (app.inject), PGlite and PostgreSQL: what the upload
 * endpoint accepts and refuses, how its replies are encoded, and who may open a stored file.
 */

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { decode, parseCodecKey } from '../core/codec.ts';
import { errorText } from '../core/errors/index.ts';
import { UPLOAD_PATH, type UploadReply } from '../core/protocol/index.ts';
import { ATTACHMENT_EXTENSIONS } from '../core/rules.ts';
import { createServer } from '../server/app.ts';
import { ATTACHMENT_CSP } from '../server/http/uploads/serveAttachment.ts';
import type { Database } from '../server/storage/db.ts';
import { attachmentUrlKey } from '../server/support/secrets.ts';
import { signedAttachmentPath } from '../server/support/signing.ts';
import { forEachDatabase, PGLITE_ONLY } from './databases.ts';
import { ok, testConfig } from './serverTesting.ts';
import {
  type Account,
  client,
  connect,
  multipartBody,
  PNG,
  staff,
  ticket,
} from './supportTesting.ts';

const MIB = 1024 * 1024;
/** The start of an ISO base media (MP4) file: an ftyp box with the isom brand, then padding. */
const MP4 = Buffer.concat([
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
  Buffer.alloc(4096, 0),
]);
const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>\n',
);

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let address: string;
  let alice: Account;
  let bob: Account;
  let agent: Account;

  before(async () => {
    db = await open();
    app = await createServer(
      testConfig({ UPLOAD_IMAGE_MAX_MB: '1', UPLOAD_VIDEO_MAX_MB: '2', SUPPORT_RATE_LIMIT: '0' }),
      db,
    );
    address = await app.listen({ host: '127.0.0.1', port: 0 });
    alice = await client(app);
    bob = await client(app);
    agent = await staff(app, db);
  });
  after(() => app.close());

  const upload = async (
    parts: Parameters<typeof multipartBody>[0],
    headers: Record<string, string> = {},
  ): Promise<{ statusCode: number; reply: UploadReply; type: string }> => {
    const { payload, contentType } = multipartBody(parts);
    const response = await app.inject({
      method: 'POST',
      url: UPLOAD_PATH,
      headers: { 'content-type': contentType, ...headers },
      payload,
    });
    const type = String(response.headers['content-type'] ?? '');
    const reply = type.startsWith('application/octet-stream')
      ? (decode(response.rawPayload, parseCodecKey(testConfig().codecKey)) as UploadReply)
      : (JSON.parse(response.body) as UploadReply);
    return { statusCode: response.statusCode, reply, type };
  };
  const file = (filename: string, data: Uint8Array) => ({ name: 'file', filename, data });
  const token = (account: Account) => ({ name: 'token', value: account.token });
  const refused = async (parts: Parameters<typeof multipartBody>[0]) => {
    const { reply } = await upload(parts);
    assert.equal(reply.status, false, JSON.stringify(reply));
    return reply.status ? '' : reply.error_msg;
  };
  const stored = async () =>
    (await db.selectFrom('support_attachments').select('id').execute()).length;

  test('an image is stored under a random name and served to its uploader', async () => {
    const { reply, type } = await upload([token(alice), file('photo.PNG', PNG)]);
    assert.match(type, /^application\/json/, 'a localhost page gets plain JSON');
    assert.ok(reply.status, JSON.stringify(reply));
    assert.ok(reply.attachment.id > 0);
    assert.match(reply.attachment.path, new RegExp(`^/attachments/${reply.attachment.id}\\?`));
    const row = await db
      .selectFrom('support_attachments')
      .selectAll()
      .where('id', '=', reply.attachment.id)
      .executeTakeFirstOrThrow();
    assert.match(row.storage_name, /^[0-9a-f]{32}$/);
    assert.equal(row.mime, 'image/png');
    assert.equal(row.size, PNG.length);

    const served = await app.inject({ method: 'GET', url: reply.attachment.path });
    assert.equal(served.statusCode, 200);
    assert.deepEqual(served.rawPayload, PNG);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.equal(served.headers['x-content-type-options'], 'nosniff');
    assert.equal(served.headers['content-security-policy'], ATTACHMENT_CSP);
    assert.equal(served.headers['content-disposition'], undefined);
  });

  test('a page not on localhost gets the reply in the compact codec', async () => {
    const { reply, type } = await upload([token(alice), file('a.png', PNG)], {
      host: '127.0.0.1:3000',
      origin: 'http://127.0.0.1:3000',
    });
    assert.equal(type, 'application/octet-stream');
    assert.equal(reply.status, true);
  });

  test('a client that sends plain JSON and accepts JSON gets JSON anywhere (the widgets)', async () => {
    const { reply, type } = await upload([token(alice), file('a.png', PNG)], {
      host: '127.0.0.1:3000',
      origin: 'http://127.0.0.1:3000',
      accept: 'application/json',
    });
    assert.match(type, /^application\/json/);
    assert.equal(reply.status, true);
  });

  test('a foreign Origin is refused before anything is read', async () => {
    const before = await stored();
    const { statusCode, reply } = await upload([token(alice), file('a.png', PNG)], {
      origin: 'https://evil.example',
    });
    assert.equal(statusCode, 403);
    assert.equal(reply.status, false);
    assert.equal(await stored(), before);
  });

  test('a renamed executable with a .png name is refused', async () => {
    const executable = readFileSync(process.execPath).subarray(0, 64 * 1024);
    assert.equal(
      await refused([token(alice), file('photo.png', executable)]),
      errorText('upload.mismatch', { ext: 'png' }),
    );
  });

  test('a PNG named .jpg, and text named .svg, are refused', async () => {
    assert.equal(
      await refused([token(alice), file('photo.jpg', PNG)]),
      errorText('upload.mismatch', { ext: 'jpg' }),
    );
    assert.equal(
      await refused([token(alice), file('x.svg', Buffer.from('hello, not an svg'))]),
      errorText('upload.mismatch', { ext: 'svg' }),
    );
  });

  test('other extensions are refused', async () => {
    for (const name of ['run.exe', 'page.html', 'noextension', 'archive.png.zip']) {
      assert.equal(
        await refused([token(alice), file(name, PNG)]),
        errorText('upload.type', { extensions: ATTACHMENT_EXTENSIONS.join(', ') }),
        name,
      );
    }
  });

  test('an oversize image and an oversize video are refused with their own limits', async () => {
    const before = await stored();
    const bigImage = Buffer.concat([PNG, Buffer.alloc(MIB + 10, 0)]);
    assert.equal(
      await refused([token(alice), file('big.png', bigImage)]),
      errorText('upload.tooLarge', { kind: 'image', megabytes: MIB / 1024 / 1024 }),
    );
    // 1.5 MB is over the image cap but fine for a video.
    const video = Buffer.concat([MP4, Buffer.alloc(MIB / 2, 0)]);
    const { reply } = await upload([token(alice), file('clip.mp4', video)]);
    assert.equal(reply.status, true, JSON.stringify(reply));
    const bigVideo = Buffer.concat([MP4, Buffer.alloc(2 * MIB, 0)]);
    const tooBig = await refused([token(alice), file('big.mp4', bigVideo)]);
    assert.match(tooBig, /too large/);
    assert.equal(await stored(), before + 1);
  });

  test('a second file in the same request is refused and nothing is kept', async () => {
    const before = await stored();
    assert.equal(
      await refused([token(alice), file('a.png', PNG), file('b.png', PNG)]),
      errorText('upload.oneFile'),
    );
    assert.equal(await stored(), before);
  });

  test('no token, a bad token or no file is refused', async () => {
    assert.equal(await refused([file('a.png', PNG)]), errorText('access.signInRequired'));
    assert.equal(
      await refused([{ name: 'token', value: 'x'.repeat(43) }, file('a.png', PNG)]),
      errorText('access.signInRequired'),
    );
    assert.equal(await refused([token(alice)]), errorText('upload.noFile'));
    const notMultipart = await app.inject({
      method: 'POST',
      url: UPLOAD_PATH,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    assert.equal(notMultipart.json().status, false);
  });

  test('an SVG with script is accepted but served sandboxed, so its script cannot run', async () => {
    const { reply } = await upload([token(alice), file('drawing.svg', SVG_WITH_SCRIPT)]);
    assert.ok(reply.status, JSON.stringify(reply));
    const served = await app.inject({ method: 'GET', url: reply.attachment.path });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/svg+xml');
    assert.equal(served.headers['x-content-type-options'], 'nosniff');
    const csp = String(served.headers['content-security-policy']);
    assert.match(csp, /(^|; )sandbox(;|$)/);
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /script-src/);
  });

  test('a non-participant cannot open an attachment, even with a correctly signed link', async () => {
    const { reply } = await upload([token(alice), file('private.png', PNG)]);
    assert.ok(reply.status);
    const { id, path } = reply.attachment;
    const url = new URL(path, 'http://localhost');
    // Bob swaps his own id into Alice's link: the signature no longer matches.
    url.searchParams.set('v', String(bob.id));
    const swapped = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    assert.equal(swapped.statusCode, 403);
    // Even a link genuinely signed for Bob (never issued to him) is refused: he is not a side.
    const forBob = signedAttachmentPath(await attachmentUrlKey(db), id, bob.id);
    const refusedForBob = await app.inject({ method: 'GET', url: forBob });
    assert.equal(refusedForBob.statusCode, 403);
    assert.equal(refusedForBob.body, 'You cannot open this attachment.');
    const unsigned = await app.inject({ method: 'GET', url: `/attachments/${id}` });
    assert.equal(unsigned.statusCode, 403);
    const expired = new URL(path, 'http://localhost');
    expired.searchParams.set('e', '1000');
    assert.equal(
      (await app.inject({ method: 'GET', url: `${expired.pathname}${expired.search}` })).statusCode,
      403,
    );
  });

  test("an attachment travels with a message to staff, and no one can send someone else's", async () => {
    const { reply } = await upload([token(alice), file('receipt.png', PNG)]);
    assert.ok(reply.status);
    const intruder = await connect(address, await ticket(app, bob.token));
    intruder.send({
      type: 'SUPPORT_SEND_MESSAGE',
      id: 'steal-1',
      text: '',
      attachment: reply.attachment.id,
    });
    const stolen = await intruder.next((m) => m.type === 'SUPPORT_SEND_MESSAGE');
    assert.ok(stolen.type === 'SUPPORT_SEND_MESSAGE');
    assert.equal(stolen.error, errorText('support.attachmentNotYours'));
    await intruder.close();

    const tab = await connect(address, await ticket(app, alice.token));
    tab.send({
      type: 'SUPPORT_SEND_MESSAGE',
      id: 'with-file-1',
      text: '',
      attachment: reply.attachment.id,
    });
    const echo = await tab.next((m) => m.type === 'SUPPORT_SEND_MESSAGE');
    assert.ok(echo.type === 'SUPPORT_SEND_MESSAGE');
    assert.equal(echo.error, undefined);
    assert.equal(echo.message.attachment?.id, reply.attachment.id);
    await tab.close();

    const dialog = await ok(app, 'support.getDialog', { userId: alice.id }, { token: agent.token });
    const sent = dialog.messages.find((m) => m.id === 'with-file-1');
    assert.ok(sent?.attachment);
    const forStaff = await app.inject({ method: 'GET', url: sent.attachment.path });
    assert.equal(forStaff.statusCode, 200);
    assert.deepEqual(forStaff.rawPayload, PNG);

    // Staff reply with their own upload; the client can then open it from their history.
    const staffUpload = await upload([token(agent), file('answer.png', PNG)]);
    assert.ok(staffUpload.reply.status);
    const desk = await connect(address, await ticket(app, agent.token));
    desk.send({
      type: 'SUPPORT_SEND_MESSAGE',
      id: 'staff-file-1',
      text: 'Here you go',
      attachment: staffUpload.reply.attachment.id,
      userId: alice.id,
    });
    await desk.next((m) => m.type === 'SUPPORT_SEND_MESSAGE');
    await desk.close();
    const history = await ok(app, 'support.getHistory', {}, { token: alice.token });
    const reply2 = history.messages.find((m) => m.id === 'staff-file-1');
    assert.ok(reply2?.attachment);
    const forAlice = await app.inject({ method: 'GET', url: reply2.attachment.path });
    assert.equal(forAlice.statusCode, 200);
    // Bob, outside the dialog, still cannot.
    const forBob = signedAttachmentPath(
      await attachmentUrlKey(db),
      staffUpload.reply.attachment.id,
      bob.id,
    );
    assert.equal((await app.inject({ method: 'GET', url: forBob })).statusCode, 403);
  });

  test('videos answer byte ranges', async () => {
    const { reply } = await upload([token(alice), file('clip.webm', webm())]);
    assert.ok(reply.status, JSON.stringify(reply));
    const part = await app.inject({
      method: 'GET',
      url: reply.attachment.path,
      headers: { range: 'bytes=0-3' },
    });
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-type'], 'video/webm');
    assert.deepEqual([...part.rawPayload], [0x1a, 0x45, 0xdf, 0xa3]);
  });
}, PGLITE_ONLY);

/** The start of a WebM file: an EBML header whose DocType is "webm". */
function webm(): Buffer {
  const header = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d', 'hex');
  return Buffer.concat([header, Buffer.alloc(1024, 0)]);
}
