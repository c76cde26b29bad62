/**
 * The proof-of-reserves methods on PGlite and PostgreSQL, over the devnet: an account's faucet
 * coins are the exchange's reserves at its deposit address, signed for by that address's key;
 * staff take a snapshot and see the asset whose reserves fall short (a balance credited with no
 * coins behind it); everyone reads the latest snapshot and its history; an account reads its own
 * proof, which the standalone verifier accepts against the published root.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { verifyProof } from '../../clients/verify-proof.mjs';
import { forEachDatabase } from '../../test/databases.ts';
import {
  fails,
  fundedAccount,
  ok,
  p2pTrader,
  publishP2pOffer,
  signUp,
  testConfig,
  WalletClock,
} from '../../test/serverTesting.ts';
import { staff } from '../../test/supportTesting.ts';
import { createServer } from '../app.ts';
import { verifyOwnership } from '../reserves/ownership.ts';
import type { Database } from '../storage/db.ts';
import type { NetworkId } from '../wallet/chains/networks.ts';

const silent = { info() {}, warn() {} };

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let clock: WalletClock;
  const config = testConfig({ API_RATE_LIMIT: '0' });

  before(async () => {
    db = await open();
    app = await createServer(config, db);
    clock = new WalletClock(db, config, silent);
  });
  after(() => app.close());

  test('before any snapshot the public answer is empty and a proof is refused', async () => {
    assert.equal((await ok(app, 'reserves.getLatest', {})).snapshot, null);
    const { token } = await signUp(app);
    const refused = await fails(app, { method: 'reserves.getMyProof' }, { token });
    assert.match(refused, /No snapshot of reserves has been taken yet/);
  });

  test('a snapshot counts liabilities and reserves; staff see the shortfall', async () => {
    const holder = await signUp(app);
    for (const [asset, amount] of [
      ['BTC', '0.005'],
      ['XRP', '30'],
      ['SOL', '2'],
    ] as const) {
      await ok(app, 'deposits.faucet', { asset, network: asset, amount }, { token: holder.token });
    }
    for (let block = 0; block < 3; block += 1) await clock.tick();
    // Credited by the ledger alone: no coins on any chain stand behind it.
    await fundedAccount(app, db, { USDT: '250' });
    const boss = await staff(app, db);
    const { snapshot } = await ok(app, 'reserves.takeSnapshot', {}, { token: boss.token });
    const asset = (ticker: string) => snapshot.assets.find((a) => a.ticker === ticker);
    assert.deepEqual(asset('BTC'), {
      ticker: 'BTC',
      liabilities: '0.005',
      reserves: '0.005',
      ratio: '1.0000',
    });
    assert.deepEqual(asset('USDT'), {
      ticker: 'USDT',
      liabilities: '250',
      reserves: '0',
      ratio: '0.0000',
    });
    assert.equal(asset('ETH')?.ratio, null);
    assert.deepEqual(snapshot.shortfalls, ['USDT']);
    const short = await ok(app, 'reserves.getShortfalls', {}, { token: boss.token });
    assert.deepEqual(
      short.shortfalls.map((a) => a.ticker),
      ['USDT'],
    );

    const { snapshot: latest } = await ok(app, 'reserves.getLatest', {});
    assert.equal(latest?.rootHash, snapshot.rootHash);
    assert.equal(latest !== null && 'accounts' in latest, false);
    const history = await ok(app, 'reserves.getHistory', {});
    assert.deepEqual(
      history.snapshots.map((s) => s.id),
      [snapshot.id],
    );

    const mine = await ok(app, 'reserves.getMyProof', {}, { token: holder.token });
    assert.equal(mine.balances.find((b) => b.ticker === 'XRP')?.amount, '30');
    assert.equal(verifyProof(mine.proof, snapshot.rootHash).account, String(holder.user.id));
  });

  test('each address is signed for by its own key, and a changed message does not verify', async () => {
    const { snapshotId, addresses } = await ok(app, 'reserves.getAddresses', {});
    assert.ok(snapshotId !== null);
    assert.deepEqual(addresses.map((a) => a.scheme).sort(), ['bip137', 'ed25519', 'xrp']);
    const [latest] = (await ok(app, 'reserves.getHistory', { limit: 1 })).snapshots;
    for (const entry of addresses) {
      const network = entry.network as NetworkId;
      assert.ok(entry.message.includes(entry.address));
      assert.ok(entry.message.includes(latest?.rootHash ?? '?'));
      assert.ok(verifyOwnership(network, entry.address, entry.message, entry.signature));
      const changed = entry.message.replace('belongs', 'belonged');
      assert.equal(verifyOwnership(network, entry.address, changed, entry.signature), false);
    }
    const unknown = await fails(app, { method: 'reserves.getAddresses', snapshotId: 999_999 });
    assert.match(unknown, /no snapshot with this id/);
  });

  test("an open P2P trade's escrow is counted to its seller, not to the buyer", async () => {
    const seller = await p2pTrader(app, db, { USDT: '100' });
    const buyer = await p2pTrader(app, db, {});
    const offer = await publishP2pOffer(app, seller.token);
    // 45 EUR at 0.9: 50 USDT leave the offer's hold for the escrow account.
    await ok(app, 'p2p.openTrade', { offerId: offer.id, fiatAmount: '45' }, { token: buyer.token });
    const boss = await staff(app, db);
    const { snapshot } = await ok(app, 'reserves.takeSnapshot', {}, { token: boss.token });
    const counted = async (token: string) => {
      const mine = await ok(app, 'reserves.getMyProof', {}, { token });
      assert.equal(verifyProof(mine.proof, snapshot.rootHash).account, mine.proof.account);
      return mine.balances.find((b) => b.ticker === 'USDT')?.amount;
    };
    assert.equal(await counted(seller.token), '100');
    assert.equal(await counted(buyer.token), '0');
  });
});
