/**
 * The site: header, routed pages, footer, mobile bottom bar, cookie notice, global notice,
 * notifications, and the per-route effects.
 */

import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { BaseLocationHook } from 'wouter';
import { Router } from 'wouter';
import { modals, user } from '../core/index.ts';
import { CookieNotice } from './components/CookieNotice.tsx';
import { EmailBanner } from './components/EmailBanner.tsx';
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

// Signed-in users only, and only once opened: nobody else downloads the swap or KYC forms.
const SwapModal = lazy(() =>
  import('./pages/account/SwapModal.tsx').then((module) => ({ default: module.SwapModal })),
);
const KycModal = lazy(() => import('./components/KycModal.tsx'));
// Only while a verification is under review: it opens the account's private stream.
const VerificationWatcher = lazy(() => import('./components/VerificationWatcher.tsx'));

/** Mounts a modal the first time its flag opens it, then keeps it so that it can fade out. */
function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  return opened ? children : null;
}

function ModalLayers() {
  const { isOpenSwap, isKYCOpen } = useSnapshot(modals);
  return (
    <>
      <OnceOpened open={isOpenSwap}>
        <SwapModal />
      </OnceOpened>
      <OnceOpened open={isKYCOpen}>
        <KycModal />
      </OnceOpened>
    </>
  );
}

/** Listens for the staff decision while the account's verification is under review. */
function PendingVerification() {
  const { isKycPending, isVerified } = useSnapshot(user);
  return isKycPending && !isVerified ? <VerificationWatcher /> : null;
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
      <EmailBanner />
      <main id="content" className="content">
        <Routes />
      </main>
      <Footer />
      <SignedInOnly>
        <BottomBar />
        <ModalLayers />
        <PendingVerification />
      </SignedInOnly>
      <CookieNotice />
      <GlobalNotice />
      <SupportLayer />
      <Notifications />
    </Router>
  );
}
