import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { decode, parseCodecKey } from '../../core/codec.ts';
import { errorText, failureOf } from '../../core/errors/index.ts';

import { type KycDetails, UPLOAD_PATH, type UploadReply } from '../../core/protocol/index.ts';
import { forEachDatabase, PGLITE_ONLY } from '../../test/databases.ts';
import {
  fails,
  ok,
  send,
  signUp,
  testConfig,
  verifyMailedAddress,
} from '../../test/serverTesting.ts';
import { multipartBody } from '../../test/supportTesting.ts';
import { createServer } from '../app.ts';
import { GPS_TEXT, jpegWithGps, pngWithText } from '../kyc/testImages.ts';
import { forgetUnusedPhotos } from '../kyc/unusedPhotos.ts';
import type { Database } from '../storage/db.ts';
import { post } from '../wallet/ledger.ts';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** Eighteen years before today, minus a day: just old enough. */
function birthDate(yearsAgo: number, dayShift = 0): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - yearsAgo);
  date.setUTCDate(date.getUTCDate() + dayShift);
  return date.toISOString().slice(0, 10);
}

const DETAILS: KycDetails = {
  firstName: 'Ada',
  lastName: "O'Neill-Lovelace",
  countryId: 826,
  city: 'London',
  address: '12 Example Street',
  dateOfBirth: '1990-12-10',
  phone: '+44 20 7946 0958',
  zipCode: 'SW1A 1AA',
  idType: 'idCard',
  idNumber: 'AB123456',
};

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let staff: { token: string; id: number };

  before(async () => {
    db = await open();
    // 1 000 USD a day unverified (the default), 5 000 USD verified.
    app = await createServer(
      testConfig({ API_RATE_LIMIT: '0', VERIFIED_WITHDRAWAL_LIMIT_USD: '5000' }),
      db,
    );
    await db
      .updateTable('currencies')
      .set({ price: '20000' })
      .where('ticker', '=', 'BTC')
      .execute();
    const account = await signUp(app);
    staff = { token: account.token, id: account.user.id };
    await db.updateTable('users').set({ status_id: 1 }).where('id', '=', staff.id).execute();
  });
  after(() => app.close());

  const person = async () => {
    const { token, user } = await signUp(app);
    await verifyMailedAddress(app, db, user.id);
    await db.updateTable('users').set({ is_withdraw: true }).where('id', '=', user.id).execute();
    return { token, id: user.id };
  };

  const upload = async (token: string, filename: string, data: Uint8Array, purpose = 'kyc') => {
    const { payload, contentType } = multipartBody([
      { name: 'token', value: token },
      { name: 'purpose', value: purpose },
      { name: 'file', filename, data },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: UPLOAD_PATH,
      headers: { 'content-type': contentType },
      payload,
    });
    const type = String(response.headers['content-type'] ?? '');
    return (
      type.startsWith('application/octet-stream')
        ? decode(response.rawPayload, parseCodecKey(testConfig().codecKey))
        : JSON.parse(response.body)
    ) as UploadReply;
  };

  /** Uploads a photo for verification and puts it in `slot`. */
  const attach = async (token: string, slot: 'front' | 'back' | 'selfie') => {
    const reply = await upload(token, `${slot}.jpg`, jpegWithGps());
    assert.ok(reply.status, JSON.stringify(reply));
    return ok(app, 'kyc.attach', { slot, attachmentId: reply.attachment.id }, { token });
  };

  /** A complete application, ready to submit. */
  const complete = async (token: string) => {
    await ok(app, 'kyc.saveDraft', { ...DETAILS, currentStep: 3 }, { token });
    await attach(token, 'front');
    await attach(token, 'back');
    await attach(token, 'selfie');
  };

  const profile = async (token: string) => (await ok(app, 'users.getInfo', {}, { token })).user;

  test('a draft is kept on the server and resumed where the person left it', async () => {
    const ada = await person();
    const empty = await ok(app, 'kyc.getMine', {}, { token: ada.token });
    assert.equal(empty.application.status, 'draft');
    assert.equal(empty.application.firstName, '');
    assert.deepEqual(empty.limits, {
      verified: false,
      dailyUsd: 1000,
      unverifiedDailyUsd: 1000,
      verifiedDailyUsd: 5000,
    });
    await ok(
      app,
      'kyc.saveDraft',
      { firstName: ' Ada ', lastName: 'Lovelace', currentStep: 1 },
      { token: ada.token },
    );
    await ok(app, 'kyc.saveDraft', { city: 'London', countryId: 826 }, { token: ada.token });
    const resumed = await ok(app, 'kyc.getMine', {}, { token: ada.token });
    assert.deepEqual(
      [
        resumed.application.firstName,
        resumed.application.lastName,
        resumed.application.city,
        resumed.application.countryId,
        resumed.application.currentStep,
      ],
      ['Ada', 'Lovelace', 'London', 826, 1],
    );
  });

  test('bad fields are refused with the field named, and nothing is saved', async () => {
    const bo = await person();
    const refused = (params: Record<string, unknown>) =>
      fails(app, { method: 'kyc.saveDraft', ...params }, { token: bo.token });
    assert.match(await refused({ dateOfBirth: birthDate(17) }), /^Date of birth: .*at least 18/);
    assert.match(
      await refused({ dateOfBirth: birthDate(0, 2) }),
      /^Date of birth cannot be in the future/,
    );
    assert.match(
      await refused({ dateOfBirth: '2001-02-30' }),
      /^Date of birth must be a real date/,
    );
    assert.match(await refused({ countryId: 1 }), /^Country: choose your country/);
    assert.match(await refused({ phone: 'call me' }), /^Phone must be a phone number/);
    assert.match(await refused({ zipCode: '#' }), /^ZIP \/ postal code may contain/);
    assert.match(
      await refused({ idType: 'library card' }),
      /^Document type must be one of: Passport/,
    );
    assert.match(await refused({ firstName: 'R2-D2' }), /^First name may contain letters/);
    assert.match(await refused({ city: 'x'.repeat(90) }), /^City must be at most 85 characters/);
    // A refusal about one field names it, so the form can mark that field rather than read words.
    const named = await send(app, { method: 'kyc.saveDraft', token: bo.token, lastName: 'R2-D2' });
    assert.deepEqual([named.body.error_code, named.body.param], ['kyc.nameLetters', 'lastName']);
    assert.match(await refused({ nickname: 'ada' }), /Unknown parameter "nickname"/);
    // Old enough by a day is enough.
    await ok(app, 'kyc.saveDraft', { dateOfBirth: birthDate(18, -1) }, { token: bo.token });
    const { application } = await ok(app, 'kyc.getMine', {}, { token: bo.token });
    assert.deepEqual([application.phone, application.zipCode], ['', '']);
  });

  test('submitting needs every field of the form and the photos its document asks for', async () => {
    const cy = await person();
    const submit = () => fails(app, { method: 'kyc.submit' }, { token: cy.token });
    assert.equal(await submit(), 'First name is required.');
    await ok(app, 'kyc.saveDraft', { ...DETAILS, city: '' }, { token: cy.token });
    assert.equal(await submit(), 'City is required.');
    await ok(app, 'kyc.saveDraft', { city: 'London' }, { token: cy.token });
    assert.equal(await submit(), 'Upload a photo of the front of your document.');
    await attach(cy.token, 'front');
    assert.equal(await submit(), 'Upload a photo of the back of your document.');
    // A passport has one side.
    await ok(app, 'kyc.saveDraft', { idType: 'passport' }, { token: cy.token });
    assert.equal(await submit(), 'Upload a selfie holding your document.');
    await attach(cy.token, 'selfie');
    const { application } = await ok(app, 'kyc.submit', {}, { token: cy.token });
    assert.equal(application.status, 'pending');
  });

  test('photos are images only, stored without their location, and shown to the owner and staff only', async () => {
    const di = await person();
    const other = await person();
    for (const name of ['clip.mp4', 'scan.pdf']) {
      const reply = await upload(di.token, name, new Uint8Array(64));
      assert.deepEqual(reply, failureOf('upload.kycType'), name);
    }
    const gif = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64');
    const refused = await upload(di.token, 'front.gif', gif);
    assert.deepEqual(refused, failureOf('upload.kycType'));
    const fake = await upload(di.token, 'front.jpg', new TextEncoder().encode('not a photo'));
    assert.equal(fake.status, false);
    // A chat attachment cannot stand in for a verification photo.
    const chat = await upload(di.token, 'chat.png', pngWithText(), 'support');
    assert.ok(chat.status);
    assert.equal(
      await fails(
        app,
        { method: 'kyc.attach', slot: 'front', attachmentId: chat.attachment.id },
        { token: di.token },
      ),
      errorText('kyc.photo'),
    );
    const { application } = await attach(di.token, 'front');
    assert.ok(application.front);
    const served = await app.inject({ method: 'GET', url: application.front.path });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/jpeg');
    assert.ok(!served.rawPayload.toString('latin1').includes(GPS_TEXT));
    assert.ok(!served.rawPayload.toString('latin1').includes('Exif'));
    // Someone else's photo cannot be attached, nor opened through its owner's link by id.
    assert.equal(
      await fails(
        app,
        { method: 'kyc.attach', slot: 'front', attachmentId: application.front.id },
        { token: other.token },
      ),
      errorText('kyc.photo'),
    );
    const forged = application.front.path.replace(`v=${di.id}`, `v=${other.id}`);
    assert.equal((await app.inject({ method: 'GET', url: forged })).statusCode, 403);
  });

  test('a replaced photo is no longer served; an upload never used is forgotten after a day', async () => {
    const ada = await person();
    const first = (await attach(ada.token, 'front')).application.front;
    const second = (await attach(ada.token, 'front')).application.front;
    assert.ok(first && second && first.id !== second.id);
    assert.equal((await app.inject({ method: 'GET', url: first.path })).statusCode, 404);
    assert.equal((await app.inject({ method: 'GET', url: second.path })).statusCode, 200);

    const spare = await upload(ada.token, 'spare.jpg', jpegWithGps());
    assert.ok(spare.status);
    const stored = (id: number) =>
      db.selectFrom('support_attachments').select('id').where('id', '=', id).executeTakeFirst();
    await forgetUnusedPhotos(db);
    assert.ok(await stored(spare.attachment.id), 'kept during its first day');
    await forgetUnusedPhotos(db, new Date(Date.now() + 25 * 60 * 60 * 1000));
    assert.equal(await stored(spare.attachment.id), undefined);
    assert.ok(await stored(second.id), 'the photo in the application stays');
  });

  test('submit, pending, reject with a reason, resubmit, approve: every decision kept', async () => {
    const ed = await person();
    await complete(ed.token);
    const { application } = await ok(app, 'kyc.submit', {}, { token: ed.token });
    assert.equal(application.status, 'pending');
    let user = await profile(ed.token);
    assert.deepEqual([user.isKycPending, user.kycStatusId, user.isVerified], [true, 1, false]);

    // While pending, nothing changes and a second submission is refused.
    assert.equal(
      await fails(app, { method: 'kyc.submit' }, { token: ed.token }),
      errorText('kyc.pending'),
    );
    assert.equal(
      await fails(app, { method: 'kyc.saveDraft', city: 'Paris' }, { token: ed.token }),
      errorText('kyc.pending'),
    );

    const queue = await ok(app, 'kyc.getQueue', {}, { token: staff.token });
    const item = queue.items.find((entry) => entry.userId === ed.id);
    assert.ok(item);
    assert.deepEqual([item.name, item.country], ["Ada O'Neill-Lovelace", 'United Kingdom']);
    const { submission } = await ok(
      app,
      'kyc.getSubmission',
      { userId: ed.id },
      { token: staff.token },
    );
    assert.ok(submission.front && submission.back && submission.selfie);
    const staffView = await app.inject({ method: 'GET', url: submission.selfie.path });
    assert.equal(staffView.statusCode, 200);

    assert.match(
      await fails(
        app,
        { method: 'kyc.reject', userId: ed.id, reason: '   ' },
        { token: staff.token },
      ),
      /reason/,
    );
    const reason = 'The photo of the back is blurred: please upload a sharper one.';
    await ok(app, 'kyc.reject', { userId: ed.id, reason }, { token: staff.token });
    const rejected = await ok(app, 'kyc.getMine', {}, { token: ed.token });
    assert.deepEqual(
      [rejected.application.status, rejected.application.reason],
      ['rejected', reason],
    );
    user = await profile(ed.token);
    assert.deepEqual([user.isKycPending, user.kycStatusId, user.isVerified], [false, 3, false]);
    assert.equal(
      await fails(app, { method: 'kyc.approve', userId: ed.id }, { token: staff.token }),
      errorText('kyc.notPending'),
    );

    await attach(ed.token, 'back');
    await ok(app, 'kyc.submit', {}, { token: ed.token });
    const approved = await ok(app, 'kyc.approve', { userId: ed.id }, { token: staff.token });
    assert.equal(approved.submission.status, 'approved');
    const [latest, earlier] = approved.submission.decisions;
    assert.equal(approved.submission.decisions.length, 2);
    assert.equal(latest?.decision, 'approved');
    assert.deepEqual([earlier?.decision, earlier?.reason], ['rejected', reason]);
    assert.ok(latest && latest.staff !== '' && !Number.isNaN(Date.parse(latest.at)));
    const rows = await db
      .selectFrom('kyc_decisions')
      .selectAll()
      .where('user_id', '=', ed.id)
      .execute();
    assert.ok(rows.every((row) => row.staff_id === staff.id));

    user = await profile(ed.token);
    assert.deepEqual([user.isKycPending, user.kycStatusId, user.isVerified], [false, 2, true]);
    assert.equal(
      await fails(app, { method: 'kyc.saveDraft', city: 'Paris' }, { token: ed.token }),
      errorText('kyc.approved'),
    );
  });

  test('the review methods refuse anyone who is not staff, and staff their own application', async () => {
    const fay = await person();
    await complete(fay.token);
    await ok(app, 'kyc.submit', {}, { token: fay.token });
    for (const body of [
      { method: 'kyc.getQueue' },
      { method: 'kyc.getSubmission', userId: fay.id },
      { method: 'kyc.approve', userId: fay.id },
      { method: 'kyc.reject', userId: fay.id, reason: 'No.' },
    ]) {
      assert.equal(await fails(app, body, { token: fay.token }), errorText('access.staffOnly'));
    }
    const { application } = await ok(app, 'kyc.getMine', {}, { token: fay.token });
    assert.equal(application.status, 'pending');
    await complete(staff.token);
    await ok(app, 'kyc.submit', {}, { token: staff.token });
    assert.equal(
      await fails(app, { method: 'kyc.approve', userId: staff.id }, { token: staff.token }),
      errorText('kyc.ownDecision'),
    );
  });

  test('approval raises the withdrawal limit from the unverified to the verified amount', async () => {
    const gus = await person();
    await post(db, {
      from: { system: 'deposits' },
      to: { user: gus.id },
      ticker: 'BTC',
      amount: '1',
      reason: 'Test deposit',
    });
    const withdraw = (amount: string) => ({
      asset: 'BTC' as const,
      network: 'BTC',
      address: BTC_ADDRESS,
      amount,
      idempotencyKey: randomUUID(),
    });
    // 0.1 BTC is 2 000 USD: over the 1 000 USD a day of an unverified account.
    assert.match(
      await fails(app, { method: 'withdrawals.request', ...withdraw('0.1') }, { token: gus.token }),
      /^Without identity verification you can withdraw up to 1000 USD/,
    );
    await complete(gus.token);
    await ok(app, 'kyc.submit', {}, { token: gus.token });
    await ok(app, 'kyc.approve', { userId: gus.id }, { token: staff.token });
    const { limits } = await ok(app, 'kyc.getMine', {}, { token: gus.token });
    assert.deepEqual([limits.verified, limits.dailyUsd], [true, 5000]);
    await ok(app, 'withdrawals.request', withdraw('0.1'), { token: gus.token });
    // 2 004 USD used; 0.15 BTC more (3 004 USD) would pass 5 000.
    assert.match(
      await fails(
        app,
        { method: 'withdrawals.request', ...withdraw('0.15') },
        { token: gus.token },
      ),
      /^Verified accounts can withdraw up to 5000 USD in 24 hours, fees included; 2996 USD of it is left now/,
    );
  });
}, PGLITE_ONLY);
