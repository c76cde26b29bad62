/** `<live-counter>`'s component: attributes in, the live figure out. */
import { apiOrigin } from '../shared/scriptOrigin.ts';
import {
  type CounterLabels,
  DEFAULT_LABELS,
  LiveCounter,
  type LiveFigure,
} from './LiveCounter.tsx';
import { useLiveCounters } from './useLiveCounters.ts';

/** The element's attributes (all optional). */
export interface LiveCounterProps {
  /** `count` (visitors online now, the default) or `views` (page views recorded). */
  figure?: string;
  /** The words after the figure (`people watching`); `label-one` is their form for 1 (`person watching`). */
  label?: string;
  labelOne?: string;
  /** A BCP 47 locale for number formatting; the page's by default. */
  locale?: string;
  /** The exchange's origin, when it is not the script's. */
  api?: string;
}

/** Connects and renders the chosen figure. */
export function LiveCounterWidget({ figure, label, labelOne, locale, api }: LiveCounterProps) {
  const which: LiveFigure = figure === 'views' ? 'views' : 'count';
  const counters = useLiveCounters(apiOrigin(api));
  return (
    <LiveCounter
      value={counters[which]}
      labels={counterLabels(DEFAULT_LABELS[which], label, labelOne)}
      locale={locale || undefined}
      connected={counters.connected}
    />
  );
}

/**
 * The labels a page's attributes make: its own for any figure and, when given, for one; a page
 * that sets only `label` keeps its words for every figure, as before `label-one` existed.
 */
function counterLabels(
  defaults: CounterLabels,
  label: string | undefined,
  labelOne: string | undefined,
): CounterLabels {
  if (label === undefined) return { one: labelOne ?? defaults.one, other: defaults.other };
  return { one: labelOne ?? label, other: label };
}
