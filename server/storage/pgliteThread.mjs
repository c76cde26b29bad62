/**
 * The embedded database's own thread: opens PGlite where the main thread says and runs each
 * statement it is sent, one at a time, answering with the rows or with the error's fields.
 * Started by PgliteThreadDialect.ts, whose ThreadRequest and ThreadAnswer are the messages.
 * Plain JavaScript: a worker thread does not get the TypeScript loader the process runs with.
 */
import { readFile } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { startParams, WASM_FLAGS } from './pgliteSettings.mjs';

// Before PGlite compiles its WebAssembly: see pgliteSettings.mjs.
setFlagsFromString(WASM_FLAGS);

// int8 carries ids and counts, all far below 2^53: numbers, as on PostgreSQL (see db.ts).
const int8 = (text) => Number(text);

/** An error as plain fields: what callers read (code, constraint …) survives the thread hop. */
function fieldsOf(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  return { ...error, name: error.name, message: error.message, stack: error.stack };
}

const port = parentPort;
try {
  // A tarball of a data folder to start from, when given: it skips creating an empty cluster.
  const loadDataDir = workerData.loadDataDir
    ? new Blob([await readFile(workerData.loadDataDir)])
    : undefined;
  const client = await PGlite.create(workerData.dataDir, {
    parsers: { [types.INT8]: int8 },
    startParams: startParams(PGlite.defaultStartParams),
    ...(loadDataDir === undefined ? {} : { loadDataDir }),
  });
  port.on('message', async (request) => {
    let answer;
    try {
      if (request.close) {
        await client.close();
        answer = { id: request.id, rows: [] };
      } else {
        const result = await client.query(request.sql, request.parameters);
        answer = { id: request.id, rows: result.rows, affectedRows: result.affectedRows };
      }
    } catch (error) {
      answer = { id: request.id, error: fieldsOf(error) };
    }
    port.postMessage(answer);
  });
  port.postMessage({ id: 0, rows: [] });
} catch (error) {
  port.postMessage({ id: 0, error: fieldsOf(error) });
}
