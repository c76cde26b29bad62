/**
 * P2P trades through the API on PGlite and PostgreSQL: every transition and the refused ones
 * (wrong side, wrong state, twice, after expiry), the escrow entering and leaving once with every
 * asset summing to zero, the payment window expiring while the server was down, and disputes
 * decided by staff who are not part of them.
 */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorText } from '../../core/errors/index.ts';
import type { CreateP2pOfferParams, Ticker } from '../../core/protocol/index.ts';
import { forEachDatabase } from '../../test/databases.ts';
import { fails, ok, p2pTrader, testConfig, userBalance } from '../../test/serverTesting.ts';
import { totpCode } from '../accounts/totp.ts';
import { WRONG_CODE } from '../accounts/twoFactor.ts';
import { createServer } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database } from '../storage/db.ts';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let config: Config;
  let staff: { token: string; id: number };

  before(async () => {
    db = await open();
    config = testConfig({ API_RATE_LIMIT: '0' });
    app = await createServer(config, db);
    staff = await trader({});
    await db.updateTable('users').set({ status_id: 1 }).where('id', '=', staff.id).execute();
  });
  after(() => app.close());

  /** An account holder with `funds`, identity verified unless asked, paid by SEPA unless asked. */
  function trader(funds: Partial<Record<Ticker, string>>, verified = true, details = true) {
    return p2pTrader(app, db, funds, { verified, paymentMethods: details ? ['sepa'] : [] });
  }
  const offer = (extra: Partial<CreateP2pOfferParams> = {}): CreateP2pOfferParams => ({
    side: 'sell',
    asset: 'BTC',
    fiat: 'EUR',
    price: '60000',
    amount: '0.5',
    minFiat: '100',
    maxFiat: '6000',
    paymentMethods: ['sepa'],
    paymentWindowMinutes: 15,
    ...extra,
  });
  const publish = async (token: string, extra: Partial<CreateP2pOfferParams> = {}) =>
    (await ok(app, 'p2p.createOffer', offer(extra), { token })).offer;
  const refused = (token: string, method: string, params: Record<string, unknown>) =>
    fails(app, { method, ...params }, { token });
  /** What the escrow account holds of `ticker` beyond `base` (the other tests' open trades). */
  const escrow = async (ticker: Ticker, base = '0') => {
    const { rows } = await sql<{ amount: string }>`
      select trim_scale(coalesce(sum(balance), 0) - ${base}::numeric)::text as amount
      from ledger_accounts where system = 'p2pEscrow' and ticker = ${ticker}`.execute(db);
    return rows[0]?.amount ?? '0';
  };
  const ledgerSums = async () => {
    const { rows } = await sql<{ ticker: string }>`
      select ticker from ledger_accounts group by ticker having sum(balance) <> 0`.execute(db);
    return rows;
  };

  test('a sell offer: opened into escrow, paid, released with the seller’s code; once', async () => {
    const seller = await trader({ BTC: '1' });
    const buyer = await trader({});
    const { key } = await ok(app, 'users.beginTwoFactor', {}, { token: seller.token });
    await ok(
      app,
      'users.enableTwoFactor',
      { code: totpCode(key, Date.now()) },
      { token: seller.token },
    );
    const listed = await publish(seller.token);
    const base = await escrow('BTC');
    const { trade } = await ok(
      app,
      'p2p.openTrade',
      { offerId: listed.id, fiatAmount: '3000' },
      { token: buyer.token },
    );
    assert.deepEqual(
      [trade.status, trade.amount, trade.fee, trade.fiatAmount, trade.buyer.login !== ''],
      ['opened', '0.05', '0.00005', '3000', true],
    );
    assert.ok(Date.parse(trade.payBy) - Date.now() > 14 * 60_000, 'a 15-minute window');
    // Where to pay, now that a trade is under way: the seller's details for the offer's methods.
    assert.deepEqual(trade.paymentDetails, [
      { method: 'sepa', details: `sepa details of account ${seller.id}` },
    ]);
    assert.equal(trade.yourSide, 'buyer');
    assert.deepEqual(await userBalance(db, seller.id, 'BTC'), { available: '0.5', held: '0.45' });
    assert.equal(await escrow('BTC', base), '0.05');
    const [listedNow] = (await ok(app, 'p2p.getMyOffers', {}, { token: seller.token })).offers;
    assert.equal(listedNow?.available, '0.45');

    assert.equal(
      await refused(seller.token, 'p2p.markPaid', { id: trade.id }),
      errorText('trade.onlyBuyerPays'),
    );
    assert.equal(
      await refused(seller.token, 'p2p.releaseTrade', { id: trade.id, code: '000000' }),
      'This trade is waiting for the payment: it can no longer be released.',
    );
    const paid = await ok(app, 'p2p.markPaid', { id: trade.id }, { token: buyer.token });
    assert.equal(paid.trade.status, 'paid');
    assert.equal(
      await refused(buyer.token, 'p2p.releaseTrade', { id: trade.id }),
      errorText('trade.onlySellerReleases'),
    );
    assert.match(await refused(seller.token, 'p2p.releaseTrade', { id: trade.id }), /6-digit code/);
    assert.equal(
      await refused(seller.token, 'p2p.releaseTrade', { id: trade.id, code: '000000' }),
      WRONG_CODE,
    );
    const released = await ok(
      app,
      'p2p.releaseTrade',
      { id: trade.id, code: totpCode(key, Date.now() + 30_000) },
      { token: seller.token },
    );
    assert.equal(released.trade.status, 'released');
    assert.equal(released.trade.paymentDetails, null, 'private again once the trade is over');
    assert.deepEqual(await userBalance(db, buyer.id, 'BTC'), { available: '0.04995', held: '0' });
    assert.deepEqual(await userBalance(db, seller.id, 'BTC'), { available: '0.5', held: '0.45' });
    assert.equal(await escrow('BTC', base), '0');
    assert.equal(
      await refused(buyer.token, 'p2p.cancelTrade', { id: trade.id }),
      'This trade is released: it can no longer be cancelled.',
    );
    const { entries } = await ok(app, 'wallet.getHistory', { kind: 'p2p' }, { token: buyer.token });
    assert.deepEqual(
      entries.map((entry) => [entry.reason, entry.available]),
      [[`P2P trade ${trade.id} released`, '0.04995']],
    );
    assert.deepEqual(await ledgerSums(), []);
  });

  test('a buy offer: the taker sells from their balance; the merchant pays, the taker releases', async () => {
    const merchant = await trader({});
    const taker = await trader({ ETH: '2' });
    const bid = await publish(merchant.token, {
      side: 'buy',
      asset: 'ETH',
      price: '3000',
      amount: '1',
      maxFiat: '3000',
    });
    const { trade } = await ok(
      app,
      'p2p.openTrade',
      { offerId: bid.id, fiatAmount: '1500' },
      { token: taker.token },
    );
    assert.equal(trade.amount, '0.5');
    assert.deepEqual(await userBalance(db, taker.id, 'ETH'), { available: '1.5', held: '0' });
    await ok(app, 'p2p.markPaid', { id: trade.id }, { token: merchant.token });
    await ok(app, 'p2p.releaseTrade', { id: trade.id }, { token: taker.token });
    assert.deepEqual(await userBalance(db, merchant.id, 'ETH'), { available: '0.4995', held: '0' });
    assert.deepEqual(await ledgerSums(), []);
  });

  test('the buyer cancels before paying and the crypto goes back onto the offer', async () => {
    const seller = await trader({ BTC: '1' });
    const buyer = await trader({});
    const listed = await publish(seller.token);
    const open = async () =>
      (
        await ok(
          app,
          'p2p.openTrade',
          { offerId: listed.id, fiatAmount: '600' },
          { token: buyer.token },
        )
      ).trade;
    const first = await open();
    assert.equal(
      await refused(seller.token, 'p2p.cancelTrade', { id: first.id }),
      errorText('trade.onlyBuyerCancels'),
    );
    const cancelled = await ok(app, 'p2p.cancelTrade', { id: first.id }, { token: buyer.token });
    assert.equal(cancelled.trade.status, 'cancelled');
    assert.deepEqual(await userBalance(db, seller.id, 'BTC'), { available: '0.5', held: '0.5' });
    const [back] = (await ok(app, 'p2p.getMyOffers', {}, { token: seller.token })).offers;
    assert.equal(back?.available, '0.5');

    // Paid, it cannot be cancelled any more; the offer paused meanwhile gets it back unheld.
    const second = await open();
    await ok(app, 'p2p.markPaid', { id: second.id }, { token: buyer.token });
    assert.equal(
      await refused(buyer.token, 'p2p.cancelTrade', { id: second.id }),
      'This trade is marked paid: it can no longer be cancelled.',
    );
    assert.deepEqual(await ledgerSums(), []);
  });

  test('each offer shows its merchant’s completed trades, a buyer’s failures counted against the buyer', async () => {
    const seller = await trader({ BTC: '1' });
    const buyer = await trader({});
    const listed = await publish(seller.token, { fiat: 'VND' });
    const record = async (login: 'seller' | 'buyer') => {
      const { offers } = await ok(app, 'p2p.getOffers', { fiat: 'VND' });
      const offer = offers.find((item) => item.id === (login === 'seller' ? listed.id : bought.id));
      return offer?.merchant;
    };
    // The buyer is a merchant too: an offer to buy ETH, whose record shows the same trades.
    const bought = await publish(buyer.token, {
      side: 'buy',
      asset: 'ETH',
      fiat: 'VND',
      price: '2000',
      minFiat: '100',
      maxFiat: '1000',
    });
    assert.deepEqual(
      { ...(await record('seller')), login: '' },
      { login: '', completedTrades: 0, completionPercent: null },
    );
    const open = async () =>
      (
        await ok(
          app,
          'p2p.openTrade',
          { offerId: listed.id, fiatAmount: '600' },
          { token: buyer.token },
        )
      ).trade;
    const done = await open();
    await ok(app, 'p2p.markPaid', { id: done.id }, { token: buyer.token });
    await ok(app, 'p2p.releaseTrade', { id: done.id }, { token: seller.token });
    const dropped = await open();
    await ok(app, 'p2p.cancelTrade', { id: dropped.id }, { token: buyer.token });
    // The seller completed every trade that was theirs to complete; the buyer one of two.
    assert.deepEqual(
      { ...(await record('seller')), login: '' },
      { login: '', completedTrades: 1, completionPercent: 100 },
    );
    const buyers = await record('buyer');
    assert.equal(buyers?.completedTrades, 1);
    assert.equal(buyers?.completionPercent, 50);
  });

  test('an unpaid trade expires with its window, also when the window passed while the server was down', async () => {
    const seller = await trader({ BTC: '1' });
    const buyer = await trader({});
    const listed = await publish(seller.token);
    const open = async () =>
      (
        await ok(
          app,
          'p2p.openTrade',
          { offerId: listed.id, fiatAmount: '1200' },
          { token: buyer.token },
        )
      ).trade;
    const first = await open();
    const second = await open();
    const past = new Date(Date.now() - 60_000);
    await db
      .updateTable('p2p_trades')
      .set({ pay_by: past })
      .where('id', 'in', [first.id, second.id])
      .execute();
    // Marking paid too late expires it and says so.
    assert.equal(
      await refused(buyer.token, 'p2p.markPaid', { id: first.id }),
      errorText('trade.expired'),
    );
    // A server starting on this database expires the other at once.
    const restarted = await createServer(config, db);
    await restarted.ready();
    await restarted.close();
    const { trade } = await ok(app, 'p2p.getTrade', { id: second.id }, { token: seller.token });
    assert.equal(trade.status, 'expired');
    assert.deepEqual(await userBalance(db, seller.id, 'BTC'), { available: '0.5', held: '0.5' });
    assert.equal(
      await refused(buyer.token, 'p2p.markPaid', { id: second.id }),
      'This trade is expired: it can no longer be marked paid.',
    );
    assert.deepEqual(await ledgerSums(), []);
  });

  test('a dispute keeps the escrow until staff decide, with a reason both sides read', async () => {
    const seller = await trader({ BTC: '1' });
    const buyer = await trader({});
    const listed = await publish(seller.token);
    const base = await escrow('BTC');
    const paidTrade = async () => {
      const { trade } = await ok(
        app,
        'p2p.openTrade',
        { offerId: listed.id, fiatAmount: '600' },
        { token: buyer.token },
      );
      await ok(app, 'p2p.markPaid', { id: trade.id }, { token: buyer.token });
      return trade;
    };
    const first = await paidTrade();
    assert.equal(
      await refused(buyer.token, 'p2p.disputeTrade', { id: first.id, reason: '  ' }),
      errorText('trade.reasonRequired'),
    );
    const disputed = await ok(
      app,
      'p2p.disputeTrade',
      { id: first.id, reason: 'I paid by SEPA and the seller does not release.' },
      { token: buyer.token },
    );
    assert.equal(disputed.trade.status, 'disputed');
    assert.equal(disputed.trade.disputedBy, 'buyer');
    // Its history: opened, then paid, then disputed, in that order; not ended yet.
    const { createdAt, paidAt, disputedAt, endedAt } = disputed.trade;
    assert.ok(paidAt !== null && disputedAt !== null);
    assert.ok(createdAt <= paidAt && paidAt <= disputedAt, JSON.stringify(disputed.trade));
    assert.equal(endedAt, null);
    assert.equal(await escrow('BTC', base), '0.01');
    const { trades } = await ok(app, 'p2p.getDisputes', {}, { token: staff.token });
    assert.ok(trades.some((t) => t.id === first.id && t.disputeReason?.startsWith('I paid')));
    assert.match(
      await refused(buyer.token, 'p2p.resolveDispute', { id: first.id, to: 'buyer', reason: 'x' }),
      /staff/i,
    );
    const decided = await ok(
      app,
      'p2p.resolveDispute',
      { id: first.id, to: 'seller', reason: 'No payment reached the seller’s bank.' },
      { token: staff.token },
    );
    assert.ok(decided.trade.endedAt !== null && decided.trade.endedAt >= disputedAt);
    assert.deepEqual(
      [decided.trade.status, decided.trade.resolution],
      ['returned', 'No payment reached the seller’s bank.'],
    );
    assert.equal(
      await refused(staff.token, 'p2p.resolveDispute', { id: first.id, to: 'buyer', reason: 'x' }),
      errorText('trade.notDisputed'),
    );

    const second = await paidTrade();
    await ok(
      app,
      'p2p.disputeTrade',
      { id: second.id, reason: 'No answer.' },
      { token: seller.token },
    );
    await ok(
      app,
      'p2p.resolveDispute',
      { id: second.id, to: 'buyer', reason: 'The bank statement shows the payment.' },
      { token: staff.token },
    );
    assert.deepEqual(await userBalance(db, buyer.id, 'BTC'), { available: '0.00999', held: '0' });
    assert.equal(await escrow('BTC', base), '0');
    assert.deepEqual(await ledgerSums(), []);
  });

  test('bad requests get a clear message and move nothing', async () => {
    const seller = await trader({ BTC: '1' });
    const buyer = await trader({ BTC: '0.001' });
    const stranger = await trader({});
    const unverified = await trader({}, false);
    const listed = await publish(seller.token, { amount: '0.05', maxFiat: '3000' });
    const openRefused = (token: string, fiatAmount: string, offerId = listed.id) =>
      refused(token, 'p2p.openTrade', { offerId, fiatAmount });
    assert.equal(await openRefused(seller.token, '500'), errorText('trade.ownOffer'));
    assert.equal(await openRefused(unverified.token, '500'), errorText('trade.unverified'));
    assert.equal(
      await openRefused(buyer.token, '50'),
      'Enter between 100 and 3000 EUR for this offer, with at most 2 decimals.',
    );
    assert.equal(
      await openRefused(buyer.token, '500', 999_999),
      errorText('trade.offerUnavailable'),
    );
    const { trade } = await ok(
      app,
      'p2p.openTrade',
      { offerId: listed.id, fiatAmount: '2400' },
      { token: buyer.token },
    );
    assert.equal(
      await openRefused(buyer.token, '1200'),
      'This offer has 0.01 BTC left: enter less EUR.',
    );
    assert.equal(
      await refused(stranger.token, 'p2p.markPaid', { id: trade.id }),
      errorText('trade.notFound'),
    );
    assert.equal(
      await refused(stranger.token, 'p2p.getTrade', { id: trade.id }),
      errorText('trade.notFound'),
    );
    // A taker selling on a buy offer needs details of their own for one of its methods.
    const noDetails = await trader({ BTC: '1' }, true, false);
    const sepaBid = await publish(seller.token, { side: 'buy', amount: '1', maxFiat: '60000' });
    assert.match(
      await openRefused(noDetails.token, '600', sepaBid.id),
      /^Add your payment details for one of SEPA transfer first/,
    );
    assert.deepEqual(await userBalance(db, noDetails.id, 'BTC'), { available: '1', held: '0' });
    // A buy offer the taker cannot cover.
    const bid = await publish(stranger.token, { side: 'buy', amount: '1', maxFiat: '60000' });
    await db
      .updateTable('users')
      .set({ is_verified: true })
      .where('id', '=', stranger.id)
      .execute();
    assert.equal(
      await openRefused(buyer.token, '600', bid.id),
      'Insufficient BTC balance: the trade holds 0.01 BTC in escrow until it ends.',
    );
    assert.deepEqual(await userBalance(db, buyer.id, 'BTC'), { available: '0.001', held: '0' });
    // A blocked merchant's offer is neither listed nor open to trades.
    await db.updateTable('users').set({ is_blocked: true }).where('id', '=', stranger.id).execute();
    const { offers } = await ok(app, 'p2p.getOffers', { side: 'buy', asset: 'BTC', fiat: 'EUR' });
    assert.equal(
      offers.some((offer) => offer.id === bid.id),
      false,
    );
    assert.equal(
      await openRefused(seller.token, '600', bid.id),
      errorText('trade.offerUnavailable'),
    );
    assert.deepEqual(await ledgerSums(), []);
  });
});
