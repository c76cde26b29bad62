import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEVNET_WALLET_SEED } from '../../config.ts';
import { DepositAddresses, MAX_ACCOUNT_ID } from './DepositAddresses.ts';
import { NETWORKS, type NetworkId } from './networks.ts';
import { isAddressOf, validateAddress } from './validateAddress.ts';

const NETWORK_IDS = Object.keys(NETWORKS) as NetworkId[];

// The seed of the BIP 39 test phrase ("abandon" eleven times, then "about", no passphrase).
const TEST_PHRASE_SEED =
  '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4';

test('account 0 gets the address standard wallets show for the same seed and path', () => {
  const addresses = new DepositAddresses(TEST_PHRASE_SEED);
  const expected: Record<NetworkId, [string, string]> = {
    // BIP 84's own test vector.
    BTC: ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', "m/84'/0'/0'/0/0"],
    ETH: ['0x9858EfFD232B4033E47d90003D41EC34EcaEda94', "m/44'/60'/0'/0/0"],
    BSC: ['0x9858EfFD232B4033E47d90003D41EC34EcaEda94', "m/44'/60'/0'/0/0"],
    XRP: ['rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3', "m/44'/144'/0'/0/0"],
    DOGE: ['DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC', "m/44'/3'/0'/0/0"],
    SOL: ['HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk', "m/44'/501'/0'/0'"],
    LTC: ['ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh', "m/84'/2'/0'/0/0"],
    TRX: ['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', "m/44'/195'/0'/0/0"],
  };
  for (const network of NETWORK_IDS) {
    const [address, path] = expected[network];
    assert.deepEqual(
      addresses.of(network, 0),
      { network, address, path, tag: network === 'XRP' ? 0 : null },
      network,
    );
  }
});

test('the same seed and account always give the same address; another seed another one', () => {
  const first = new DepositAddresses(DEVNET_WALLET_SEED);
  const again = new DepositAddresses(DEVNET_WALLET_SEED.toUpperCase());
  const other = new DepositAddresses(TEST_PHRASE_SEED);
  for (const network of NETWORK_IDS) {
    assert.deepEqual(first.of(network, 42), again.of(network, 42), network);
    assert.deepEqual(first.of(network, 42), first.of(network, 42), network);
    assert.notEqual(first.of(network, 42).address, other.of(network, 42).address, network);
  }
});

test('no two accounts share a deposit address, or on XRP a destination tag', () => {
  const addresses = new DepositAddresses(DEVNET_WALLET_SEED);
  const accounts = [1, 2, 3, 10, 255, 256, 1000, 65_536, MAX_ACCOUNT_ID];
  for (const network of NETWORK_IDS) {
    const seen = new Set(
      accounts.map((account) => {
        const { address, tag } = addresses.of(network, account);
        return `${address}?${tag}`;
      }),
    );
    assert.equal(seen.size, accounts.length, network);
  }
  // XRP: one address for everyone, told apart by the tag (the account id).
  assert.equal(addresses.of('XRP', 7).address, addresses.of('XRP', 8).address);
  assert.equal(addresses.of('XRP', 7).tag, 7);
});

test('every derived address passes its own network’s check and no other format’s', () => {
  const addresses = new DepositAddresses(DEVNET_WALLET_SEED);
  for (const network of NETWORK_IDS) {
    for (const account of [1, 2, 12_345]) {
      const { address, tag } = addresses.of(network, account);
      const destination = { address, tag: tag === null ? undefined : String(tag) };
      assert.deepEqual(validateAddress(network, destination), { address, tag }, network);
      const others = NETWORK_IDS.filter(
        (id) => NETWORKS[id].addressFormat !== NETWORKS[network].addressFormat,
      );
      for (const id of others) assert.equal(isAddressOf(id, address), false, `${network} ${id}`);
    }
  }
  // One key, one 0x address on both EVM networks.
  assert.equal(addresses.of('ETH', 5).address, addresses.of('BSC', 5).address);
});

test('an account id that is not a whole number in range has no address', () => {
  const addresses = new DepositAddresses(DEVNET_WALLET_SEED);
  for (const account of [-1, 1.5, MAX_ACCOUNT_ID + 1, Number.NaN]) {
    assert.throws(() => addresses.of('BTC', account), RangeError, String(account));
  }
});
