/**
 * The wallet moves live on the account's private stream: a transfer reaches the recipient as
 * their wallets sent again with the amount in, a referrer's commission arrives as a referred
 * account trades, and a deposit's confirmations climb, then its credit arrives, without the page
 * asking.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { MarketServerMessage, Wallet } from '../core/protocol/index.ts';
import { createServer } from '../server/app.ts';
import { EventBus } from '../server/events/EventBus.ts';
import type { ServerEvents } from '../server/events/ServerEvents.ts';
import type { Database } from '../server/storage/db.ts';
import { createChainAdapters } from '../server/wallet/deposits/chainAdapters.ts';
import { BlockProducer } from '../server/wallet/devnet/BlockProducer.ts';
import { openAccountStream } from './accountStream.ts';
import { type FreshDatabase, freshPglite } from './databases.ts';
import { fundedAccount, ok, signUp, testConfig } from './serverTesting.ts';
import { waitFor } from './waitFor.ts';

/** Every list of wallets the stream has sent, the snapshot's first. */
function walletsSent(messages: readonly MarketServerMessage[]): Wallet[][] {
  return messages.flatMap((message) =>
    message.type === 'account' && message.wallets.length > 0 ? [message.wallets] : [],
  );
}

describe('the wallet on the private stream', () => {
  let fresh: FreshDatabase;
  let db: Database;
  let app: FastifyInstance;
  let base: string;
  let blocks: BlockProducer;

  before(async () => {
    fresh = await freshPglite();
    db = fresh.db;
    const config = testConfig({ API_RATE_LIMIT: '0' });
    const events = new EventBus<ServerEvents>();
    app = await createServer(config, db, { events });
    blocks = new BlockProducer(db, config, createChainAdapters(db, config.wallet), app.log, events);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(async () => {
    await app.close();
    await fresh.close();
  });

  it('sends the recipient their wallets with the transfer in', async () => {
    const sender = await fundedAccount(app, db, { BTC: '1' });
    const recipient = await signUp(app);
    const stream = await openAccountStream(app, base, recipient.token);
    const wallets = () => walletsSent(stream.messages);

    await ok(
      app,
      'transfers.send',
      { to: recipient.user.email, ticker: 'BTC', amount: '0.25', idempotencyKey: 'stream-test-1' },
      { token: sender.token },
    );
    await waitFor('wallets sent again after the transfer', () => wallets().length > 1);
    const btc = wallets()
      .at(-1)
      ?.find((wallet) => wallet.ticker === 'BTC');
    assert.equal(btc?.available, '0.25');
    stream.close();
  });

  it('sends a referrer its wallets when a referred account pays a fee', async () => {
    const referrer = await signUp(app);
    const referred = await ok(
      app,
      'users.signUp',
      {
        email: `referred-${Date.now()}@example.com`,
        password: 'correct horse battery',
        ref: referrer.user.referalCode,
      },
      { ip: '10.8.0.1' },
    );
    await ok(
      app,
      'transfers.send',
      { to: referred.user.email, ticker: 'USDT', amount: '1000', idempotencyKey: 'stream-ref-1' },
      { token: (await fundedAccount(app, db, { USDT: '1000' })).token },
    );
    const seller = await fundedAccount(app, db, { SOL: '10' });
    const stream = await openAccountStream(app, base, referrer.token);
    const wallets = () => walletsSent(stream.messages);

    const order = { pair: 'SOL_USDT', type: 'limit', price: '100', amount: '5' } as const;
    await ok(app, 'orders.place', { ...order, side: 'sell' }, { token: seller.token });
    await ok(app, 'orders.place', { ...order, side: 'buy' }, { token: referred.token });
    // The referred buyer paid 0.005 SOL; 20 % of it is the referrer's.
    await waitFor('wallets sent again after the trade', () => wallets().length > 1);
    const sol = wallets()
      .at(-1)
      ?.find((wallet) => wallet.ticker === 'SOL');
    assert.equal(sol?.available, '0.001');
    stream.close();
  });

  it('sends a deposit climbing through its confirmations, then credited, with the wallet', async () => {
    const { token } = await signUp(app);
    const stream = await openAccountStream(app, base, token);
    const wallets = () => walletsSent(stream.messages);

    await ok(app, 'deposits.faucet', { asset: 'BTC', network: 'BTC', amount: '0.005' }, { token });
    const newest = () =>
      stream.messages
        .flatMap((message) => (message.type === 'walletActivity' ? [message] : []))
        .at(-1)?.deposits[0];
    // Bitcoin wants 2 confirmations: the block with the transfer, then one more.
    await blocks.tick();
    await waitFor('the deposit seen with 1 confirmation', () => newest()?.confirmations === 1);
    assert.equal(newest()?.status, 'pending');
    await blocks.tick();
    await waitFor('the deposit credited', () => newest()?.status === 'credited');
    assert.equal(newest()?.amount, '0.005');
    await waitFor(
      'the wallet sent again with the deposit in',
      () =>
        wallets()
          .at(-1)
          ?.find((wallet) => wallet.ticker === 'BTC')?.available === '0.005',
    );
    stream.close();
  });
});
