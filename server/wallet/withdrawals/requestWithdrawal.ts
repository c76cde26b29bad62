/**
 * A withdrawal requested: the destination and amount checked for the network, the account's
 * flags, verified address, pauses, second factor and limit checked, then in one transaction the
 * amount plus the network's disclosed fee moves from the available balance to the held one, the
 * withdrawal is recorded beside it, waiting for its owner to confirm it from the mail queued in
 * the same transaction (mailConfirmation.ts). The account's idempotency key makes a retried
 * request find the first withdrawal instead of holding the money (or mailing) twice.
 */
import { sql } from 'kysely';
import type { RequestWithdrawalParams, Ticker } from '../../../core/protocol/index.ts';
import { type TwoFactorContext, verifySecondFactor } from '../../accounts/twoFactor.ts';
import { isUniqueViolation } from '../../accounts/users.ts';
import type { Config } from '../../config.ts';
import { DomainError, refusal } from '../../errors/DomainError.ts';
import type { Queryable } from '../../storage/db.ts';
import { refuseUnsavedDestination } from '../addressBook/addressBook.ts';
import { type AssetNetwork, assetNetwork } from '../chains/assetNetworks.ts';
import { fromMinorUnits, toMinorUnits } from '../chains/minorUnits.ts';
import { NETWORKS } from '../chains/networks.ts';
import { type Destination, validateAddress } from '../chains/validateAddress.ts';
import type { ChainAdapters } from '../deposits/chainAdapters.ts';
import { post } from '../ledger.ts';
import { utcMinute } from '../utcMinute.ts';
import { NEW_WITHDRAWAL_STATUS } from './lifecycle.ts';
import { queueConfirmationMail } from './mailConfirmation.ts';
import { readWithdrawal, type WithdrawalRow } from './withdrawalRows.ts';

/** How long withdrawals pause after a password change or after two-factor is turned off. */
export const WITHDRAWAL_PAUSE_MS = 24 * 60 * 60 * 1000;

/** What a withdrawal request needs from the server. */
export interface WithdrawalContext {
  db: TwoFactorContext['db'];
  config: Pick<Config, 'wallet' | 'support' | 'twoFactorKey' | 'mail' | 'site' | 'port'>;
  limits: TwoFactorContext['limits'];
  /** The chains withdrawals are sent on: a network without one takes none. */
  chains: ChainAdapters;
}

/** The account fields a withdrawal is checked against. */
interface AccountState {
  email: string;
  email_verified_at: Date | null;
  is_withdraw: boolean;
  is_verified: boolean;
  two_factor: boolean;
  password_changed_at: Date | null;
  two_factor_off_at: Date | null;
  address_book_only: boolean;
  address_book_off_at: Date | null;
}

/** A request checked and normalised: what is stored and compared on a retry. */
interface Checked {
  on: AssetNetwork;
  destination: Destination;
  amount: string;
  fee: string;
  /** The amount plus the fee: what leaves the available balance. */
  total: string;
}

/** Requests a withdrawal for `userId`, or returns the one already made with the same key. */
export async function requestWithdrawal(
  ctx: WithdrawalContext,
  userId: number,
  request: RequestWithdrawalParams,
  now = new Date(),
): Promise<WithdrawalRow> {
  const checked = checkRequest(ctx, request);
  const earlier = await findByKey(ctx.db, userId, request.idempotencyKey);
  if (earlier) return sameOrRefused(earlier, checked);
  const account = await readAccount(ctx.db, userId, false);
  refuseWhenPaused(account, now);
  if (account.address_book_only) {
    await refuseUnsavedDestination(ctx.db, userId, checked.on.network, checked.destination, now);
  }
  if (account.two_factor) await verifyCode(ctx, userId, request, checked, account, now);
  try {
    const id = await ctx.db
      .transaction()
      .execute((trx) => recordWithdrawal(trx, ctx, userId, request, checked, account, now));
    const stored = await readWithdrawal(ctx.db, id);
    if (stored === undefined) throw new Error(`withdrawal ${id} not found after commit`);
    return stored;
  } catch (error) {
    // The same key sent twice at once: the first committed, this one's hold rolled back with it.
    if (!isUniqueViolation(error, 'withdrawals_idempotency_key')) throw error;
    const first = await findByKey(ctx.db, userId, request.idempotencyKey);
    if (!first) throw error;
    return sameOrRefused(first, checked);
  }
}

