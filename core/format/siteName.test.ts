import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { siteName } from './siteName.ts';

describe('siteName', () => {
  it('capitalises the first label of the host', () => {
    assert.equal(siteName('bitmarket.example.com'), 'Bitmarket');
    assert.equal(siteName('localhost'), 'Exchange');
    assert.equal(siteName('127.0.0.1'), 'Exchange');
    assert.equal(siteName('[::1]'), 'Exchange');
    assert.equal(siteName(''), '');
  });
});
