/**
 * A batch's transaction, its begin and commit sent along with its statements: what it wrote is
 * there once it resolves, and nothing of it is there when any of its statements failed, its last
 * one (sent with the commit) included.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { sql } from 'kysely';
import { forEachDatabase } from '../../test/databases.ts';
import type { Database } from '../storage/db.ts';
import { BatchTransactions } from './batchTransaction.ts';

forEachDatabase((open) => {
  let db: Database;
  let batches: BatchTransactions;

  before(async () => {
    db = await open();
    batches = new BatchTransactions(db);
  });

  const seqOf = async (market: string) =>
    (
      await db
        .selectFrom('market_owners')
        .select('seq')
        .where('market', '=', market)
        .executeTakeFirst()
    )?.seq;

  const insert = (market: string) =>
    sql<{ seq: number }>`insert into market_owners (market, epoch, seq)
      values (${market}, 0, 7) returning seq`;

  test('a batch whose last statement went with its commit is committed', async () => {
    const rows = await batches.run(async (trx, finish) => {
      await insert('test:first').execute(trx);
      return finish(insert('test:last'));
    });
    assert.deepEqual(rows, [{ seq: 7 }]);
    assert.equal(await seqOf('test:first'), 7);
    assert.equal(await seqOf('test:last'), 7);
  });

  test('a last statement that fails fails the batch, and nothing of it is committed', async () => {
    await assert.rejects(
      batches.run(async (trx, finish) => {
        await insert('test:before-failure').execute(trx);
        // The row is there already: the insert fails, and the commit sent behind it ends nothing.
        return finish(insert('test:last'));
      }),
      /duplicate key/,
    );
    assert.equal(await seqOf('test:before-failure'), undefined);
  });

  test('a batch that throws before its last statement is rolled back', async () => {
    await assert.rejects(
      batches.run(async (trx) => {
        await insert('test:thrown').execute(trx);
        throw new Error('refused midway');
      }),
      /refused midway/,
    );
    assert.equal(await seqOf('test:thrown'), undefined);
    // The connection goes on: the next batch commits.
    await batches.run(async (_trx, finish) => finish(insert('test:after')));
    assert.equal(await seqOf('test:after'), 7);
  });

  test('a batch that never sends a last statement is committed at its end', async () => {
    await batches.run(async (trx) => {
      await insert('test:no-finish').execute(trx);
    });
    assert.equal(await seqOf('test:no-finish'), 7);
  });
});
