import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { forEachDatabase, PGLITE_ONLY } from '../../test/databases.ts';
import { call, fails, ok, signUp, testConfig } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import { helpVerificationReferralMigration } from '../content/helpVerificationReferralMigration.ts';
import { REFERRAL_ENTRY, SEED_FAQ, VERIFICATION_ENTRY } from '../content/seedFaq.ts';
import type { Database } from '../storage/db.ts';

const STAFF = { STAFF_EMAIL: 'staff@example.com', STAFF_PASSWORD: 'staff password 1' };

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let staffToken: string;

  before(async () => {
    db = await open();
    app = await createServer(testConfig(STAFF), db);
    staffToken = (
      await ok(app, 'users.signIn', { email: STAFF.STAFF_EMAIL, password: STAFF.STAFF_PASSWORD })
    ).token;
  });
  after(() => app.close());

  test('pages.getItem returns each seeded policy page as readable HTML', async () => {
    for (const type of ['terms_of_use', 'aml_policy', 'kyc_policy', 'cookies_policy', 'careers']) {
      const { page } = await ok(app, 'pages.getItem', { type });
      assert.equal(page.type, type);
      assert.ok(page.title.length > 3);
      assert.match(page.html, /<p>/);
      assert.doesNotMatch(page.html, /lorem/i);
      assert.ok(!Number.isNaN(Date.parse(page.updatedAt)));
    }
  });

  test('pages.getItem shows what an operator edited in the database', async () => {
    await db
      .updateTable('content_pages')
      .set({ title: 'Our terms', html: '<p>Edited.</p>' })
      .where('type', '=', 'terms_of_use')
      .execute();
    const { page } = await ok(app, 'pages.getItem', { type: 'terms_of_use' });
    assert.equal(page.title, 'Our terms');
    assert.equal(page.html, '<p>Edited.</p>');
  });

  test('pages.getItem refuses unknown and malformed types with a clear message', async () => {
    assert.equal(
      await fails(app, { method: 'pages.getItem', type: 'nope' }),
      "There is no page of type 'nope'. Check the link.",
    );
    assert.equal(await fails(app, { method: 'pages.getItem' }), 'Type is required.');
    assert.equal(
      await fails(app, { method: 'pages.getItem', type: '../etc' }),
      'Type must be lower-case letters, digits and underscores.',
    );
  });

  test('faq.getItems returns a section in order, with question, answer and video', async () => {
    for (const section of SEED_FAQ) {
      const { items } = await ok(app, 'faq.getItems', { slug: section.slug });
      assert.deepEqual(items, section.items);
    }
  });

  test('a help center seeded before verification and commissions catches up, once', async () => {
    const account = SEED_FAQ.find((section) => section.slug === 'account');
    // As 0002 seeded it then: the old referral answer, no verification entry.
    await db
      .updateTable('faq_items')
      .set({ answer: 'Accounts created through it are credited to you.' })
      .where('question', '=', REFERRAL_ENTRY.question)
      .execute();
    const removed = await db
      .deleteFrom('faq_items')
      .where('question', '=', VERIFICATION_ENTRY.question)
      .returning('position')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('faq_items')
      .set((eb) => ({ position: eb('position', '-', 1) }))
      .where('slug', '=', 'account')
      .where('position', '>', removed.position)
      .execute();

    await helpVerificationReferralMigration.up(db);
    await helpVerificationReferralMigration.up(db);
    const { items } = await ok(app, 'faq.getItems', { slug: 'account' });
    assert.deepEqual(items, account?.items);
  });

  test('faq.getItems refuses an unknown or missing slug', async () => {
    assert.equal(
      await fails(app, { method: 'faq.getItems', slug: 'missing' }),
      "The help center has no section 'missing'.",
    );
    assert.equal(await fails(app, { method: 'faq.getItems' }), 'Slug is required.');
  });

  test('notices: none at first; staff publish, replace and clear; everyone reads it', async () => {
    assert.equal((await ok(app, 'notices.getCurrent', {})).notice, null);
    const first = await ok(
      app,
      'notices.publish',
      { title: 'Maintenance', type_id: 1, description: '<p>Tonight 02:00 UTC</p>' },
      { token: staffToken },
    );
    assert.equal(first.notice?.title, 'Maintenance');
    assert.equal(first.notice?.type_id, 1);
    const second = await ok(
      app,
      'notices.publish',
      { title: 'Done', type_id: 2, description: '<p>All systems normal</p>' },
      { token: staffToken },
    );
    assert.ok((second.notice?.id ?? 0) > (first.notice?.id ?? 0));
    assert.deepEqual((await ok(app, 'notices.getCurrent', {})).notice, second.notice);
    await ok(app, 'notices.publish', { clear: true }, { token: staffToken });
    assert.equal((await ok(app, 'notices.getCurrent', {})).notice, null);
  });

  test('notices.publish is for staff only and validates its fields', async () => {
    const { token } = await signUp(app);
    assert.equal(
      await fails(app, { method: 'notices.publish', clear: true }, { token }),
      'This action is only available to staff.',
    );
    const reply = await call(app, 'notices.publish', {
      title: 'x',
      type_id: 0,
      description: 'y',
    });
    assert.equal(reply.status, false);
    assert.equal(
      await fails(
        app,
        { method: 'notices.publish', title: '', type_id: 0, description: 'y' },
        { token: staffToken },
      ),
      'Title is required.',
    );
    const badType = await fails(
      app,
      { method: 'notices.publish', title: 'T', type_id: 5, description: 'y' },
      { token: staffToken },
    );
    assert.match(badType, /Type_id|invalid/);
  });
}, PGLITE_ONLY);
