/**
 * The wallet survives `kill -9`: account holders withdraw, cancel, transfer and take test coins
 * through the API, and staff review, while the server and its devnet are killed with SIGKILL
 * after a random number of acknowledged moves and restarted, on PGlite and on PostgreSQL. After
 * every kill the audit (test/wallet/audit.ts) and the clients' journal must find nothing wrong: every asset's ledger
 * sums to zero, no balance is negative, each transaction to a deposit address is credited at most
 * once (and once the clock has settled, exactly once), each withdrawal holds, leaves or returns
 * exactly once with at most one transaction on the chain, and nothing acknowledged is lost. A
 * short run here; `npm run bench` runs a longer one and writes its figures to docs/measurements.md.
 * FAULT_SEED replays or explores other runs.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDatabase, scratchPostgres } from './databases.ts';
import { scratchDataDir } from './spot/faults.ts';
import { runWalletFaults } from './wallet/faults.ts';

const seed = Number(process.env.FAULT_SEED ?? 7);

forEachDatabase((_open, driver) => {
  test(`three kills while money moves credit, send and transfer everything once (seed ${seed})`, async () => {
    const scratch = driver === 'pglite' ? scratchDataDir() : null;
    const postgres = driver === 'postgres' ? await scratchPostgres() : null;
    try {
      const figures = await runWalletFaults({
        place: scratch?.place ?? { url: postgres?.url ?? '' },
        holders: 8,
        kills: 3,
        seed,
        killAfterMoves: [60, 200],
        pauseMs: 40,
      });
      assert.deepEqual(figures.problems, []);
      // The run proves something only if money moved every way and kills caught calls in flight.
      assert.ok(
        figures.withdrawalsConfirmed > 10,
        `only ${figures.withdrawalsConfirmed} withdrawals were confirmed`,
      );
      assert.ok(
        figures.depositsCredited > 20,
        `only ${figures.depositsCredited} deposits were credited`,
      );
      assert.ok(figures.transfers > 10, `only ${figures.transfers} transfers were acknowledged`);
      assert.ok(figures.cancels + figures.reviews > 0, 'nothing was cancelled or reviewed');
      assert.ok(figures.inFlight + figures.otherInFlight > 0, 'no kill caught a call in flight');
    } finally {
      scratch?.remove();
      await postgres?.drop();
    }
  });
});