/**
 * The second factor of an account that has it on. Everything else is checked first without a
 * lock, so a request refused anyway does not use up the code.
 */
async function verifyCode(
  ctx: WithdrawalContext,
  userId: number,
  request: RequestWithdrawalParams,
  checked: Checked,
  account: AccountState,
  now: Date,
): Promise<void> {
  await valuation(ctx.db, ctx, userId, request.asset, checked.total, account);
  await refuseWhenShort(ctx.db, userId, request.asset, checked);
  if (request.code === undefined || request.code.trim() === '') {
    throw refusal('withdrawal.codeRequired');
  }
  await verifySecondFactor(
    { db: ctx.db, key: ctx.config.twoFactorKey, limits: ctx.limits },
    userId,
    request.code,
    now.getTime(),
  );
}

/**
 * Inside the transaction: the withdrawal recorded, its amount plus fee held, and the confirmation
 * mail queued; its id.
 */
async function recordWithdrawal(
  trx: Queryable,
  ctx: WithdrawalContext,
  userId: number,
  request: RequestWithdrawalParams,
  checked: Checked,
  account: AccountState,
  now: Date,
): Promise<number> {
  // Locked, so two requests at once are counted against the limit one after the other, and a
  // flag switched off by staff a moment ago applies.
  const locked = await readAccount(trx, userId, true);
  refuseWhenPaused(locked, now);
  if (locked.address_book_only) {
    await refuseUnsavedDestination(trx, userId, checked.on.network, checked.destination, now);
  }
  const value = await valuation(trx, ctx, userId, request.asset, checked.total, account);
  const row = await trx
    .insertInto('withdrawals')
    .values({
      user_id: userId,
      asset: request.asset,
      network: checked.on.network,
      address: checked.destination.address,
      tag: checked.destination.tag,
      amount: checked.amount,
      fee: checked.fee,
      usd_value: value,
      status: NEW_WITHDRAWAL_STATUS,
      idempotency_key: request.idempotencyKey,
      required: NETWORKS[checked.on.network].confirmations,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const entry = await hold(trx, userId, row.id, request.asset, checked);
  await trx
    .updateTable('withdrawals')
    .set({ hold_entry_id: entry })
    .where('id', '=', row.id)
    .execute();
  const { destination, on, amount, fee } = checked;
  await queueConfirmationMail(
    trx,
    ctx.config,
    { id: userId, email: locked.email },
    {
      id: row.id,
      asset: request.asset,
      network: on.network,
      address: destination.address,
      tag: destination.tag,
      amount,
      fee,
    },
    now,
  );
  return row.id;
}

/** The request checked against its network; refused with what to change. */
function checkRequest(ctx: WithdrawalContext, request: RequestWithdrawalParams): Checked {
  const on = assetNetwork(request.asset, request.network);
  const name = NETWORKS[on.network].name;
  if (!ctx.chains.has(on.network)) {
    throw refusal('withdrawal.unavailable', { network: name });
  }
  // AddressError is a catalogued refusal: it names the network and what to fix.
  const destination = validateAddress(on.network, {
    address: request.address,
    tag: request.tag,
    withoutTag: request.withoutTag,
  });
  const units = toMinorUnits(on, request.amount);
  if (units <= 0n) throw refusal('wallet.notPositive');
  if (units < toMinorUnits(on, on.minWithdrawal)) {
    throw refusal('withdrawal.tooSmall', { asset: on.asset, network: name, min: on.minWithdrawal });
  }
  const feeUnits = toMinorUnits(on, on.withdrawalFee);
  return {
    on,
    destination,
    // Normalised, so "0.50" and "0.5" retried under one key are the same withdrawal.
    amount: fromMinorUnits(on, units),
    fee: fromMinorUnits(on, feeUnits),
    total: fromMinorUnits(on, units + feeUnits),
  };
}

async function readAccount(db: Queryable, userId: number, lock: boolean): Promise<AccountState> {
  const query = db
    .selectFrom('users')
    .select([
      'email',
      'email_verified_at',
      'is_withdraw',
      'is_verified',
      'two_factor',
      'password_changed_at',
      'two_factor_off_at',
      'address_book_only',
      'address_book_off_at',
    ])
    .where('id', '=', userId);
  return (lock ? query.forUpdate() : query).executeTakeFirstOrThrow();
}

/**
 * Refuses when staff switched withdrawals off, the address is not verified (the confirmation
 * link must reach the owner) or a recent security change pauses them.
 */
function refuseWhenPaused(account: AccountState, now: Date): void {
  if (!account.is_withdraw) throw refusal('withdrawal.disabled');
  if (account.email_verified_at === null) {
    throw refusal('withdrawal.emailUnverified');
  }
  // A stolen session that changes the password or turns two-factor off cannot empty the account
  // at once: the owner has a day to notice the email and react.
  const pauses: [Date | null, string][] = [
    [account.password_changed_at, 'a password change'],
    [account.two_factor_off_at, 'two-factor authentication is turned off'],
    [account.address_book_off_at, 'withdrawing only to saved addresses is turned off'],
  ];
  for (const [since, what] of pauses) {
    if (since === null) continue;
    const until = new Date(since.getTime() + WITHDRAWAL_PAUSE_MS);
    if (until > now) {
      throw refusal('withdrawal.paused', { what, until: utcMinute(until) });
    }
  }
}

/**
 * The withdrawal's USD value at the reference prices (above the review threshold, it waits for
 * staff once confirmed), and a refusal when the account's last 24 hours of withdrawals and this one exceed its level's limit:
 * the disclosed threshold without identity verification, a higher one with it. Exact: numeric
 * arithmetic in the database.
 */
async function valuation(
  trx: Queryable,
  ctx: WithdrawalContext,
  userId: number,
  asset: Ticker,
  total: string,
  account: AccountState,
): Promise<string> {
  const limit = account.is_verified
    ? ctx.config.wallet.verifiedWithdrawalLimitUsd
    : ctx.config.support.verificationAmount;
  const { rows } = await sql<{ usd: string; over: boolean; left: string }>`
    with this as (select price * ${total}::numeric as usd from currencies where ticker = ${asset}),
    recent as (
      select coalesce(sum(usd_value), 0) as used from withdrawals
      where user_id = ${userId} and created_at > now() - interval '24 hours'
        and status not in ('cancelled', 'rejected', 'failed'))
    select trim_scale(this.usd)::text as usd,
      recent.used + this.usd > ${limit}::numeric as over,
      trim_scale(round(greatest(${limit}::numeric - recent.used, 0), 2))::text as left
    from this, recent`.execute(trx);
  const [row] = rows;
  if (row === undefined) throw refusal('wallet.unknownCurrency', { ticker: asset });
  if (row.over) {
    const code = account.is_verified ? 'withdrawal.verifiedLimit' : 'withdrawal.unverifiedLimit';
    throw refusal(code, { limit, left: row.left });
  }
  return row.usd;
}

/** Refuses when the available balance cannot cover the amount plus the fee. */
async function refuseWhenShort(
  db: Queryable,
  userId: number,
  asset: Ticker,
  checked: Checked,
): Promise<void> {
  const { rows } = await sql<{ short: boolean }>`
    select coalesce(sum(balance), 0) < ${checked.total}::numeric as short from ledger_accounts
    where user_id = ${userId} and ticker = ${asset} and not held`.execute(db);
  if (rows[0]?.short !== false) throw shortRefusal(asset, checked);
}

function shortRefusal(asset: Ticker, { amount, fee, total }: Checked): DomainError {
  return refusal('withdrawal.short', { asset, amount, fee, total });
}

/** Moves the amount plus the fee to the held balance; says what it costs when it cannot. */
async function hold(
  trx: Queryable,
  userId: number,
  id: number,
  asset: Ticker,
  checked: Checked,
): Promise<number> {
  try {
    return await post(trx, {
      from: { user: userId },
      to: { user: userId, held: true },
      ticker: asset,
      amount: checked.total,
      reason: `Withdrawal ${id} requested`,
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'wallet.insufficientFunds') {
      throw shortRefusal(asset, checked);
    }
    throw error;
  }
}

async function findByKey(
  db: Queryable,
  userId: number,
  key: string,
): Promise<WithdrawalRow | undefined> {
  const row = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row ? readWithdrawal(db, row.id) : undefined;
}

/** A retry gets the first withdrawal back; a different one under the same key is refused. */
function sameOrRefused(first: WithdrawalRow, retry: Checked): WithdrawalRow {
  const same =
    first.asset === retry.on.asset &&
    first.network === retry.on.network &&
    first.address === retry.destination.address &&
    first.tag === retry.destination.tag &&
    first.amount === retry.amount;
  if (!same) throw refusal('withdrawal.keyReused');
  return first;
}
