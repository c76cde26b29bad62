/**
 * The route table. Pages load lazily so the home page does not download account code;
 * every route renders inside its own error boundary, and only once the profile has loaded.
 */
import { lazy, type ReactNode, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { Route, Switch } from 'wouter';
import { config, user } from '../core/index.ts';
import { Loader } from './components/Loader.tsx';
import { PageSkeleton } from './components/PageSkeleton.tsx';
import { RequireAuth } from './components/RequireAuth.tsx';
import { RouteErrorBoundary } from './components/RouteErrorBoundary.tsx';
import { POLICY_TYPES } from './navigation.ts';

const HomePage = lazy(() => import('./pages/HomePage.tsx'));
const SignPage = lazy(() => import('./pages/SignPage.tsx'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage.tsx'));
const VerifyEmailPage = lazy(() => import('./pages/VerifyEmailPage.tsx'));
const ConfirmWithdrawalPage = lazy(() => import('./pages/ConfirmWithdrawalPage.tsx'));
const AccountOverview = lazy(() => import('./pages/AccountOverview.tsx'));
const LogoutPage = lazy(() => import('./pages/LogoutPage.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));
const LiveHomePage = lazy(() => import('./pages/LiveHomePage.tsx'));
const ContentPage = lazy(() => import('./pages/ContentPage.tsx'));
const LegalPage = lazy(() => import('./pages/LegalPage.tsx'));
const FaqPage = lazy(() => import('./pages/FaqPage.tsx'));
const MarketsPage = lazy(() => import('./pages/markets/MarketsPage.tsx'));
const TradingPage = lazy(() => import('./pages/trading/TradingPage.tsx'));
const LivePage = lazy(() => import('./pages/LivePage.tsx'));
const PromoPage = lazy(() => import('./pages/PromoPage.tsx'));
const ClientsPage = lazy(() => import('./pages/admin/ClientsPage.tsx'));
const WithdrawalReviewPage = lazy(() => import('./pages/admin/WithdrawalReviewPage.tsx'));
const KycReviewPage = lazy(() => import('./pages/admin/KycReviewPage.tsx'));
const DisputeReviewPage = lazy(() => import('./pages/admin/DisputeReviewPage.tsx'));
const ReservesAdminPage = lazy(() => import('./pages/admin/ReservesAdminPage.tsx'));
const ProofOfReservesPage = lazy(() => import('./pages/reserves/ProofOfReservesPage.tsx'));
const ReservesProofPage = lazy(() => import('./pages/account/ReservesProofPage.tsx'));
const ProfilePage = lazy(() => import('./pages/account/ProfilePage.tsx'));
const TransferPage = lazy(() => import('./pages/account/TransferPage.tsx'));
const DepositPage = lazy(() => import('./pages/account/DepositPage.tsx'));
const WithdrawPage = lazy(() => import('./pages/account/WithdrawPage.tsx'));
const BuyCryptoPage = lazy(() => import('./pages/buy/BuyCryptoPage.tsx'));
const SwapPage = lazy(() => import('./pages/account/SwapPage.tsx'));
const VerificationPage = lazy(() => import('./pages/account/VerificationPage.tsx'));
const P2pMarketPage = lazy(() => import('./pages/p2p/P2pMarketPage.tsx'));
const AccountP2pPage = lazy(() => import('./pages/p2p/AccountP2pPage.tsx'));

// The profile call gates every route, so the first page's code is fetched alongside
// it rather than after it; lazy() then finds the module already loaded.
if (typeof window !== 'undefined' && window.location.pathname === '/') {
  void import('./pages/HomePage.tsx');
}

/** Home, or the live-mode home when the live flag is on. */
function Home() {
  const { live } = useSnapshot(config);
  return live.is_enabled ? <LiveHomePage /> : <HomePage />;
}

function page(content: ReactNode) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageSkeleton />}>{content}</Suspense>
    </RouteErrorBoundary>
  );
}

/** Every registered route, and the not-found page for the rest. */
export function Routes() {
  const { isLoaded } = useSnapshot(user);
  if (!isLoaded) return <Loader label="Loading your profile" />;
  return (
    <Switch>
      <Route path="/">{page(<Home />)}</Route>
      {Object.entries(POLICY_TYPES).map(([path, type]) => (
        <Route key={path} path={`/${path}`}>
          {page(<ContentPage type={type} />)}
        </Route>
      ))}
      <Route path="/about-us">{page(<ContentPage type="about_us" />)}</Route>
      <Route path="/careers">{page(<ContentPage type="careers" />)}</Route>
      <Route path="/legal/*">{(params) => page(<LegalPage splat={params['*'] ?? ''} />)}</Route>
      <Route path="/faq">{page(<FaqPage />)}</Route>
      <Route path="/proof-of-reserves">{page(<ProofOfReservesPage />)}</Route>
      <Route path="/markets">{page(<MarketsPage />)}</Route>
      <Route path="/p2p">{page(<P2pMarketPage />)}</Route>
      <Route path="/trading">{page(<TradingPage />)}</Route>
      <Route path="/trading/:pair">{(params) => page(<TradingPage pair={params.pair} />)}</Route>
      <Route path="/live">{page(<LivePage />)}</Route>
      <Route path="/promo">{page(<PromoPage />)}</Route>
      <Route path="/buy-crypto">{page(<BuyCryptoPage />)}</Route>
      <Route path="/signin">{page(<SignPage mode="signin" />)}</Route>
      <Route path="/signup">{page(<SignPage mode="signup" />)}</Route>
      <Route path="/forgot-password">{page(<ForgotPasswordPage />)}</Route>
      <Route path="/reset-password">{page(<ResetPasswordPage />)}</Route>
      <Route path="/verify-email">{page(<VerifyEmailPage />)}</Route>
      <Route path="/confirm-withdrawal">{page(<ConfirmWithdrawalPage />)}</Route>
      <Route path="/account/logout">{page(<LogoutPage />)}</Route>
      <Route path="/account">{page(<RequireAuth>{<AccountOverview />}</RequireAuth>)}</Route>
      <Route path="/account/overview">
        {page(<RequireAuth>{<AccountOverview />}</RequireAuth>)}
      </Route>
      <Route path="/account/deposit">{page(<RequireAuth>{<DepositPage />}</RequireAuth>)}</Route>
      <Route path="/account/withdraw">{page(<RequireAuth>{<WithdrawPage />}</RequireAuth>)}</Route>
      <Route path="/account/transfer">{page(<RequireAuth>{<TransferPage />}</RequireAuth>)}</Route>
      <Route path="/account/buy-crypto">
        {page(<RequireAuth>{<BuyCryptoPage account />}</RequireAuth>)}
      </Route>
      <Route path="/account/swap">{page(<RequireAuth>{<SwapPage />}</RequireAuth>)}</Route>
      <Route path="/account/admin/clients">
        {page(<RequireAuth>{<ClientsPage />}</RequireAuth>)}
      </Route>
      <Route path="/account/admin/withdrawals">
        {page(<RequireAuth>{<WithdrawalReviewPage />}</RequireAuth>)}
      </Route>
      <Route path="/account/admin/p2p">
        {page(<RequireAuth>{<DisputeReviewPage />}</RequireAuth>)}
      </Route>
      <Route path="/account/admin/reserves">
        {page(<RequireAuth>{<ReservesAdminPage />}</RequireAuth>)}
      </Route>
      <Route path="/account/proof-of-reserves">
        {page(<RequireAuth>{<ReservesProofPage />}</RequireAuth>)}
      </Route>
      <Route path="/account/admin/verifications">
        {page(<RequireAuth>{<KycReviewPage />}</RequireAuth>)}
      </Route>
      <Route path="/account/verification">
        {page(<RequireAuth>{<VerificationPage />}</RequireAuth>)}
      </Route>
      <Route path="/account/profile">{page(<RequireAuth>{<ProfilePage />}</RequireAuth>)}</Route>
      <Route path="/account/p2p">{page(<RequireAuth>{<AccountP2pPage />}</RequireAuth>)}</Route>
      <Route path="/account/*">{page(<RequireAuth>{<NotFoundPage />}</RequireAuth>)}</Route>
      <Route>{page(<NotFoundPage />)}</Route>
    </Switch>
  );
}
