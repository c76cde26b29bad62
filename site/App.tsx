/**
 * The site: header, routed pages, footer, mobile bottom bar, cookie notice, global notice,
 * notifications, and the per-route effects.
 */

import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { useSnapshot } from 'valtio';
import type { BaseLocationHook } from 'wouter';
import { Router } from 'wouter';
import { modals, user } from '../core/index.ts';
import { CookieNotice } from './components/CookieNotice.tsx';
import { Footer } from './components/Footer.tsx';
import { GlobalNotice } from './components/GlobalNotice.tsx';
import { Header } from './components/Header.tsx';
import { Notifications } from './components/Notifications.tsx';
import { RouteEffects } from './RouteEffects.tsx';
import { Routes } from './Routes.tsx';
import { SupportLayer } from './support/SupportLayer.tsx';

// Signed-in users only: visitors never download it.
const BottomBar = lazy(() =>
  import('./components/BottomBar.tsx').then((module) => ({ default: module.BottomBar })),
);

// Loaded the first time the KYC modal opens, then kept so it can fade out.
const KycModal = lazy(() => import('./components/KycModal.tsx'));

function KycLayer() {
  const { isKYCOpen } = useSnapshot(modals);
  const opened = useRef(false);
  if (isKYCOpen) opened.current = true;
  return opened.current ? <KycModal /> : null;
}

function SignedInOnly({ children }: { children: ReactNode }) {
  const { isAuth } = useSnapshot(user);
  return isAuth ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The whole site; `hook` lets tests drive it with wouter's memory location. */
export function App({ hook }: { hook?: BaseLocationHook }) {
  return (
    <Router {...(hook ? { hook } : {})}>
      <RouteEffects />
      <Header />
      <main id="content" className="content">
        <Routes />
      </main>
      <Footer />
      <SignedInOnly>
        <BottomBar />
        <KycLayer />
      </SignedInOnly>
      <CookieNotice />
      <GlobalNotice />
      <SupportLayer />
      <Notifications />
    </Router>
  );
}
