import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDatabase } from '../../../test/databases.ts';
import { testConfig } from '../../../test/serverTesting.ts';
import { seed } from '../../content/seed.ts';
import { balances, post } from '../../wallet/ledger.ts';
import { ensureTrader, TAKER } from './ensureTrader.ts';
import { Funding } from './Funding.ts';

const LEVELS = { quote: { floor: 100, target: 300 }, asset: { floor: 10, target: 30 } };

forEachDatabase((open) => {
  test('a top-up reads balances only when what was spent since may have taken one below its floor', async () => {
    const db = await open();
    await seed(db, testConfig());
    const userId = await ensureTrader(db, TAKER);
    assert.ok(userId !== null);
    const usdt = async () =>
      (await balances(db, userId)).find((balance) => balance.ticker === 'USDT')?.amount;
    const funding = new Funding(db, LEVELS);
    await funding.topUp(userId);
    assert.equal(await usdt(), '300');

    // 250 USDT leave unreported: the top-up trusts what it knows and reads nothing.
    const out = { from: { user: userId }, to: { system: 'fees' }, ticker: 'USDT' } as const;
    await post(db, { ...out, amount: '250', reason: 'spent by a test' });
    await funding.topUp(userId);
    assert.equal(await usdt(), '50');

    // Spends reported that keep it at the floor: still no read.
    funding.spent(userId, 'USDT', '200');
    await funding.topUp(userId);
    assert.equal(await usdt(), '50');

    // One more unit and it may be below: read, and brought back to its target.
    funding.spent(userId, 'USDT', '0.01');
    await funding.topUp(userId);
    assert.equal(await usdt(), '300');

    // A trader that lost track (a refusal) makes the next top-up read.
    await post(db, { ...out, amount: '250', reason: 'spent by a test' });
    funding.forget(userId);
    await funding.topUp(userId);
    assert.equal(await usdt(), '300');
  });
});
