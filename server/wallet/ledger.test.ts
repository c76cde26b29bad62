import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { sql } from 'kysely';
import { forEachDatabase } from '../../test/databases.ts';
import { testConfig, uniqueEmail } from '../../test/serverTesting.ts';
import { createUser } from '../accounts/users.ts';
import { seed } from '../content/seed.ts';
import { DomainError } from '../errors/DomainError.ts';
import type { Database } from '../storage/db.ts';
import { priceCharts } from '../trading/candles.ts';
import { balances, post } from './ledger.ts';
import { listWallets } from './wallets.ts';

forEachDatabase((open) => {
  let db: Database;
  const newUser = async () =>
    (
      await createUser(db, {
        email: uniqueEmail('ledger'),
        passwordHash: 'not-a-real-hash',
        login: 'ledger',
        ip: '',
        domain: '',
        referredBy: null,
      })
    ).id;
  const amountOf = async (userId: number, ticker: string) =>
    (await balances(db, userId)).find((balance) => balance.ticker === ticker)?.amount;
  const accountIdOf = async (userId: number, ticker: string) =>
    (
      await db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('user_id', '=', userId)
        .where('ticker', '=', ticker)
        .executeTakeFirstOrThrow()
    ).id;

  before(async () => {
    db = await open();
    await seed(db, testConfig());
  });

  test('a new account holds zero of all nine currencies', async () => {
    const userId = await newUser();
    const rows = await balances(db, userId);
    assert.deepEqual(
      rows.map((row) => row.ticker),
      ['BTC', 'ETH', 'BNB', 'XRP', 'DOGE', 'SOL', 'LTC', 'TRX', 'USDT'],
    );
    assert.ok(rows.every((row) => row.amount === '0'));
  });

  test('a deposit moves an exact amount from the deposits account to the user', async () => {
    const userId = await newUser();
    await post(db, {
      from: { system: 'deposits' },
      to: { user: userId },
      ticker: 'BTC',
      amount: '0.123456789012345678',
      reason: 'Deposit',
    });
    assert.equal(await amountOf(userId, 'BTC'), '0.123456789012345678');
    const wallet = (await listWallets(db, userId, priceCharts)).find(
      (item) => item.ticker === 'BTC',
    );
    assert.equal(wallet?.amount, '0.123456789012345678');
    const system = await db
      .selectFrom('ledger_accounts')
      .select(sql<string>`trim_scale(balance)::text`.as('balance'))
      .where('system', '=', 'deposits')
      .where('ticker', '=', 'BTC')
      .executeTakeFirstOrThrow();
    assert.ok(system.balance.startsWith('-'), 'the external deposits account may go negative');
  });

  test('a posting that would overdraw a user is refused with a clear message', async () => {
    const from = await newUser();
    const to = await newUser();
    await post(db, {
      from: { system: 'deposits' },
      to: { user: from },
      ticker: 'ETH',
      amount: '1',
      reason: 'Deposit',
    });
    await assert.rejects(
      post(db, {
        from: { user: from },
        to: { user: to },
        ticker: 'ETH',
        amount: '1.000000000000000001',
        reason: 'Transfer',
      }),
      (error) => error instanceof DomainError && error.message === 'Insufficient ETH balance.',
    );
    assert.equal(await amountOf(from, 'ETH'), '1');
    assert.equal(await amountOf(to, 'ETH'), '0');
    await post(db, {
      from: { user: from },
      to: { user: to },
      ticker: 'ETH',
      amount: '1',
      reason: 'Transfer',
    });
    assert.equal(await amountOf(from, 'ETH'), '0');
    assert.equal(await amountOf(to, 'ETH'), '1');
  });

  test('the database itself refuses an overdraft written in plain SQL', async () => {
    const from = await newUser();
    const to = await newUser();
    await post(db, {
      from: { system: 'deposits' },
      to: { user: from },
      ticker: 'SOL',
      amount: '2',
      reason: 'Deposit',
    });
    await post(db, {
      from: { system: 'deposits' },
      to: { user: to },
      ticker: 'SOL',
      amount: '1',
      reason: 'Deposit',
    });
    const debit = await accountIdOf(from, 'SOL');
    const credit = await accountIdOf(to, 'SOL');
    await assert.rejects(
      sql`insert into ledger_entries (debit_account_id, credit_account_id, amount, reason)
          values (${debit}, ${credit}, 3, 'Sneaky')`.execute(db),
      (error: { code?: string; constraint?: string }) =>
        error.code === '23514' && error.constraint === 'ledger_accounts_user_balance_not_negative',
    );
    assert.equal(await amountOf(from, 'SOL'), '2');
    assert.equal(await amountOf(to, 'SOL'), '1');
  });

  test('balances cannot be edited directly, only through entries', async () => {
    const userId = await newUser();
    await post(db, {
      from: { system: 'deposits' },
      to: { user: userId },
      ticker: 'LTC',
      amount: '5',
      reason: 'Deposit',
    });
    await assert.rejects(
      sql`update ledger_accounts set balance = 1000 where user_id = ${userId}`.execute(db),
      /Balances change only through ledger entries/,
    );
    await assert.rejects(
      sql`update ledger_accounts set ticker = 'BTC' where user_id = ${userId}`.execute(db),
      /keeps its owner and currency/,
    );
    await assert.rejects(
      sql`update ledger_accounts set user_id = ${await newUser()} where user_id = ${userId}`.execute(
        db,
      ),
      /keeps its owner and currency/,
    );
    await assert.rejects(
      sql`insert into ledger_accounts (user_id, ticker, balance) values (${await newUser()}, 'LTC', 10)`.execute(
        db,
      ),
      /starts at zero/,
    );
    assert.equal(await amountOf(userId, 'LTC'), '5');
  });

  test('ledger entries cannot be updated, deleted or truncated', async () => {
    const userId = await newUser();
    const entry = await post(db, {
      from: { system: 'deposits' },
      to: { user: userId },
      ticker: 'TRX',
      amount: '10',
      reason: 'Deposit',
    });
    await assert.rejects(
      sql`update ledger_entries set amount = 1000 where id = ${entry}`.execute(db),
      /immutable/,
    );
    await assert.rejects(
      sql`update ledger_entries set reason = 'x' where id = ${entry}`.execute(db),
      /immutable/,
    );
    await assert.rejects(
      sql`delete from ledger_entries where id = ${entry}`.execute(db),
      /immutable/,
    );
    // With cascade, so the tables that point at entries (transfers, deposits) cannot be the
    // reason for the refusal: the ledger's own trigger must be.
    await assert.rejects(sql`truncate ledger_entries cascade`.execute(db), /immutable/);
    assert.equal(await amountOf(userId, 'TRX'), '10');
  });

  test('an entry between two currencies is refused', async () => {
    const userId = await newUser();
    await post(db, {
      from: { system: 'deposits' },
      to: { user: userId },
      ticker: 'BNB',
      amount: '1',
      reason: 'Deposit',
    });
    await post(db, {
      from: { system: 'deposits' },
      to: { user: userId },
      ticker: 'DOGE',
      amount: '1',
      reason: 'Deposit',
    });
    await assert.rejects(
      sql`insert into ledger_entries (debit_account_id, credit_account_id, amount, reason)
          values (${await accountIdOf(userId, 'BNB')}, ${await accountIdOf(userId, 'DOGE')}, 1, 'Swap')`.execute(
        db,
      ),
      /one currency/,
    );
  });

  test('amounts must be positive decimals and every entry needs a reason', async () => {
    const userId = await newUser();
    for (const amount of ['0', '0.000', '-1', 'abc', '1e5', '1.0000000000000000001', '']) {
      await assert.rejects(
        post(db, {
          from: { system: 'deposits' },
          to: { user: userId },
          ticker: 'BTC',
          amount,
          reason: 'Deposit',
        }),
        DomainError,
        `amount ${JSON.stringify(amount)}`,
      );
    }
    await assert.rejects(
      post(db, {
        from: { system: 'deposits' },
        to: { user: userId },
        ticker: 'BTC',
        amount: '1',
        reason: '  ',
      }),
      DomainError,
    );
    // The database refuses a zero entry too. Both accounts exist and hold the same currency, so
    // only the amount is wrong: the error must name its CHECK constraint, not any other refusal.
    const openBitcoin = async (owner: number) =>
      (
        await db
          .insertInto('ledger_accounts')
          .values({ user_id: owner, ticker: 'BTC' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const from = await openBitcoin(userId);
    const to = await openBitcoin(await newUser());
    await assert.rejects(
      sql`insert into ledger_entries (debit_account_id, credit_account_id, amount, reason)
          values (${from}, ${to}, 0, 'Zero')`.execute(db),
      /violates check constraint "ledger_entries_amount_positive"/,
    );
    assert.equal(await amountOf(userId, 'BTC'), '0');
  });

  test('a failed posting inside a transaction leaves nothing behind', async () => {
    const userId = await newUser();
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await post(trx, {
          from: { system: 'deposits' },
          to: { user: userId },
          ticker: 'XRP',
          amount: '7',
          reason: 'Deposit',
        });
        await post(trx, {
          from: { user: userId },
          to: { system: 'withdrawals' },
          ticker: 'XRP',
          amount: '8',
          reason: 'Withdrawal',
        });
      }),
      /Insufficient XRP balance/,
    );
    assert.equal(await amountOf(userId, 'XRP'), '0');
  });
});
