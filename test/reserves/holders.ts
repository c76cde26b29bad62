/** Account holders for the proof-of-reserves tests, made straight in the database. */
import type { Ticker } from '../../core/protocol/index.ts';
import type { Database } from '../../server/storage/db.ts';
import { post } from '../../server/wallet/ledger.ts';

let made = 0;

/** A new account holder's id, with `funds` deposited (and `held` of them moved to held). */
export async function holder(
  db: Database,
  funds: Partial<Record<Ticker, string>> = {},
  held: Partial<Record<Ticker, string>> = {},
): Promise<number> {
  made += 1;
  const name = `reserves${made}x${process.pid}`;
  const { id } = await db
    .insertInto('users')
    .values({
      email: `${name}@example.com`,
      login: name,
      password_hash: 'unused',
      referral_code: name.toUpperCase(),
      created_ip: '',
      updated_ip: '',
      domain: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [ticker, amount] of Object.entries(funds)) {
    await post(db, {
      from: { system: 'deposits' },
      to: { user: id },
      ticker: ticker as Ticker,
      amount,
      reason: 'Test deposit',
    });
  }
  for (const [ticker, amount] of Object.entries(held)) {
    await post(db, {
      from: { user: id },
      to: { user: id, held: true },
      ticker: ticker as Ticker,
      amount,
      reason: 'Test order hold',
    });
  }
  return id;
}
