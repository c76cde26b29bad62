/**
 * What the holders and the staff member were told: every acknowledged withdrawal, cancel,
 * review, transfer and faucet send, every refusal, and the requests still in flight when the
 * server died. Checked against the database after each crash: nothing acknowledged is lost or
 * taken back. A withdrawal or transfer caught in flight is sent again with its idempotency key
 * after the restart: the stored one must come back if it had been committed, and otherwise it is
 * made once now.
 */
import { sql } from 'kysely';
import type { Transfer, Withdrawal } from '../../core/protocol/index.ts';
import type { Database } from '../../server/storage/db.ts';
import { scaled } from '../spot/audit.ts';
import { type ApiAnswer, callApi } from '../spot/traders.ts';
import type { HolderStep, StaffStep } from './holders.ts';

/** A request whose answer never came, sent again after the restart. */
export interface InFlight {
  userId: number;
  token: string;
  step: Extract<HolderStep, { method: 'withdrawals.request' | 'transfers.send' }>;
}

/** A transfer as acknowledged to its sender. */
interface ToldTransfer {
  senderId: number;
  recipientId: number;
  key: string;
  ticker: string;
  amount: string;
}

/** Test coins the faucet said it sent. */
interface ToldCoins {
  txHash: string;
  network: string;
  asset: string;
  address: string;
  tag: number | null;
}

const FINAL = new Set(['confirmed', 'cancelled', 'rejected', 'failed']);

/** See the file comment. */
export class WalletJournal {
  /** Acknowledged withdrawals by id, as last answered, with their owner and key. */
  readonly withdrawals = new Map<number, Withdrawal & { userId: number; key: string }>();
  /** Ids of withdrawals whose confirmation (the mailed link) was acknowledged. */
  readonly confirmed = new Set<number>();
  /** Ids of withdrawals whose cancel was acknowledged. */
  readonly cancelled = new Set<number>();
  /** Acknowledged reviews: withdrawal id → approved. */
  readonly reviews = new Map<number, boolean>();
  readonly transfers = new Map<number, ToldTransfer>();
  readonly coins: ToldCoins[] = [];
  /** Refusals by message. */
  readonly refusals = new Map<string, number>();
  /** Withdrawal requests and transfers in flight at the last kill. */
  inFlight: InFlight[] = [];
  /** Cancels, reviews and faucet sends in flight at a kill: nothing to send again. */
  lostAnswers = 0;
  acknowledged = 0;

  /** Records an answer; the withdrawal it carried, if any. */
  record(userId: number, step: HolderStep | StaffStep, answer: ApiAnswer): Withdrawal | null {
    if (!answer.status) {
      const message = answer.error_msg ?? 'no message';
      this.refusals.set(message, (this.refusals.get(message) ?? 0) + 1);
      return null;
    }
    if (step.method === 'withdrawals.getPending') return null;
    this.acknowledged += 1;
    switch (step.method) {
      case 'withdrawals.request': {
        const withdrawal = answer.withdrawal as Withdrawal;
        this.withdrawals.set(withdrawal.id, {
          ...withdrawal,
          userId,
          key: step.params.idempotencyKey,
        });
        return withdrawal;
      }
      case 'withdrawals.confirm': {
        const withdrawal = answer.withdrawal as Withdrawal;
        const told = this.withdrawals.get(withdrawal.id);
        if (told !== undefined) this.withdrawals.set(withdrawal.id, { ...told, ...withdrawal });
        this.confirmed.add(withdrawal.id);
        return withdrawal;
      }
      case 'withdrawals.cancel':
        this.cancelled.add(step.params.id);
        return answer.withdrawal as Withdrawal;
      case 'withdrawals.review':
        this.reviews.set(step.params.id, step.params.approve);
        return null;
      case 'transfers.send': {
        const transfer = answer.transfer as Transfer;
        this.transfers.set(transfer.id, {
          senderId: userId,
          recipientId: step.recipientId,
          key: step.params.idempotencyKey,
          ticker: transfer.ticker,
          amount: transfer.amount,
        });
        return null;
      }
      case 'deposits.faucet': {
        const sent = answer.sent as ToldCoins;
        this.coins.push({ ...sent });
        return null;
      }
      default:
        return exhausted(step);
    }
  }

  /** Notes a call the server died under; withdrawal requests and transfers are kept to retry. */
  lost(userId: number, token: string, step: HolderStep | StaffStep): void {
    if (step.method === 'withdrawals.request' || step.method === 'transfers.send') {
      this.inFlight.push({ userId, token, step });
    } else if (step.method !== 'withdrawals.getPending') {
      this.lostAnswers += 1;
    }
  }

