/**
 * When the withdrawal sender runs. On a database several servers share (PostgreSQL): every
 * `wallet.withdrawalSendMs` on each server, one server at a time (inTurn), so the shared beat runs
 * it once across servers and a server that dies leaves nothing waiting. On the embedded database
 * the server is alone: the sender runs at start, then sleeps until something is due
 * (DeadlineSweep): its next run while a withdrawal is being signed or followed, else the oldest
 * mailed link's expiry; news that a withdrawal moved (`wallet.balancesChanged`: a request, a link
 * followed, a cancel, a review, a deposit's block) wakes it, with a look a minute besides.
 */
import type { Config } from '../../config.ts';
import type { ServerEventBus } from '../../events/ServerEvents.ts';
import type { MailSite } from '../../mail/site.ts';
import { DeadlineSweep } from '../../storage/DeadlineSweep.ts';
import type { Database } from '../../storage/db.ts';
import { inTurn, isSharedDatabase } from '../../storage/inTurn.ts';
import type { ChainAdapters } from '../deposits/chainAdapters.ts';
import type { WatcherLog } from '../deposits/DepositWatcher.ts';
import { RepeatingRun } from '../RepeatingRun.ts';
import { WithdrawalSender } from './WithdrawalSender.ts';

/** The longest the sender sleeps on the embedded database (its net: see DeadlineSweep). */
export const SENDER_NET_MS = 60_000;

/** Starts the sender on its schedule (see the file comment); stop it before the database closes. */
export function startWithdrawalSender(
  db: Database,
  chains: ChainAdapters,
  config: Pick<Config, 'wallet'> & MailSite,
  log: WatcherLog,
  events?: ServerEventBus,
): { stop(): Promise<void> } {
  const sender = new WithdrawalSender(db, chains, config, log, events);
  const everyMs = config.wallet.withdrawalSendMs;
  const failed = (error: unknown) => log.warn({ err: error }, 'withdrawal: run failed');
  if (isSharedDatabase(db)) {
    return RepeatingRun.start(
      () => inTurn(db, 'withdrawal sender', () => sender.run()),
      everyMs,
      failed,
    );
  }
  const run = async () => {
    await sender.run();
    return sender.nextDue(everyMs);
  };
  const sweep = new DeadlineSweep(run, { alone: true, everyMs, netMs: SENDER_NET_MS }, failed);
  const unsubscribe = events?.subscribe('wallet.balancesChanged', () => sweep.wake());
  void sweep.start();
  return {
    async stop() {
      unsubscribe?.();
      await sweep.stop();
    },
  };
}
