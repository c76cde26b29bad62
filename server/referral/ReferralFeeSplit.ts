/**
 * The referral commission as trading's fee split: each fee a referred account pays gives its
 * referrer a share, paid in the same batch (and transaction) as the fee.
 */
import type { Queryable } from '../storage/db.ts';
import type { FeeSplit } from '../trading/FeeSplit.ts';
import type { TradesTable } from '../trading/TradingTables.ts';
import type { Posting } from '../wallet/ledger.ts';
import { commissionPostings, feePayers } from './commissions.ts';
import { Referrers } from './Referrers.ts';

/** Pays referrers their share of the fees the accounts they referred pay. */
export class ReferralFeeSplit implements FeeSplit {
  private readonly referrers = new Referrers();

  constructor(
    /** The referrer's share of each fee a referred account pays ("0.2" = 20 %). */
    private readonly share: string,
  ) {}

  /** The commissions on these trades' fees; asks only about payers not seen before. */
  async postings(trx: Queryable, trades: readonly TradesTable[]): Promise<Posting[]> {
    if (trades.length === 0 || !/[1-9]/.test(this.share)) return [];
    await this.referrers.load(trx, feePayers(trades));
    return commissionPostings(trades, this.referrers.of, this.share);
  }
}
