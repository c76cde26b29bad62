/**
 * The wallet's fault run: account holders withdraw to one another's deposit addresses, cancel,
 * transfer and take test coins from the faucet through the API, and a staff member reviews, while
 * the server and its devnet (a block a second) are killed with SIGKILL at random moments and
 * started again. After each kill the database is audited (audit.ts) and checked against what the
 * clients were told (journal.ts), and each withdrawal or transfer caught in flight is sent again
 * with its idempotency key. After the last start the clock runs with no traffic until every
 * withdrawal and deposit has settled, and the audit then also demands that each confirmed
 * transaction to a deposit address was credited.
 */
import type { Deposit, DepositAddressInfo, Withdrawal } from '../../core/protocol/index.ts';
import { loadConfig } from '../../server/config.ts';
import { outboxToken } from '../outboxLink.ts';
import { seededRandom } from '../seededRandom.ts';
import { delay, runKillRounds } from '../spot/killRounds.ts';
import { type DatabasePlace, serverEnv, withDatabase } from '../spot/serverProcess.ts';
import { callApi, prepareTraders, type Trader } from '../spot/traders.ts';
import { auditWallet, walletCounts } from './audit.ts';
import { type Holder, HolderStream, MOVED_ASSETS, reviewStep } from './holders.ts';
import { WalletJournal } from './journal.ts';

/**
 * The server's settings for the run: a block and a withdrawal run every second, no daily limit
 * for unverified accounts, and staff review above 200 USD (about one withdrawal in five).
 */
export const WALLET_ENV: Readonly<Record<string, string>> = {
  DEVNET: 'on',
  DEVNET_BLOCK_SECONDS: '1',
  WITHDRAWAL_SEND_SECONDS: '1',
  VERIFICATION_AMOUNT: '1000000000',
  WITHDRAWAL_REVIEW_USD: '200',
};

/** How long funding, or settling at the end, may take before the run reports it. */
const SETTLE_LIMIT_MS = 60_000;

/** How a wallet fault run goes. */
export interface WalletFaultOptions {
  place: DatabasePlace;
  holders: number;
  kills: number;
  seed: number;
  /** The server is killed once this many moves (a number in the range) are acknowledged. */
  killAfterMoves: readonly [number, number];
  /** Each client waits up to this long between two calls, in milliseconds. */
  pauseMs: number;
}

/** What a wallet fault run saw. */
export interface WalletFaultFigures {
  kills: number;
  /** Calls answered with success: every withdrawal, cancel, review, transfer and faucet send. */
  acknowledged: number;
  withdrawals: number;
  cancels: number;
  reviews: number;
  transfers: number;
  faucetSends: number;
  refused: number;
  /** Withdrawal requests and transfers in flight at a kill, and of those, how many committed. */
  inFlight: number;
  inFlightCommitted: number;
  /** Cancels, reviews and faucet sends in flight at a kill. */
  otherInFlight: number;
  depositsCredited: number;
  withdrawalsConfirmed: number;
  /** Median milliseconds from spawning the server to serving. */
  restartMs: number;
  /** Every broken rule, in words: empty when the wallet came through every kill intact. */
  problems: string[];
}

