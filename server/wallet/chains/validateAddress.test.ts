import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { classicAddressToXAddress } from 'ripple-address-codec';
import { AddressError, type AddressProblem } from './AddressError.ts';
import type { NetworkId } from './networks.ts';
import { type DestinationInput, isAddressOf, validateAddress } from './validateAddress.ts';

/** Asserts the destination is refused for that reason, with a message matching `message`. */
function refused(
  network: NetworkId,
  input: DestinationInput | string,
  problem: AddressProblem,
  message: RegExp,
): void {
  const destination = typeof input === 'string' ? { address: input } : input;
  assert.throws(
    () => validateAddress(network, destination),
    (error) => {
      assert.ok(error instanceof AddressError, String(error));
      assert.equal(error.problem, problem, error.message);
      assert.match(error.message, message);
      return true;
    },
    `${network} ${JSON.stringify(destination)}`,
  );
}

/** Asserts the address passes and comes back as `canonical` (itself by default), with no tag. */
function accepted(network: NetworkId, address: string, canonical = address): void {
  assert.deepEqual(validateAddress(network, { address }), { address: canonical, tag: null });
}

/** The address with the character at `index` replaced by the next one of `alphabet`. */
function mistype(address: string, index: number, alphabet: string): string {
  const position = alphabet.indexOf(address.charAt(index));
  assert.ok(position >= 0, `${address.charAt(index)} is not in the alphabet`);
  const replacement = alphabet.charAt((position + 1) % alphabet.length);
  return address.slice(0, index) + replacement + address.slice(index + 1);
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

const TYPO = /has a mistake: a character is wrong, missing or swapped .*Copy it again/;

describe('Bitcoin', () => {
  test('accepts legacy, script, segwit and taproot addresses', () => {
    accepted('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'); // the genesis block's coinbase
    accepted('BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'); // the Bitcoin wiki's P2SH example
    accepted('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'); // the Bitcoin wiki's bech32 example
    accepted('BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'); // taproot
  });

  test('an upper-case segwit address (as QR codes write it) comes back in lower case', () => {
    // BIP 173's first valid address.
    accepted(
      'BTC',
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
  });

  test('one changed character fails the checksum', () => {
    refused('BTC', mistype('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 10, BASE58), 'checksum', TYPO);
    refused('BTC', mistype('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 20, BASE58), 'checksum', TYPO);
    refused(
      'BTC',
      mistype('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 12, BECH32),
      'checksum',
      /^This Bitcoin address has a mistake/,
    );
  });

  test('another network’s address is named so the person can pick the right one', () => {
    refused(
      'BTC',
      'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9',
      'format',
      /^This is a Litecoin address, not a Bitcoin one\. Choose the network it belongs to, or paste a Bitcoin address/,
    );
    refused('BTC', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', 'format', /^This is a Dogecoin address/);
    // BIP 173's testnet P2WSH example.
    refused(
      'BTC',
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      'network',
      /^This is a Bitcoin testnet address; withdrawals go to the Bitcoin main network/,
    );
  });

  test('anything else is described', () => {
    refused(
      'BTC',
      'not an address',
      'format',
      /^This is not a Bitcoin address: a Bitcoin address starts with bc1, 1 or 3\.$/,
    );
    refused('BTC', '   ', 'empty', /^Enter the Bitcoin address to send to\.$/);
    // A pay-to-anchor output (BIP 433) can be spent by anyone.
    refused('BTC', 'bc1pfeessrawgf', 'format', /^This is not a Bitcoin address/);
  });
});

describe('Litecoin', () => {
  test('accepts L, M and ltc1 addresses', () => {
    accepted('LTC', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9');
    accepted('LTC', 'MGxNPPB7eBoWPUaprtX9v9CXJZoD2465zN');
    // BIP 84's path for Litecoin from the BIP 39 test phrase, as wallets show it.
    accepted('LTC', 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh');
  });

  test('refuses a changed character and Bitcoin addresses', () => {
    refused(
      'LTC',
      mistype('ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh', 20, BECH32),
      'checksum',
      TYPO,
    );
    refused('LTC', mistype('MGxNPPB7eBoWPUaprtX9v9CXJZoD2465zN', 5, BASE58), 'checksum', TYPO);
    refused(
      'LTC',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'format',
      /^This is a Bitcoin address/,
    );
    refused('LTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'format', /^This is a Bitcoin address/);
  });
});

describe('Dogecoin', () => {
  test('accepts D (key hash) and A or 9 (script hash) addresses', () => {
    accepted('DOGE', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L');
    accepted('DOGE', 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC'); // BIP 44 from the BIP 39 test phrase
    accepted('DOGE', 'A8c3xNz2mqsDLFwv5KL5fpH12QEwDaoTXo');
  });

  test('refuses a changed character and Bitcoin addresses', () => {
    refused('DOGE', mistype('DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', 8, BASE58), 'checksum', TYPO);
    refused('DOGE', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'format', /^This is a Bitcoin address/);
    refused(
      'DOGE',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'format',
      /^This is a Bitcoin address, not a Dogecoin one/,
    );
  });
});

describe('EVM networks (Ethereum and BNB Smart Chain)', () => {
  const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

  test('accept checksummed addresses on both networks', () => {
    for (const network of ['ETH', 'BSC'] as const) {
      accepted(network, USDT);
      accepted(network, '0x000000000000000000000000000000000000dEaD'); // the burn address
      accepted(network, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94'); // the BIP 39 test phrase's
    }
  });

  test('an all-lower-case address carries no checksum: accepted and written checksummed', () => {
    accepted('ETH', USDT.toLowerCase(), USDT);
    accepted('BSC', `0x${USDT.slice(2).toUpperCase()}`, USDT);
  });

  test('a wrong mix of capital and small letters fails the EIP-55 checksum', () => {
    const wrongCase = `${USDT.slice(0, -3)}eC7`;
    refused('ETH', wrongCase, 'checksum', /capital and small letters do not match its checksum/);
    refused('BSC', mistype(USDT, 10, '0123456789abcdef'), 'checksum', TYPO);
  });

  test('refuses wrong lengths and TRON addresses', () => {
    refused(
      'ETH',
      USDT.slice(0, -1),
      'format',
      /^This is not an Ethereum \(ERC-20\) address: an Ethereum \(ERC-20\) address starts with 0x/,
    );
    refused(
      'BSC',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      'format',
      /^This is a TRON \(TRC-20\) address, not a BNB Smart Chain \(BEP-20\) one/,
    );
  });
});

describe('TRON', () => {
  test('accepts T addresses', () => {
    accepted('TRX', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'); // USDT's TRC-20 contract
    accepted('TRX', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'); // the black-hole address
    accepted('TRX', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH'); // the BIP 39 test phrase's
  });

  test('refuses a changed character, EVM addresses and other base58check versions', () => {
    refused('TRX', mistype('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 15, BASE58), 'checksum', TYPO);
    refused(
      'TRX',
      '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      'format',
      /^This is an Ethereum \(ERC-20\) or BNB Smart Chain \(BEP-20\) address, not a TRON \(TRC-20\) one/,
    );
    refused('TRX', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'format', /^This is a Bitcoin address/);
  });
});

describe('Solana', () => {
  test('accepts 32-byte base58 keys, programs and mints included', () => {
    accepted('SOL', '11111111111111111111111111111111'); // the System Program
    accepted('SOL', 'So11111111111111111111111111111111111111112'); // wrapped SOL
    accepted('SOL', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'); // the Token Program
    accepted('SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'); // the USDC mint
  });

  test('refuses what is not 32 bytes of base58', () => {
    const usdc = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    const shape = /^This is not a Solana address: a Solana address has 32 to 44 letters and digits/;
    refused('SOL', `${usdc.slice(0, 10)}0${usdc.slice(11)}`, 'format', shape);
    refused('SOL', usdc.slice(0, -3), 'format', shape);
    refused('SOL', `1${usdc}`, 'format', shape);
    refused('SOL', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'format', /^This is a Bitcoin address/);
  });

  test('has no checksum: a changed character that keeps the length is another valid address', () => {
    const usdc = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    assert.ok(isAddressOf('SOL', mistype(usdc, 20, BASE58)));
  });
});

describe('XRP Ledger', () => {
  const GENESIS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

  test('accepts classic addresses with a destination tag', () => {
    for (const address of [
      GENESIS,
      'rrrrrrrrrrrrrrrrrrrrrhoLvTp',
      'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3',
    ]) {
      assert.deepEqual(validateAddress('XRP', { address, tag: '12345' }), { address, tag: 12345 });
    }
    assert.deepEqual(validateAddress('XRP', { address: GENESIS, tag: ' 0 ' }), {
      address: GENESIS,
      tag: 0,
    });
    assert.deepEqual(
      validateAddress('XRP', { address: GENESIS, tag: '4294967295' }).tag,
      4294967295,
    );
  });

  test('a missing tag is refused unless the person confirms the wallet needs none', () => {
    const missing =
      /^Enter the destination tag the receiving exchange or wallet gave you with this address\. If it gave none, confirm/;
    refused('XRP', GENESIS, 'tag', missing);
    refused('XRP', { address: GENESIS, tag: '  ' }, 'tag', missing);
    assert.deepEqual(validateAddress('XRP', { address: GENESIS, withoutTag: true }), {
      address: GENESIS,
      tag: null,
    });
  });

  test('a tag is a whole number that fits in 32 bits', () => {
    const number = /^A destination tag is a whole number from 0 to 4294967295\.$/;
    for (const tag of ['abc', '-1', '1.5', '4294967296', '12345678901']) {
      refused('XRP', { address: GENESIS, tag }, 'tag', number);
    }
  });

  test('an X-address brings its own tag; a different typed tag is refused', () => {
    const xAddress = classicAddressToXAddress(GENESIS, 777, false);
    assert.deepEqual(validateAddress('XRP', { address: xAddress }), { address: GENESIS, tag: 777 });
    assert.deepEqual(validateAddress('XRP', { address: xAddress, tag: '777' }), {
      address: GENESIS,
      tag: 777,
    });
    refused(
      'XRP',
      { address: xAddress, tag: '778' },
      'tag',
      /^This address already carries destination tag 777/,
    );
    refused(
      'XRP',
      classicAddressToXAddress(GENESIS, 777, true),
      'network',
      /^This is an XRP Ledger testnet address/,
    );
  });

  test('refuses a changed character and other networks’ addresses', () => {
    refused('XRP', { address: mistype(GENESIS, 9, BASE58), tag: '1' }, 'checksum', TYPO);
    refused(
      'XRP',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      'format',
      /^This is a TRON \(TRC-20\) address, not an XRP Ledger one/,
    );
  });
});

test('networks without tags refuse one rather than drop it silently', () => {
  refused(
    'BTC',
    { address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', tag: '123' },
    'tag',
    /^Bitcoin addresses take no tag or memo: leave it empty\.$/,
  );
  assert.deepEqual(
    validateAddress('BTC', { address: ' 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa ', tag: '' }),
    { address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', tag: null },
  );
});
