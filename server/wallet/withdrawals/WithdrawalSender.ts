/**
 * Sends requested withdrawals and follows them until the chain settles them, on a schedule of its
 * own (senderSchedule.ts), whatever chain (devnet or real node) a network is on. A withdrawal is signed and the signed transaction
 * stored (status sent) before it is broadcast, so after a crash the same transaction is sent
 * again, never a second one; a sent transaction the chain does not show yet is broadcast again,
 * which is harmless. Confirmed, the held amount leaves the system in one transaction with the
 * status change; failed on the chain, the hold is released. Each happens only from `sent`, under
 * the row's lock, so exactly once however many senders run. Each run first cancels the requests
 * whose mailed confirmation link ran out, and a withdrawal marked sent mails its owner the
 * transaction id in the same transaction.
 */
import type { Ticker } from '../../../core/protocol/index.ts';
import type { ServerEventBus } from '../../events/ServerEvents.ts';
import type { MailSite } from '../../mail/site.ts';
import type { Database } from '../../storage/db.ts';
import type { ChainAdapter } from '../chains/ChainAdapter.ts';
import type { NetworkId } from '../chains/networks.ts';
import type { ChainAdapters } from '../deposits/chainAdapters.ts';
import type { WatcherLog } from '../deposits/DepositWatcher.ts';
import { post } from '../ledger.ts';
import { movableFrom, movedTo } from './lifecycle.ts';
import { cancelUnconfirmed, queueSentMail, WITHDRAWAL_LINK_MS } from './mailConfirmation.ts';
import { releaseHold } from './releaseHold.ts';

/** What one run did, for the logs and the tests. */
export interface SendReport {
  sent: number;
  confirmed: number;
  failed: number;
}

/** Most withdrawals one run signs or follows; the rest wait for the next run. */
const BATCH = 200;

/** See the file comment. */
export class WithdrawalSender {
  /** Whether the last run found a withdrawal waiting on the sender. */
  private found = true;

  constructor(
    private readonly db: Database,
    private readonly adapters: ChainAdapters,
    private readonly mail: MailSite,
    private readonly log: WatcherLog,
    private readonly events?: ServerEventBus,
  ) {}

