/** What happens on every route change (spec §4): scroll to top, visitor metric, profile reload. */
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { call, loadUser } from '../core/index.ts';

/** Runs the route-change effects; renders nothing. */
export function RouteEffects() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    void call('metrics.addVisitor', { referer: document.referrer, url: location });
    void loadUser();
  }, [location]);
  return null;
}
