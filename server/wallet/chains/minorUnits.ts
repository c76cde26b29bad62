/**
 * Amounts between the ledger's decimal strings and a chain's integer minor units (satoshi, wei,
 * drops, lamports, sun), exactly: a chain refuses a fraction of its smallest unit, and a float
 * would round 0.1 ETH to a different number of wei.
 */
import { formatDecimal, normalise, parseDecimal, rescale } from '../../../core/markets/decimal.ts';
import { refusal } from '../../errors/DomainError.ts';
import type { AssetNetwork } from './assetNetworks.ts';
import { NETWORKS } from './networks.ts';

/** A positive or zero decimal amount of the asset in the network's minor units. */
export function toMinorUnits(on: AssetNetwork, amount: string): bigint {
  const parsed = parseDecimal(amount);
  if (parsed === 'format') throw refusal('wallet.amountFormat');
  if (parsed === 'digits') throw refusal('wallet.amountDigits');
  const value = normalise(parsed);
  if (value.decimals > on.decimals) {
    throw refusal('wallet.networkDecimals', {
      asset: on.asset,
      network: NETWORKS[on.network].name,
      decimals: on.decimals,
    });
  }
  return rescale(value, on.decimals);
}

/** Minor units of the asset on the network as a decimal string without trailing zeros. */
export function fromMinorUnits(on: AssetNetwork, units: bigint): string {
  if (units < 0n) throw new RangeError(`minor units must not be negative, got ${units}`);
  return formatDecimal(units, on.decimals);
}
