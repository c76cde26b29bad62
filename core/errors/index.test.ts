import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PLACEHOLDER } from './entry.ts';
import {
  ERROR_TABLES,
  ERRORS,
  type ErrorCode,
  errorParam,
  errorText,
  isErrorCode,
  refusalOf,
} from './index.ts';

const codes = Object.keys(ERRORS) as ErrorCode[];

describe('the error catalogue', () => {
  test('no code is declared in two domain tables', () => {
    const declared = ERROR_TABLES.flatMap((table) => Object.keys(table));
    assert.equal(new Set(declared).size, declared.length);
    assert.equal(codes.length, declared.length);
  });

  test('every code reads domain.name', () => {
    for (const code of codes) assert.match(code, /^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/, code);
  });

  test('every message has words and every placeholder is filled by its argument', () => {
    for (const code of codes) {
      const message = ERRORS[code].message;
      const names = [...message.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
      const args = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
      const text = (errorText as (c: ErrorCode, a: object) => string)(code, args);
      assert.notEqual(text.trim(), '', code);
      assert.doesNotMatch(text, /\{\w+\}/, code);
      for (const name of names) assert.ok(text.includes(`<${name}>`), `${code}: ${name}`);
    }
  });

  test('a message with values shows the values it is given', () => {
    assert.equal(
      errorText('account.tooManySignIns', { wait: '5 minutes' }),
      'Too many failed sign-in attempts. Please try again in 5 minutes.',
    );
  });

  test('a refusal carries its code, words and the parameter it names', () => {
    assert.deepEqual(refusalOf('account.duplicateEmail'), {
      code: 'account.duplicateEmail',
      message: 'An account with this email already exists.',
      param: 'email',
    });
    assert.deepEqual(refusalOf('access.staffOnly'), {
      code: 'access.staffOnly',
      message: 'This action is only available to staff.',
    });
    assert.equal(errorParam('access.signInRequired'), undefined);
  });

  test('codes read off the wire are recognised only when catalogued', () => {
    assert.ok(isErrorCode('account.wrongCredentials'));
    assert.ok(!isErrorCode('account.nothing'));
    assert.ok(!isErrorCode('toString'));
    assert.ok(!isErrorCode(7));
  });
});
