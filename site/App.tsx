/** The site: header, routed pages, notifications, and the per-route effects. */

import type { BaseLocationHook } from 'wouter';
import { Router } from 'wouter';
import { Header } from './components/Header.tsx';
import { Notifications } from './components/Notifications.tsx';
import { RouteEffects } from './RouteEffects.tsx';
import { Routes } from './Routes.tsx';

/** The whole site; `hook` lets tests drive it with wouter's memory location. */
export function App({ hook }: { hook?: BaseLocationHook }) {
  return (
    <Router {...(hook ? { hook } : {})}>
      <RouteEffects />
      <Header />
      <main id="content" className="content">
        <Routes />
      </main>
      <Notifications />
    </Router>
  );
}
