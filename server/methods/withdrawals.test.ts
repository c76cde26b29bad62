import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorText } from '../../core/errors/index.ts';
import type { Ticker } from '../../core/protocol/index.ts';
import { forEachDatabase } from '../../test/databases.ts';
import {
  confirmedWithdrawal,
  fails,
  mailedToken,
  ok,
  signUp,
  testConfig,
  userBalance,
  verifyMailedAddress,
  WalletClock,
} from '../../test/serverTesting.ts';
import { WRONG_CODE } from '../accounts/twoFactor.ts';
import { createServer } from '../app.ts';
import type { Config } from '../config.ts';
import { EventBus } from '../events/EventBus.ts';
import type { ServerEvents } from '../events/ServerEvents.ts';
import { LINK_MESSAGES } from '../mail/tokens.ts';
import type { Database } from '../storage/db.ts';
import type { ChainAdapter } from '../wallet/chains/ChainAdapter.ts';
import type { NetworkId } from '../wallet/chains/networks.ts';
import { createChainAdapters } from '../wallet/deposits/chainAdapters.ts';
import { post } from '../wallet/ledger.ts';
import { EXPIRED_REASON } from '../wallet/withdrawals/mailConfirmation.ts';
import { WithdrawalSender } from '../wallet/withdrawals/WithdrawalSender.ts';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const XRP_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const quiet = { warn() {} };

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let config: Config;
  let staffToken: string;
  const events = new EventBus<ServerEvents>();
  const announced: number[] = [];

  before(async () => {
    db = await open();
    // The default thresholds: 1 000 USD a day unverified, staff review above 10 000 USD.
    config = testConfig({ API_RATE_LIMIT: '0' });
    app = await createServer(config, db, { events });
    events.subscribe('wallet.balancesChanged', ({ userIds }) => announced.push(...userIds));
    // Round prices, so the USD figures below are easy to check: 0.01 BTC is 200 USD.
    await db
      .updateTable('currencies')
      .set({ price: '20000' })
      .where('ticker', '=', 'BTC')
      .execute();
    await db.updateTable('currencies').set({ price: '0.5' }).where('ticker', '=', 'XRP').execute();
    const staff = await signUp(app);
    staffToken = staff.token;
    await db.updateTable('users').set({ status_id: 1 }).where('id', '=', staff.user.id).execute();
  });
  after(() => app.close());

  /**
   * A fresh account holder with deposits of `funds`, its address verified from the mailed link,
   * identity verified unless asked.
   */
  const holder = async (funds: Partial<Record<Ticker, string>>, verified = true) => {
    const { token, user } = await signUp(app);
    await verifyMailedAddress(app, db, user.id);
    await db
      .updateTable('users')
      .set({ is_verified: verified })
      .where('id', '=', user.id)
      .execute();
    for (const [ticker, amount] of Object.entries(funds)) {
      await post(db, {
        from: { system: 'deposits' },
        to: { user: user.id },
        ticker: ticker as Ticker,
        amount,
        reason: 'Test deposit',
      });
    }
    return { token, id: user.id };
  };
  /** The account's available and held balance of `ticker`. */
  const balance = (userId: number, ticker: Ticker) => userBalance(db, userId, ticker);
  const system = async (name: string, ticker: Ticker) => {
    const row = await db
      .selectFrom('ledger_accounts')
      .select(sql<string>`trim_scale(balance)::text`.as('amount'))
      .where('system', '=', name)
      .where('ticker', '=', ticker)
      .executeTakeFirst();
    return row?.amount ?? '0';
  };
  const ledgerSums = async () => {
    const rows = await db
      .selectFrom('ledger_accounts')
      .select(['ticker', sql<string>`trim_scale(sum(balance))::text`.as('sum')])
      .groupBy('ticker')
      .execute();
    return rows.filter((row) => row.sum !== '0');
  };
  const count = async (userId: number) => {
    const row = await db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  let keys = 0;
  const key = () => `withdrawal-key-${process.pid}-${++keys}`;
  const btc = (amount: string, extra: Record<string, unknown> = {}) => ({
    asset: 'BTC' as const,
    network: 'BTC',
    address: BTC_ADDRESS,
    amount,
    idempotencyKey: key(),
    ...extra,
  });
  const blocks = () => new WalletClock(db, config, quiet, events);
  /** Requests a withdrawal and confirms it from the mailed link. */
  const withdraw = (owner: { id: number; token: string }, params: ReturnType<typeof btc>) =>
    confirmedWithdrawal(app, db, owner, params);
  /** The mails queued for the account, newest first. */
  const mailsTo = async (userId: number) =>
    db
      .selectFrom('mail_outbox as m')
      .innerJoin('users as u', 'u.email', 'm.to_address')
      .select(['m.subject', 'm.text_body'])
      .where('u.id', '=', userId)
      .orderBy('m.id', 'desc')
      .execute();
  const status = async (token: string, id: number) => {
    const { withdrawals } = await ok(app, 'withdrawals.getMine', {}, { token });
    return withdrawals.find((w) => w.id === id);
  };

  test('requested → sent → confirmed: the amount leaves, the fee goes to the fees account', async () => {
    const alice = await holder({ BTC: '1' });
    const feesBefore = await system('fees', 'BTC');
    const withdrawal = await withdraw(alice, btc('0.1'));
    assert.deepEqual(
      [withdrawal.status, withdrawal.amount, withdrawal.fee, withdrawal.required],
      ['requested', '0.1', '0.0002', 2],
    );
    assert.deepEqual(await balance(alice.id, 'BTC'), { available: '0.8998', held: '0.1002' });
    assert.ok(announced.includes(alice.id), 'the hold is announced to the private stream');

    const producer = blocks();
    await producer.tick(); // signed, stored and broadcast
    const sent = await status(alice.token, withdrawal.id);
    assert.equal(sent?.status, 'sent');
    assert.match(sent?.txHash ?? '', /\S/);
    // The owner is mailed the transaction id, once.
    const [sentMail] = await mailsTo(alice.id);
    assert.equal(sentMail?.subject, 'Your withdrawal of 0.1 BTC was sent');
    assert.ok(sentMail?.text_body.includes(`Transaction id: ${sent?.txHash}`));
    assert.ok(sentMail?.text_body.includes(`${BTC_ADDRESS} on Bitcoin`));
    await producer.tick(); // mined: one confirmation of two
    assert.deepEqual(
      [(await status(alice.token, withdrawal.id))?.confirmations],
      [1],
      'followed while it confirms',
    );
    assert.deepEqual(await balance(alice.id, 'BTC'), { available: '0.8998', held: '0.1002' });
    announced.length = 0;
    await producer.tick();
    const confirmed = await status(alice.token, withdrawal.id);
    assert.equal(confirmed?.status, 'confirmed');
    assert.deepEqual(announced, [alice.id]);
    assert.deepEqual(await balance(alice.id, 'BTC'), { available: '0.8998', held: '0' });
    assert.equal(
      Number(await system('fees', 'BTC')) - Number(feesBefore),
      0.0002,
      'the fee account gained the fee',
    );
    assert.deepEqual(await ledgerSums(), []);
    // The chain got one transaction of exactly the amount, to the address.
    const onChain = await db
      .selectFrom('devnet_transactions')
      .select(['to_address', 'amount_units'])
      .where('tx_hash', '=', sent?.txHash ?? '')
      .execute();
    assert.deepEqual(onChain, [{ to_address: BTC_ADDRESS, amount_units: '10000000' }]);

    // More blocks change nothing: it left once.
    await producer.tick();
    assert.deepEqual(await balance(alice.id, 'BTC'), { available: '0.8998', held: '0' });
  });

  test('a broadcast lost to a crash is sent again after a restart, the same transaction once', async () => {
    const bob = await holder({ BTC: '1' });
    const withdrawal = await withdraw(bob, btc('0.01'));
    // The first process signs and stores the transaction, then dies before broadcasting it.
    const devnet = createChainAdapters(db, config.wallet);
    const crashing = new Map<NetworkId, ChainAdapter>([
      [
        'BTC',
        wrap(devnet.get('BTC'), {
          broadcast: async () => {
            throw new Error('killed');
          },
        }),
      ],
    ]);
    await new WithdrawalSender(db, crashing, config, quiet).run();
    const stored = await status(bob.token, withdrawal.id);
    assert.equal(stored?.status, 'sent');
    // Restarted: two producers at once, as a careless deployment might run.
    const [first, second] = [blocks(), blocks()];
    for (let i = 0; i < 3; i += 1) await Promise.all([first.tick(), second.tick()]);
    const done = await status(bob.token, withdrawal.id);
    assert.equal(done?.status, 'confirmed');
    assert.equal(done?.txHash, stored?.txHash, 'the stored transaction, not a new one');
    const onChain = await db
      .selectFrom('devnet_transactions')
      .select('tx_hash')
      .where('to_address', '=', BTC_ADDRESS)
      .where('tx_hash', '=', stored?.txHash ?? '')
      .execute();
    assert.equal(onChain.length, 1);
    assert.deepEqual(await balance(bob.id, 'BTC'), { available: '0.9898', held: '0' });
    assert.deepEqual(await ledgerSums(), []);
  });

  test('a withdrawal the chain refuses fails and its hold is released', async () => {
    const carol = await holder({ BTC: '1' });
    const withdrawal = await withdraw(carol, btc('0.2'));
    const devnet = createChainAdapters(db, config.wallet);
    const refusing = new Map<NetworkId, ChainAdapter>([
      [
        'BTC',
        wrap(devnet.get('BTC'), {
          status: async () => ({ state: 'failed', reason: 'The network refused the transaction.' }),
        }),
      ],
    ]);
    const sender = new WithdrawalSender(db, refusing, config, quiet, events);
    announced.length = 0;
    assert.deepEqual(await sender.run(), { sent: 1, confirmed: 0, failed: 1 });
    assert.deepEqual(await sender.run(), { sent: 0, confirmed: 0, failed: 0 });
    const failed = await status(carol.token, withdrawal.id);
    assert.deepEqual(
      [failed?.status, failed?.reason],
      ['failed', 'The network refused the transaction.'],
    );
    assert.deepEqual(announced, [carol.id]);
    assert.deepEqual(await balance(carol.id, 'BTC'), { available: '1', held: '0' });
    assert.deepEqual(await ledgerSums(), []);
  });

  test('the owner cancels before it is sent; not after, and not someone else', async () => {
    const dave = await holder({ BTC: '1' });
    const eve = await holder({ BTC: '1' });
    const { withdrawal } = await ok(app, 'withdrawals.request', btc('0.3'), {
      token: dave.token,
    });
    await failsWith(
      app,
      'withdrawals.cancel',
      { id: withdrawal.id },
      errorText('withdrawal.notFound'),
      {
        token: eve.token,
      },
    );
    const cancelled = await ok(
      app,
      'withdrawals.cancel',
      { id: withdrawal.id },
      { token: dave.token },
    );
    assert.equal(cancelled.withdrawal.status, 'cancelled');
    assert.deepEqual(await balance(dave.id, 'BTC'), { available: '1', held: '0' });
    // Cancelled stays cancelled: the next block sends nothing and a second cancel moves nothing.
    await blocks().tick();
    await ok(app, 'withdrawals.cancel', { id: withdrawal.id }, { token: dave.token });
    assert.equal((await status(dave.token, withdrawal.id))?.status, 'cancelled');
    assert.deepEqual(await balance(dave.id, 'BTC'), { available: '1', held: '0' });

    const next = await withdraw(dave, btc('0.3'));
    await blocks().tick();
    await failsWith(
      app,
      'withdrawals.cancel',
      { id: next.id },
      'This withdrawal is sent and can no longer be cancelled.',
      { token: dave.token },
    );
    assert.deepEqual(await balance(dave.id, 'BTC'), { available: '0.6998', held: '0.3002' });
  });

  test('above the review threshold it waits for staff, who approve or reject with a reason', async () => {
    const frank = await holder({ BTC: '2' });
    // 0.6 BTC and its fee are 12 004 USD, above the 10 000 USD threshold.
    const big = await withdraw(frank, btc('0.6'));
    const other = await withdraw(frank, btc('0.7'));
    assert.equal(big.status, 'awaitingReview');
    await blocks().tick();
    assert.equal((await status(frank.token, big.id))?.status, 'awaitingReview', 'not sent');

    await failsWith(app, 'withdrawals.getPending', {}, errorText('access.staffOnly'), {
      token: frank.token,
    });
    await failsWith(
      app,
      'withdrawals.review',
      { id: big.id, approve: true },
      errorText('access.staffOnly'),
      {
        token: frank.token,
      },
    );
    const pending = await ok(app, 'withdrawals.getPending', {}, { token: staffToken });
    const listed = pending.withdrawals.find((w) => w.id === big.id);
    assert.deepEqual([listed?.userId, listed?.usdValue], [frank.id, '12004']);

    // Staff cannot approve their own.
    await db.updateTable('users').set({ status_id: 1 }).where('id', '=', frank.id).execute();
    await failsWith(
      app,
      'withdrawals.review',
      { id: big.id, approve: true },
      errorText('withdrawal.ownWithdrawal'),
      { token: frank.token },
    );
    await db.updateTable('users').set({ status_id: 0 }).where('id', '=', frank.id).execute();
    const approved = await ok(
      app,
      'withdrawals.review',
      { id: big.id, approve: true },
      { token: staffToken },
    );
    assert.equal(approved.withdrawal.status, 'requested');
    await failsWith(
      app,
      'withdrawals.review',
      { id: other.id, approve: false },
      errorText('withdrawal.reasonRequired'),
      { token: staffToken },
    );
    const rejected = await ok(
      app,
      'withdrawals.review',
      { id: other.id, approve: false, reason: 'The address is on a sanctions list.' },
      { token: staffToken },
    );
    assert.deepEqual(
      [rejected.withdrawal.status, rejected.withdrawal.reason],
      ['rejected', 'The address is on a sanctions list.'],
    );
    await failsWith(
      app,
      'withdrawals.review',
      { id: other.id, approve: true },
      errorText('withdrawal.notAwaitingReview'),
      { token: staffToken },
    );
    // Only the rejected one came back; the approved one is held until the chain confirms it.
    assert.deepEqual(await balance(frank.id, 'BTC'), { available: '1.3998', held: '0.6002' });
    const producer = blocks();
    for (let i = 0; i < 3; i += 1) await producer.tick();
    assert.equal((await status(frank.token, big.id))?.status, 'confirmed');
    assert.deepEqual(await balance(frank.id, 'BTC'), { available: '1.3998', held: '0' });
    assert.deepEqual(await ledgerSums(), []);
  });

  test('without verified identity, withdrawals are limited to VERIFICATION_AMOUNT USD a day', async () => {
    const gina = await holder({ BTC: '1' }, false);
    // 0.04 BTC and its fee: 804 USD of the 1 000.
    await ok(app, 'withdrawals.request', btc('0.04'), { token: gina.token });
    await failsWith(
      app,
      'withdrawals.request',
      btc('0.01'),
      'Without identity verification you can withdraw up to 1000 USD in 24 hours, fees included; 196 USD of it is left now. Verify your identity to withdraw more.',
      { token: gina.token },
    );
    assert.deepEqual(await balance(gina.id, 'BTC'), { available: '0.9598', held: '0.0402' });
    // 184 USD still fits; a cancelled withdrawal no longer counts.
    const { withdrawal } = await ok(app, 'withdrawals.request', btc('0.009'), {
      token: gina.token,
    });
    await ok(app, 'withdrawals.cancel', { id: withdrawal.id }, { token: gina.token });
    await ok(app, 'withdrawals.request', btc('0.009'), { token: gina.token });
  });

  test('withdrawals pause for 24 hours after a password change or two-factor turned off', async () => {
    const hugo = await holder({ BTC: '1' });
    // On a whole minute, so the time the message gives is exact.
    const minute = 60_000;
    const anHourAgo = new Date(Math.floor(Date.now() / minute) * minute - 60 * minute);
    const until = new Date(anHourAgo.getTime() + 24 * 60 * minute);
    const when = `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    await db
      .updateTable('users')
      .set({ password_changed_at: anHourAgo })
      .where('id', '=', hugo.id)
      .execute();
    await failsWith(
      app,
      'withdrawals.request',
      btc('0.01'),
      `Withdrawals pause for 24 hours after a password change, to protect your account. You can withdraw again from ${when}.`,
      { token: hugo.token },
    );
    await db
      .updateTable('users')
      .set({ password_changed_at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where('id', '=', hugo.id)
      .execute();
    await db
      .updateTable('users')
      .set({ two_factor_off_at: anHourAgo })
      .where('id', '=', hugo.id)
      .execute();
    await failsWith(
      app,
      'withdrawals.request',
      btc('0.01'),
      `Withdrawals pause for 24 hours after two-factor authentication is turned off, to protect your account. You can withdraw again from ${when}.`,
      { token: hugo.token },
    );
    assert.equal(await count(hugo.id), 0);
    await db
      .updateTable('users')
      .set({ two_factor_off_at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where('id', '=', hugo.id)
      .execute();
    await ok(app, 'withdrawals.request', btc('0.01'), { token: hugo.token });
  });

  test('with two-factor on, a code is required and a wrong one refused', async () => {
    const ivy = await holder({ BTC: '1' });
    const { key: secret } = await ok(app, 'users.beginTwoFactor', {}, { token: ivy.token });
    const { totpCode } = await import('../accounts/totp.ts');
    const { recoveryCodes } = await ok(
      app,
      'users.enableTwoFactor',
      { code: totpCode(secret, Date.now()) },
      { token: ivy.token },
    );
    await failsWith(app, 'withdrawals.request', btc('0.01'), errorText('withdrawal.codeRequired'), {
      token: ivy.token,
    });
    await failsWith(app, 'withdrawals.request', btc('0.01', { code: 'ABCD-EFGH' }), WRONG_CODE, {
      token: ivy.token,
    });
    assert.equal(await count(ivy.id), 0);
    const [recovery] = recoveryCodes;
    assert.ok(recovery);
    // Refused for its amount, the request does not use up the code.
    await failsWith(
      app,
      'withdrawals.request',
      btc('2', { code: recovery }),
      'Insufficient BTC balance: the withdrawal of 2 BTC plus the 0.0002 BTC network fee needs 2.0002 BTC available.',
      { token: ivy.token },
    );
    const request = btc('0.01', { code: recovery });
    const { withdrawal } = await ok(app, 'withdrawals.request', request, { token: ivy.token });
    // A retry of the same request (its answer lost) finds it without spending another code.
    const again = await ok(app, 'withdrawals.request', request, { token: ivy.token });
    assert.equal(again.withdrawal.id, withdrawal.id);
  });

  test('staff switching withdrawals off blocks them with a clear message', async () => {
    const jack = await holder({ BTC: '1' });
    await db.updateTable('users').set({ is_withdraw: false }).where('id', '=', jack.id).execute();
    await failsWith(app, 'withdrawals.request', btc('0.01'), errorText('withdrawal.disabled'), {
      token: jack.token,
    });
    assert.deepEqual(await balance(jack.id, 'BTC'), { available: '1', held: '0' });
  });

  test('a retried idempotency key holds once; a different withdrawal under it is refused', async () => {
    const kate = await holder({ BTC: '1' });
    const request = btc('0.25');
    const [first, second] = await Promise.all([
      ok(app, 'withdrawals.request', request, { token: kate.token }),
      ok(app, 'withdrawals.request', request, { token: kate.token }),
    ]);
    const third = await ok(
      app,
      'withdrawals.request',
      { ...request, amount: '0.250' },
      { token: kate.token },
    );
    assert.equal(second.withdrawal.id, first.withdrawal.id);
    assert.equal(third.withdrawal.id, first.withdrawal.id);
    assert.deepEqual(await balance(kate.id, 'BTC'), { available: '0.7498', held: '0.2502' });
    await failsWith(
      app,
      'withdrawals.request',
      { ...request, amount: '0.3' },
      errorText('withdrawal.keyReused'),
      { token: kate.token },
    );
    assert.equal(await count(kate.id), 1);
  });

  test('bad input gets a clear message and moves nothing', async () => {
    const leo = await holder({ BTC: '0.5', XRP: '100' });
    const refusals: [Record<string, unknown>, RegExp][] = [
      [btc('0.01', { address: ETH_ADDRESS }), /^This is an Ethereum .*address, not a Bitcoin one/],
      [
        { asset: 'XRP', network: 'XRP', address: XRP_ADDRESS, amount: '10', idempotencyKey: key() },
        /^Enter the destination tag/,
      ],
      [btc('0.0005'), /^The smallest BTC withdrawal on Bitcoin is 0\.001 BTC\.$/],
      [btc('0.000000001'), /more decimals than BTC on Bitcoin allows \(8\)/],
      [
        btc('0.5'),
        /^Insufficient BTC balance: the withdrawal of 0\.5 BTC plus the 0\.0002 BTC network fee needs 0\.5002 BTC available\.$/,
      ],
      [
        btc('0.01', { network: 'TRX' }),
        /^BTC cannot be moved on the network "TRX"; choose Bitcoin/,
      ],
    ];
    for (const [request, message] of refusals) {
      const refusal = await failsWith(app, 'withdrawals.request', request, undefined, {
        token: leo.token,
      });
      assert.match(refusal, message);
    }
    assert.equal(await count(leo.id), 0);
    assert.deepEqual(await balance(leo.id, 'BTC'), { available: '0.5', held: '0' });
    // With its tag, the XRP withdrawal goes through.
    const { withdrawal } = await ok(
      app,
      'withdrawals.request',
      {
        asset: 'XRP',
        network: 'XRP',
        address: XRP_ADDRESS,
        tag: '12345',
        amount: '10',
        idempotencyKey: key(),
      },
      { token: leo.token },
    );
    assert.deepEqual([withdrawal.tag, withdrawal.fee], [12345, '0.2']);
    assert.deepEqual(await balance(leo.id, 'XRP'), { available: '89.8', held: '10.2' });
  });

  test('a withdrawal waits for the link mailed to its owner, which confirms it once', async () => {
    const nina = await holder({ BTC: '1' });
    const { withdrawal } = await ok(app, 'withdrawals.request', btc('0.05'), {
      token: nina.token,
    });
    assert.equal(withdrawal.status, 'awaitingConfirmation');
    assert.deepEqual(await balance(nina.id, 'BTC'), { available: '0.9498', held: '0.0502' });
    const [mail] = await mailsTo(nina.id);
    assert.equal(mail?.subject, 'Confirm your withdrawal of 0.05 BTC');
    assert.ok(
      mail?.text_body.includes(
        `You asked to withdraw 0.05 BTC (network fee 0.0002 BTC) to ${BTC_ADDRESS} on Bitcoin.`,
      ),
    );
    // Unconfirmed, the next block does not send it.
    await blocks().tick();
    assert.equal((await status(nina.token, withdrawal.id))?.status, 'awaitingConfirmation');

    const confirmToken = await mailedToken(db, nina.id, '/confirm-withdrawal');
    announced.length = 0;
    // Public: the link works where the owner is not signed in.
    const confirmed = await ok(app, 'withdrawals.confirm', { confirmToken });
    assert.deepEqual(
      [confirmed.withdrawal.id, confirmed.withdrawal.status],
      [withdrawal.id, 'requested'],
    );
    assert.deepEqual(announced, [nina.id], 'the new status reaches the private stream');
    await failsWith(app, 'withdrawals.confirm', { confirmToken }, LINK_MESSAGES.used, {
      token: '',
    });
    await failsWith(
      app,
      'withdrawals.confirm',
      { confirmToken: `${confirmToken.slice(0, -2)}xx` },
      LINK_MESSAGES.unknown,
      { token: '' },
    );
    await blocks().tick();
    assert.equal((await status(nina.token, withdrawal.id))?.status, 'sent');
  });

  test('a link not followed within 30 minutes is refused and the request cancelled, its hold released', async () => {
    const otto = await holder({ BTC: '1' });
    const { withdrawal } = await ok(app, 'withdrawals.request', btc('0.05'), {
      token: otto.token,
    });
    const confirmToken = await mailedToken(db, otto.id, '/confirm-withdrawal');
    const late = new Date(Date.now() - 31 * 60_000);
    // Requested 31 minutes ago (created_at is the database's own, so set behind the schema's back).
    await sql`update withdrawals set created_at = ${late} where id = ${withdrawal.id}`.execute(db);
    await db
      .updateTable('mail_tokens')
      .set({ expires_at: new Date(late.getTime() + 30 * 60_000) })
      .where('withdrawal_id', '=', withdrawal.id)
      .execute();
    await failsWith(app, 'withdrawals.confirm', { confirmToken }, LINK_MESSAGES.expired, {
      token: '',
    });
    announced.length = 0;
    await blocks().tick();
    const cancelled = await status(otto.token, withdrawal.id);
    assert.deepEqual([cancelled?.status, cancelled?.reason], ['cancelled', EXPIRED_REASON]);
    assert.ok(announced.includes(otto.id));
    assert.deepEqual(await balance(otto.id, 'BTC'), { available: '1', held: '0' });
    assert.deepEqual(await ledgerSums(), []);
  });

  test('a link to a withdrawal cancelled meanwhile confirms nothing', async () => {
    const pia = await holder({ BTC: '1' });
    const { withdrawal } = await ok(app, 'withdrawals.request', btc('0.05'), {
      token: pia.token,
    });
    await ok(app, 'withdrawals.cancel', { id: withdrawal.id }, { token: pia.token });
    const confirmToken = await mailedToken(db, pia.id, '/confirm-withdrawal');
    await failsWith(
      app,
      'withdrawals.confirm',
      { confirmToken },
      errorText('withdrawal.notWaiting'),
      {
        token: '',
      },
    );
    assert.equal((await status(pia.token, withdrawal.id))?.status, 'cancelled');
    assert.deepEqual(await balance(pia.id, 'BTC'), { available: '1', held: '0' });
  });

  test('an account whose address is not verified cannot withdraw', async () => {
    const { token, user } = await signUp(app);
    await post(db, {
      from: { system: 'deposits' },
      to: { user: user.id },
      ticker: 'BTC',
      amount: '1',
      reason: 'Test deposit',
    });
    await failsWith(
      app,
      'withdrawals.request',
      btc('0.01'),
      errorText('withdrawal.emailUnverified'),
      {
        token,
      },
    );
    assert.equal(await count(user.id), 0);
    await verifyMailedAddress(app, db, user.id);
    await ok(app, 'withdrawals.request', btc('0.01'), { token });
  });

  test("getMine lists the caller's withdrawals newest first, a page at a time", async () => {
    const mia = await holder({ BTC: '1' });
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { withdrawal } = await ok(app, 'withdrawals.request', btc('0.01'), {
        token: mia.token,
      });
      ids.push(withdrawal.id);
    }
    const page = await ok(app, 'withdrawals.getMine', { limit: 2 }, { token: mia.token });
    assert.deepEqual(
      page.withdrawals.map((w) => w.id),
      [ids[2], ids[1]],
    );
    const rest = await ok(
      app,
      'withdrawals.getMine',
      { limit: 2, before: ids[1] ?? 0 },
      { token: mia.token },
    );
    assert.deepEqual(
      rest.withdrawals.map((w) => w.id),
      [ids[0]],
    );
  });
});

/** Calls a method that must fail; its message, checked against `expected` when given. */
async function failsWith(
  app: FastifyInstance,
  method: string,
  params: Record<string, unknown>,
  expected: string | undefined,
  options: { token: string },
): Promise<string> {
  const message = await fails(app, { method, ...params }, options);
  if (expected !== undefined) assert.equal(message, expected);
  return message;
}

/** The adapter with some of its methods replaced. */
function wrap(adapter: ChainAdapter | undefined, replaced: Partial<ChainAdapter>): ChainAdapter {
  assert.ok(adapter);
  return {
    network: adapter.network,
    validateAddress: (input) => adapter.validateAddress(input),
    depositAddress: (account) => adapter.depositAddress(account),
    tip: () => adapter.tip(),
    incomingTransfers: (from, to, addresses) => adapter.incomingTransfers(from, to, addresses),
    sign: (transfer) => adapter.sign(transfer),
    broadcast: (signed) => adapter.broadcast(signed),
    status: (txHash) => adapter.status(txHash),
    ...replaced,
  };
}
