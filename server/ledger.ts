/**
 * The double-entry ledger. Every change of a balance is an immutable entry moving a positive
 * amount from one account to another; the database applies it to both balances in the same
 * transaction and refuses a negative user balance (see migrations.ts). This module only finds or
 * opens the accounts and turns the database's refusal into a message a person can act on.
 */
import { sql } from 'kysely';
import type { Ticker } from '../core/protocol.ts';
import { DomainError } from './DomainError.ts';
import type { Queryable } from './db.ts';
import { NON_NEGATIVE_BALANCE } from './migrations.ts';

/** Accounts owned by the exchange rather than a user; they may go negative. */
export type SystemAccount = 'deposits' | 'withdrawals';

/** One side of a posting: a user's wallet or a system account, in the posting's ticker. */
export type LedgerAccount = { user: number } | { system: SystemAccount };

/** A movement of `amount` (a positive decimal string) of `ticker` from one account to another. */
export interface Posting {
  from: LedgerAccount;
  to: LedgerAccount;
  ticker: Ticker;
  amount: string;
  reason: string;
}

/** A user's holding of one currency as an exact decimal string without trailing zeros. */
export interface Balance {
  ticker: Ticker;
  amount: string;
}

// numeric(38, 18): at most 20 integer digits and 18 decimals.
const AMOUNT_PATTERN = /^\d{1,20}(\.\d{1,18})?$/;

/** Records a posting and returns the entry id; DomainError when a user balance would go negative. */
export async function post(db: Queryable, posting: Posting): Promise<number> {
  const { amount, reason, ticker } = posting;
  if (!AMOUNT_PATTERN.test(amount) || !/[1-9]/.test(amount)) {
    throw new DomainError('Amount must be a positive number with at most 18 decimals.');
  }
  if (reason.trim() === '') throw new DomainError('A ledger entry needs a reason.');
  const write = async (trx: Queryable): Promise<number> => {
    const debit = await accountId(trx, posting.from, ticker);
    const credit = await accountId(trx, posting.to, ticker);
    const entry = await trx
      .insertInto('ledger_entries')
      .values({ debit_account_id: debit, credit_account_id: credit, amount, reason })
      .returning('id')
      .executeTakeFirstOrThrow();
    return entry.id;
  };
  try {
    return db.isTransaction ? await write(db) : await db.transaction().execute(write);
  } catch (error) {
    if (violates(error, NON_NEGATIVE_BALANCE)) {
      throw new DomainError(`Insufficient ${ticker} balance.`);
    }
    if (violates(error, 'ledger_accounts_ticker_fkey')) {
      throw new DomainError(`Unknown currency ${ticker}.`);
    }
    throw error;
  }
}

/** Every listed currency's balance for a user, zeros included, in listing order. */
export async function balances(db: Queryable, userId: number): Promise<Balance[]> {
  const rows = await db
    .selectFrom('currencies as c')
    .leftJoin('ledger_accounts as a', (join) =>
      join.onRef('a.ticker', '=', 'c.ticker').on('a.user_id', '=', userId),
    )
    .select(['c.ticker', sql<string>`trim_scale(coalesce(a.balance, 0))::text`.as('amount')])
    .orderBy('c.position')
    .execute();
  return rows.map((row) => ({ ticker: row.ticker as Ticker, amount: row.amount }));
}

async function accountId(db: Queryable, account: LedgerAccount, ticker: Ticker): Promise<number> {
  const owner =
    'user' in account
      ? { user_id: account.user, system: null }
      : { user_id: null, system: account.system };
  const ownerColumn = 'user' in account ? 'user_id' : 'system';
  const opened = await db
    .insertInto('ledger_accounts')
    .values({ ...owner, ticker })
    .onConflict((conflict) => conflict.columns([ownerColumn, 'ticker']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (opened !== undefined) return opened.id;
  let query = db.selectFrom('ledger_accounts').select('id').where('ticker', '=', ticker);
  query =
    'user' in account
      ? query.where('user_id', '=', account.user)
      : query.where('system', '=', account.system);
  return (await query.executeTakeFirstOrThrow()).id;
}

function violates(error: unknown, constraint: string): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { constraint?: unknown }).constraint === constraint
  );
}
