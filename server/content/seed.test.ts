import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { sql } from 'kysely';
import { forEachDatabase, PGLITE_ONLY } from '../../test/databases.ts';
import { fails, ok, testConfig } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';
import { balances } from '../wallet/ledger.ts';
import { DEMO_DEPOSITS, DEPOSIT_REASON, SEED_CURRENCIES, seed } from './seed.ts';

const DEMO = {
  DEMO_ACCOUNT: 'on',
  DEMO_EMAIL: 'Demo@Example.com',
  DEMO_PASSWORD: 'demo-password-1',
};
const STAFF = { STAFF_EMAIL: 'boss@example.com', STAFF_PASSWORD: 'staff-password-1' };

forEachDatabase((open) => {
  let db: Database;

  before(async () => {
    db = await open();
  });

  test('without a demo account configured, none is created', async () => {
    await seed(db, testConfig());
    assert.equal((await db.selectFrom('users').select('id').execute()).length, 0);
    assert.equal(
      (await db.selectFrom('currencies').select('id').execute()).length,
      SEED_CURRENCIES.length,
    );
  });

  test('the demo account is funded only through Deposit entries from the deposits account', async () => {
    const app = await createServer(testConfig(DEMO), db);
    try {
      const { user } = await ok(app, 'users.signIn', {
        email: 'demo@example.com',
        password: 'demo-password-1',
      });
      assert.equal(user.statusId, 0);
      assert.ok(user.balance > 0);
      const held = (await balances(db, user.id)).filter((balance) => balance.amount !== '0');
      assert.deepEqual(
        held,
        DEMO_DEPOSITS.map(({ ticker, amount }) => ({ ticker, amount })).sort(byPosition),
      );

      const entries = await db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_accounts as debit', 'debit.id', 'e.debit_account_id')
        .innerJoin('ledger_accounts as credit', 'credit.id', 'e.credit_account_id')
        .select([
          'e.reason',
          'debit.system',
          'credit.user_id',
          'credit.ticker',
          sql<string>`trim_scale(e.amount)::text`.as('amount'),
        ])
        .execute();
      assert.equal(entries.length, DEMO_DEPOSITS.length);
      for (const entry of entries) {
        assert.equal(entry.reason, DEPOSIT_REASON);
        assert.equal(entry.system, 'deposits');
        assert.equal(entry.user_id, user.id);
      }
    } finally {
      await app.close();
    }
  });

  test('seeding again adds nothing', async () => {
    const before = await db.selectFrom('ledger_entries').select('id').execute();
    await seed(db, testConfig(DEMO));
    const after = await db.selectFrom('ledger_entries').select('id').execute();
    assert.equal(after.length, before.length);
    assert.equal((await db.selectFrom('users').select('id').execute()).length, 1);
    assert.equal(
      (await db.selectFrom('currencies').select('id').execute()).length,
      SEED_CURRENCIES.length,
    );
  });

  test('a changed DEMO_PASSWORD takes effect on the next start', async () => {
    await seed(db, testConfig({ ...DEMO, DEMO_PASSWORD: 'another-demo-password' }));
    const app = await createServer(testConfig(), db);
    try {
      await ok(app, 'users.signIn', {
        email: 'demo@example.com',
        password: 'another-demo-password',
      });
      assert.equal(
        await fails(app, {
          method: 'users.signIn',
          email: 'demo@example.com',
          password: 'demo-password-1',
        }),
        'Wrong email or password.',
      );
    } finally {
      await app.close();
    }
  });

  test('the staff account gets statusId 1 and the configured password', async () => {
    await seed(db, testConfig(STAFF));
    await seed(db, testConfig({ ...STAFF, STAFF_PASSWORD: 'new-staff-password' }));
    const app = await createServer(testConfig(), db);
    try {
      const { user } = await ok(app, 'users.signIn', {
        email: 'boss@example.com',
        password: 'new-staff-password',
      });
      assert.equal(user.statusId, 1);
      assert.equal(
        await fails(app, {
          method: 'users.signIn',
          email: 'boss@example.com',
          password: 'staff-password-1',
        }),
        'Wrong email or password.',
      );
    } finally {
      await app.close();
    }
  });

  test('an existing account named as staff is promoted', async () => {
    await db
      .updateTable('users')
      .set({ status_id: 0 })
      .where('email', '=', 'demo@example.com')
      .execute();
    await seed(
      db,
      testConfig({ STAFF_EMAIL: 'demo@example.com', STAFF_PASSWORD: 'another-demo-password' }),
    );
    const row = await db
      .selectFrom('users')
      .select('status_id')
      .where('email', '=', 'demo@example.com')
      .executeTakeFirstOrThrow();
    assert.equal(row.status_id, 1);
  });
}, PGLITE_ONLY);

const ORDER = SEED_CURRENCIES.map((currency) => currency.ticker as string);
function byPosition(a: { ticker: string }, b: { ticker: string }): number {
  return ORDER.indexOf(a.ticker) - ORDER.indexOf(b.ticker);
}
