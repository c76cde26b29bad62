import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDatabase } from '../../test/databases.ts';
import type { Database } from '../storage/db.ts';
import { LastLookup, LOOKUP_STAMP } from './lastLookup.ts';
import { createSession, findCallers, type SessionCaller } from './sessions.ts';
import { createUser } from './users.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

async function signedIn(db: Database, name: string) {
  const user = await createUser(db, {
    email: `${name}@example.com`,
    passwordHash: 'x',
    login: name,
    ip: '127.0.0.1',
    domain: '',
    referredBy: null,
  });
  return { userId: user.id, token: await createSession(db, user.id, '127.0.0.1', 30) };
}

forEachDatabase((open, driver) => {
  test('the last lookup is answered again only while nothing was written and the session lasts', async () => {
    const db = await open();
    const { userId, token } = await signedIn(db, `last-${driver}`);
    const last = new LastLookup<SessionCaller>(db);
    // Only the embedded database has one connection that every write goes through.
    assert.equal(await last.stamps(), driver === 'pglite');
    const lookUp = () => findCallers(db, [token], new Map([[LOOKUP_STAMP, [token]]]));
    last.remember(await lookUp());
    const asked = new Map([[token, [undefined]]]);
    if (driver === 'postgres') {
      assert.equal(await last.answer(asked), null, 'never answered again on PostgreSQL');
      return;
    }
    assert.equal((await last.answer(asked))?.get(token)?.user.id, userId);
    assert.equal(await last.answer(new Map([['another token', [undefined]]])), null);
    // A write to any table, even one the lookup does not read, means a new lookup.
    await db.insertInto('settings').values({ key: 'last-lookup', value: '{}' }).execute();
    assert.equal(await last.answer(asked), null);
    const later = new LastLookup<SessionCaller>(db);
    await later.stamps();
    later.remember(await lookUp());
    assert.equal((await later.answer(asked))?.size, 1);
    assert.equal(await later.answer(asked, Date.now() + 31 * DAY_MS), null, 'the session expired');
  });
});
