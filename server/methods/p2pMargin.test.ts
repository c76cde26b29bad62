/**
 * P2P offers priced at a margin over the market, through the API on PGlite and PostgreSQL: staff
 * keep what one USDT is worth in a fiat; a margin offer's price is the spot market's last price
 * times that rate, moved by the margin; it follows both at once in the list and its order, a trade
 * keeps the price it opened at, and without a rate a margin offer has no price and no trade.
 */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { errorText } from '../../core/errors/index.ts';
import type { CreateP2pOfferParams } from '../../core/protocol/index.ts';
import { forEachDatabase } from '../../test/databases.ts';
import { fails, ok, p2pTrader, testConfig } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let staff: { token: string; id: number };

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
    staff = await p2pTrader(app, db, {});
    await db.updateTable('users').set({ status_id: 1 }).where('id', '=', staff.id).execute();
  });
  after(() => app.close());

  /** The spot market's last BTC price, as a trade would leave it on the currency. */
  const lastBtcPrice = (price: string) =>
    db.updateTable('currencies').set({ price }).where('ticker', '=', 'BTC').execute();
  const setRate = (fiat: string, perUsdt: string) =>
    ok(app, 'p2p.setFiatRate', { fiat, perUsdt }, { token: staff.token });
  const sellBtc = (extra: Partial<CreateP2pOfferParams>): CreateP2pOfferParams => ({
    side: 'sell',
    asset: 'BTC',
    fiat: 'BRL',
    amount: '0.1',
    minFiat: '100',
    maxFiat: '1000',
    paymentMethods: ['sepa'],
    paymentWindowMinutes: 15,
    ...extra,
  });
  const listed = async () =>
    (await ok(app, 'p2p.getOffers', { side: 'sell', asset: 'BTC', fiat: 'BRL' })).offers.map(
      (offer) => [offer.price, offer.margin],
    );

  test('a margin offer follows the market and the rate; a trade keeps the price it opened at', async () => {
    const merchant = await p2pTrader(app, db, { BTC: '1' });
    const buyer = await p2pTrader(app, db, {});
    const publish = async (extra: Partial<CreateP2pOfferParams>) =>
      (await ok(app, 'p2p.createOffer', sellBtc(extra), { token: merchant.token })).offer;
    await lastBtcPrice('50000');
    assert.equal(
      await fails(
        app,
        { method: 'p2p.createOffer', ...sellBtc({ margin: '2' }) },
        {
          token: merchant.token,
        },
      ),
      'There is no reference rate for BRL yet, so a margin cannot be priced: set a fixed price.',
    );
    assert.deepEqual(
      (await ok(app, 'p2p.getReferencePrice', { asset: 'BTC', fiat: 'BRL' })).price,
      null,
    );

    const { rates } = await setRate('BRL', '5.5');
    assert.deepEqual(
      rates.map((rate) => [rate.fiat, rate.perUsdt]),
      [['BRL', '5.5']],
    );
    assert.equal(
      (await ok(app, 'p2p.getReferencePrice', { asset: 'BTC', fiat: 'BRL' })).price,
      '275000',
    );
    // 275000 × 1.02 and × 0.985, between a fixed price of 275000.
    const above = await publish({ margin: '2' });
    assert.deepEqual([above.price, above.margin], ['280500', '2']);
    await publish({ price: '275000' });
    const below = await publish({ margin: '-1.5' });
    assert.deepEqual([below.price, below.margin], ['270875', '-1.5']);
    assert.deepEqual(await listed(), [
      ['270875', '-1.5'],
      ['275000', null],
      ['280500', '2'],
    ]);

    // The market moves: the margin offers move with it, and the cheapest changes places.
    await lastBtcPrice('56000');
    assert.deepEqual(await listed(), [
      ['275000', null],
      ['303380', '-1.5'],
      ['314160', '2'],
    ]);
    const { trade } = await ok(
      app,
      'p2p.openTrade',
      { offerId: below.id, fiatAmount: '303.38' },
      { token: buyer.token },
    );
    assert.deepEqual([trade.price, trade.amount], ['303380', '0.001']);
    await lastBtcPrice('40000');
    const kept = await ok(app, 'p2p.getTrade', { id: trade.id }, { token: buyer.token });
    assert.equal(kept.trade.price, '303380');

    // A rate the staff change reprices at once.
    await setRate('BRL', '5');
    assert.deepEqual(await listed(), [
      ['197000', '-1.5'],
      ['204000', '2'],
      ['275000', null],
    ]);
  });

  test('bad margins and rates are refused in words, and only staff set rates', async () => {
    const merchant = await p2pTrader(app, db, { BTC: '1' });
    const refused = (extra: Partial<CreateP2pOfferParams>) =>
      fails(app, { method: 'p2p.createOffer', ...sellBtc(extra) }, { token: merchant.token });
    await setRate('BRL', '5.5');
    assert.equal(
      await refused({ price: '275000', margin: '2' }),
      'Give either a fixed price or a margin over the market price.',
    );
    assert.equal(await refused({}), 'Give either a fixed price or a margin over the market price.');
    assert.equal(await refused({ margin: '25' }), 'The margin must be between -20 and 20 percent.');
    assert.equal(await refused({ margin: '1.234' }), 'The margin can have at most 2 decimals.');
    assert.equal(
      await refused({ margin: 'lots' }),
      'The margin must be a percentage such as "2.5" or "-1".',
    );
    const rate = (params: Record<string, unknown>, token = staff.token) =>
      fails(app, { method: 'p2p.setFiatRate', ...params }, { token });
    assert.equal(
      await rate({ fiat: 'XYZ', perUsdt: '1' }),
      'Choose one of the listed fiat currencies: USD, EUR, GBP, TRY, BRL, INR, NGN, ARS, UAH, VND.',
    );
    assert.equal(
      await rate({ fiat: 'BRL', perUsdt: '0' }),
      'The rate must be a positive number with at most 8 decimals, such as "0.92".',
    );
    assert.match(await rate({ fiat: 'BRL', perUsdt: '5' }, merchant.token), /staff/i);
  });

  test('a margin offer whose rate is gone has no price: unlisted, and no trade opens on it', async () => {
    const merchant = await p2pTrader(app, db, { BTC: '1' });
    const buyer = await p2pTrader(app, db, {});
    await setRate('INR', '90');
    const { offer } = await ok(
      app,
      'p2p.createOffer',
      sellBtc({ fiat: 'INR', margin: '0', maxFiat: '100000' }),
      {
        token: merchant.token,
      },
    );
    await db.deleteFrom('p2p_fiat_rates').where('fiat', '=', 'INR').execute();
    const { offers } = await ok(app, 'p2p.getOffers', { fiat: 'INR' });
    assert.deepEqual(offers, []);
    const mine = await ok(app, 'p2p.getMyOffers', {}, { token: merchant.token });
    assert.deepEqual(
      mine.offers.map((item) => [item.id, item.price, item.margin]),
      [[offer.id, null, '0']],
    );
    assert.equal(
      await fails(
        app,
        { method: 'p2p.openTrade', offerId: offer.id, fiatAmount: '500' },
        {
          token: buyer.token,
        },
      ),
      errorText('trade.unpriced'),
    );
  });
});
