/**
 * How the embedded database is started: PGlite's own parameters, with its memory sized for one
 * server rather than PostgreSQL's defaults. WebAssembly memory only grows: every buffer the
 * database touches once stays resident for the life of the process, so the caches it may fill are
 * kept small (the operating system's file cache still holds the data folder's hot pages).
 * Shared by the database thread (pgliteThread.mjs) and the process that creates a data folder
 * (pgliteCreate.mjs). Plain JavaScript, as both run without the TypeScript loader.
 */

/** Settings over PGlite's defaults, as `name=value`. */
export const MEMORY_SETTINGS = [
  // PostgreSQL's default is 128MB; the exchange's hot rows (sessions, users, ledger accounts,
  // open orders, the last day of trades) fit many times over.
  'shared_buffers=16MB',
  // Index builds (migrations) and vacuum: 64MB by default, touched once and then kept forever.
  'maintenance_work_mem=16MB',
  // Temporary tables: the server makes none.
  'temp_buffers=1MB',
];

/**
 * V8's WebAssembly compiler on one background thread instead of one per core: compiling
 * PostgreSQL's module on several threads at once leaves tens of megabytes in each thread's
 * allocator that the process never gives back. Set process-wide, before PGlite loads.
 */
export const WASM_FLAGS = '--wasm-num-compilation-tasks=1';

/** PGlite's start parameters (`defaults`, its own) with the settings above. */
export function startParams(defaults) {
  return [...defaults, ...MEMORY_SETTINGS.flatMap((setting) => ['-c', setting])];
}
