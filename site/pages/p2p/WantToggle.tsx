/** Buy or sell: the side the visitor wants on the P2P market, as two pressed-or-not buttons. */
import type { OfferFilter } from './offerFilter.ts';

/** The two buttons; the pressed one is the side wanted now. */
export function WantToggle({
  want,
  onChange,
}: {
  want: OfferFilter['want'];
  onChange: (want: OfferFilter['want']) => void;
}) {
  return (
    <fieldset className="p2p-want">
      <legend className="visually-hidden">I want to</legend>
      {(['buy', 'sell'] as const).map((choice) => (
        <button
          key={choice}
          type="button"
          className={want === choice ? 'button' : 'button secondary'}
          aria-pressed={want === choice}
          onClick={() => onChange(choice)}
        >
          {choice === 'buy' ? 'Buy' : 'Sell'}
        </button>
      ))}
    </fieldset>
  );
}