  /** The stored ids of the requests in flight: `user:key` → id, for those that were committed. */
  async committed(db: Database): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    for (const { userId, step } of this.inFlight) {
      const key = step.params.idempotencyKey;
      const row =
        step.method === 'withdrawals.request'
          ? await db
              .selectFrom('withdrawals')
              .select('id')
              .where('user_id', '=', userId)
              .where('idempotency_key', '=', key)
              .executeTakeFirst()
          : await db
              .selectFrom('transfers')
              .select('id')
              .where('sender_id', '=', userId)
              .where('idempotency_key', '=', key)
              .executeTakeFirst();
      if (row !== undefined) found.set(`${userId}:${key}`, row.id);
    }
    return found;
  }

  /**
   * Sends every request that was in flight again (the server is back): one that was committed
   * must come back as the stored one; one that was not is made now, or refused. Journaled either
   * way; the problems, in words.
   */
  async sendAgain(url: string, committed: ReadonlyMap<string, number>): Promise<string[]> {
    const problems: string[] = [];
    const inFlight = this.inFlight;
    this.inFlight = [];
    for (const { userId, token, step } of inFlight) {
      const answer = await callApi(url, step.method, token, step.params);
      const key = step.params.idempotencyKey;
      const stored = committed.get(`${userId}:${key}`);
      const made = (answer.withdrawal ?? answer.transfer) as { id: number } | undefined;
      if (stored !== undefined && made?.id !== stored) {
        problems.push(
          `${step.method} with key ${key} sent again answered ${made ? `id ${made.id}` : answer.error_msg} instead of the stored ${stored}`,
        );
      }
      this.record(userId, step, answer);
    }
    return problems;
  }

  /** What the database says against what was acknowledged: the problems, in words. */
  async check(db: Database): Promise<string[]> {
    return [
      ...(await this.checkWithdrawals(db)),
      ...(await this.checkTransfers(db)),
      ...(await this.checkCoins(db)),
    ];
  }

  private async checkWithdrawals(db: Database): Promise<string[]> {
    const problems: string[] = [];
    const stored = new Map(
      (
        await inBatches([...this.withdrawals.keys()], (ids) =>
          db
            .selectFrom('withdrawals')
            .select([
              'id',
              'user_id',
              'idempotency_key',
              'asset',
              'network',
              'address',
              'tag',
              sql<string>`amount::text`.as('amount'),
              sql<string>`fee::text`.as('fee'),
              'status',
            ])
            .where('id', 'in', ids)
            .execute(),
        )
      ).map((row) => [row.id, row]),
    );
    for (const [id, told] of this.withdrawals) {
      const row = stored.get(id);
      if (row === undefined) {
        problems.push(`acknowledged withdrawal ${id} is not in the database`);
        continue;
      }
      const same =
        row.user_id === told.userId &&
        row.idempotency_key === told.key &&
        row.asset === told.asset &&
        row.network === told.network &&
        row.address === told.address &&
        row.tag === told.tag &&
        scaled(row.amount) === scaled(told.amount) &&
        scaled(row.fee) === scaled(told.fee);
      if (!same) problems.push(`withdrawal ${id} is stored otherwise than it was acknowledged`);
      if (FINAL.has(told.status) && row.status !== told.status) {
        problems.push(`withdrawal ${id} was acknowledged ${told.status} but is ${row.status}`);
      }
      if (this.confirmed.has(id) && row.status === 'awaitingConfirmation') {
        problems.push(`withdrawal ${id}'s confirmation was acknowledged but it still waits for it`);
      }
      if (this.cancelled.has(id) && row.status !== 'cancelled') {
        problems.push(`withdrawal ${id}'s cancel was acknowledged but it is ${row.status}`);
      }
    }
    for (const [id, approved] of this.reviews) {
      const status = stored.get(id)?.status;
      if (status === undefined) continue;
      if (!approved && status !== 'rejected') {
        problems.push(`withdrawal ${id}'s rejection was acknowledged but it is ${status}`);
      }
      if (approved && (status === 'awaitingReview' || status === 'rejected')) {
        problems.push(`withdrawal ${id}'s approval was acknowledged but it is ${status}`);
      }
    }
    return problems;
  }

  private async checkTransfers(db: Database): Promise<string[]> {
    const problems: string[] = [];
    const stored = new Map(
      (
        await inBatches([...this.transfers.keys()], (ids) =>
          db
            .selectFrom('transfers')
            .select([
              'id',
              'sender_id',
              'recipient_id',
              'idempotency_key',
              'ticker',
              sql<string>`amount::text`.as('amount'),
            ])
            .where('id', 'in', ids)
            .execute(),
        )
      ).map((row) => [row.id, row]),
    );
    for (const [id, told] of this.transfers) {
      const row = stored.get(id);
      if (row === undefined) {
        problems.push(`acknowledged transfer ${id} is not in the database`);
        continue;
      }
      const same =
        row.sender_id === told.senderId &&
        row.recipient_id === told.recipientId &&
        row.idempotency_key === told.key &&
        row.ticker === told.ticker &&
        scaled(row.amount) === scaled(told.amount);
      if (!same) problems.push(`transfer ${id} is stored otherwise than it was acknowledged`);
    }
    return problems;
  }

  private async checkCoins(db: Database): Promise<string[]> {
    const problems: string[] = [];
    const stored = new Map(
      (
        await inBatches(
          this.coins.map((coins) => coins.txHash),
          (hashes) =>
            db
              .selectFrom('devnet_transactions')
              .select(['network', 'tx_hash', 'asset', 'to_address', 'tag'])
              .where('tx_hash', 'in', hashes)
              .execute(),
        )
      ).map((row) => [`${row.network} ${row.tx_hash}`, row]),
    );
    for (const told of this.coins) {
      const row = stored.get(`${told.network} ${told.txHash}`);
      if (row === undefined) {
        problems.push(`the faucet's acknowledged transaction ${told.txHash} is not on the devnet`);
      } else if (
        row.asset !== told.asset ||
        row.to_address !== told.address ||
        row.tag !== told.tag
      ) {
        problems.push(`the faucet's transaction ${told.txHash} pays otherwise than it said`);
      }
    }
    return problems;
  }
}

/** Runs `read` on slices of `keys` small enough for one statement's parameters. */
async function inBatches<K, R>(keys: readonly K[], read: (slice: K[]) => Promise<R[]>) {
  const rows: R[] = [];
  for (let start = 0; start < keys.length; start += 1000) {
    rows.push(...(await read(keys.slice(start, start + 1000))));
  }
  return rows;
}

function exhausted(step: never): never {
  throw new Error(`unknown step ${JSON.stringify(step)}`);
}
