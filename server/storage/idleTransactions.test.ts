import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { forEachDatabase } from '../../test/databases.ts';
import { IDLE_TRANSACTION_LIMIT_MS } from './db.ts';

// A hung server's open transaction must not hold its row locks for as long as the hang lasts:
// every connection the server opens to PostgreSQL carries the limit that ends it.
forEachDatabase(
  (open) => {
    test('every connection ends a transaction left idle past the limit', async () => {
      const db = await open();
      const seen = await Promise.all(
        [1, 2, 3].map(() =>
          db.transaction().execute(async (trx) => {
            const { rows } = await sql<{
              limit: string;
            }>`select current_setting('idle_in_transaction_session_timeout') as limit`.execute(trx);
            return rows[0]?.limit;
          }),
        ),
      );
      assert.deepEqual(seen, Array(3).fill(`${IDLE_TRANSACTION_LIMIT_MS / 1000}s`));
    });
  },
  { drivers: ['postgres'] },
);
