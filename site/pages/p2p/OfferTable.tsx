/** Offers as a table: merchant (with their record), price, what is left, limits, payment methods and an action each. */
import type { ReactNode } from 'react';
import {
  formatAmount,
  type P2pCatalogue,
  type P2pMerchant,
  type P2pOffer,
} from '../../../core/index.ts';
import { TableScroll } from '../../components/TableScroll.tsx';
import { methodNames } from './useP2pCatalogue.ts';

/**
 * An offer's price in words: "0.92 EUR", "0.93 EUR (market +1.5 %)" for a margin offer, or that
 * it has none while its fiat has no reference rate.
 */
export function offerPriceText({ price, margin, fiat }: P2pOffer): string {
  if (price === null) return `No ${fiat} rate yet`;
  const shown = `${formatAmount(price)} ${fiat}`;
  if (margin === null) return shown;
  return `${shown} (market ${margin.startsWith('-') ? '−' : '+'}${margin.replace(/^-/, '')} %)`;
}

/** A merchant's record in words: how many trades completed, and at what rate. */
export function merchantRecord({ completedTrades, completionPercent }: P2pMerchant): string {
  if (completionPercent === null) return 'No trades yet';
  const trades = `${completedTrades} ${completedTrades === 1 ? 'trade' : 'trades'}`;
  return `${trades}, ${completionPercent}% completed`;
}

export function OfferTable({
  label,
  offers,
  catalogue,
  action,
}: {
  label: string;
  offers: readonly P2pOffer[];
  catalogue: P2pCatalogue | null;
  /** The last cell of an offer's row. */
  action: (offer: P2pOffer) => ReactNode;
}) {
  return (
    <TableScroll label={label}>
      <table className="history">
        <thead>
          <tr>
            <th scope="col">Merchant</th>
            <th scope="col" className="number">
              Price
            </th>
            <th scope="col" className="number">
              Available
            </th>
            <th scope="col">Limits</th>
            <th scope="col">Payment</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {offers.map((offer) => (
            <tr key={offer.id} data-testid="p2p-offer">
              <td>
                {offer.merchant.login}
                <span className="p2p-record" data-testid="p2p-merchant-record">
                  {merchantRecord(offer.merchant)}
                </span>
              </td>
              <td className="number">{offerPriceText(offer)}</td>
              <td className="number">
                {formatAmount(offer.available)} {offer.asset}
              </td>
              <td className="p2p-limits">
                {formatAmount(offer.minFiat)}–{formatAmount(offer.maxFiat)} {offer.fiat}
              </td>
              <td>
                {methodNames(catalogue, offer.paymentMethods)}; {offer.paymentWindowMinutes} min to
                pay
              </td>
              <td>{action(offer)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
