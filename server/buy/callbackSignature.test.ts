import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signCallback, verifyCallback } from './callbackSignature.ts';

const SECRET = 'a test secret of at least thirty-two characters';
const BODY = '{"type":"payment.succeeded","session":"abc"}';
const NOW = Date.UTC(2026, 10, 23, 12);

test('a callback signed with the secret within five minutes is accepted', () => {
  const header = signCallback(SECRET, BODY, NOW);
  assert.match(header, /^t=\d+,v1=[0-9a-f]{64}$/);
  assert.equal(verifyCallback(SECRET, header, BODY, NOW + 299_000), null);
});

test('another body, another secret, an old timestamp or no header is refused', () => {
  const header = signCallback(SECRET, BODY, NOW);
  assert.equal(verifyCallback(SECRET, header, `${BODY} `, NOW), 'mismatch');
  assert.equal(verifyCallback(`${SECRET}!`, header, BODY, NOW), 'mismatch');
  assert.equal(verifyCallback(SECRET, header, BODY, NOW + 301_000), 'stale');
  assert.equal(verifyCallback(SECRET, undefined, BODY, NOW), 'missing');
  assert.equal(verifyCallback(SECRET, 'v1=00', BODY, NOW), 'malformed');
  // A signature re-timed by someone without the secret does not match.
  const retimed = header.replace(/^t=\d+/, `t=${Math.floor(NOW / 1000) + 60}`);
  assert.equal(verifyCallback(SECRET, retimed, BODY, NOW), 'mismatch');
});
