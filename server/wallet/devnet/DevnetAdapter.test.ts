import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { forEachDatabase } from '../../../test/databases.ts';
import { DEVNET_WALLET_SEED } from '../../config.ts';
import type { Database } from '../../storage/db.ts';
import { AddressError } from '../chains/AddressError.ts';
import { DepositAddresses } from '../chains/DepositAddresses.ts';
import { Devnet } from './Devnet.ts';
import { DevnetAdapter } from './DevnetAdapter.ts';

/** A height past any test chain's tip: "to the newest block". */
const LAST_BLOCK = 2 ** 31 - 1;

forEachDatabase((open) => {
  let db: Database;
  let devnet: Devnet;
  const addresses = new DepositAddresses(DEVNET_WALLET_SEED);

  before(async () => {
    db = await open();
    devnet = new Devnet(db);
  });

  test('a transfer waits for the next block, then gains a confirmation with each block', async () => {
    const eth = new DevnetAdapter('ETH', devnet, addresses);
    const { address } = eth.depositAddress(7);
    const start = await eth.tip();
    const txHash = await devnet.send({
      network: 'ETH',
      asset: 'USDT',
      address,
      tag: null,
      units: 2_500_000n,
    });
    assert.deepEqual(await eth.incomingTransfers(0, LAST_BLOCK, new Set([address])), []);
    await devnet.mine();
    await devnet.mine();
    assert.equal(await eth.tip(), start + 2);
    assert.deepEqual(await eth.incomingTransfers(0, LAST_BLOCK, new Set([address])), [
      {
        id: txHash,
        txHash,
        asset: 'USDT',
        address,
        tag: null,
        // USDT counts in 6 decimals on Ethereum.
        amount: '2.5',
        blockHeight: start + 1,
        confirmations: 2,
      },
    ]);
    // Other addresses, later blocks and other networks do not see it.
    assert.deepEqual(
      await eth.incomingTransfers(0, LAST_BLOCK, new Set([eth.depositAddress(8).address])),
      [],
    );
    assert.deepEqual(await eth.incomingTransfers(start + 2, LAST_BLOCK, new Set([address])), []);
    const bsc = new DevnetAdapter('BSC', devnet, addresses);
    assert.deepEqual(await bsc.incomingTransfers(0, LAST_BLOCK, new Set([address])), []);
  });

  test('a signed withdrawal is one transaction however often it is signed and sent', async () => {
    const btc = new DevnetAdapter('BTC', devnet, addresses);
    const destination = btc.validateAddress({
      address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    });
    const outgoing = { withdrawalId: '41', asset: 'BTC' as const, destination, amount: '0.125' };
    const signed = await btc.sign(outgoing);
    assert.deepEqual(await btc.sign(outgoing), signed);
    assert.notEqual((await btc.sign({ ...outgoing, withdrawalId: '42' })).txHash, signed.txHash);
    assert.deepEqual(await btc.status(signed.txHash), { state: 'pending' });

    await btc.broadcast(signed);
    await btc.broadcast(signed);
    assert.deepEqual(await btc.status(signed.txHash), { state: 'pending' });
    await devnet.mine();
    await devnet.mine();
    assert.deepEqual(await btc.status(signed.txHash), { state: 'mined', confirmations: 2 });
    const sent = await btc.incomingTransfers(0, LAST_BLOCK, new Set([destination.address]));
    assert.deepEqual(
      sent.map((transfer) => [transfer.txHash, transfer.amount]),
      [[signed.txHash, '0.125']],
    );
  });

  test('addresses are checked for the adapter’s own network', () => {
    const sol = new DevnetAdapter('SOL', devnet, addresses);
    assert.throws(
      () => sol.validateAddress({ address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' }),
      AddressError,
    );
    const { address } = sol.depositAddress(3);
    assert.deepEqual(sol.validateAddress({ address }), { address, tag: null });
  });
});
