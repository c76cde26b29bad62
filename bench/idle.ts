/**
 * What an idle server costs: `npm start` (the same command, as a child process) on the embedded
 * database, left alone once it answers and has settled, then its resident memory (VmRSS, every
 * thread's) and its CPU over a window, read from Linux's /proc. Three starts: the demo market
 * off on a fresh data folder; on, on a fresh folder, as a first `npm start` is (it plays the
 * demo market's 24 h past in the background); and on again, restarted on that same folder.
 * `node --import tsx bench/idle.ts [seconds]` prints the table alone (`--write` also puts it into
 * docs/measurements.md).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeMeasurements } from './measurementsDoc.ts';
import { cpuSeconds } from './processCpu.ts';
import { startServerChild } from './serverChild.ts';

/** Which start an idle run measures. */
export type IdleStart = 'fresh' | 'first' | 'restart';

/** One idle run's figures. */
export interface IdleFigures {
  demoMarket: boolean;
  /** A fresh folder without the past, a first start (with the past) or a restart on its folder. */
  start: IdleStart;
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

/** Runs `npm start` three times (see the file comment) and measures each over `seconds`. */
export async function benchIdle(seconds = 60): Promise<IdleFigures[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'exchange-idle-'));
  try {
    return [
      await idleRun(join(dataDir, 'off'), false, 'fresh', seconds),
      await idleRun(join(dataDir, 'on'), true, 'first', seconds),
      await idleRun(join(dataDir, 'on'), true, 'restart', seconds),
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function idleRun(
  dataDir: string,
  demoMarket: boolean,
  start: IdleStart,
  seconds: number,
): Promise<IdleFigures> {
  const server = await startServerChild({
    DATA_DIR: dataDir,
    DEMO_MARKET: demoMarket ? 'on' : 'off',
    // A fresh folder without the demo market has no past to play either way.
    ...(start === 'fresh' ? { DEMO_PAST_HOURS: '0' } : {}),
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
      start,
      rssBytes: residentBytes(pid),
      peakRssBytes,
      cpuPercent,
      loadBefore,
      loadAfter: loadavg()[0] ?? 0,
    };
  } finally {
    await server.stop();
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
  const starts: Record<IdleStart, string> = {
    fresh: 'fresh folder',
    first: 'first start (24 h past played)',
    restart: 'restart on that folder',
  };
  return [
    `An idle \`npm start\` on the embedded database (PGlite), left ${SETTLE_MS / 1000} s after it first`,
    `answers, then watched for ${seconds} s: resident memory (VmRSS) at the end and its peak, and CPU`,
    `in percent of one core, every thread of the process (${machine}). The first start with the`,
    'demo market plays its 24 h past in the background from the moment it answers.',
    '',
    '| demo market | start | resident | peak | CPU | 1-minute load average (before, after) |',
    '|---|---|---|---|---|---|',
    ...figures.map(
      (run) =>
        `| ${run.demoMarket ? 'on' : 'off'} | ${starts[run.start]} | ${mb(run.rssBytes)} | ${mb(run.peakRssBytes)} | ${run.cpuPercent.toFixed(1)} % | ${run.loadBefore.toFixed(1)}, ${run.loadAfter.toFixed(1)} |`,
    ),
  ].join('\n');
}

if (resolve(fileURLToPath(import.meta.url)) === resolve(process.argv[1] ?? '')) {
  const seconds = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 60);
  const machine = `${cpus().length} cores, Node ${process.versions.node}`;
  const table = idleTable(await benchIdle(seconds), seconds, machine);
  console.log(table);
  if (process.argv.includes('--write')) writeMeasurements('idle', table);
}
