import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Secret } from 'otpauth';
import { codeStep, newTotpSecret, timeStep, totpCode, totpUri } from './totp.ts';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII of "12345678901234567890".
const RFC_SECRET = Secret.fromLatin1('12345678901234567890').base32;

test('codes match the RFC 6238 test vectors (their last 6 digits)', () => {
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  for (const [seconds, eight] of vectors) {
    assert.equal(totpCode(RFC_SECRET, seconds * 1000), eight.slice(2), `T = ${seconds}`);
  }
});

test('a code is accepted one step either side of now, and names its own step', () => {
  const now = 1_700_000_015_000;
  const step = timeStep(now);
  assert.equal(codeStep(RFC_SECRET, totpCode(RFC_SECRET, now), now), step);
  assert.equal(codeStep(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now), step - 1);
  assert.equal(codeStep(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now), step + 1);
  assert.equal(codeStep(RFC_SECRET, totpCode(RFC_SECRET, now - 60_000), now), null);
  assert.equal(codeStep(RFC_SECRET, totpCode(RFC_SECRET, now + 60_000), now), null);
});

test('anything but six digits is no code', () => {
  const now = 1_700_000_015_000;
  const code = totpCode(RFC_SECRET, now);
  for (const typed of ['', code.slice(1), `${code}0`, ` ${code}`, 'abcdef', '１２３４５６']) {
    assert.equal(codeStep(RFC_SECRET, typed, now), null, JSON.stringify(typed));
  }
});

test('a new secret is 160 random bits in base32, and the URI carries it with the defaults', () => {
  const secret = newTotpSecret();
  assert.match(secret, /^[A-Z2-7]{32}$/);
  assert.notEqual(newTotpSecret(), secret);
  const uri = new URL(totpUri(secret, 'Exchange', 'ann@example.com'));
  assert.equal(uri.protocol, 'otpauth:');
  assert.equal(uri.host, 'totp');
  assert.equal(decodeURIComponent(uri.pathname), '/Exchange:ann@example.com');
  assert.equal(uri.searchParams.get('secret'), secret);
  assert.equal(uri.searchParams.get('issuer'), 'Exchange');
  assert.equal(uri.searchParams.get('algorithm'), 'SHA1');
  assert.equal(uri.searchParams.get('digits'), '6');
  assert.equal(uri.searchParams.get('period'), '30');
});
