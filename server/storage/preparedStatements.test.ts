import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type pg from 'pg';
import { forEachDatabase } from '../../test/databases.ts';
import { postgresPool } from './db.ts';
import {
  MAX_NAMED_PARAMETERS,
  MAX_NAMED_STATEMENTS,
  PreparingClient,
  StatementNames,
} from './preparedStatements.ts';

describe('statement names', () => {
  test('a text is named on its second use and keeps that name', () => {
    const names = new StatementNames();
    const text = 'select id from users where id = $1';
    assert.equal(names.nameFor(text, 1), null);
    const name = names.nameFor(text, 1);
    assert.notEqual(name, null);
    assert.equal(names.nameFor(text, 1), name);
  });

  test('utility commands and texts with many parameters stay unnamed', () => {
    const names = new StatementNames();
    const many = MAX_NAMED_PARAMETERS + 1;
    for (let use = 0; use < 3; use++) {
      assert.equal(names.nameFor('begin', 0), null);
      assert.equal(names.nameFor('listen "events"', 0), null);
      assert.equal(names.nameFor('select * from users where id in ($1, ...)', many), null);
    }
    assert.equal(names.size, 0);
  });

  test('a connection names at most MAX_NAMED_STATEMENTS texts; later ones go unnamed', () => {
    const names = new StatementNames();
    for (let shape = 0; shape <= MAX_NAMED_STATEMENTS; shape++) {
      const text = `select ${shape} as n`;
      names.nameFor(text, 0);
      names.nameFor(text, 0);
    }
    assert.equal(names.size, MAX_NAMED_STATEMENTS);
    assert.equal(names.nameFor(`select ${MAX_NAMED_STATEMENTS} as n`, 0), null);
    assert.notEqual(names.nameFor('select 0 as n', 0), null);
  });

  test('a forgotten text is named afresh, under a new name', () => {
    const names = new StatementNames();
    const text = 'select 1 as n';
    names.nameFor(text, 0);
    const first = names.nameFor(text, 0);
    names.forget(text);
    assert.equal(names.nameFor(text, 0), null);
    const second = names.nameFor(text, 0);
    assert.notEqual(second, null);
    assert.notEqual(second, first);
  });
});

/** How many statements of `text` PostgreSQL holds prepared on `client`'s connection. */
async function prepared(client: pg.PoolClient, text: string): Promise<number> {
  const { rows } = await client.query<{ statement: string }>(
    'select statement from pg_prepared_statements',
  );
  return rows.filter((row) => row.statement === text).length;
}

forEachDatabase(
  (open) => {
    test('the pool connects prepared-statement clients', async () => {
      const pool = postgresPool(await open());
      assert.ok(pool);
      const client = await pool.connect();
      try {
        assert.ok(client instanceof PreparingClient);
      } finally {
        client.release();
      }
    });

    test('a statement sent twice is prepared on its connection and answers the same', async () => {
      const pool = postgresPool(await open());
      assert.ok(pool);
      const client = await pool.connect();
      const text = 'select $1::int + 1 as n';
      try {
        assert.deepEqual((await client.query(text, [1])).rows, [{ n: 2 }]);
        assert.equal(await prepared(client, text), 0);
        assert.deepEqual((await client.query(text, [2])).rows, [{ n: 3 }]);
        assert.deepEqual((await client.query(text, [3])).rows, [{ n: 4 }]);
        assert.equal(await prepared(client, text), 1);
      } finally {
        client.release();
      }
    });

    test("the pool's own query, with a callback as the rate limiter calls it, is prepared too", async () => {
      const pool = postgresPool(await open());
      assert.ok(pool);
      const text = 'select $1::text as word';
      const ask = (value: string) =>
        new Promise<unknown>((answered, failed) =>
          pool.query(text, [value], (error, result) =>
            error ? failed(error) : answered(result.rows),
          ),
        );
      assert.deepEqual(await ask('a'), [{ word: 'a' }]);
      assert.deepEqual(await ask('b'), [{ word: 'b' }]);
      await assert.rejects(
        new Promise((answered, failed) =>
          pool.query('select $1::int as n', ['x'], (error, result) =>
            error ? failed(error) : answered(result),
          ),
        ),
        /invalid input syntax/,
      );
    });

    test('a table changed under a prepared statement: answered unnamed, then prepared afresh', async () => {
      const pool = postgresPool(await open());
      assert.ok(pool);
      const client = await pool.connect();
      const text = 'select * from stale_plan where a = $1';
      try {
        await client.query('create table stale_plan (a int)');
        await client.query('insert into stale_plan values (1)');
        await client.query(text, [1]);
        assert.deepEqual((await client.query(text, [1])).rows, [{ a: 1 }]);
        assert.equal(await prepared(client, text), 1);
        // As a migration run by another server would.
        await client.query('alter table stale_plan add column b int default 7');
        assert.deepEqual((await client.query(text, [1])).rows, [{ a: 1, b: 7 }]);
        assert.deepEqual((await client.query(text, [1])).rows, [{ a: 1, b: 7 }]);
        assert.deepEqual((await client.query(text, [1])).rows, [{ a: 1, b: 7 }]);
        // The stale one is still on the connection; the text has a second, working name.
        assert.equal(await prepared(client, text), 2);
      } finally {
        // Closed, not pooled: a failed assertion may leave it inside a transaction.
        client.release(true);
        await pool.query('drop table if exists stale_plan');
      }
    });

    test('inside a transaction a stale statement fails it; the next attempt succeeds', async () => {
      const pool = postgresPool(await open());
      assert.ok(pool);
      const client = await pool.connect();
      const text = 'select * from stale_in_transaction where a = $1';
      try {
        await client.query('create table stale_in_transaction (a int)');
        await client.query('insert into stale_in_transaction values (1)');
        await client.query(text, [1]);
        await client.query(text, [1]);
        await client.query('alter table stale_in_transaction add column b int default 7');
        await client.query('begin');
        await assert.rejects(client.query(text, [1]), /cached plan must not change result type/);
        await client.query('rollback');
        await client.query('begin');
        assert.deepEqual((await client.query(text, [1])).rows, [{ a: 1, b: 7 }]);
        await client.query('commit');
      } finally {
        // Closed, not pooled: a failed assertion may leave it inside a transaction.
        client.release(true);
        await pool.query('drop table if exists stale_in_transaction');
      }
    });
  },
  { drivers: ['postgres'] },
);
