import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../config.ts';
import {
  dummyPasswordHash,
  hashPassword,
  needsRehash,
  PRODUCTION_PASSWORD_COST,
  verifyPassword,
} from './passwords.ts';

// The one place the suite hashes at the production cost: every other test lowers it for speed,
// so this test is what keeps the production parameters from dropping unnoticed.
test('a server hashes passwords at scrypt N=2^17, r=8, p=1 unless a test lowers the cost', async () => {
  const { passwordCost } = loadConfig({});
  assert.deepEqual(passwordCost, { log2N: 17, r: 8, p: 1 });
  assert.deepEqual(passwordCost, PRODUCTION_PASSWORD_COST);

  const hash = await hashPassword('correct horse battery', passwordCost);
  assert.match(hash, /^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  assert.equal(await verifyPassword('correct horse battery', hash), true);
  assert.equal(await verifyPassword('correct horse battery!', hash), false);
  assert.equal(needsRehash(hash, passwordCost), false);
  assert.match(dummyPasswordHash(passwordCost), /^scrypt\$17\$8\$1\$/);
});

test('the lowered test cost is refused outside NODE_ENV=test', () => {
  for (const NODE_ENV of [undefined, 'production', 'development', '']) {
    assert.throws(
      () =>
        loadConfig({ TEST_PASSWORD_LOG2N: '10', ...(NODE_ENV === undefined ? {} : { NODE_ENV }) }),
      (error) => error instanceof ConfigError && /TEST_PASSWORD_LOG2N/.test(error.message),
      `NODE_ENV=${NODE_ENV}`,
    );
  }
  assert.deepEqual(loadConfig({ TEST_PASSWORD_LOG2N: '10', NODE_ENV: 'test' }).passwordCost, {
    log2N: 10,
    r: 8,
    p: 1,
  });
  assert.throws(() => loadConfig({ TEST_PASSWORD_LOG2N: '4', NODE_ENV: 'test' }), ConfigError);
});

test('a hash keeps its own parameters: one made at a lower cost verifies and asks for a rehash', async () => {
  const low = { ...PRODUCTION_PASSWORD_COST, log2N: 10 };
  const hash = await hashPassword('correct horse battery', low);
  assert.match(hash, /^scrypt\$10\$8\$1\$/);
  assert.equal(await verifyPassword('correct horse battery', hash), true);
  assert.equal(needsRehash(hash, PRODUCTION_PASSWORD_COST), true);
  assert.equal(needsRehash(hash, low), false);
  assert.equal(needsRehash('not a hash', low), true);
});
