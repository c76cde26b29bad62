import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { errorText } from '../../core/errors/index.ts';
import {
  type CardPurchase,
  type CreateCardPurchaseParams,
  MARKET_SOCKET_PATH,
  type MarketServerMessage,
} from '../../core/protocol/index.ts';
import { forEachDatabase } from '../../test/databases.ts';
import {
  fails,
  fundedAccount,
  ok,
  signUp,
  testConfig,
  userBalance,
} from '../../test/serverTesting.ts';
import { waitFor } from '../../test/waitFor.ts';
import { createServer } from '../app.ts';
import { SIGNATURE_HEADER, signCallback } from '../buy/callbackSignature.ts';
import { callbackSecret } from '../buy/providers.ts';
import { sweepPurchases } from '../buy/purchases.ts';
import { TEST_CALLBACK_PATH } from '../buy/TestCardProvider.ts';
import type { Config } from '../config.ts';
import type { Database } from '../storage/db.ts';

const CARD = { expiry: '12/39', cvc: '123', name: 'Ada Lovelace' };

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let config: Config;
  let base: string;
  let staffToken: string;
  let keys = 0;
  const key = () => `buy-key-${process.pid}-${++keys}`;

  before(async () => {
    db = await open();
    config = testConfig({ API_RATE_LIMIT: '0' });
    app = await createServer(config, db);
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const staff = await signUp(app);
    staffToken = staff.token;
    await db.updateTable('users').set({ status_id: 1 }).where('id', '=', staff.user.id).execute();
    // A seller on the book: BTC's best ask is 50,000 USDT (and a worse one above it).
    const seller = await fundedAccount(app, db, { BTC: '1' });
    for (const price of ['50000', '51000']) {
      await ok(
        app,
        'orders.place',
        { pair: 'BTC_USDT', side: 'sell', type: 'limit', price, amount: '0.1' },
        { token: seller.token },
      );
    }
  });
  after(() => app.close());

  const create = async (token: string, params: Omit<CreateCardPurchaseParams, 'idempotencyKey'>) =>
    (await ok(app, 'buy.create', { ...params, idempotencyKey: key() }, { token })).purchase;
  const mine = async (token: string) => (await ok(app, 'buy.getMine', {}, { token })).purchases;
  const column = async (id: number, name: 'status' | 'session_id') =>
    (
      await db
        .selectFrom('card_purchases')
        .select(name)
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    )[name] ?? '';
  const status = (id: number) => column(id, 'status');
  const sessionOf = (id: number) => column(id, 'session_id');
  /** Where the test provider's session of a purchase stands. */
  const providerStatus = async (id: number) =>
    (
      await db
        .selectFrom('test_card_sessions')
        .select('status')
        .where('id', '=', await sessionOf(id))
        .executeTakeFirstOrThrow()
    ).status;
  /** Posts the card form of a purchase's payment page; the response, not followed. */
  const pay = (purchase: CardPurchase, number: string, card: Partial<typeof CARD> = {}) =>
    fetch(`${base}${purchase.paymentUrl}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number, ...CARD, ...card }).toString(),
      redirect: 'manual',
    });
  const callback = (body: string, signature: string | undefined) =>
    fetch(`${base}${TEST_CALLBACK_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { [SIGNATURE_HEADER]: signature }),
      },
      body,
    });
  const entries = async (userId: number) =>
    (
      await sql<{ reason: string }>`
        select e.reason from ledger_entries e
        join ledger_accounts a on a.id in (e.debit_account_id, e.credit_account_id)
        where a.user_id = ${userId} order by e.id`.execute(db)
    ).rows.map((row) => row.reason);

  test('a quote: USDT one for one, BTC at the best ask, with the disclosed fee', async () => {
    const usdt = (await ok(app, 'buy.quote', { asset: 'USDT', usdAmount: '100' })).quote;
    // 3.5 % of 100 plus 0.30: 3.80; 96.20 buys 96.2 USDT.
    assert.deepEqual(
      { rate: usdt.rate, fee: usdt.fee, total: usdt.total, amount: usdt.amount },
      { rate: '1', fee: '3.8', total: '100', amount: '96.2' },
    );
    const btc = (await ok(app, 'buy.quote', { asset: 'BTC', usdAmount: '100' })).quote;
    assert.equal(btc.rate, '50000');
    assert.equal(btc.testMode, true, 'the built-in provider is a test mode, and the quote says so');
    assert.equal(btc.amount, '0.001924');
    const byAmount = (await ok(app, 'buy.quote', { asset: 'BTC', amount: '0.002' })).quote;
    // 0.002 BTC is 100 USD; (100 + 0.30) / 0.965 = 103.94 (rounded up to the cent).
    assert.deepEqual(
      { spend: byAmount.spend, total: byAmount.total, fee: byAmount.fee },
      { spend: '100', total: '103.94', fee: '3.94' },
    );
  });

  test('bad input gets a clear message and creates nothing', async () => {
    const { token, user } = await signUp(app);
    const refused = (params: Record<string, unknown>) =>
      fails(app, { method: 'buy.create', idempotencyKey: key(), ...params }, { token });
    assert.match(await refused({ asset: 'PEPE', usdAmount: '100' }), /must be one of BTC/);
    assert.match(
      await refused({ asset: 'BTC', usdAmount: '19.99' }),
      /smallest card purchase is 20 USD/,
    );
    assert.match(
      await refused({ asset: 'BTC', usdAmount: '5000.01' }),
      /largest card purchase is 5,000 USD/,
    );
    assert.equal(
      await refused({ asset: 'BTC', usdAmount: '50.001' }),
      errorText('buy.usdDecimals'),
    );
    assert.equal(
      await refused({ asset: 'BTC', amount: '0.000000001' }),
      'A BTC amount can have at most 8 decimals.',
    );
    assert.equal(await refused({ asset: 'BTC' }), errorText('buy.neither'));
    assert.equal(
      await refused({ asset: 'BTC', usdAmount: '50', amount: '1' }),
      errorText('buy.both'),
    );
    assert.match(await refused({ asset: 'BTC', usdAmount: 50 }), /not a number/);
    assert.match(await refused({ asset: 'ETH', usdAmount: '50' }), /No ETH is offered/);
    assert.deepEqual(await mine(token), []);
    assert.deepEqual(await entries(user.id), []);
  });

  test('buying USDT with the card that succeeds credits the quoted amount once', async () => {
    const { token, user } = await signUp(app);
    const purchase = await create(token, { asset: 'USDT', usdAmount: '100' });
    assert.equal(purchase.status, 'awaitingPayment');
    assert.match(purchase.paymentUrl ?? '', /^\/pay\/test\/[\w-]+$/);
    const form = await fetch(`${base}${purchase.paymentUrl}`);
    assert.equal(form.status, 200);
    assert.match(await form.text(), /4242 4242 4242 4242/);

    const paid = await pay(purchase, '4242 4242 4242 4242');
    assert.equal(paid.status, 303);
    assert.equal(paid.headers.get('location'), `/account/buy-crypto?purchase=${purchase.id}`);
    const [after] = await mine(token);
    assert.equal(after?.status, 'credited');
    assert.deepEqual(after?.card, { brand: 'visa', last4: '4242' });
    assert.equal((await userBalance(db, user.id, 'USDT')).available, '96.2');
    assert.deepEqual(await entries(user.id), [`Card purchase ${purchase.id}: 96.2 USDT`]);
    const history = await ok(app, 'wallet.getHistory', { kind: 'cardPurchase' }, { token });
    assert.equal(history.entries[0]?.available, '96.2');
    // The page cannot be paid twice, and no card number or CVC is stored anywhere.
    assert.equal((await pay(purchase, '4242424242424242')).status, 410);
    const stored = JSON.stringify([
      await db.selectFrom('card_purchases').selectAll().execute(),
      await db.selectFrom('test_card_sessions').selectAll().execute(),
    ]);
    assert.equal(stored.includes('4242424242424242'), false);
    assert.equal(stored.includes('"123"'), false);
  });

  test('a card that fails Luhn, a past expiry or a bad CVC is refused on the page and moves nothing', async () => {
    const { token } = await signUp(app);
    const purchase = await create(token, { asset: 'USDT', usdAmount: '50' });
    const luhn = await pay(purchase, '4242 4242 4242 4241');
    assert.equal(luhn.status, 422);
    assert.ok((await luhn.text()).includes(errorText('card.numberInvalid')));
    const expired = await pay(purchase, '4242424242424242', { expiry: '01/20', cvc: '12' });
    const page = await expired.text();
    assert.ok(page.includes(errorText('card.expiryPast')));
    assert.ok(page.includes(errorText('card.cvcFormat')));
    assert.equal(page.includes('4242424242424242'), false, 'the number is not written back');
    assert.equal(await status(purchase.id), 'awaitingPayment');
  });

  test('declined and insufficient-funds cards end declined with the reason, crediting nothing', async () => {
    const { token, user } = await signUp(app);
    const declined = await create(token, { asset: 'USDT', usdAmount: '40' });
    assert.equal((await pay(declined, '4000 0000 0000 0002')).status, 303);
    const poor = await create(token, { asset: 'USDT', usdAmount: '40' });
    assert.equal((await pay(poor, '4000000000009995')).status, 303);
    const [second, first] = await mine(token);
    assert.deepEqual([first?.status, first?.reason], ['declined', 'Your card was declined.']);
    assert.deepEqual(
      [second?.status, second?.reason, second?.card?.last4],
      ['declined', 'Your card has insufficient funds.', '9995'],
    );
    assert.deepEqual(await entries(user.id), []);
  });

  test('the 3-D Secure card asks for the challenge: completed it credits, failed it declines', async () => {
    const { token, user } = await signUp(app);
    const purchase = await create(token, { asset: 'BTC', usdAmount: '100' });
    assert.equal(purchase.rate, '50000');
    const challenge = await pay(purchase, '4000 0000 0000 3220');
    assert.equal(challenge.status, 200);
    assert.match(await challenge.text(), /Complete authentication/);
    assert.equal(await status(purchase.id), 'awaitingPayment');
    const answer = (result: string) =>
      fetch(`${base}${purchase.paymentUrl}/challenge`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `result=${result}`,
        redirect: 'manual',
      });
    assert.equal((await answer('complete')).status, 303);
    assert.equal(await status(purchase.id), 'credited');
    assert.equal((await userBalance(db, user.id, 'BTC')).available, '0.001924');

    const failing = await create(token, { asset: 'BTC', usdAmount: '100' });
    await pay(failing, '4000000000003220');
    const failed = await fetch(`${base}${failing.paymentUrl}/challenge`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'result=fail',
      redirect: 'manual',
    });
    assert.equal(failed.status, 303);
    const [last] = await mine(token);
    assert.deepEqual(
      [last?.status, last?.reason],
      ['declined', '3-D Secure authentication failed.'],
    );
    assert.equal((await userBalance(db, user.id, 'BTC')).available, '0.001924');
  });

  test('a callback with a bad or old signature is refused; the same one three times credits once', async () => {
    const { token, user } = await signUp(app);
    const purchase = await create(token, { asset: 'USDT', usdAmount: '30' });
    const session = await sessionOf(purchase.id);
    const body = JSON.stringify({
      type: 'payment.succeeded',
      session,
      card: { brand: 'visa', last4: '4242' },
    });
    const secret = await callbackSecret(db, config.buy);
    assert.equal((await callback(body, undefined)).status, 400);
    assert.equal((await callback(body, signCallback('another secret', body))).status, 400);
    assert.equal(
      (await callback(body, signCallback(secret, body, Date.now() - 6 * 60_000))).status,
      400,
    );
    assert.equal((await callback(`${body} `, signCallback(secret, body))).status, 400);
    assert.equal(await status(purchase.id), 'awaitingPayment');

    const answers = await Promise.all(
      [0, 1, 2].map(() => callback(body, signCallback(secret, body))),
    );
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 200],
    );
    assert.equal((await callback(body, signCallback(secret, body))).status, 200);
    assert.equal(await status(purchase.id), 'credited');
    assert.equal((await userBalance(db, user.id, 'USDT')).available, '28.65');
    assert.deepEqual(await entries(user.id), [`Card purchase ${purchase.id}: 28.65 USDT`]);
  });

  test('an unpaid purchase expires; its page and a late payment then credit nothing', async () => {
    const { token, user } = await signUp(app);
    const purchase = await create(token, { asset: 'USDT', usdAmount: '25' });
    await db
      .updateTable('card_purchases')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', purchase.id)
      .execute();
    await db
      .updateTable('test_card_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', await sessionOf(purchase.id))
      .execute();
    assert.ok((await sweepPurchases(db)).includes(user.id));
    assert.equal(await status(purchase.id), 'expired');
    const page = await fetch(`${base}${purchase.paymentUrl}`);
    assert.equal(page.status, 410);
    assert.match(await page.text(), /expired/);
    assert.equal((await pay(purchase, '4242424242424242')).status, 410);
    const body = JSON.stringify({
      type: 'payment.succeeded',
      session: await sessionOf(purchase.id),
      card: { brand: 'visa', last4: '4242' },
    });
    // The provider took the payment just as the purchase expired here: it is refunded.
    await db
      .updateTable('test_card_sessions')
      .set({ status: 'succeeded' })
      .where('id', '=', await sessionOf(purchase.id))
      .execute();
    const secret = await callbackSecret(db, config.buy);
    for (const _ of [1, 2]) {
      assert.equal((await callback(body, signCallback(secret, body))).status, 200);
    }
    assert.equal(await status(purchase.id), 'expired');
    assert.equal(await providerStatus(purchase.id), 'refunded');
    assert.deepEqual(await entries(user.id), []);
  });

  test('staff refund a credited purchase while its crypto is still there, once', async () => {
    const { token, user } = await signUp(app);
    const purchase = await create(token, { asset: 'USDT', usdAmount: '60' });
    await pay(purchase, '5555555555554444');
    assert.equal(await status(purchase.id), 'credited');
    assert.equal(
      await fails(app, { method: 'buy.refund', id: purchase.id }, { token }),
      errorText('access.staffOnly'),
    );
    const refunded = await ok(app, 'buy.refund', { id: purchase.id }, { token: staffToken });
    assert.equal(refunded.purchase.status, 'refunded');
    assert.equal((await userBalance(db, user.id, 'USDT')).available, '0');
    assert.match(
      await fails(app, { method: 'buy.refund', id: purchase.id }, { token: staffToken }),
      /Only a credited purchase can be refunded; card purchase \d+ is refunded/,
    );
    assert.equal(await providerStatus(purchase.id), 'refunded');

    // Crypto that has left the account cannot be taken back.
    const spent = await create(token, { asset: 'USDT', usdAmount: '60' });
    await pay(spent, '4242424242424242');
    const friend = await signUp(app);
    await ok(
      app,
      'transfers.send',
      { to: friend.user.email, ticker: 'USDT', amount: '10', idempotencyKey: key() },
      { token },
    );
    assert.match(
      await fails(app, { method: 'buy.refund', id: spent.id }, { token: staffToken }),
      /no longer available in the account/,
    );
    assert.equal(await status(spent.id), 'credited');
  });

  test("the account's private stream follows a purchase live to credited", async () => {
    const { token } = await signUp(app);
    const { ticket } = await ok(app, 'markets.getSocketTicket', {}, { token });
    const socket = new WebSocket(
      `${base.replace('http', 'ws')}${MARKET_SOCKET_PATH}?ticket=${ticket}`,
    );
    const seen: CardPurchase[][] = [];
    socket.on('message', (data) => {
      const parsed = JSON.parse(String(data)) as MarketServerMessage | MarketServerMessage[];
      for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
        if (message.type === 'walletActivity') seen.push(message.purchases);
      }
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ v: 1, type: 'subscribe', stream: 'account' }));
    // The subscription is in place once the account's snapshot has come.
    await new Promise((resolve) => socket.once('message', resolve));
    const purchase = await create(token, { asset: 'USDT', usdAmount: '35' });
    await waitFor('the purchase awaiting payment', () =>
      seen.some((list) => list[0]?.id === purchase.id && list[0].status === 'awaitingPayment'),
    );
    await pay(purchase, '4242424242424242');
    await waitFor('the purchase credited', () => seen.at(-1)?.[0]?.status === 'credited');
    socket.close();
  });

  test('the same idempotency key answers the first purchase', async () => {
    const { token, user } = await signUp(app);
    const params = { asset: 'USDT' as const, usdAmount: '45', idempotencyKey: key() };
    const first = await ok(app, 'buy.create', params, { token });
    const again = await ok(app, 'buy.create', params, { token });
    assert.equal(again.purchase.id, first.purchase.id);
    assert.equal((await mine(token)).length, 1);
    assert.match(
      await fails(app, { method: 'buy.create', ...params, usdAmount: '46' }, { token }),
      /already created with other details/,
    );

    // A purchase the provider failed to open (still `created`) is opened when asked again.
    const failed = { asset: 'USDT' as const, usdAmount: '45', idempotencyKey: key() };
    await db
      .insertInto('card_purchases')
      .values({
        user_id: user.id,
        asset: 'USDT',
        amount: '43.12',
        rate: '1',
        fee: '1.88',
        total: '45',
        status: 'created',
        provider: 'test',
        idempotency_key: failed.idempotencyKey,
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();
    const opened = await ok(app, 'buy.create', failed, { token });
    assert.equal(opened.purchase.status, 'awaitingPayment');
    assert.match(opened.purchase.paymentUrl ?? '', /^\/pay\/test\//);
  });
});
