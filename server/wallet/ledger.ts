/**
 * The double-entry ledger. Every change of a balance is an immutable entry moving a positive
 * amount from one account to another; the database applies it to both balances in the same
 * transaction and refuses a negative user balance (see migrations.ts). This module only finds or
 * opens the accounts and turns the database's refusal into a message a person can act on.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Ticker } from '../../core/protocol/index.ts';
import { refusal } from '../errors/DomainError.ts';
import type { Queryable } from '../storage/db.ts';
import { NON_NEGATIVE_BALANCE } from './WalletTables.ts';

/**
 * Accounts owned by the exchange rather than a user; they may go negative. `fees` collects the
 * trading fees; `cardPurchases` pays out what was bought by card (and takes back a refund);
 * `p2pEscrow` keeps the crypto of open P2P trades between their two sides.
 */
export type SystemAccount = 'deposits' | 'withdrawals' | 'fees' | 'cardPurchases' | 'p2pEscrow';

/**
 * One side of a posting, in the posting's ticker: a user's available balance, a user's held
 * balance (what open orders may spend), or a system account.
 */
export type LedgerAccount = { user: number; held?: true } | { system: SystemAccount };

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

/**
 * Records a posting and returns the entry id; refused as `wallet.insufficientFunds` when a user
 * balance would go negative.
 */
export async function post(db: Queryable, posting: Posting): Promise<number> {
  const { amount, reason, ticker } = posting;
  if (!AMOUNT_PATTERN.test(amount) || !/[1-9]/.test(amount)) {
    throw refusal('wallet.ledgerAmount');
  }
  if (reason.trim() === '') throw refusal('wallet.ledgerReason');
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
      throw refusal('wallet.insufficientFunds', { ticker });
    }
    if (violates(error, 'ledger_accounts_ticker_fkey')) {
      throw refusal('wallet.unknownCurrency', { ticker });
    }
    throw error;
  }
}

/**
 * Every listed currency's balance for a user (available and held together), zeros included, in
 * listing order.
 */
export async function balances(db: Queryable, userId: number): Promise<Balance[]> {
  const rows = await db
    .selectFrom('currencies as c')
    .leftJoin('ledger_accounts as a', (join) =>
      join.onRef('a.ticker', '=', 'c.ticker').on('a.user_id', '=', userId),
    )
    .select(['c.ticker', sql<string>`trim_scale(coalesce(sum(a.balance), 0))::text`.as('amount')])
    .groupBy(['c.ticker', 'c.position'])
    .orderBy('c.position')
    .execute();
  return rows.map((row) => ({ ticker: row.ticker as Ticker, amount: row.amount }));
}

/**
 * Ledger account ids by owner and ticker, for writers that post many entries at once (the
 * trading engine's batches). An account is never deleted, so an id once seen stays right, except
 * one opened by a transaction that then rolled back: call `forget` after a failed transaction.
 */
export class AccountIds {
  private readonly ids = new Map<string, number>();

  /** Records postings in the caller's transaction with one insert (plus two to open accounts). */
  async postMany(trx: Queryable, postings: readonly Posting[]): Promise<void> {
    await (await this.entriesOf(trx, postings))?.execute(trx);
  }

  /**
   * Opens the postings' accounts in the caller's transaction and returns the insert that records
   * them (null for none), for a writer that runs it as part of a larger statement.
   */
  async entriesOf(
    trx: Queryable,
    postings: readonly Posting[],
  ): Promise<RawBuilder<unknown> | null> {
    if (postings.length === 0) return null;
    for (const { amount, reason } of postings) {
      if (!AMOUNT_PATTERN.test(amount) || !/[1-9]/.test(amount) || reason.trim() === '') {
        throw new Error(`postMany: bad posting ${JSON.stringify({ amount, reason })}`);
      }
    }
    await this.open(
      trx,
      postings.flatMap((p): [LedgerAccount, Ticker][] => [
        [p.from, p.ticker],
        [p.to, p.ticker],
      ]),
    );
    // Four array parameters however many entries: no statement grows with the batch, and
    // neither the driver nor the database parses thousands of bind parameters.
    return sql`insert into ledger_entries (debit_account_id, credit_account_id, amount, reason)
      select * from unnest(
        ${postings.map((p) => this.id(p.from, p.ticker))}::integer[],
        ${postings.map((p) => this.id(p.to, p.ticker))}::integer[],
        ${postings.map((p) => p.amount)}::numeric[],
        ${postings.map((p) => p.reason)}::text[])`;
  }

  /** Drops every cached id (after a rolled-back transaction that may have opened accounts). */
  forget(): void {
    this.ids.clear();
  }

  private id(account: LedgerAccount, ticker: Ticker): number {
    const id = this.ids.get(accountKey(account, ticker));
    if (id === undefined) throw new Error(`ledger account ${accountKey(account, ticker)} not open`);
    return id;
  }

  /** Opens the accounts not yet known, with one insert and one select. */
  private async open(db: Queryable, accounts: [LedgerAccount, Ticker][]): Promise<void> {
    const missing = new Map<string, [LedgerAccount, Ticker]>();
    for (const [account, ticker] of accounts) {
      const key = accountKey(account, ticker);
      if (!this.ids.has(key)) missing.set(key, [account, ticker]);
    }
    if (missing.size === 0) return;
    const rows = [...missing.values()].map(([account, ticker]) =>
      'user' in account
        ? { user_id: account.user, system: null, held: account.held === true, ticker }
        : { user_id: null, system: account.system, held: false, ticker },
    );
    await db
      .insertInto('ledger_accounts')
      .values(rows)
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const users = [...new Set(rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id])))];
    const systems = [...new Set(rows.flatMap((row) => (row.system === null ? [] : [row.system])))];
    const found = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'user_id', 'system', 'held', 'ticker'])
      .where((eb) =>
        eb.or([
          ...(users.length > 0 ? [eb('user_id', 'in', users)] : []),
          ...(systems.length > 0 ? [eb('system', 'in', systems)] : []),
        ]),
      )
      .execute();
    for (const row of found) {
      const account: LedgerAccount =
        row.user_id === null
          ? { system: row.system as SystemAccount }
          : row.held
            ? { user: row.user_id, held: true }
            : { user: row.user_id };
      this.ids.set(accountKey(account, row.ticker as Ticker), row.id);
    }
  }
}

function accountKey(account: LedgerAccount, ticker: Ticker): string {
  return 'user' in account
    ? `${account.user}:${account.held === true ? 'held' : 'available'}:${ticker}`
    : `${account.system}:${ticker}`;
}

async function accountId(db: Queryable, account: LedgerAccount, ticker: Ticker): Promise<number> {
  const held = 'user' in account && account.held === true;
  const owner =
    'user' in account
      ? { user_id: account.user, system: null, held }
      : { user_id: null, system: account.system, held: false };
  const opened = await db
    .insertInto('ledger_accounts')
    .values({ ...owner, ticker })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (opened !== undefined) return opened.id;
  let query = db.selectFrom('ledger_accounts').select('id').where('ticker', '=', ticker);
  query =
    'user' in account
      ? query.where('user_id', '=', account.user).where('held', '=', held)
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
