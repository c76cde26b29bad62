/**
 * Transfers between account holders: one ledger entry from the sender's available balance to the
 * recipient's, and a record beside it with the note, in one transaction. The sender's
 * idempotency key makes a retried request (a lost answer, a double click) find the first transfer
 * instead of moving the money twice.
 */
import { sql } from 'kysely';
import { formatDecimal, normalise, parseDecimal } from '../../core/markets/decimal.ts';
import type { SendTransferParams, Ticker, Transfer } from '../../core/protocol/index.ts';
import type { UserRow } from '../accounts/users.ts';
import { isUniqueViolation, normaliseEmail } from '../accounts/users.ts';
import { refusal } from '../errors/DomainError.ts';
import type { Queryable } from '../storage/db.ts';
import { ASSET_NETWORKS } from './chains/index.ts';
import { post } from './ledger.ts';

/** Most decimals a transfer amount may have: what every network of the asset can also carry. */
export function transferDecimals(ticker: Ticker): number {
  return Math.min(8, ...ASSET_NETWORKS[ticker].map((on) => on.decimals));
}

/** The stored transfer as the sender or the recipient sees it. */
interface TransferRow {
  id: number;
  sender_id: number;
  recipient_id: number;
  ticker: string;
  amount: string;
  note: string;
  created_at: Date;
  sender_login: string;
  recipient_login: string;
  recipient_email: string;
}

/** A transfer as its sender sees it, and the accounts whose balances it changed. */
export interface SentTransfer {
  transfer: Transfer;
  parties: [senderId: number, recipientId: number];
}

/** Sends a transfer from `sender`, or returns the one already made with the same key. */
export async function sendTransfer(
  db: Queryable,
  sender: UserRow,
  request: SendTransferParams,
): Promise<SentTransfer> {
  const amount = checkedAmount(request.ticker, request.amount);
  const note = request.note ?? '';
  const earlier = await findByKey(db, sender.id, request.idempotencyKey);
  if (earlier) return sameOrRefused(earlier, sender.id, { ...request, amount, note });
  try {
    const id = await db.transaction().execute(async (trx) => {
      await checkAllowed(trx, sender.id);
      const recipient = await findRecipient(trx, request.to);
      if (recipient.id === sender.id) throw refusal('transfer.toSelf');
      const entry = await post(trx, {
        from: { user: sender.id },
        to: { user: recipient.id },
        ticker: request.ticker,
        amount,
        reason: `Transfer from ${sender.login} to ${recipient.login}`,
      });
      const row = await trx
        .insertInto('transfers')
        .values({
          sender_id: sender.id,
          recipient_id: recipient.id,
          ticker: request.ticker,
          amount,
          note,
          idempotency_key: request.idempotencyKey,
          ledger_entry_id: entry,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    return sent(await readTransfer(db, id), sender.id);
  } catch (error) {
    // The same key sent twice at once: the first committed, this one's entry rolled back with it.
    if (!isUniqueViolation(error, 'transfers_idempotency_key')) throw error;
    const first = await findByKey(db, sender.id, request.idempotencyKey);
    if (!first) throw error;
    return sameOrRefused(first, sender.id, { ...request, amount, note });
  }
}

/** The amount as the ledger stores it; refused with the reason when it cannot be sent. */
export function checkedAmount(ticker: Ticker, text: string): string {
  const parsed = parseDecimal(text);
  if (parsed === 'format') throw refusal('wallet.amountFormat');
  if (parsed === 'digits') throw refusal('wallet.amountDigits');
  const value = normalise(parsed);
  if (value.units <= 0n) throw refusal('wallet.notPositive');
  const decimals = transferDecimals(ticker);
  if (value.decimals > decimals) {
    throw refusal('wallet.assetDecimals', { ticker, decimals });
  }
  // Normalised, so "0.50" and "0.5" retried under one key are the same transfer.
  return formatDecimal(value.units, value.decimals);
}

/** Reads the sender's flag inside the transaction, so a switch by staff applies at once. */
async function checkAllowed(trx: Queryable, senderId: number): Promise<void> {
  const row = await trx
    .selectFrom('users')
    .select('is_transfer')
    .where('id', '=', senderId)
    .executeTakeFirst();
  if (!row?.is_transfer) throw refusal('transfer.disabled');
}

/**
 * The account an email or login names. Logins are not unique, so a login shared by several
 * accounts is refused rather than guessed; visitors and blocked accounts cannot receive.
 */
async function findRecipient(trx: Queryable, to: string): Promise<{ id: number; login: string }> {
  const text = to.trim();
  const byEmail = text.includes('@');
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'login'])
    .where((eb) =>
      byEmail
        ? eb('email', '=', normaliseEmail(text))
        : eb(eb.fn('lower', ['login']), '=', text.toLowerCase()),
    )
    .where('is_visitor', '=', false)
    .where('is_blocked', '=', false)
    .limit(2)
    .execute();
  const [first, second] = rows;
  if (!first) throw refusal('transfer.unknownRecipient');
  if (second) throw refusal('transfer.ambiguousLogin');
  return first;
}

async function findByKey(
  db: Queryable,
  senderId: number,
  key: string,
): Promise<TransferRow | undefined> {
  const row = await db
    .selectFrom('transfers')
    .select('id')
    .where('sender_id', '=', senderId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row ? readTransfer(db, row.id) : undefined;
}

/** A retry gets the first transfer back; a different transfer under the same key is refused. */
function sameOrRefused(
  first: TransferRow,
  senderId: number,
  retry: { to: string; ticker: Ticker; amount: string; note: string },
): SentTransfer {
  const to = retry.to.trim().toLowerCase();
  const sameRecipient = to === first.recipient_login.toLowerCase() || to === first.recipient_email;
  const same =
    first.ticker === retry.ticker &&
    first.amount === retry.amount &&
    first.note === retry.note &&
    sameRecipient;
  if (!same) throw refusal('transfer.keyReused');
  return sent(first, senderId);
}

async function readTransfer(db: Queryable, id: number): Promise<TransferRow> {
  return db
    .selectFrom('transfers as t')
    .innerJoin('users as s', 's.id', 't.sender_id')
    .innerJoin('users as r', 'r.id', 't.recipient_id')
    .select([
      't.id',
      't.sender_id',
      't.recipient_id',
      't.ticker',
      sql<string>`trim_scale(t.amount)::text`.as('amount'),
      't.note',
      't.created_at',
      's.login as sender_login',
      'r.login as recipient_login',
      'r.email as recipient_email',
    ])
    .where('t.id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A stored transfer as its sender gets it back. */
function sent(row: TransferRow, senderId: number): SentTransfer {
  return { transfer: toWire(row, senderId), parties: [row.sender_id, row.recipient_id] };
}

/** A transfer as the account `viewerId` sees it. */
function toWire(row: TransferRow, viewerId: number): Transfer {
  const out = row.sender_id === viewerId;
  return {
    id: row.id,
    direction: out ? 'out' : 'in',
    counterparty: out ? row.recipient_login : row.sender_login,
    ticker: row.ticker as Ticker,
    amount: row.amount,
    note: row.note,
    createdAt: row.created_at.toISOString(),
  };
}
