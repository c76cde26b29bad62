/**
 * What happens on every route change: scroll to the top, the visitor metric, the profile
 * reload and — only after cookie consent — the first-party PageView event and the pxid pixel.
 */
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { call, cookies, loadUser, user } from '../core/index.ts';
import { pixelId } from './effects/pixelId.ts';
import { takeStartedProfile } from './effects/startProfile.ts';

/** The analytics event sent for each page shown. */
export const PAGE_VIEW_EVENT = 'PageView';

/** Runs the route-change effects; renders nothing. */
export function RouteEffects() {
  const [location] = useLocation();
  const { isAccepted } = useSnapshot(cookies);
  const previous = useRef(document.referrer);

  useEffect(() => {
    // A hash link lands on its section (the FAQ page scrolls there itself).
    if (!window.location.hash) window.scrollTo(0, 0);
    const referer = previous.current;
    previous.current = window.location.href;
    void call('metrics.addVisitor', { referer, url: location });
    if (!takeStartedProfile()) void loadUser();
  }, [location]);

  // Consent given on this page counts this page too; without consent nothing is tracked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one PageView per location change.
  useEffect(() => {
    if (!isAccepted) return;
    void call('metrics.addEvent', { id: PAGE_VIEW_EVENT });
    if (pixelId() === null) return;
    const identity = user.isAuth ? { email: user.email, login: user.login } : null;
    void import('./effects/pixel.ts').then(({ firePixel }) => firePixel(true, identity));
  }, [location, isAccepted]);

  return null;
}
