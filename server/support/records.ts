/**
 * The support-client record staff see and the canned-reply
 * variables, built from the users row and the ledger: deposits is the USD value (at today's
 * reference prices) of everything the system deposits account ever credited to the client, and
 * balance is the wallets' total, exactly as the client's own profile shows it. A visitor's record
 * carries the contact email they gave (or ''), never their synthetic unique one.
 */
import { sql } from 'kysely';
import { siteName } from '../../core/format/index.ts';
import type { SupportClientRecord, SupportVariables } from '../../core/protocol/index.ts';
import type { UserRow } from '../accounts/users.ts';
import type { Queryable } from '../storage/db.ts';

/** The records of the given clients by id (unknown ids are simply absent). */
export async function clientRecords(
  db: Queryable,
  ids: readonly number[],
): Promise<Map<number, SupportClientRecord>> {
  const records = new Map<number, SupportClientRecord>();
  if (ids.length === 0) return records;
  const users = await db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  const deposits = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as credit', 'credit.id', 'e.credit_account_id')
    .innerJoin('ledger_accounts as debit', 'debit.id', 'e.debit_account_id')
    .innerJoin('currencies as c', 'c.ticker', 'credit.ticker')
    .select(['credit.user_id', sql<number>`round(sum(e.amount * c.price), 8)::float8`.as('usd')])
    .where('debit.system', '=', 'deposits')
    .where('credit.user_id', 'in', ids)
    .groupBy('credit.user_id')
    .execute();
  // Each wallet is rounded before summing, as wallets.ts does, so both totals agree.
  const balances = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('currencies as c', 'c.ticker', 'a.ticker')
    .select(['a.user_id', sql<number>`sum(round(a.balance * c.price, 8))::float8`.as('usd')])
    .where('a.user_id', 'in', ids)
    .groupBy('a.user_id')
    .execute();
  const depositOf = new Map(deposits.map((row) => [row.user_id, row.usd]));
  const balanceOf = new Map(balances.map((row) => [row.user_id, row.usd]));
  for (const user of users) {
    records.set(
      user.id,
      toRecord(user, depositOf.get(user.id) ?? 0, round8(balanceOf.get(user.id) ?? 0)),
    );
  }
  return records;
}

/** One client's record, or undefined when there is no such account. */
export async function clientRecord(
  db: Queryable,
  id: number,
): Promise<SupportClientRecord | undefined> {
  return (await clientRecords(db, [id])).get(id);
}

function toRecord(user: UserRow, deposits: number, balance: number): SupportClientRecord {
  return {
    id: user.id,
    country: { name: user.country_name, code: user.country_code },
    deposits,
    promocode: user.promocode,
    createdAt: user.created_at.toISOString(),
    domain: user.domain,
    balance,
    updatedAt: user.updated_at.toISOString(),
    createdIp: user.created_ip,
    updatedIp: user.updated_ip,
    login: user.login,
    email: user.is_visitor ? (user.contact_email ?? '') : user.email,
    isPremium: user.is_premium,
    isVerified: user.is_verified,
    isWithdraw: user.is_withdraw,
    isTransfer: user.is_transfer,
    isAbuse: user.is_abuse,
    isSwap: user.is_swap,
    isWalletConnect: user.is_wallet_connect,
    isKyc: user.is_kyc,
    isBlocked: user.is_blocked,
    isMobile: user.is_mobile,
    isVisitor: user.is_visitor,
  };
}

/**
 * The variables canned replies may use. `verificationAmount` is the configured, disclosed
 * withdrawal amount above which identity verification is required, never a payment demand.
 */
export function supportVariables(
  record: SupportClientRecord,
  referalCode: string,
  host: string,
  verificationAmount: number,
): SupportVariables {
  const domain = record.domain || host;
  return {
    domain,
    projectName: siteName(domain),
    verificationAmount,
    login: record.login,
    email: record.email,
    balance: record.balance,
    deposits: record.deposits,
    referalCode,
    regDate: record.createdAt.slice(0, 10),
  };
}

function round8(value: number): number {
  return Math.round(value * 1e8) / 1e8;
}
