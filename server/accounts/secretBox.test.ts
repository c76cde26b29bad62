import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, DEVELOPMENT_TWO_FACTOR_KEY, loadConfig } from '../config.ts';
import { openSecret, sealSecret } from './secretBox.ts';

const KEY = 'ab'.repeat(32);

test('a sealed secret opens with the key for its account only, and never shows the secret', () => {
  const sealed = sealSecret(KEY, 7, 'JBSWY3DPEHPK3PXP');
  assert.ok(!sealed.includes('JBSWY3DPEHPK3PXP'));
  assert.notEqual(sealSecret(KEY, 7, 'JBSWY3DPEHPK3PXP'), sealed, 'a fresh nonce each time');
  assert.equal(openSecret(KEY, 7, sealed), 'JBSWY3DPEHPK3PXP');
  assert.throws(() => openSecret(KEY, 8, sealed), 'moved to another account');
  assert.throws(() => openSecret('cd'.repeat(32), 7, sealed), 'another key');
  const [version, nonce, text, tag] = sealed.split('.');
  const flipped = `${text?.[0] === 'A' ? 'B' : 'A'}${text?.slice(1)}`;
  assert.throws(() => openSecret(KEY, 7, [version, nonce, flipped, tag].join('.')), 'altered');
  assert.throws(() => openSecret(KEY, 7, 'JBSWY3DPEHPK3PXP'), 'not sealed at all');
});

test('TWO_FACTOR_KEY is 64 hex digits, refused without repeating it; unset, the public one', () => {
  assert.equal(loadConfig({}).twoFactorKey, DEVELOPMENT_TWO_FACTOR_KEY);
  assert.equal(loadConfig({ TWO_FACTOR_KEY: 'AB'.repeat(32) }).twoFactorKey, KEY);
  for (const value of ['ab'.repeat(31), 'zz'.repeat(32), 'ab'.repeat(33)]) {
    assert.throws(
      () => loadConfig({ TWO_FACTOR_KEY: value }),
      (error) =>
        error instanceof ConfigError &&
        error.message === 'TWO_FACTOR_KEY must be 64 hex digits.' &&
        !error.message.includes(value),
    );
  }
});
