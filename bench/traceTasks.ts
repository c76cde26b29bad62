/**
 * The main thread's tasks from a Chromium trace (category `toplevel`), by the thread's CPU time
 * rather than by the wall clock: on a machine shared with other work a task's wall time also
 * counts the moments the thread waited for a core, its CPU time does not. Chromium's CPU
 * slowdown (`Emulation.setCPUThrottlingRate`) is in the thread's CPU time: a task measured at 4x
 * shows about four times the CPU time it takes unslowed.
 */

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/** The task events the renderer's scheduler writes, one a task. */
const TASK = 'ThreadControllerImpl::RunTask';

/** A long task: when it started, in ms from the window's start, and its CPU time in ms. */
export interface CpuTask {
  atMs: number;
  cpuMs: number;
}

/**
 * Each task over `overMs` of CPU time on the thread that wrote the user-timing mark `mark`,
 * between `fromMs` and `toMs` of that page's clock (performance.now()); `markAtMs` is the mark's
 * own time on that clock, which ties the trace's clock to the page's.
 */
export function cpuLongTasks(
  trace: Buffer,
  mark: string,
  markAtMs: number,
  window: { fromMs: number; toMs: number },
  overMs = 50,
): CpuTask[] {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const marked = events.find((event) => event.name === mark);
  if (marked === undefined) throw new Error(`the trace has no ${mark} mark`);
  const offset = marked.ts - markAtMs * 1000;
  const from = window.fromMs * 1000 + offset;
  const to = window.toMs * 1000 + offset;
  return events
    .filter(
      (event) =>
        event.name === TASK &&
        event.ph === 'X' &&
        event.pid === marked.pid &&
        event.tid === marked.tid &&
        event.ts >= from &&
        event.ts < to &&
        (event.tdur ?? 0) > overMs * 1000,
    )
    .map((event) => ({ atMs: (event.ts - from) / 1000, cpuMs: (event.tdur ?? 0) / 1000 }));
}
