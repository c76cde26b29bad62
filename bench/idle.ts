/**
 * What an idle server costs: `npm start` (the same command, as a child process) on a fresh
 * embedded database, left alone once it answers and has settled, then its resident memory
 * (VmRSS, every thread's) and its CPU over a window, read from Linux's /proc, with the demo
 * market on and off. `node --import tsx bench/idle.ts [seconds]` prints the table alone.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds } from './processCpu.ts';
import { startServerChild } from './serverChild.ts';

/** One idle run's figures. */
export interface IdleFigures {
  demoMarket: boolean;
  /** Resident memory at the end of the window, in bytes, and its highest sample during it. */
  rssBytes: number;
  peakRssBytes: number;
  /** CPU over the window, in percent of one core (every thread of the process). */
  cpuPercent: number;
  /** The 1-minute load average as the window began and as it ended. */
  loadBefore: number;
  loadAfter: number;
}

/** How long after it first answers the server is left before the window opens. */
export const SETTLE_MS = 20_000;

/** Runs `npm start` twice (demo market off, then on) and measures each over `seconds`. */
export async function benchIdle(seconds = 60): Promise<IdleFigures[]> {
  const figures: IdleFigures[] = [];
  for (const demoMarket of [false, true]) figures.push(await idleRun(demoMarket, seconds));
  return figures;
}

async function idleRun(demoMarket: boolean, seconds: number): Promise<IdleFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'exchange-idle-'));
  const server = await startServerChild({
    DATA_DIR: join(dataDir, 'db'),
    DEMO_MARKET: demoMarket ? 'on' : 'off',
    // Idle is the steady state: the past a first start plays is measured in demoPast.ts.
    DEMO_PAST_HOURS: '0',
  });
  try {
    await new Promise((done) => setTimeout(done, SETTLE_MS));
    const { pid } = server;
    const loadBefore = loadavg()[0] ?? 0;
    const startCpu = cpuSeconds(pid);
    const started = process.hrtime.bigint();
    let peakRssBytes = 0;
    for (let second = 0; second < seconds; second++) {
      await new Promise((done) => setTimeout(done, 1000));
      peakRssBytes = Math.max(peakRssBytes, residentBytes(pid));
    }
    const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
    const cpuPercent = ((cpuSeconds(pid) - startCpu) / elapsed) * 100;
    return {
      demoMarket,
      rssBytes: residentBytes(pid),
      peakRssBytes,
      cpuPercent,
      loadBefore,
      loadAfter: loadavg()[0] ?? 0,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** VmRSS of a process, in bytes (0 once it is gone). */
function residentBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    return Number(kib ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The measurements table. */
export function idleTable(figures: readonly IdleFigures[], seconds: number, machine: string) {
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024).toLocaleString('en-US')} MB`;
  return [
    `An idle \`npm start\` on a fresh embedded database (PGlite), left ${SETTLE_MS / 1000} s after it`,
    `first answers, then watched for ${seconds} s: resident memory (VmRSS) at the end and its peak,`,
    `and CPU in percent of one core, every thread of the process (${machine}).`,
    '',
    '| demo market | resident | peak | CPU | 1-minute load average (before, after) |',
    '|---|---|---|---|---|',
    ...figures.map(
      (run) =>
        `| ${run.demoMarket ? 'on' : 'off'} | ${mb(run.rssBytes)} | ${mb(run.peakRssBytes)} | ${run.cpuPercent.toFixed(1)} % | ${run.loadBefore.toFixed(1)}, ${run.loadAfter.toFixed(1)} |`,
    ),
  ].join('\n');
}

if (resolve(fileURLToPath(import.meta.url)) === resolve(process.argv[1] ?? '')) {
  const seconds = Number(process.argv[2] ?? 60);
  console.log(idleTable(await benchIdle(seconds), seconds, 'this machine'));
}
