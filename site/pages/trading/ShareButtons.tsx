/** The order form's share-of-balance buttons: 25, 50, 75 or 100 % of what the side spends. */

const SHARES = [25, 50, 75, 100] as const;

/** One button per share; `spends` names the balance they take a share of. */
export function ShareButtons({
  spends,
  onShare,
}: {
  spends: string;
  onShare(percent: number): void;
}) {
  return (
    <fieldset className="order-shares">
      <legend className="visually-hidden">Share of your available {spends}</legend>
      {SHARES.map((percent) => (
        <button
          key={percent}
          type="button"
          aria-label={`${percent}% of available ${spends}`}
          onClick={() => onShare(percent)}
        >
          {percent}%
        </button>
      ))}
    </fieldset>
  );
}
