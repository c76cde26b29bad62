/** The offer's market: buying or selling, which crypto, and for which fiat. */
import type { P2pCatalogue, Ticker } from '../../../core/index.ts';
import type { OfferForm } from './usePublishOffer.ts';

/** The side, crypto and fiat selects of the publish-offer form. */
export function OfferMarketFields({
  form,
  catalogue,
}: {
  form: OfferForm;
  catalogue: P2pCatalogue;
}) {
  const { id } = form;
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-side`}>I want to</label>
        <select
          id={`${id}-side`}
          value={form.side}
          onChange={(event) => form.setSide(event.target.value as 'buy' | 'sell')}
        >
          <option value="sell">Sell crypto</option>
          <option value="buy">Buy crypto</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-asset`}>Crypto</label>
        <select
          id={`${id}-asset`}
          value={form.asset}
          onChange={(event) => form.setAsset(event.target.value as Ticker)}
        >
          {catalogue.assets.map((ticker) => (
            <option key={ticker}>{ticker}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-fiat`}>Fiat</label>
        <select
          id={`${id}-fiat`}
          value={form.fiat}
          onChange={(event) => form.setFiat(event.target.value)}
        >
          {catalogue.fiats.map((code) => (
            <option key={code}>{code}</option>
          ))}
        </select>
      </div>
    </>
  );
}
