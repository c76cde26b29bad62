/**
 * The spot market's durability figures for `npm run bench`: placement through the API on the
 * embedded database and on PostgreSQL, and a longer fault run (SIGKILL during bursts) on each.
 * `node --import tsx bench/spot.ts` prints the tables alone.
 */
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, startPostgres } from '../test/postgres.ts';
import { type FaultFigures, runFaults, scratchDataDir } from '../test/spot/faults.ts';
import type { DatabasePlace } from '../test/spot/serverProcess.ts';
import { benchPlacement, type PlacementFigures } from './placement.ts';

/** The databases a run covers: PGlite always, PostgreSQL when installed. */
export interface Databases {
  names: string[];
  /** A fresh database of the named kind, and how to remove it. */
  fresh(name: string): Promise<{ place: DatabasePlace; remove(): Promise<void> }>;
  stop(): Promise<void>;
}

/** Starts PostgreSQL when it is installed; `stop` ends it. */
export async function databases(): Promise<Databases> {
  const postgres = await startPostgres();
  return {
    names: postgres ? ['PGlite', 'PostgreSQL'] : ['PGlite'],
    async fresh(name) {
      if (name === 'PGlite' || postgres === null) {
        const scratch = scratchDataDir();
        return { place: scratch.place, remove: async () => scratch.remove() };
      }
      const scratch = await createScratchDatabase(postgres.url, 'exchange_bench');
      return { place: { url: scratch.url }, remove: scratch.drop };
    },
    stop: async () => postgres?.stop(),
  };
}

/** Both runs' figures. */
export interface SpotFigures {
  placement: PlacementFigures[];
  faults: (FaultFigures & { database: string })[];
}

/** Runs placement (`connections` for `seconds`) and `kills` fault rounds on every database. */
export async function benchSpot(connections = 256, seconds = 10, kills = 10): Promise<SpotFigures> {
  const dbs = await databases();
  const figures: SpotFigures = { placement: [], faults: [] };
  try {
    for (const name of dbs.names) {
      const load = await dbs.fresh(name);
      try {
        figures.placement.push(await benchPlacement(name, load.place, connections, seconds));
      } finally {
        await load.remove();
      }
      const faults = await dbs.fresh(name);
      try {
        const run = await runFaults({
          place: faults.place,
          traders: 48,
          kills,
          seed: 2026,
          killAfterMoves: [100, 1000],
        });
        figures.faults.push({ ...run, database: name });
      } finally {
        await faults.remove();
      }
    }
  } finally {
    await dbs.stop();
  }
  return figures;
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

/** The measurements tables. */
export function spotTables(
  figures: SpotFigures,
  machine: string,
  cores = cpus().length,
): { placement: string; faults: string } {
  const [first] = figures.placement;
  const placement = [
    `\`orders.place\` through the API on one server process with ${first?.connections ?? 0} concurrent`,
    `connections (autocannon, ${first?.seconds ?? 0} s, from another process on the same machine: ${machine}).`,
    'Each answer comes after the order, its fills and their ledger entries are committed. The',
    "orders are the traders' mix (limit near the touch, IOC, FOK, post-only, market, stop) from",
    'one funded account per connection; the run ends with the spot audit on the database.',
    '',
    '| database | orders/s | p50 | p99 | placed | refused with a reason | trades | audit |',
    '|---|---|---|---|---|---|---|---|',
    ...figures.placement.map(
      (f) =>
        `| ${f.database} | ${count(f.ordersPerSecond)} | ${f.p50Ms} ms | ${f.p99Ms} ms | ${count(f.placed)} | ${count(f.refused)} | ${count(f.trades)} | ${f.problems.length === 0 ? 'clean' : `${f.problems.length} problems`} |`,
    ),
    '',
    'Where the CPU went, per answered order, read from /proc while the load ran (the server',
    "process's figure includes its embedded database's thread). The ceiling is what this",
    "machine's cores could answer if every one of them did nothing else: cores divided by the",
    'CPU one order costs in all the processes together.',
    '',
    '| database | server | PostgreSQL | load generator | all together | ceiling on these cores |',
    '|---|---|---|---|---|---|',
    ...figures.placement.map((f) => {
      const { server, database, load } = f.cpuMsPerOrder;
      const total = server + database + load;
      const ms = (value: number) => `${value.toFixed(2)} ms`;
      return `| ${f.database} | ${ms(server)} | ${database > 0 ? ms(database) : '—'} | ${ms(load)} | ${ms(total)} | ${count((cores * 1000) / total)} orders/s |`;
    }),
  ].join('\n');
  const faults = [
    'The fault run: 48 traders place, cancel and trade through the API while the server process',
    'is killed with SIGKILL after a random 100 to 1,000 acknowledged moves of each burst, then started again. After',
    'every kill the database is audited and checked against every answer the traders got, every',
    'rebuilt book is compared with its stored orders, and each placement caught in flight is sent',
    'again with its client order id (it must come back as the stored order if it was committed).',
    '`npm test` runs three kills per database; this is the longer run.',
    '',
    '| database | kills | orders acknowledged | cancels | trades | in flight at a kill (committed) | restart, median | problems |',
    '|---|---|---|---|---|---|---|---|',
    ...figures.faults.map(
      (f) =>
        `| ${f.database} | ${f.kills} | ${count(f.placed)} | ${count(f.cancels)} | ${count(f.trades)} | ${count(f.inFlight)} (${count(f.inFlightCommitted)}) | ${(f.restartMs / 1000).toFixed(1)} s | ${f.problems.length === 0 ? 'none' : f.problems.slice(0, 3).join('; ')} |`,
    ),
  ].join('\n');
  return { placement, faults };
}

if (resolve(fileURLToPath(import.meta.url)) === resolve(process.argv[1] ?? '')) {
  const machine = `${cpus().length} cores, Node ${process.versions.node}`;
  const tables = spotTables(await benchSpot(), machine);
  console.log(`${tables.placement}\n\n${tables.faults}`);
}
