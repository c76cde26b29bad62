/**
 * CPU time spent by groups of processes while a bench runs, read from Linux's /proc: each
 * process's user and system time (all its threads together). A process that ends between two
 * samples keeps what it had at its last one, so sampling every quarter second loses at most that
 * much of a short-lived process. Used to say where a bench's CPU goes, not only how fast it ran.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second, the unit of /proc/<pid>/stat's times. */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** Which group a process belongs to, from its pid and command line; null for none. */
export type Grouping = (pid: number, commandLine: string) => string | null;

/** Samples the matching processes until `stop`, which answers CPU seconds by group. */
export function sampleCpu(group: Grouping, everyMs = 250): { stop(): Record<string, number> } {
  const first = new Map<number, { group: string; ticks: number }>();
  const last = new Map<number, number>();
  const sample = () => {
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid)) continue;
      const read = readProcess(pid);
      if (read === null) continue;
      const known = first.get(pid);
      if (known === undefined) {
        const name = group(pid, read.commandLine);
        if (name !== null) first.set(pid, { group: name, ticks: read.ticks });
      }
      if (first.has(pid)) last.set(pid, read.ticks);
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const seconds: Record<string, number> = {};
      for (const [pid, { group: name, ticks }] of first) {
        seconds[name] =
          (seconds[name] ?? 0) + ((last.get(pid) ?? ticks) - ticks) / TICKS_PER_SECOND;
      }
      return seconds;
    },
  };
}

function readProcess(pid: number): { commandLine: string; ticks: number } | null {
  try {
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    // Fields after the command name, which is in brackets and may itself hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5), 12 and 13 after the command name.
    return { commandLine, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** CPU seconds (user and system, every thread) a process has used so far; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  return (readProcess(pid)?.ticks ?? 0) / TICKS_PER_SECOND;
}
