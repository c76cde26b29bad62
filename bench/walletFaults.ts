/**
 * The wallet's fault figures for `npm run bench`: a longer run of the wallet fault test (SIGKILL
 * while deposits, withdrawals, reviews and transfers move money) on the embedded database and on
 * PostgreSQL. `node --import tsx bench/walletFaults.ts` prints the table alone.
 */
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runWalletFaults, type WalletFaultFigures } from '../test/wallet/faults.ts';
import { databases } from './spot.ts';

/** One run's figures and its database. */
export type WalletFaultRun = WalletFaultFigures & { database: string };

/** Runs `kills` rounds of the wallet fault run on every database. */
export async function benchWalletFaults(kills = 10): Promise<WalletFaultRun[]> {
  const dbs = await databases();
  const runs: WalletFaultRun[] = [];
  try {
    for (const name of dbs.names) {
      const fresh = await dbs.fresh(name);
      try {
        const run = await runWalletFaults({
          place: fresh.place,
          holders: 16,
          kills,
          seed: 2026,
          killAfterMoves: [60, 400],
          pauseMs: 40,
        });
        runs.push({ ...run, database: name });
      } finally {
        await fresh.remove();
      }
    }
  } finally {
    await dbs.stop();
  }
  return runs;
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

/** The measurements table. */
export function walletFaultsTable(runs: readonly WalletFaultRun[], machine: string): string {
  return [
    'The wallet fault run: 16 account holders withdraw to one another’s deposit addresses, cancel,',
    'transfer and take test coins from the faucet through the API, and a staff member approves or',
    'rejects the withdrawals above 200 USD, while the server and its devnet (a block a second) are',
    'killed with SIGKILL after a random 60 to 400 acknowledged moves of each burst, then started again',
    `(${machine}). After every kill the database is audited: every asset's ledger`,
    'sums to zero, no balance is negative, every entry belongs to a deposit, a withdrawal or a',
    'transfer, each transaction to a deposit address is credited at most once, each withdrawal',
    'holds, leaves or returns exactly once with at most one transaction on the chain, and every',
    'answer the clients got still holds. Each withdrawal or transfer caught in flight is sent again',
    'with its idempotency key (committed: it had been stored, and must come back as the stored',
    'one). After the last start the clock runs until everything has settled, and every confirmed',
    'transaction to a deposit address must then have been credited once. `npm test` runs three',
    'kills per database; this is the longer run.',
    '',
    '| database | kills | calls acknowledged | withdrawals (cancelled, reviewed) | transfers | faucet sends | calls in flight at a kill (withdrawals and transfers committed) | deposits credited | withdrawals confirmed | restart, median | problems |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...runs.map(
      (f) =>
        `| ${f.database} | ${f.kills} | ${count(f.acknowledged)} | ${count(f.withdrawals)} (${count(f.cancels)}, ${count(f.reviews)}) | ${count(f.transfers)} | ${count(f.faucetSends)} | ${count(f.inFlight + f.otherInFlight)} (${count(f.inFlightCommitted)}) | ${count(f.depositsCredited)} | ${count(f.withdrawalsConfirmed)} | ${(f.restartMs / 1000).toFixed(1)} s | ${f.problems.length === 0 ? 'none' : f.problems.slice(0, 3).join('; ')} |`,
    ),
  ].join('\n');
}

if (resolve(fileURLToPath(import.meta.url)) === resolve(process.argv[1] ?? '')) {
  const machine = `${cpus().length} cores, Node ${process.versions.node}`;
  console.log(walletFaultsTable(await benchWalletFaults(), machine));
}
