/**
 * The wallet on a real EVM node (Anvil, started from npm for the test): deposits of ETH and of an
 * ERC-20 USDT found, confirmed and credited once; a deposit in blocks a re-organisation drops is
 * never credited; withdrawals signed by the hot wallet, broadcast, confirmed and paid on chain;
 * a withdrawal the chain reverts is released. Everything goes through the server's methods and
 * the wallet's clock, as in production; only the chain's own clock is moved by the test.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import {
  createTestClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  publicActions,
  walletActions,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { forEachDatabase } from '../../../test/databases.ts';
import { ANVIL_KEYS, type AnvilNode, startAnvil } from '../../../test/evm/anvil.ts';
import { deployTestUsdt } from '../../../test/evm/testToken.ts';
import {
  confirmedWithdrawal,
  ok,
  signUp,
  testConfig,
  userBalance,
  verifyMailedAddress,
  WalletClock,
} from '../../../test/serverTesting.ts';
import { createServer } from '../../app.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../storage/db.ts';

const quiet = { warn() {} };
const [HOT_KEY, PAYER_KEY, OUTSIDER_KEY] = ANVIL_KEYS;
const OUTSIDER = privateKeyToAccount(OUTSIDER_KEY).address;
/** USDT has 6 decimals: one million of them in minor units. */
const SUPPLY = 1_000_000n * 10n ** 6n;

