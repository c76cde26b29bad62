/**
 * Reserves on a real EVM node (Anvil, from npm, as the wallet's own tests run it), on PGlite and
 * PostgreSQL: a snapshot reads the ETH and USDT of an account's deposit address and of the hot
 * wallet from the node at one block, and each address's EIP-191 signature over the snapshot's
 * statement verifies with viem's own check, which knows nothing of the exchange.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  formatEther,
  type Hex,
  http,
  isAddressEqual,
  parseEther,
  verifyMessage,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { forEachDatabase } from '../../test/databases.ts';
import { ANVIL_KEYS, type AnvilNode, startAnvil } from '../../test/evm/anvil.ts';
import { deployTestUsdt } from '../../test/evm/testToken.ts';
import { ok, signUp, testConfig, verifyMailedAddress } from '../../test/serverTesting.ts';
import { staff } from '../../test/supportTesting.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';

const [HOT_KEY, PAYER_KEY] = ANVIL_KEYS;
const HOT = privateKeyToAccount(HOT_KEY).address;
/** USDT has 6 decimals: one million of them in minor units. */
const SUPPLY = 1_000_000n * 10n ** 6n;

forEachDatabase((open) => {
  let node: AnvilNode;
  let db: Database;
  let app: FastifyInstance;
  let usdt: Hex;

  before(async () => {
    node = await startAnvil();
    usdt = await deployTestUsdt(node.rpcUrl, HOT_KEY, SUPPLY);
    db = await open();
    const config = testConfig({
      API_RATE_LIMIT: '0',
      DEVNET: 'off',
      ETH_RPC_URL: node.rpcUrl,
      ETH_USDT_CONTRACT: usdt,
      EVM_HOT_WALLET_KEY: HOT_KEY,
    });
    app = await createServer(config, db);
  });
  after(async () => {
    await app.close();
    await node.stop();
  });

  test("a snapshot reads the node's balances at one block, and each address signs", async () => {
    const { token, user } = await signUp(app);
    await verifyMailedAddress(app, db, user.id);
    await db.updateTable('users').set({ is_verified: true }).where('id', '=', user.id).execute();
    const asked = { asset: 'ETH', network: 'ETH' } as const;
    const deposit = (await ok(app, 'deposits.getAddress', asked, { token })).address.address as Hex;
    const payer = createWalletClient({
      account: privateKeyToAccount(PAYER_KEY),
      transport: http(node.rpcUrl),
    });
    await payer.sendTransaction({ to: deposit, value: parseEther('0.75'), chain: null });
    const hotWallet = createWalletClient({
      account: privateKeyToAccount(HOT_KEY),
      transport: http(node.rpcUrl),
    });
    await hotWallet.writeContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [deposit, 40_000_000n],
      chain: null,
    });

    const boss = await staff(app, db);
    const { snapshot } = await ok(app, 'reserves.takeSnapshot', {}, { token: boss.token });
    const { addresses } = await ok(app, 'reserves.getAddresses', { snapshotId: snapshot.id });
    const at = (address: Hex) => addresses.find((a) => isAddressEqual(a.address as Hex, address));
    const mine = at(deposit);
    const hot = at(HOT);
    assert.ok(mine !== undefined && hot !== undefined, 'the deposit address and the hot wallet');
    assert.deepEqual(addresses.map((a) => a.network).sort(), ['ETH', 'ETH']);
    assert.deepEqual(mine.balances, { ETH: '0.75', USDT: '40' });
    assert.match(mine.source, /^block \d+$/);
    assert.equal(hot.source, mine.source, 'both read at one block');

    // The hot wallet paid gas: its ETH is whatever the node says at that block.
    const chain = createPublicClient({ transport: http(node.rpcUrl) });
    const blockNumber = BigInt(mine.source.slice('block '.length));
    const hotEth = formatEther(await chain.getBalance({ address: HOT, blockNumber }));
    assert.deepEqual(hot.balances, { ETH: hotEth, USDT: '999960' });
    const asset = (ticker: string) => snapshot.assets.find((a) => a.ticker === ticker);
    assert.equal(asset('USDT')?.reserves, '1000000');
    assert.equal(asset('ETH')?.reserves, formatEther(parseEther('0.75') + parseEther(hotEth)));

    for (const entry of [mine, hot]) {
      assert.equal(entry.scheme, 'eip191');
      assert.ok(entry.message.includes(entry.address) && entry.message.includes(snapshot.rootHash));
      const signed = { address: entry.address as Hex, signature: entry.signature as Hex };
      assert.equal(await verifyMessage({ ...signed, message: entry.message }), true);
      const changed = entry.message.replace(snapshot.rootHash, '0'.repeat(64));
      assert.equal(await verifyMessage({ ...signed, message: changed }), false);
    }
  });
});
