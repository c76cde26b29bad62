/** Shows one live figure with its label, easing between values. */
import { formatCount } from '../../core/format/index.ts';
import { useAnimatedNumber } from './useAnimatedNumber.ts';

/** Which figure a counter shows: visitors online now, or page views recorded. */
export type LiveFigure = 'count' | 'views';

/** A label for one (`1 person`) and for any other figure (`2 people`, `0 people`). */
export interface CounterLabels {
  one: string;
  other: string;
}

/** The default labels of each figure: visitors are not views. */
export const DEFAULT_LABELS: Record<LiveFigure, CounterLabels> = {
  count: { one: 'visitor online now', other: 'visitors online now' },
  views: { one: 'page view', other: 'page views' },
};

/** The label that agrees with `value` in the locale's plural rules ("1 person", "2 people"). */
export function labelFor(labels: CounterLabels, value: number, locale: string | undefined): string {
  return new Intl.PluralRules(locale).select(value) === 'one' ? labels.one : labels.other;
}

const styles = `
:host { display: block; font-family: var(--exchange-font, system-ui, sans-serif); color: var(--exchange-text, inherit); }
:host([hidden]) { display: none; }
.counter { all: initial; display: inline-flex; align-items: baseline; gap: 0.4em; margin: 0; font-family: var(--exchange-font, system-ui, sans-serif); font-size: 16px; line-height: 1.4; color: var(--exchange-text, #1b1f27); }
.value { font-weight: 700; font-size: var(--exchange-counter-size, 1.5em); font-variant-numeric: tabular-nums; color: var(--exchange-accent, currentColor); }
.label { color: var(--exchange-muted, inherit); }
.dot { width: 0.5em; height: 0.5em; border-radius: 50%; background: var(--exchange-live, #2ebd85); align-self: center; }
.dot[data-connected="false"] { background: var(--exchange-muted, #8a8f98); }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

/** The presentational counter: no side effects, everything from props. */
export function LiveCounter(props: {
  value: number;
  labels: CounterLabels;
  locale: string | undefined;
  connected: boolean;
}) {
  const shown = useAnimatedNumber(props.value);
  const text = formatCount(shown, props.locale);
  const exact = formatCount(props.value, props.locale);
  const label = labelFor(props.labels, shown, props.locale);
  const settledLabel = labelFor(props.labels, props.value, props.locale);
  return (
    <>
      <style>{styles}</style>
      <p className="counter" part="counter">
        <span
          className="dot"
          part="dot"
          data-connected={String(props.connected)}
          aria-hidden="true"
        />
        {/* Screen readers get the settled value, not every animation frame. */}
        <span className="value" part="value" aria-hidden="true">
          {text}
        </span>
        <span className="label" part="label" aria-hidden="true">
          {label}
        </span>
        <span className="sr">{`${exact} ${settledLabel}`}</span>
      </p>
    </>
  );
}
