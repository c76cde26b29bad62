/**
 * A snapshot of reserves and liabilities on PostgreSQL: `accounts` accounts each holding every
 * listed asset (available and held), read, built into the tree and written, timed per phase;
 * then one account's proof: its size, the time to answer it, and the standalone verifier's time
 * to check it. The accounts' balances are loaded with the ledger's guard trigger off (a scratch
 * database; loading them as entries would time the ledger, not the snapshot).
 * `node --import tsx bench/reserves.ts` prints the table alone.
 */
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { verifyProof } from '../clients/verify-proof.mjs';
import { seed } from '../server/content/seed.ts';
import { accountProof } from '../server/reserves/proofs.ts';
import {
  type PhaseTime,
  type TakenSnapshot,
  takeSnapshot,
} from '../server/reserves/takeSnapshot.ts';
import { type Database, openDatabase } from '../server/storage/db.ts';
import { createScratchDatabase, startPostgres } from '../test/postgres.ts';
import { testConfig } from '../test/serverTesting.ts';
import { median } from './median.ts';
import { type Grouping, sampleCpu } from './processCpu.ts';

/** What benchReserves measured. */
export interface ReserveFigures {
  accounts: number;
  assets: number;
  leafCount: number;
  snapshotMs: number;
  /** CPU seconds the database's processes for this database spent on the snapshot. */
  databaseCpuMs: number;
  /** The snapshot's phases: the ledger read, the tree, the writes (no nodes to read here). */
  phases: TakenSnapshot['phases'];
  proofBytes: number;
  proofSteps: number;
  answerMs: number;
  verifyMs: number;
}

/** Loads the accounts, takes one snapshot, then answers and verifies proofs. */
export async function benchReserves(accounts = 100_000): Promise<ReserveFigures> {
  const postgres = await startPostgres();
  if (postgres === null) throw new Error('no PostgreSQL to measure on');
  const scratch = await createScratchDatabase(postgres.url, 'bench_reserves');
  const db = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
  try {
    await seed(db, testConfig());
    await load(db, accounts);
    const cpu = sampleCpu(backendsOf(new URL(scratch.url).pathname.slice(1)), 100);
    const started = performance.now();
    const taken = await takeSnapshot(db, { takenBy: null });
    const snapshotMs = performance.now() - started;
    const databaseCpuMs = (cpu.stop().database ?? 0) * 1000;
    const users = await db.selectFrom('reserve_leaves').select('user_id').limit(50).execute();
    const answers: number[] = [];
    const checks: number[] = [];
    let proofBytes = 0;
    let proofSteps = 0;
    for (const { user_id: user } of users) {
      const asked = performance.now();
      const { proof } = await accountProof(db, taken.id, user);
      answers.push(performance.now() - asked);
      const text = JSON.stringify(proof);
      proofBytes = Buffer.byteLength(text);
      proofSteps = proof.path.length;
      const checked = performance.now();
      verifyProof(JSON.parse(text), taken.rootHash);
      checks.push(performance.now() - checked);
    }
    const assets = (await db.selectFrom('currencies').select('ticker').execute()).length;
    return {
      accounts,
      assets,
      leafCount: taken.leafCount,
      snapshotMs,
      databaseCpuMs,
      phases: taken.phases,
      proofBytes,
      proofSteps,
      answerMs: median(answers),
      verifyMs: median(checks),
    };
  } finally {
    await db.destroy();
    await scratch.drop();
    await postgres.stop();
  }
}

/**
 * The PostgreSQL processes serving `database`: its backends (their titles name it) and the
 * parallel workers they start (titled after their leader's pid); a worker born and gone between
 * two samples is missed.
 */
function backendsOf(database: string): Grouping {
  const backends = new Set<number>();
  return (pid, commandLine) => {
    if (commandLine.startsWith('postgres:') && commandLine.includes(` ${database} `)) {
      backends.add(pid);
      return 'database';
    }
    const leader = /^postgres: parallel worker for PID (\d+)/.exec(commandLine)?.[1];
    return leader !== undefined && backends.has(Number(leader)) ? 'database' : null;
  };
}

/** `accounts` users, each with an available and a held balance of every listed asset. */
async function load(db: Database, accounts: number): Promise<void> {
  await sql`insert into users (email, login, password_hash, referral_code)
    select 'bench' || n || '@example.com', 'bench' || n, 'unused', 'BENCH' || n
    from generate_series(1, ${accounts}) as n`.execute(db);
  await sql`alter table ledger_accounts disable trigger ledger_accounts_guard`.execute(db);
  await sql`insert into ledger_accounts (user_id, ticker, held, balance)
    select u.id, c.ticker, h.held, (random() * 1000)::numeric(38, 8)
    from users u cross join currencies c cross join (values (false), (true)) as h(held)`.execute(
    db,
  );
  await sql`alter table ledger_accounts enable trigger ledger_accounts_guard`.execute(db);
  await sql`analyze`.execute(db);
}

/** The figures as the measurements page shows them. */
export function reservesTable(figures: ReserveFigures, machine: string): string {
  const count = (value: number) => value.toLocaleString('en-US');
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const phase = ({ ms, cpuMs }: PhaseTime) => `${seconds(ms)} (${seconds(cpuMs)})`;
  const { read, tree, store } = figures.phases;
  return [
    `One snapshot of ${count(figures.accounts)} accounts × ${figures.assets} assets (each held`,
    `available and held: ${count(figures.accounts * figures.assets * 2)} ledger balances) on`,
    `PostgreSQL, from the repeatable-read read to the commit (${machine}). Each phase in wall-clock`,
    "time, then the server process's CPU time in brackets: the read (each account's leaf hashed as",
    'its page arrives), the rest of the tree (padding and the levels above), the writes. Database',
    "CPU: this database's PostgreSQL processes over the whole snapshot. On a shared machine the",
    'wall-clock times grow with the load; the CPU times much less. Proofs: the median of 50 accounts.',
    '',
    '| leaves | snapshot | read | tree | write | database CPU | proof file | path steps | answering a proof | verifying it |',
    '|---|---|---|---|---|---|---|---|---|---|',
    `| ${count(figures.leafCount)} | ${seconds(figures.snapshotMs)} | ${phase(read)} | ${phase(tree)} | ${phase(store)} | ${seconds(figures.databaseCpuMs)} | ${count(figures.proofBytes)} B | ${figures.proofSteps} | ${figures.answerMs.toFixed(1)} ms | ${figures.verifyMs.toFixed(2)} ms |`,
  ].join('\n');
}

if (resolve(fileURLToPath(import.meta.url)) === resolve(process.argv[1] ?? '')) {
  const machine = `${cpus().length} cores, Node ${process.versions.node}`;
  const accounts = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
  console.log(reservesTable(await benchReserves(accounts), machine));
}
