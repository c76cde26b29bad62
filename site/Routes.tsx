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
import { pageChunks } from './pageChunks.ts';

const HomePage = lazy(pageChunks.homePage);
const SignPage = lazy(pageChunks.signPage);
const ForgotPasswordPage = lazy(pageChunks.forgotPasswordPage);
const ResetPasswordPage = lazy(pageChunks.resetPasswordPage);
const VerifyEmailPage = lazy(pageChunks.verifyEmailPage);
const ConfirmWithdrawalPage = lazy(pageChunks.confirmWithdrawalPage);
const AccountOverview = lazy(pageChunks.accountOverview);
const LogoutPage = lazy(pageChunks.logoutPage);
const NotFoundPage = lazy(pageChunks.notFoundPage);
const LiveHomePage = lazy(pageChunks.liveHomePage);
const ContentPage = lazy(pageChunks.contentPage);
const LegalPage = lazy(pageChunks.legalPage);
const FaqPage = lazy(pageChunks.faqPage);
const MarketsPage = lazy(pageChunks.marketsPage);
const TradingPage = lazy(pageChunks.tradingPage);
const LivePage = lazy(pageChunks.livePage);
const PromoPage = lazy(pageChunks.promoPage);
const ClientsPage = lazy(pageChunks.clientsPage);
const WithdrawalReviewPage = lazy(pageChunks.withdrawalReviewPage);
const KycReviewPage = lazy(pageChunks.kycReviewPage);
const DisputeReviewPage = lazy(pageChunks.disputeReviewPage);
const ReservesAdminPage = lazy(pageChunks.reservesAdminPage);
const ProofOfReservesPage = lazy(pageChunks.proofOfReservesPage);
const ReservesProofPage = lazy(pageChunks.reservesProofPage);
const ProfilePage = lazy(pageChunks.profilePage);
const TransferPage = lazy(pageChunks.transferPage);
const DepositPage = lazy(pageChunks.depositPage);
const WithdrawPage = lazy(pageChunks.withdrawPage);
const BuyCryptoPage = lazy(pageChunks.buyCryptoPage);
const SwapPage = lazy(pageChunks.swapPage);
const VerificationPage = lazy(pageChunks.verificationPage);
const P2pMarketPage = lazy(pageChunks.p2pMarketPage);
const AccountP2pPage = lazy(pageChunks.accountP2pPage);

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