/** Runs the holders against the server, killing it `kills` times; see the file comment. */
export async function runWalletFaults(options: WalletFaultOptions): Promise<WalletFaultFigures> {
  const { holders, staff } = await withDatabase(options.place, async (db) => {
    const config = loadConfig(serverEnv(options.place, WALLET_ENV));
    const made = await prepareTraders(db, config, options.holders + 1, {});
    const staff = made.pop() as Trader;
    await db.updateTable('users').set({ status_id: 1 }).where('id', '=', staff.userId).execute();
    return { holders: made.map((t): Holder => ({ ...t, addresses: new Map() })), staff };
  });
  const streams = holders.map(
    (_, i) => new HolderStream(seededRandom(options.seed * 1000 + i), holders, i),
  );
  const pauses = seededRandom(options.seed * 1000 + 999);
  const openOf = holders.map((): Withdrawal[] => []);
  const journal = new WalletJournal();
  let committed = new Map<string, number>();
  let inFlight = 0;
  let inFlightCommitted = 0;
  let counts = { depositsCredited: 0, withdrawalsConfirmed: 0 };

  const clients = {
    /** One holder's calls until the server stops answering. */
    async holder(url: string, index: number): Promise<void> {
      const holder = holders[index] as Holder;
      const stream = streams[index] as HolderStream;
      for (;;) {
        const step = stream.step(openOf[index] ?? []);
        const answer = await callOrLose(url, holder, step, journal);
        if (answer === null) return;
        let withdrawal = journal.record(holder.userId, step, answer);
        if (
          withdrawal?.status === 'awaitingConfirmation' &&
          step.method === 'withdrawals.request'
        ) {
          // As its owner would: the link from the mail, read at once.
          const confirmed = await confirmFromMail(url, holder, withdrawal, journal);
          if (confirmed === undefined) return;
          withdrawal = confirmed ?? withdrawal;
        }
        if (withdrawal !== null) openOf[index] = waiting(openOf[index] ?? [], withdrawal);
        // A cancel refused (the withdrawal was signed meanwhile) is not tried again.
        if (step.method === 'withdrawals.cancel' && !answer.status) {
          openOf[index] = (openOf[index] ?? []).filter((w) => w.id !== step.params.id);
        }
        await delay(pauses() * options.pauseMs);
      }
    },
    /** The staff member's reviews until the server stops answering. */
    async staff(url: string): Promise<void> {
      for (;;) {
        const list = { method: 'withdrawals.getPending', params: { limit: 50 } } as const;
        const pending = await callOrLose(url, staff, list, journal);
        if (pending === null) return;
        const step = reviewStep(pauses, (pending.withdrawals as Withdrawal[] | undefined) ?? []);
        if (step !== null) {
          const answer = await callOrLose(url, staff, step, journal);
          if (answer === null) return;
          journal.record(staff.userId, step, answer);
        }
        await delay(pauses() * options.pauseMs * 4);
      }
    },
  };

  const outcome = await runKillRounds(
    { ...options, env: WALLET_ENV },
    {
      async started(url, round) {
        if (round === 0) {
          await fund(url, holders, streams, journal);
          return [];
        }
        const problems = await journal.sendAgain(url, committed);
        return problems.map((problem) => `after restart ${round}: ${problem}`);
      },
      async traffic(url) {
        await Promise.all([...holders.map((_, i) => clients.holder(url, i)), clients.staff(url)]);
      },
      acknowledged: () => journal.acknowledged,
      finish: (url) => settle(url, holders),
      async audit(db, _round, last) {
        const inRound = journal.inFlight;
        const problems = [...(await auditWallet(db, last)), ...(await journal.check(db))];
        committed = await journal.committed(db);
        inFlight += inRound.length;
        inFlightCommitted += inRound.filter((f) =>
          committed.has(`${f.userId}:${f.step.params.idempotencyKey}`),
        ).length;
        if (last) counts = await walletCounts(db);
        return problems;
      },
    },
  );
  return {
    kills: options.kills,
    acknowledged: journal.acknowledged,
    withdrawals: journal.withdrawals.size,
    cancels: journal.cancelled.size,
    reviews: journal.reviews.size,
    transfers: journal.transfers.size,
    faucetSends: journal.coins.length,
    refused: [...journal.refusals.values()].reduce((a, b) => a + b, 0),
    inFlight,
    inFlightCommitted,
    otherInFlight: journal.lostAnswers,
    ...counts,
    restartMs: outcome.restartMs,
    problems: outcome.problems,
  };
}

/**
 * One call, or null once the server is gone. A call the server may have received is journaled
 * as in flight; one whose connection was refused never reached it and is forgotten.
 */
async function callOrLose(
  url: string,
  caller: Trader,
  step: Parameters<WalletJournal['lost']>[2],
  journal: WalletJournal,
): Promise<Awaited<ReturnType<typeof callApi>> | null> {
  try {
    return await callApi(url, step.method, caller.token, step.params);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED') {
      journal.lost(caller.userId, caller.token, step);
    }
    return null;
  }
}

/**
 * Confirms a withdrawal from the link mailed to its owner: the withdrawal as confirmed, null when
 * the confirmation was refused or its mail not found, undefined once the server is gone.
 */
