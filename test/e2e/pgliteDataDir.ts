/**
 * Before an end-to-end server on PGlite starts (playwright.config.ts): fills DATA_DIR with a copy
 * of the migrated template (migratedTemplates.ts) when it does not exist yet, so the server's
 * migration runner finds nothing to do. A copy is a second; creating and migrating a fresh
 * cluster took half a minute on a busy machine.
 */
import { existsSync } from 'node:fs';
import { copyPgliteTemplate } from '../migratedTemplates.ts';

const dataDir = process.env.DATA_DIR;
if (dataDir !== undefined && dataDir !== ':memory:' && !existsSync(dataDir)) {
  await copyPgliteTemplate(dataDir);
}
