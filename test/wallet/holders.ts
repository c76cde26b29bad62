/**
 * Account holders for the wallet's fault run, and a seeded stream of what they do through the
 * real API: withdrawals to another holder's deposit address (so every withdrawal that leaves
 * comes back as a deposit), cancels of their own withdrawals while these wait, transfers to
 * another holder by email or login, and test coins from the devnet's faucet, now and then below
 * the network's minimum deposit. A staff member approves or rejects the withdrawals that wait for
 * review. Bitcoin needs two confirmations and the XRP Ledger one, with a destination tag per
 * account, so both kinds of deposit address are exercised within seconds of 1-second blocks.
 */
import { formatDecimal } from '../../core/markets/decimal.ts';
import type {
  RequestWithdrawalParams,
  SendTransferParams,
  Ticker,
  Withdrawal,
} from '../../core/protocol/index.ts';
import { FAUCET_SENDS_PER_HOUR } from '../../server/wallet/devnet/faucet.ts';
import type { Trader } from '../spot/traders.ts';

/** The assets the holders move, each on its own network. */
export const MOVED_ASSETS = ['BTC', 'XRP'] as const satisfies readonly Ticker[];

/** One of the moved assets; its network has the same id. */
export type MovedAsset = (typeof MOVED_ASSETS)[number];

/** A deposit address as deposits.getAddress gave it. */
export interface Address {
  address: string;
  tag: number | null;
}

/** An account with a session and, once funded, its deposit address on each moved network. */
export interface Holder extends Trader {
  addresses: Map<MovedAsset, Address>;
}

/** What a holder moves of one asset, in units of 10^-decimals; ranges include both ends. */
interface Amounts {
  decimals: number;
  /** Test coins each holder starts with: the faucet's cap. */
  funding: number;
  withdrawal: [number, number];
  transfer: [number, number];
  faucet: [number, number];
  /** Below the network's minimum deposit: recorded, never credited. */
  dust: number;
}

/**
 * In hundred-thousandths of a BTC and hundredths of an XRP. A withdrawal with its fee is worth
 * about 115–235 USD of BTC or 5–235 USD of XRP at the seeded prices, so with
 * WITHDRAWAL_REVIEW_USD at 200 about one in five waits for staff.
 */
const AMOUNTS: Readonly<Record<MovedAsset, Amounts>> = {
  BTC: {
    decimals: 5,
    funding: 1000,
    withdrawal: [100, 220],
    transfer: [10, 90],
    faucet: [200, 1000],
    dust: 5,
  },
  XRP: {
    decimals: 2,
    funding: 40_000,
    withdrawal: [200, 10_000],
    transfer: [50, 2000],
    faucet: [5000, 40_000],
    dust: 5,
  },
};

/** One call a holder makes, as the API takes it. */
export type HolderStep =
  | { method: 'withdrawals.request'; params: RequestWithdrawalParams }
  | { method: 'withdrawals.confirm'; params: { confirmToken: string } }
  | { method: 'withdrawals.cancel'; params: { id: number } }
  | { method: 'transfers.send'; params: SendTransferParams; recipientId: number }
  | { method: 'deposits.faucet'; params: { asset: MovedAsset; network: string; amount: string } };

/** One call the staff member makes. */
export type StaffStep =
  | { method: 'withdrawals.getPending'; params: { limit: number } }
  | { method: 'withdrawals.review'; params: { id: number; approve: boolean; reason?: string } };

/** A holder's seeded stream of steps; `open` is what it knows of its withdrawals still waiting. */
export class HolderStream {
  private made = 0;
  private faucetSends = 0;

  constructor(
    private readonly next: () => number,
    private readonly holders: readonly Holder[],
    private readonly self: number,
  ) {}

  /** Test coins at the faucet's cap: how each holder starts. */
  funding(asset: MovedAsset): HolderStep {
    this.faucetSends += 1;
    const spec = AMOUNTS[asset];
    return this.faucet(asset, formatDecimal(BigInt(spec.funding), spec.decimals));
  }

  /** The next call, given the holder's withdrawals it knows are still waiting. */
  step(open: readonly Withdrawal[]): HolderStep {
    const roll = this.next();
    const waiting = open[Math.floor(this.next() * open.length)];
    if (roll < 0.15 && waiting !== undefined) {
      return { method: 'withdrawals.cancel', params: { id: waiting.id } };
    }
    if (roll < 0.22 && this.faucetSends < FAUCET_SENDS_PER_HOUR) {
      this.faucetSends += 1;
      const asset = this.asset();
      const spec = AMOUNTS[asset];
      const units = this.next() < 0.2 ? spec.dust : this.between(spec.faucet);
      return this.faucet(asset, formatDecimal(BigInt(units), spec.decimals));
    }
    return roll < 0.6 ? this.withdrawal() : this.transfer();
  }

  private withdrawal(): HolderStep {
    const asset = this.asset();
    const spec = AMOUNTS[asset];
    const to = this.other().addresses.get(asset);
    if (to === undefined) throw new Error(`a holder has no ${asset} deposit address yet`);
    return {
      method: 'withdrawals.request',
      params: {
        asset,
        network: asset,
        address: to.address,
        ...(to.tag === null ? {} : { tag: String(to.tag) }),
        amount: formatDecimal(BigInt(this.between(spec.withdrawal)), spec.decimals),
        idempotencyKey: this.key('withdrawal'),
      },
    };
  }

  private transfer(): HolderStep {
    const asset = this.asset();
    const spec = AMOUNTS[asset];
    const to = this.other();
    return {
      method: 'transfers.send',
      params: {
        to: this.next() < 0.5 ? to.email : to.login,
        ticker: asset,
        amount: formatDecimal(BigInt(this.between(spec.transfer)), spec.decimals),
        idempotencyKey: this.key('transfer'),
      },
      recipientId: to.userId,
    };
  }

  private faucet(asset: MovedAsset, amount: string): HolderStep {
    return { method: 'deposits.faucet', params: { asset, network: asset, amount } };
  }

  private asset(): MovedAsset {
    return this.next() < 0.5 ? 'BTC' : 'XRP';
  }

  /** Another holder than this one. */
  private other(): Holder {
    const index =
      (this.self + 1 + Math.floor(this.next() * (this.holders.length - 1))) % this.holders.length;
    const holder = this.holders[index];
    if (holder === undefined) throw new Error('a fault run needs two holders at least');
    return holder;
  }

  private between([min, max]: readonly [number, number]): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A fresh idempotency key: one per confirmation, sent again only when the answer was lost. */
  private key(kind: string): string {
    this.made += 1;
    return `h${this.self}-${kind}-${this.made}`;
  }
}

/** The staff member's decision on one of `pending`: four in five approved, the rest rejected. */
export function reviewStep(next: () => number, pending: readonly Withdrawal[]): StaffStep | null {
  const chosen = pending[Math.floor(next() * pending.length)];
  if (chosen === undefined) return null;
  return next() < 0.8
    ? { method: 'withdrawals.review', params: { id: chosen.id, approve: true } }
    : {
        method: 'withdrawals.review',
        params: { id: chosen.id, approve: false, reason: 'Destination not confirmed.' },
      };
}
