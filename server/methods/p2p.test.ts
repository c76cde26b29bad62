/**
 * P2P offers through the API on PGlite and PostgreSQL: a verified merchant publishes, the offer
 * is listed to everyone with filters and the best price first, a sell offer's crypto sits in
 * escrow while active and comes back when paused or closed, and bad terms move nothing.
 */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorText } from '../../core/errors/index.ts';
import type { CreateP2pOfferParams, Ticker } from '../../core/protocol/index.ts';
import { forEachDatabase } from '../../test/databases.ts';
import { fails, ok, p2pTrader, testConfig, userBalance } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
  });
  after(() => app.close());

  /** A merchant with `funds`, identity verified unless asked, paid by SEPA or Wise. */
  const merchant = (funds: Partial<Record<Ticker, string>>, verified = true) =>
    p2pTrader(app, db, funds, { verified, paymentMethods: ['sepa', 'wise'] });
  const sellBtc = (extra: Partial<CreateP2pOfferParams> = {}): CreateP2pOfferParams => ({
    side: 'sell',
    asset: 'BTC',
    fiat: 'EUR',
    price: '60000',
    amount: '0.5',
    minFiat: '100',
    maxFiat: '5000',
    paymentMethods: ['sepa', 'wise'],
    paymentWindowMinutes: 15,
    terms: 'SEPA instant only.\nNo third-party payments.',
    ...extra,
  });
  const ledgerSums = async () => {
    const { rows } = await sql<{ ticker: string; sum: string }>`
      select ticker, trim_scale(sum(balance))::text as sum from ledger_accounts group by ticker
      having sum(balance) <> 0`.execute(db);
    return rows;
  };

  test('a sell offer holds its amount in escrow while active; pausing and closing release it', async () => {
    const mia = await merchant({ BTC: '1' });
    const { offer } = await ok(app, 'p2p.createOffer', sellBtc(), { token: mia.token });
    assert.deepEqual(
      [offer.side, offer.asset, offer.fiat, offer.price, offer.available, offer.status],
      ['sell', 'BTC', 'EUR', '60000', '0.5', 'active'],
    );
    assert.deepEqual(offer.paymentMethods, ['sepa', 'wise']);
    assert.deepEqual(await userBalance(db, mia.id, 'BTC'), { available: '0.5', held: '0.5' });

    const paused = await ok(
      app,
      'p2p.setOfferStatus',
      { id: offer.id, status: 'paused' },
      { token: mia.token },
    );
    assert.equal(paused.offer.status, 'paused');
    assert.deepEqual(await userBalance(db, mia.id, 'BTC'), { available: '1', held: '0' });
    // Asked twice, it changes nothing the second time.
    await ok(app, 'p2p.setOfferStatus', { id: offer.id, status: 'paused' }, { token: mia.token });
    assert.deepEqual(await userBalance(db, mia.id, 'BTC'), { available: '1', held: '0' });

    await ok(app, 'p2p.setOfferStatus', { id: offer.id, status: 'active' }, { token: mia.token });
    assert.deepEqual(await userBalance(db, mia.id, 'BTC'), { available: '0.5', held: '0.5' });
    await ok(app, 'p2p.setOfferStatus', { id: offer.id, status: 'closed' }, { token: mia.token });
    assert.deepEqual(await userBalance(db, mia.id, 'BTC'), { available: '1', held: '0' });
    assert.equal(
      await fails(
        app,
        { method: 'p2p.setOfferStatus', id: offer.id, status: 'active' },
        { token: mia.token },
      ),
      errorText('offer.closed'),
    );
    assert.deepEqual(await userBalance(db, mia.id, 'BTC'), { available: '1', held: '0' });

    // Every hold and release is an entry the merchant sees with its reason.
    const { entries } = await ok(app, 'wallet.getHistory', { ticker: 'BTC' }, { token: mia.token });
    const reasons = entries.map((entry) => entry.reason);
    assert.ok(reasons.includes(`P2P offer ${offer.id} in escrow`));
    assert.ok(reasons.includes(`P2P offer ${offer.id} paused: escrow released`));
    assert.ok(reasons.includes(`P2P offer ${offer.id} closed: escrow released`));
    assert.deepEqual(await ledgerSums(), []);
  });

  test('a buy offer holds nothing; the escrow cannot exceed the balance', async () => {
    const ned = await merchant({ BTC: '0.2', USDT: '100' });
    const { offer } = await ok(
      app,
      'p2p.createOffer',
      sellBtc({ side: 'buy', amount: '2', maxFiat: '10000' }),
      { token: ned.token },
    );
    assert.equal(offer.side, 'buy');
    assert.deepEqual(await userBalance(db, ned.id, 'BTC'), { available: '0.2', held: '0' });
    assert.equal(
      await fails(app, { method: 'p2p.createOffer', ...sellBtc() }, { token: ned.token }),
      'Insufficient BTC balance: the offer holds 0.5 BTC in escrow while it is published.',
    );
    const mine = await ok(app, 'p2p.getMyOffers', {}, { token: ned.token });
    assert.deepEqual(
      mine.offers.map((o) => o.id),
      [offer.id],
      'the refused offer was not stored',
    );
  });

  test('offers are listed to everyone, filtered, the best price first', async () => {
    const ola = await merchant({ ETH: '10' });
    const pia = await merchant({ ETH: '10' });
    const eth = (price: string, extra: Partial<CreateP2pOfferParams> = {}) =>
      sellBtc({ asset: 'ETH', fiat: 'GBP', price, amount: '1', maxFiat: '2000', ...extra });
    const dear = await ok(app, 'p2p.createOffer', eth('3100'), { token: ola.token });
    const cheap = await ok(app, 'p2p.createOffer', eth('2900', { paymentMethods: ['wise'] }), {
      token: pia.token,
    });
    const bid = await ok(app, 'p2p.createOffer', eth('2800', { side: 'buy' }), {
      token: pia.token,
    });
    const higherBid = await ok(app, 'p2p.createOffer', eth('2850', { side: 'buy' }), {
      token: ola.token,
    });
    // Signed out.
    const sells = await ok(app, 'p2p.getOffers', { side: 'sell', asset: 'ETH', fiat: 'GBP' });
    assert.deepEqual(
      sells.offers.map((o) => o.id),
      [cheap.offer.id, dear.offer.id],
    );
    assert.ok(sells.offers.every((o) => o.merchant.login !== ''));
    const buys = await ok(app, 'p2p.getOffers', { side: 'buy', asset: 'ETH', fiat: 'GBP' });
    assert.deepEqual(
      buys.offers.map((o) => o.id),
      [higherBid.offer.id, bid.offer.id],
    );
    const bySepa = await ok(app, 'p2p.getOffers', {
      side: 'sell',
      asset: 'ETH',
      fiat: 'GBP',
      paymentMethod: 'sepa',
    });
    assert.deepEqual(
      bySepa.offers.map((o) => o.id),
      [dear.offer.id],
    );
    // 2 500 GBP is within the limits of none: the maximum is 2 000.
    const big = await ok(app, 'p2p.getOffers', { asset: 'ETH', fiat: 'GBP', fiatAmount: '2500' });
    assert.deepEqual(big.offers, []);
    await ok(
      app,
      'p2p.setOfferStatus',
      { id: cheap.offer.id, status: 'paused' },
      { token: pia.token },
    );
    const after = await ok(app, 'p2p.getOffers', { side: 'sell', asset: 'ETH', fiat: 'GBP' });
    assert.deepEqual(
      after.offers.map((o) => o.id),
      [dear.offer.id],
      'a paused offer is not listed',
    );
  });

  test('only verified merchants publish, and only their own offers change', async () => {
    const quinn = await merchant({ BTC: '1' }, false);
    assert.equal(
      await fails(app, { method: 'p2p.createOffer', ...sellBtc() }, { token: quinn.token }),
      errorText('offer.unverified'),
    );
    assert.deepEqual(await userBalance(db, quinn.id, 'BTC'), { available: '1', held: '0' });
    const rita = await merchant({ BTC: '1' });
    const { offer } = await ok(app, 'p2p.createOffer', sellBtc(), { token: rita.token });
    assert.equal(
      await fails(
        app,
        { method: 'p2p.setOfferStatus', id: offer.id, status: 'closed' },
        { token: quinn.token },
      ),
      errorText('offer.notFound'),
    );
    assert.equal(
      (await ok(app, 'p2p.getMyOffers', {}, { token: rita.token })).offers[0]?.status,
      'active',
    );
  });

  test('a sell offer needs the merchant’s payment details for each method; details can be removed', async () => {
    const tess = await merchant({ BTC: '1' });
    assert.equal(
      await fails(
        app,
        { method: 'p2p.createOffer', ...sellBtc({ paymentMethods: ['sepa', 'revolut'] }) },
        { token: tess.token },
      ),
      'Add your payment details for Revolut first (P2P → Payment details), so buyers know where to pay.',
    );
    const { details } = await ok(
      app,
      'p2p.setPaymentDetails',
      { paymentMethod: 'wise', details: '  ' },
      { token: tess.token },
    );
    assert.deepEqual(
      details.map((d) => d.method),
      ['sepa'],
    );
    assert.equal(
      await fails(
        app,
        { method: 'p2p.setPaymentDetails', paymentMethod: 'pigeon', details: 'Loft 3' },
        { token: tess.token },
      ),
      '"pigeon" is not a listed payment method.',
    );
    assert.deepEqual(await userBalance(db, tess.id, 'BTC'), { available: '1', held: '0' });
  });

  test('bad terms get a clear message and move nothing', async () => {
    const sam = await merchant({ BTC: '1' });
    const refusals: [Partial<CreateP2pOfferParams>, string | RegExp][] = [
      [{ fiat: 'XYZ' }, /^Choose one of the listed fiat currencies: USD, EUR/],
      [{ price: '0' }, 'Price must be greater than zero.'],
      [{ price: '-5' }, 'Price must be a number such as "65000.5".'],
      [{ amount: '0.000000001' }, 'A BTC amount can have at most 8 decimals.'],
      [{ minFiat: '10.555' }, 'Minimum per trade can have at most 2 decimals.'],
      [{ minFiat: '6000' }, 'The minimum per trade cannot be above the maximum.'],
      [
        { maxFiat: '40000' },
        /^The maximum per trade \(40000 EUR\) is more than the whole amount is worth/,
      ],
      [{ paymentMethods: ['pigeon'] }, /^"pigeon" is not a listed payment method/],
      [{ paymentMethods: [] }, 'Choose at least one payment method.'],
      [
        { paymentMethods: ['bank', 'sepa', 'wise', 'paypal', 'zelle', 'pix'] },
        'Choose at most 5 payment methods.',
      ],
      [{ paymentWindowMinutes: 20 }, 'The payment window must be 15, 30, 45 or 60 minutes.'],
    ];
    for (const [change, message] of refusals) {
      const refusal = await fails(
        app,
        { method: 'p2p.createOffer', ...sellBtc(change) },
        { token: sam.token },
      );
      if (typeof message === 'string') assert.equal(refusal, message);
      else assert.match(refusal, message);
    }
    assert.deepEqual((await ok(app, 'p2p.getMyOffers', {}, { token: sam.token })).offers, []);
    assert.deepEqual(await userBalance(db, sam.id, 'BTC'), { available: '1', held: '0' });
    const catalogue = await ok(app, 'p2p.getCatalogue', {});
    assert.deepEqual(catalogue.paymentWindows, [15, 30, 45, 60]);
    assert.ok(catalogue.paymentMethods.some((m) => m.id === 'sepa' && m.name === 'SEPA transfer'));
    assert.equal(catalogue.assets.length, 9);
  });
});