forEachDatabase((open) => {
  let node: AnvilNode;
  let db: Database;
  let app: FastifyInstance;
  let config: Config;
  let usdt: Hex;
  let clock: WalletClock;
  let chain: ReturnType<typeof testChain>;

  const testChain = (rpcUrl: string) =>
    createTestClient({ mode: 'anvil', transport: http(rpcUrl) })
      .extend(publicActions)
      .extend(walletActions);

  before(async () => {
    node = await startAnvil();
    chain = testChain(node.rpcUrl);
    usdt = await deployTestUsdt(node.rpcUrl, HOT_KEY, SUPPLY);
    db = await open();
    config = testConfig({
      API_RATE_LIMIT: '0',
      DEVNET: 'off',
      ETH_RPC_URL: node.rpcUrl,
      ETH_USDT_CONTRACT: usdt,
      EVM_HOT_WALLET_KEY: HOT_KEY,
    });
    app = await createServer(config, db);
    clock = new WalletClock(db, config, quiet);
  });
  after(async () => {
    await app.close();
    await node.stop();
  });

  /** A payer outside the exchange: Anvil's second funded account. */
  const payer = () =>
    createWalletClient({ account: privateKeyToAccount(PAYER_KEY), transport: http(node.rpcUrl) });
  const hotWallet = () =>
    createWalletClient({ account: privateKeyToAccount(HOT_KEY), transport: http(node.rpcUrl) });
  const usdtOf = (address: Hex) =>
    chain.readContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
  const mine = (blocks: number) => chain.mine({ blocks });

  /** A fresh account, address and identity verified, and its deposit address on Ethereum. */
  const holder = async () => {
    const { token, user } = await signUp(app);
    await verifyMailedAddress(app, db, user.id);
    await db.updateTable('users').set({ is_verified: true }).where('id', '=', user.id).execute();
    const { address } = await ok(
      app,
      'deposits.getAddress',
      { asset: 'ETH', network: 'ETH' },
      { token },
    );
    return { token, id: user.id, address: address.address as Hex };
  };
  const depositOf = async (token: string, txHash: string) => {
    const { deposits } = await ok(app, 'deposits.getMine', {}, { token });
    return deposits.find((deposit) => deposit.txHash === txHash);
  };

  test('ETH and USDT deposits climb through 12 confirmations and are credited once', async () => {
    const alice = await holder();
    const ethTx = await payer().sendTransaction({
      to: alice.address,
      value: parseEther('0.5'),
      chain: null,
    });
    const usdtTx = await hotWallet().writeContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [alice.address, 250_000_000n],
      chain: null,
    });
    await clock.tick();
    const seen = await depositOf(alice.token, ethTx);
    assert.equal(seen?.status, 'pending');
    assert.equal(seen?.amount, '0.5');
    assert.equal((await depositOf(alice.token, usdtTx))?.amount, '250');
    assert.deepEqual(await userBalance(db, alice.id, 'ETH'), { available: '0', held: '0' });

    await mine(10);
    await clock.tick();
    assert.deepEqual(
      [
        (await depositOf(alice.token, ethTx))?.status,
        (await depositOf(alice.token, usdtTx))?.status,
      ],
      ['credited', 'pending'],
      'the ETH transfer (a block older) has its 12 confirmations; the token transfer 11',
    );
    await mine(1);
    await clock.tick();
    await clock.tick();
    assert.equal((await depositOf(alice.token, usdtTx))?.status, 'credited');
    assert.equal((await userBalance(db, alice.id, 'ETH')).available, '0.5');
    assert.equal((await userBalance(db, alice.id, 'USDT')).available, '250');
  });

  test('a deposit in blocks a re-organisation drops is never credited', async () => {
    const bob = await holder();
    const fork = await chain.snapshot();
    const txHash = await payer().sendTransaction({
      to: bob.address,
      value: parseEther('1'),
      chain: null,
    });
    await mine(3);
    await clock.tick();
    assert.equal((await depositOf(bob.token, txHash))?.status, 'pending');

    // The chain goes back to before the payment and grows past the confirmations without it.
    await chain.revert({ id: fork });
    await mine(15);
    await clock.tick();
    assert.equal((await depositOf(bob.token, txHash))?.status, 'dropped');
    assert.deepEqual(await userBalance(db, bob.id, 'ETH'), { available: '0', held: '0' });
  });

  test('withdrawals of ETH and USDT in one run: signed in turn, paid on chain, confirmed', async () => {
    const carol = await holder();
    await payer().sendTransaction({ to: carol.address, value: parseEther('1'), chain: null });
    await hotWallet().writeContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [carol.address, 500_000_000n],
      chain: null,
    });
    await mine(12);
    await clock.tick();
    assert.equal((await userBalance(db, carol.id, 'USDT')).available, '500');

    const ethBefore = await chain.getBalance({ address: OUTSIDER });
    const usdtBefore = await usdtOf(OUTSIDER);
    const request = (asset: 'ETH' | 'USDT', amount: string) =>
      confirmedWithdrawal(app, db, carol, {
        asset,
        network: 'ETH',
        address: OUTSIDER,
        amount,
        idempotencyKey: `withdraw-${asset}-${carol.id}`,
      });
    const eth = await request('ETH', '0.2');
    const token = await request('USDT', '100');
    assert.deepEqual(await userBalance(db, carol.id, 'USDT'), { available: '396', held: '104' });

    // One run signs both (two nonces in a row) and broadcasts them; Anvil mines each at once.
    await clock.tick();
    await mine(11);
    await clock.tick();
    const { withdrawals } = await ok(app, 'withdrawals.getMine', {}, { token: carol.token });
    assert.deepEqual(
      withdrawals.filter((w) => w.id === eth.id || w.id === token.id).map((w) => w.status),
      ['confirmed', 'confirmed'],
    );
    assert.equal((await chain.getBalance({ address: OUTSIDER })) - ethBefore, parseEther('0.2'));
    assert.equal((await usdtOf(OUTSIDER)) - usdtBefore, 100_000_000n);
    assert.deepEqual(await userBalance(db, carol.id, 'USDT'), { available: '396', held: '0' });
    assert.deepEqual(await userBalance(db, carol.id, 'ETH'), { available: '0.799', held: '0' });
  });

  test('a withdrawal the chain reverts fails and its hold is released', async () => {
    const dave = await holder();
    await hotWallet().writeContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [dave.address, 50_000_000n],
      chain: null,
    });
    await mine(12);
    await clock.tick();
    // The hot wallet gives away every token it has: the payout below cannot be made.
    const hot = privateKeyToAccount(HOT_KEY).address;
    await hotWallet().writeContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [OUTSIDER, await usdtOf(hot)],
      chain: null,
    });
    const withdrawal = await confirmedWithdrawal(app, db, dave, {
      asset: 'USDT',
      network: 'ETH',
      address: OUTSIDER,
      amount: '20',
      idempotencyKey: `revert-test-${dave.id}`,
    });
    assert.deepEqual(await userBalance(db, dave.id, 'USDT'), { available: '26', held: '24' });
    await clock.tick(); // signed and broadcast; mined, reverted
    await clock.tick(); // its receipt read
    const { withdrawals } = await ok(app, 'withdrawals.getMine', {}, { token: dave.token });
    assert.equal(withdrawals.find((w) => w.id === withdrawal.id)?.status, 'failed');
    assert.deepEqual(await userBalance(db, dave.id, 'USDT'), { available: '50', held: '0' });
  });
});
