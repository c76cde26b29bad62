/**
 * P2P survives `kill -9`: traders open, pay, cancel, release and dispute trades and pause and
 * resume their offers through the API, and staff decide disputes, while the server is killed with
 * SIGKILL after a random number of acknowledged moves and restarted, on PGlite and on PostgreSQL.
 * After every kill the audit (test/p2p/audit.ts) must find nothing wrong: every asset sums to
 * zero, the escrow holds exactly the trades under way, each merchant holds exactly what their sell
 * offers have left, each trade entered and left escrow once, and no acknowledged move was lost.
 * FAULT_SEED replays or explores other runs.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDatabase, scratchPostgres } from './databases.ts';
import { runP2pFaults } from './p2p/faults.ts';
import { scratchDataDir } from './spot/faults.ts';

const seed = Number(process.env.FAULT_SEED ?? 11);

forEachDatabase((_open, driver) => {
  test(`three kills while trades move keep every escrow whole (seed ${seed})`, async () => {
    const scratch = driver === 'pglite' ? scratchDataDir() : null;
    const postgres = driver === 'postgres' ? await scratchPostgres() : null;
    try {
      const figures = await runP2pFaults({
        place: scratch?.place ?? { url: postgres?.url ?? '' },
        traders: 6,
        kills: 3,
        seed,
        killAfterMoves: [40, 110],
        pauseMs: 30,
      });
      assert.deepEqual(figures.problems, []);
      // The run proves something only if trades moved every way and kills caught calls in flight.
      const { released = 0, cancelled = 0 } = figures.trades;
      assert.ok(released > 10, `only ${released} trades were released`);
      assert.ok(cancelled > 0, 'no trade was cancelled');
      assert.ok(figures.acknowledged > 50, `only ${figures.acknowledged} moves were acknowledged`);
      assert.ok(figures.inFlight > 0, 'no kill caught a call in flight');
    } finally {
      scratch?.remove();
      await postgres?.drop();
    }
  });
});
