/** The chart's candle interval switch: one toggle button per interval. */
import type { CandleInterval } from '../../../core/index.ts';

/** The intervals offered, as the API names them. */
export const INTERVALS: readonly CandleInterval[] = ['1m', '5m', '15m', '1h', '4h', '1d'];

/** The intervals as toggle buttons, the chosen one pressed. */
export function IntervalSwitch({
  interval,
  onChoose,
}: {
  interval: CandleInterval;
  onChoose(interval: CandleInterval): void;
}) {
  return (
    <fieldset className="interval-switch">
      <legend className="visually-hidden">Candle interval</legend>
      {INTERVALS.map((choice) => (
        <button
          key={choice}
          type="button"
          aria-pressed={choice === interval}
          onClick={() => onChoose(choice)}
        >
          {choice}
        </button>
      ))}
    </fieldset>
  );
}
