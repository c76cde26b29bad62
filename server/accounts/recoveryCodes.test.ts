import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  newRecoveryCodes,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
  recoveryCodeHash,
} from './recoveryCodes.ts';

const KEY = 'ab'.repeat(32);

test('an account gets ten distinct codes, easy to copy by hand', () => {
  const codes = newRecoveryCodes();
  assert.equal(codes.length, RECOVERY_CODE_COUNT);
  assert.equal(new Set(codes).size, codes.length);
  for (const code of codes) assert.match(code, /^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
});

test('a code typed in lower case, without the dash or with spaces, is the same code', () => {
  const [code = ''] = newRecoveryCodes();
  const plain = code.replace('-', '');
  for (const typed of [code, code.toLowerCase(), plain, ` ${code.slice(0, 5)} ${code.slice(6)} `]) {
    assert.equal(normaliseRecoveryCode(typed), plain, typed);
  }
  for (const typed of ['', '123456', `${plain}A`, 'OOOOO-IIIII', plain.slice(1)]) {
    assert.equal(normaliseRecoveryCode(typed), null, typed);
  }
});

test('the stored form depends on the key, so the codes cannot be looked up without it', () => {
  const hash = recoveryCodeHash(KEY, 'ABCDEFGHJK');
  assert.match(hash, /^[0-9a-f]{64}$/);
  assert.equal(recoveryCodeHash(KEY, 'ABCDEFGHJK'), hash);
  assert.notEqual(recoveryCodeHash('cd'.repeat(32), 'ABCDEFGHJK'), hash);
  assert.notEqual(recoveryCodeHash(KEY, 'ABCDEFGHJL'), hash);
});
