/**
 * Support replies by mail, through a real SMTP server: a reply left unread for five minutes by a
 * client with no socket open is mailed once, quoting it, until the client comes back; the
 * profile's switch, an unverified address and an open socket each keep the mail from going.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { forEachDatabase, PGLITE_ONLY } from '../../test/databases.ts';
import { linkIn, type Mailbox, mailingConfig, startMailbox } from '../../test/mailbox.ts';
import { ok, signUp, verifyMailedAddress } from '../../test/serverTesting.ts';
import { waitFor } from '../../test/waitFor.ts';
import { createServer } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database } from '../storage/db.ts';
import { markClientBack, storeMessage } from './dialogs.ts';
import { mailUnreadReplies, REPLY_MAIL_DELAY_MS } from './replyMails.ts';

const SUBJECT = 'Support replied to you on Exchange';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let config: Config;
  let mailbox: Mailbox;
  let staffId: number;

  before(async () => {
    db = await open();
    mailbox = await startMailbox();
    config = mailingConfig(mailbox);
    app = await createServer(config, db);
    await app.ready();
    staffId = (await signUp(app)).user.id;
    await db.updateTable('users').set({ status_id: 1 }).where('id', '=', staffId).execute();
  });
  after(async () => {
    await app.close();
    await mailbox.close();
  });

  /** A fresh account, its address verified unless asked. */
  const client = async (verified = true) => {
    const { token, user } = await signUp(app);
    if (verified) await verifyMailedAddress(app, db, user.id);
    return { token, id: user.id, email: user.email };
  };
  /** Staff answer the client's dialog. */
  const reply = (clientId: number, text: string) =>
    storeMessage(db, {
      clientId,
      id: randomUUID(),
      text,
      isOut: false,
      authorId: staffId,
      attachment: null,
    });
  /** A sweep as the server's timer runs it, `minutes` from now, with nobody online. */
  const sweep = (minutes: number, online: (id: number) => boolean = () => false) =>
    mailUnreadReplies(db, config, online, new Date(Date.now() + minutes * 60_000));
  const replyMails = (email: string) => mailbox.to(email).filter((m) => m.subject === SUBJECT);

  test('a reply unread for five minutes is mailed once, quoted, until the client comes back', async () => {
    const ann = await client();
    await reply(ann.id, 'Your deposit arrived; it needed one more confirmation.');
    assert.equal(REPLY_MAIL_DELAY_MS, 5 * 60_000);
    assert.equal(await sweep(4), 0, 'not before five minutes');
    assert.equal(await sweep(6, (id) => id === ann.id), 0, 'not while a socket of theirs is open');
    assert.equal(await sweep(6), 1);
    const mail = await waitFor('the reply mail', () => replyMails(ann.email)[0]);
    assert.match(
      mail.text ?? '',
      /“Your deposit arrived; it needed one more confirmation\.”/,
      'the reply is quoted',
    );
    assert.equal(linkIn(mail, '/account').href, 'https://exchange.example/account');
    assert.match(mail.text ?? '', /turn these mails off in your profile/);

    // A second reply while they are still away: no second mail.
    await reply(ann.id, 'Anything else?');
    assert.equal(await sweep(12), 0);

    // Back (the chat read), then away again: the next reply is mailed.
    await ok(app, 'support.markRead', {}, { token: ann.token });
    assert.equal(await sweep(12), 0, 'what they read is not mailed');
    await reply(ann.id, 'We have closed your question.');
    await reply(ann.id, 'Have a good day.');
    assert.equal(await sweep(12), 1);
    const second = await waitFor('the second reply mail', () => replyMails(ann.email)[1]);
    assert.match(
      second.text ?? '',
      /2 messages are waiting in the chat\. The newest:\n\n“Have a good day\.”/,
    );
  });

  test('opening the chat socket counts as coming back', async () => {
    const ben = await client();
    await reply(ben.id, 'Please send a photo of the document.');
    await markClientBack(db, ben.id);
    assert.equal(await sweep(6), 0, 'the reply was there to see when they came back');
    await reply(ben.id, 'Thank you, it is approved.');
    assert.equal(await sweep(12), 1);
  });

  test('the profile switch, or an unverified address, keeps replies out of the mailbox', async () => {
    const cleo = await client();
    const { user } = await ok(
      app,
      'users.setMailNotices',
      { supportReplies: false },
      { token: cleo.token },
    );
    assert.equal(user.mailSupportReplies, false);
    await reply(cleo.id, 'Hello Cleo.');
    assert.equal(await sweep(6), 0);
    const back = await ok(
      app,
      'users.setMailNotices',
      { supportReplies: true },
      { token: cleo.token },
    );
    assert.equal(back.user.mailSupportReplies, true);
    assert.equal(await sweep(6), 1, 'switched on again, the waiting reply is mailed');

    const dan = await client(false);
    await reply(dan.id, 'Hello Dan.');
    assert.equal(await sweep(6), 0, 'an address not verified may not be theirs');
    assert.equal(replyMails(dan.email).length, 0);
  });
}, PGLITE_ONLY);
