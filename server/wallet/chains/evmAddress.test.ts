/**
 * The EVM address code the server runs without viem gives viem's answers: the EIP-55 spelling,
 * which spellings a configuration may give, the address of a public key and of a private key.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { getAddress, isAddress } from 'viem';
import { privateKeyToAccount, publicKeyToAddress } from 'viem/accounts';
import {
  checkEvmAddress,
  checksumEvmAddress,
  evmAddressOfPrivateKey,
  evmAddressOfPublicKey,
  isEvmAddress,
} from './evmAddress.ts';

/** `text` with the case of each letter flipped where `mask`'s bit is set. */
function recase(text: string, mask: ArrayLike<number>): string {
  return [...text]
    .map((char, index) => ((mask[index % mask.length] ?? 0) & 1 ? swapCase(char) : char))
    .join('');
}

function swapCase(char: string): string {
  return char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
}

test('spells, accepts and refuses EVM addresses as viem does', () => {
  for (let round = 0; round < 200; round++) {
    const lower = `0x${randomBytes(20).toString('hex')}`;
    const spelled = getAddress(lower);
    assert.equal(checksumEvmAddress(lower), spelled);
    assert.equal(checksumEvmAddress(lower.toUpperCase().replace('0X', '0x')), spelled);
    // The right checksum, every letter flipped, a few letters flipped, all capitals.
    const upper = `0x${lower.slice(2).toUpperCase()}`;
    const flipped = `0x${recase(spelled.slice(2), randomBytes(40))}`;
    for (const text of [lower, spelled, upper, flipped, `0x${recase(spelled.slice(2), [1])}`]) {
      assert.equal(isEvmAddress(text), isAddress(text), text);
      const check = checkEvmAddress(text);
      const oneCase = text === lower || text === upper;
      assert.deepEqual(
        check,
        isAddress(text) || oneCase
          ? { ok: true, address: spelled, tag: null }
          : { ok: false, problem: 'checksum' },
        text,
      );
    }
  }
});

test('refuses what is not 0x and 40 hex digits, as viem does', () => {
  const address = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
  for (const text of ['', '0x', address.slice(0, -1), `${address}0`, `0X${address.slice(2)}`]) {
    assert.equal(isEvmAddress(text), isAddress(text), text);
    assert.equal(isAddress(text, { strict: false }), false, text);
    assert.deepEqual(checkEvmAddress(text), { ok: false, problem: 'format' }, text);
    assert.throws(() => checksumEvmAddress(text), RangeError);
  }
});

test('a key pair has the address viem gives it', () => {
  for (let round = 0; round < 20; round++) {
    const privateKey = `0x${randomBytes(32).toString('hex')}` as const;
    const account = privateKeyToAccount(privateKey);
    assert.equal(evmAddressOfPrivateKey(privateKey), account.address);
    const publicKey = Buffer.from(account.publicKey.slice(2), 'hex');
    assert.equal(evmAddressOfPublicKey(publicKey), publicKeyToAddress(account.publicKey));
  }
  // A key off the curve's range is refused, as viem refuses it.
  const zero = `0x${'0'.repeat(64)}` as const;
  assert.throws(() => privateKeyToAccount(zero));
  assert.throws(() => evmAddressOfPrivateKey(zero));
});