async function confirmFromMail(
  url: string,
  holder: Holder,
  withdrawal: Withdrawal,
  journal: WalletJournal,
): Promise<Withdrawal | null | undefined> {
  let confirmToken: string | null;
  try {
    confirmToken = await outboxToken(
      url,
      `withdrawal ${withdrawal.id} was requested`,
      '/confirm-withdrawal',
    );
  } catch {
    return undefined;
  }
  if (confirmToken === null) return null;
  const step = { method: 'withdrawals.confirm', params: { confirmToken } } as const;
  const answer = await callOrLose(url, holder, step, journal);
  if (answer === null) return undefined;
  return journal.record(holder.userId, step, answer);
}

/** The withdrawals a holder may still cancel, after an answer about `changed`. */
function waiting(known: readonly Withdrawal[], changed: Withdrawal): Withdrawal[] {
  const open = [...known.filter((w) => w.id !== changed.id), changed];
  // Signed ones cannot be cancelled; the holder learns that only by trying, as a person would.
  const cancellable = new Set(['awaitingConfirmation', 'requested', 'awaitingReview']);
  return open.filter((w) => cancellable.has(w.status)).slice(-20);
}

/** Each holder's deposit addresses, and test coins at the faucet's cap, credited before traffic. */
async function fund(
  url: string,
  holders: readonly Holder[],
  streams: readonly HolderStream[],
  journal: WalletJournal,
): Promise<void> {
  await Promise.all(
    holders.map(async (holder, i) => {
      for (const asset of MOVED_ASSETS) {
        const answer = await callApi(url, 'deposits.getAddress', holder.token, {
          asset,
          network: asset,
        });
        const info = answer.address as DepositAddressInfo | undefined;
        if (info === undefined) throw new Error(`deposits.getAddress: ${answer.error_msg}`);
        holder.addresses.set(asset, { address: info.address, tag: info.tag });
        const step = (streams[i] as HolderStream).funding(asset);
        const sent = await callApi(url, step.method, holder.token, step.params);
        if (!sent.status) throw new Error(`deposits.faucet: ${sent.error_msg}`);
        journal.record(holder.userId, step, sent);
      }
    }),
  );
  const funded = await until(async () => {
    for (const holder of holders) {
      const deposits = await mine<Deposit>(url, holder, 'deposits.getMine', 'deposits');
      if (deposits.filter((d) => d.status === 'credited').length < MOVED_ASSETS.length)
        return false;
    }
    return true;
  });
  if (!funded)
    throw new Error(`the holders' test coins were not credited within ${SETTLE_LIMIT_MS} ms`);
}

/**
 * Lets the clock run with no traffic until no withdrawal waits to be sent or confirmed and no
 * deposit for its confirmations; a problem if that takes too long. Nothing more is owed then:
 * a block credits each deposit that reached its confirmations before it confirms the withdrawal
 * that paid it, and a server stopped cleanly finishes the block under way.
 */
async function settle(url: string, holders: readonly Holder[]): Promise<string[]> {
  const settled = await until(async () => {
    for (const holder of holders) {
      const withdrawals = await mine<Withdrawal>(url, holder, 'withdrawals.getMine', 'withdrawals');
      if (withdrawals.some((w) => w.status === 'requested' || w.status === 'sent')) return false;
      const deposits = await mine<Deposit>(url, holder, 'deposits.getMine', 'deposits');
      if (deposits.some((d) => d.status === 'pending')) return false;
    }
    return true;
  });
  if (!settled)
    return [
      `withdrawals and deposits were still moving ${SETTLE_LIMIT_MS} ms after the last start`,
    ];
  return [];
}

/** The holder's newest withdrawals or deposits. */
async function mine<T>(url: string, holder: Holder, method: string, field: string): Promise<T[]> {
  const answer = await callApi(url, method, holder.token, { limit: 500 });
  if (!answer.status) throw new Error(`${method}: ${answer.error_msg}`);
  return answer[field] as T[];
}

/** Checks every half second until `check` says yes (true) or SETTLE_LIMIT_MS pass (false). */
async function until(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await delay(500);
  }
  return false;
}
