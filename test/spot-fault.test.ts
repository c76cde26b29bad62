/**
 * The spot market survives `kill -9`: traders place, cancel and trade through the API while the
 * server is killed with SIGKILL after a random number of acknowledged moves and restarted, on
 * PGlite and on PostgreSQL. After every kill the audit (test/spot/audit.ts) and the traders' journal must find nothing
 * wrong, every rebuilt book must equal its stored orders, and every placement caught in flight
 * must have happened once or not at all. A short run here; `npm run bench` runs a longer one and
 * writes its figures to docs/measurements.md. FAULT_SEED replays or explores other runs.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDatabase, scratchPostgres } from './databases.ts';
import { runFaults, scratchDataDir } from './spot/faults.ts';

const seed = Number(process.env.FAULT_SEED ?? 11);

forEachDatabase((_open, driver) => {
  test(`three kills during bursts of orders lose nothing and apply nothing twice (seed ${seed})`, async () => {
    const scratch = driver === 'pglite' ? scratchDataDir() : null;
    const postgres = driver === 'postgres' ? await scratchPostgres() : null;
    try {
      const figures = await runFaults({
        place: scratch?.place ?? { url: postgres?.url ?? '' },
        traders: 24,
        kills: 3,
        seed,
        killAfterMoves: [100, 900],
      });
      assert.deepEqual(figures.problems, []);
      // The run proves something only if orders traded and kills caught placements in flight.
      assert.ok(figures.placed > 50, `only ${figures.placed} orders were acknowledged`);
      assert.ok(figures.trades > 10, `only ${figures.trades} trades happened`);
      assert.ok(figures.inFlight > 0, 'no kill caught a placement in flight');
    } finally {
      scratch?.remove();
      await postgres?.drop();
    }
  });
});
