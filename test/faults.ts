/**
 * The kill -9 runs (`test/*-fault.test.ts`): servers killed with SIGKILL mid-write, on PGlite and
 * on PostgreSQL, must lose nothing and apply nothing twice. They take minutes, so `npm test`
 * leaves them out and CI (.ci/run) runs this script right after it:
 * `node --import tsx test/faults.ts`. Ends with "N passed, N failed, N skipped", as run.ts does.
 */
import { pgliteTemplate, postgresTemplate } from './migratedTemplates.ts';
import { FAULT_RUN, findTests, runNodeTests } from './nodeTests.ts';
import { postgresForScript } from './postgres.ts';
import { slowestList } from './slowest.ts';

const problems: string[] = [];
const postgres = await postgresForScript((name, why) => {
  problems.push(name);
  console.error(why);
});
// Built once here rather than raced by the files.
await Promise.all([pgliteTemplate(), postgres && postgresTemplate(postgres.url)]);
// One file at a time: each already keeps both cores busy with its servers and traders.
const tally = await runNodeTests(
  'fault runs (kill -9)',
  findTests(['test'], '.test.ts').filter((file) => FAULT_RUN.test(file)),
  { concurrency: 1, env: postgres ? { TEST_DATABASE_URL: postgres.url } : {}, echo: true },
);
await postgres?.stop();
console.log(`\n${slowestList('fault files', tally.files ?? [])}`);
if (problems.length > 0) console.log(`Also failed (see above): ${problems.join(', ')}.`);
const failed = tally.failed + problems.length;
console.log(`fault runs: ${tally.passed} passed, ${failed} failed, ${tally.skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