  /** Signs what is requested, then follows what is sent; a failing withdrawal is logged. */
  async run(): Promise<SendReport> {
    const report: SendReport = { sent: 0, confirmed: 0, failed: 0 };
    // One indexed read when no withdrawal waits on the sender, as most runs find.
    const open = [...movableFrom('expireLink'), ...movableFrom('send'), ...movableFrom('confirm')];
    const waiting = await this.db
      .selectFrom('withdrawals')
      .select('id')
      .where('status', 'in', open)
      .limit(1)
      .executeTakeFirst();
    this.found = waiting !== undefined;
    if (waiting === undefined) return report;
    const changed = new Set<number>(await cancelUnconfirmed(this.db));
    const requested = await this.db
      .selectFrom('withdrawals')
      .select(['id', 'user_id', 'network', 'asset', 'address', 'tag', 'amount', 'fee'])
      .where('status', 'in', movableFrom('send'))
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of requested) {
      const adapter = this.adapters.get(row.network as NetworkId);
      if (adapter === undefined) continue;
      try {
        if (await this.sign(adapter, row)) {
          report.sent += 1;
          changed.add(row.user_id);
        }
      } catch (error) {
        this.log.warn({ err: error, withdrawal: row.id }, 'withdrawal: not signed');
      }
    }
    const sent = await this.db
      .selectFrom('withdrawals')
      .select(['id', 'user_id', 'network', 'tx_hash', 'signed_tx', 'required'])
      .where('status', 'in', movableFrom('confirm'))
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of sent) {
      const adapter = this.adapters.get(row.network as NetworkId);
      if (adapter === undefined || row.tx_hash === null || row.signed_tx === null) continue;
      try {
        const outcome = await this.follow(adapter, {
          ...row,
          tx_hash: row.tx_hash,
          signed_tx: row.signed_tx,
        });
        if (outcome !== 'unchanged') changed.add(row.user_id);
        if (outcome === 'confirmed' || outcome === 'failed') report[outcome] += 1;
      } catch (error) {
        this.log.warn({ err: error, withdrawal: row.id }, 'withdrawal: not followed');
      }
    }
    if (changed.size > 0) this.events?.publish('wallet.balancesChanged', { userIds: [...changed] });
    return report;
  }

  /**
   * When the sender has something to do next, after a run: `everyMs` from now while a withdrawal
   * is to be signed or followed, else when the oldest mailed link runs out; null when none waits.
   */
  async nextDue(everyMs: number): Promise<Date | null> {
    if (!this.found) return null;
    const moving = [...movableFrom('send'), ...movableFrom('confirm')];
    const row = await this.db
      .selectFrom('withdrawals')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('status', 'in', moving).as('moving'),
        eb.fn
          .min<Date | null>('created_at')
          .filterWhere('status', 'in', movableFrom('expireLink'))
          .as('oldest'),
      ])
      .where('status', 'in', [...moving, ...movableFrom('expireLink')])
      .executeTakeFirstOrThrow();
    if (Number(row.moving) > 0) return new Date(Date.now() + everyMs);
    return row.oldest === null
      ? null
      : new Date(new Date(row.oldest).getTime() + WITHDRAWAL_LINK_MS);
  }

  /**
   * Signs the withdrawal and stores the transaction as sent, mailing its owner; false when it was
   * no longer requested.
   */
  private async sign(
    adapter: ChainAdapter,
    row: {
      id: number;
      user_id: number;
      asset: string;
      network: string;
      address: string;
      tag: number | null;
      amount: string;
      fee: string;
    },
  ): Promise<boolean> {
    const signed = await adapter.sign({
      withdrawalId: String(row.id),
      asset: row.asset as Ticker,
      destination: { address: row.address, tag: row.tag },
      amount: trimmed(row.amount),
    });
    return this.db.transaction().execute(async (trx) => {
      // Conditional: a cancel that came first wins, and the transaction is never broadcast.
      const stored = await trx
        .updateTable('withdrawals')
        .set({
          status: movedTo('send'),
          tx_hash: signed.txHash,
          signed_tx: signed.raw,
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .where('status', 'in', movableFrom('send'))
        .executeTakeFirst();
      if (stored.numUpdatedRows !== 1n) return false;
      await queueSentMail(
        trx,
        this.mail,
        { ...row, amount: trimmed(row.amount), fee: trimmed(row.fee) },
        signed.txHash,
      );
      return true;
    });
  }

  /** Where a sent withdrawal stands now, settled when the chain has decided. */
  private async follow(
    adapter: ChainAdapter,
    row: { id: number; tx_hash: string; signed_tx: string; required: number },
  ): Promise<'unchanged' | 'confirming' | 'confirmed' | 'failed'> {
    const status = await adapter.status(row.tx_hash);
    if (status.state === 'pending') {
      // Not on the chain yet: never broadcast (a crash came first) or dropped from a mempool.
      // A broadcast that throws is tried again next run rather than released: the transaction
      // may have reached the network, and releasing the hold then would pay it out twice.
      await adapter.broadcast({ txHash: row.tx_hash, raw: row.signed_tx });
      return 'unchanged';
    }
    if (status.state === 'failed') {
      const released = await this.db
        .transaction()
        .execute((trx) => releaseHold(trx, { id: row.id, move: 'fail', reason: status.reason }));
      return released === undefined ? 'unchanged' : 'failed';
    }
    if (status.confirmations < row.required) {
      const updated = await this.db
        .updateTable('withdrawals')
        .set({ confirmations: status.confirmations })
        .where('id', '=', row.id)
        .where('status', '=', 'sent')
        .where('confirmations', '!=', status.confirmations)
        .executeTakeFirst();
      return updated.numUpdatedRows === 1n ? 'confirming' : 'unchanged';
    }
    return (await this.confirm(row.id, status.confirmations)) ? 'confirmed' : 'unchanged';
  }

  /** The held amount out to the chain and the fee to the exchange, with the status, at once. */
  private async confirm(id: number, confirmations: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('withdrawals')
        .select(['user_id', 'asset', 'amount', 'fee', 'tx_hash'])
        .where('id', '=', id)
        .where('status', 'in', movableFrom('confirm'))
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined) return false;
      const ticker = row.asset as Ticker;
      const held = { user: row.user_id, held: true } as const;
      const entry = await post(trx, {
        from: held,
        to: { system: 'withdrawals' },
        ticker,
        amount: trimmed(row.amount),
        reason: `Withdrawal ${id} confirmed (${row.tx_hash})`,
      });
      if (/[1-9]/.test(row.fee)) {
        await post(trx, {
          from: held,
          to: { system: 'fees' },
          ticker,
          amount: trimmed(row.fee),
          reason: `Withdrawal ${id} network fee`,
        });
      }
      await trx
        .updateTable('withdrawals')
        .set({
          status: movedTo('confirm'),
          confirmations,
          final_entry_id: entry,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      return true;
    });
  }
}

/** numeric(38, 18) as read back ("0.500000000000000000") without its trailing zeros. */
function trimmed(amount: string): string {
  return amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount;
}
