/** `<live-counter>`'s component: attributes in, the live figure out. */
import { apiOrigin } from '../shared/scriptOrigin.ts';
import { DEFAULT_LABELS, LiveCounter, type LiveFigure } from './LiveCounter.tsx';
import { useLiveCounters } from './useLiveCounters.ts';

/** The element's attributes (all optional). */
export interface LiveCounterProps {
  /** `count` (visitors online now, the default) or `views` (page views recorded). */
  figure?: string;
  label?: string;
  /** A BCP 47 locale for number formatting; the page's by default. */
  locale?: string;
  /** The exchange's origin, when it is not the script's. */
  api?: string;
}

/** Connects and renders the chosen figure. */
export function LiveCounterWidget({ figure, label, locale, api }: LiveCounterProps) {
  const which: LiveFigure = figure === 'views' ? 'views' : 'count';
  const counters = useLiveCounters(apiOrigin(api));
  return (
    <LiveCounter
      value={counters[which]}
      label={label ?? DEFAULT_LABELS[which]}
      locale={locale || undefined}
      connected={counters.connected}
    />
  );
}
