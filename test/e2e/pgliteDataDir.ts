/**
 * An end-to-end server on PGlite (playwright.config.ts): fills DATA_DIR with a copy of the
 * migrated template (migratedTemplates.ts) when it does not exist yet, then runs
 * `server/main.ts` in this process, which migrates (finding nothing to do) and serves. A copy is
 * a second; creating and migrating a fresh cluster took half a minute on a busy machine.
 */
import { existsSync } from 'node:fs';
import { copyPgliteTemplate } from '../migratedTemplates.ts';

const dataDir = process.env.DATA_DIR;
if (dataDir !== undefined && dataDir !== ':memory:' && !existsSync(dataDir)) {
  await copyPgliteTemplate(dataDir);
}
await import('../../server/main.ts');
