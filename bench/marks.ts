/**
 * Measured windows for counts taken outside a bench: BENCH_MARKS names a file each window is
 * appended to (its label, first and last ms), to set against what the servers logged with their
 * own clocks (statements sent, say).
 */
import { appendFileSync } from 'node:fs';

/** Appends a window from `from` to now, when BENCH_MARKS names a file. */
export function markWindow(label: string, from: number): void {
  const file = process.env.BENCH_MARKS;
  if (file !== undefined) appendFileSync(file, `${label} ${from} ${Date.now()}\n`);
}
