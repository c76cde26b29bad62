/**
 * A withdrawal's two mails through a real SMTP server: the confirmation link arrives, works once
 * from the mail as a person follows it, and the withdrawal goes out; the "sent" mail then arrives
 * with the transaction id. On PGlite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { forEachDatabase } from '../../../test/databases.ts';
import { linkIn, type Mailbox, mailingConfig, startMailbox } from '../../../test/mailbox.ts';
import { fails, fundedAccount, ok } from '../../../test/serverTesting.ts';
import { waitFor } from '../../../test/waitFor.ts';
import { createServer } from '../../app.ts';
import type { Config } from '../../config.ts';
import { LINK_MESSAGES } from '../../mail/tokens.ts';
import type { Database } from '../../storage/db.ts';
import { createChainAdapters } from '../deposits/chainAdapters.ts';
import { WithdrawalSender } from './WithdrawalSender.ts';

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let config: Config;
  let mailbox: Mailbox;

  before(async () => {
    db = await open();
    mailbox = await startMailbox();
    config = mailingConfig(mailbox);
    app = await createServer(config, db);
    await app.ready();
  });
  after(async () => {
    await app.close();
    await mailbox.close();
  });

  test('the link from the mail confirms the withdrawal once; the next mail gives its transaction id', async () => {
    const owner = await fundedAccount(app, db, { BTC: '1' });
    const { email } = (await ok(app, 'users.getInfo', {}, { token: owner.token })).user;
    const { withdrawal } = await ok(
      app,
      'withdrawals.request',
      {
        asset: 'BTC',
        network: 'BTC',
        address: ADDRESS,
        amount: '0.01',
        idempotencyKey: `mail-test-${owner.id}`,
      },
      { token: owner.token },
    );
    const mail = await waitFor('the confirmation mail', () =>
      mailbox.to(email).find((m) => m.subject === 'Confirm your withdrawal of 0.01 BTC'),
    );
    assert.match(mail.text ?? '', /to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq on Bitcoin/);
    assert.doesNotMatch(String(mail.html), /<img/);
    const link = linkIn(mail, '/confirm-withdrawal');
    assert.equal(link.origin, 'https://exchange.example');
    const confirmToken = link.searchParams.get('token') ?? '';
    const confirmed = await ok(app, 'withdrawals.confirm', { confirmToken });
    assert.deepEqual(
      [confirmed.withdrawal.id, confirmed.withdrawal.status],
      [withdrawal.id, 'requested'],
    );
    assert.equal(
      await fails(app, { method: 'withdrawals.confirm', confirmToken }),
      LINK_MESSAGES.used,
    );

    await new WithdrawalSender(db, createChainAdapters(db, config.wallet), config, app.log).run();
    const { withdrawals } = await ok(app, 'withdrawals.getMine', {}, { token: owner.token });
    const sent = withdrawals.find((w) => w.id === withdrawal.id);
    assert.equal(sent?.status, 'sent');
    const notice = await waitFor('the sent mail', () =>
      mailbox.to(email).find((m) => m.subject === 'Your withdrawal of 0.01 BTC was sent'),
    );
    assert.match(notice.text ?? '', new RegExp(`Transaction id: ${sent?.txHash}`));
    assert.equal(
      linkIn(notice, '/account/withdraw').href,
      'https://exchange.example/account/withdraw',
    );
  });
});
