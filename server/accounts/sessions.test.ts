/**
 * Finding the callers of many tokens at once, as the API does for the requests that arrive
 * together: each token's own account, the columns only for the tokens that asked for them, and a
 * session's end seen by the very next lookup, whose statement is the one compiled before.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { sql } from 'kysely';
import { forEachDatabase } from '../../test/databases.ts';
import { uniqueEmail } from '../../test/serverTesting.ts';
import type { Database } from '../storage/db.ts';
import {
  type CallerColumns,
  CallerLookup,
  createSession,
  findCallers,
  hashToken,
  revokeSession,
} from './sessions.ts';
import { createUser } from './users.ts';

const DOUBLED = { doubled: sql<number>`users.id * 2` };
const TRIPLED = { tripled: sql<number>`users.id * ${3}` };

forEachDatabase((open) => {
  let db: Database;
  const signIn = async (days = 1) => {
    const user = await createUser(db, {
      email: uniqueEmail('session'),
      passwordHash: 'not-a-real-hash',
      login: 'session',
      ip: '',
      domain: '',
      referredBy: null,
    });
    return { id: user.id, token: await createSession(db, user.id, '127.0.0.1', days) };
  };

  before(async () => {
    db = await open();
  });

  test('each token finds its own account, with the columns it asked for and no others', async () => {
    const [a, b, c] = [await signIn(), await signIn(), await signIn()];
    const wanted = new Map<CallerColumns, string[]>([
      [DOUBLED, [a.token, c.token]],
      [TRIPLED, [c.token]],
    ]);
    for (let round = 0; round < 2; round += 1) {
      const found = await findCallers(db, [a.token, b.token, c.token], wanted);
      assert.equal(found.get(a.token)?.user.id, a.id);
      assert.deepEqual(found.get(a.token)?.brought, { doubled: a.id * 2 });
      assert.equal(found.get(b.token)?.user.id, b.id);
      assert.equal(found.get(b.token)?.brought, undefined);
      assert.deepEqual(found.get(c.token)?.brought, { doubled: c.id * 2, tripled: c.id * 3 });
    }
  });

  test("a caller's account is its users row as stored, whatever the lookup brought along", async () => {
    const a = await signIn();
    const lookup = new CallerLookup(db);
    const stored = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', a.id)
      .executeTakeFirst();
    const [plain, doubled] = await Promise.all([
      lookup.find(a.token),
      lookup.find(a.token, DOUBLED),
    ]);
    for (const caller of [plain, doubled, (await findCallers(db, [a.token])).get(a.token)]) {
      assert.deepEqual({ ...caller?.user }, stored);
      assert.deepEqual(Object.keys(caller?.user ?? {}), Object.keys(stored ?? {}));
    }
    assert.deepEqual(doubled?.brought, { doubled: a.id * 2 });
    assert.equal(plain?.brought, undefined);
  });

  test('a revoked or expired session is not found by the next lookup', async () => {
    const lookup = new CallerLookup(db);
    const kept = await signIn();
    const ended = await signIn();
    const expired = await signIn(-1);
    assert.equal((await lookup.find(ended.token, DOUBLED))?.user.id, ended.id);
    assert.equal(await lookup.find(expired.token, DOUBLED), null);
    const session = (await lookup.find(ended.token))?.sessionId;
    assert.ok(session !== undefined);
    await revokeSession(db, session);
    const [stillThere, gone] = await Promise.all([
      lookup.find(kept.token, DOUBLED),
      lookup.find(ended.token, DOUBLED),
    ]);
    assert.deepEqual(stillThere?.brought, { doubled: kept.id * 2 });
    assert.equal(gone, null);
  });
});

test('a token is stored as the hex SHA-256 of its text, so sessions stored before keep working', () => {
  const token = 'A'.repeat(43);
  assert.equal(
    hashToken(token),
    '0f007385b6f9d4b7eeb2748605afe1a984a0a3bfa3f014d09e2a784ce9e5cd1a',
  );
});
