import assert from 'node:assert/strict';
import { test } from 'node:test';
import { methods } from '../methods/index.ts';
import { KEY_SCOPES, keyUseOf } from './keyScopes.ts';

test('every registered method is placed; no staff method and no key method is for keys', () => {
  for (const method of methods) {
    assert.ok(Object.hasOwn(KEY_SCOPES, method.name), method.name);
    const use = keyUseOf(method.name);
    if (method.access === 'staff' || method.name.startsWith('apiKeys.')) {
      assert.equal(use, null, method.name);
    }
    if (use !== null) assert.ok(Number.isInteger(use.weight) && use.weight >= 1, method.name);
  }
});

test('a method that is not an own entry of the table is for no key', () => {
  for (const name of ['constructor', '__proto__', 'nothing.here'])
    assert.equal(keyUseOf(name), null);
});
